/* load_oa_metrics.c - Intel OA metric sets from one of Mesa's (or IGT's)
 * oa-*.xml files: <metrics> holding <set>s of <counter>s and
 * <register_config>s (format "oa-metrics", core/oa.h). load_oa_read.c
 * reads the elements and their attributes as written; here they are
 * checked and turned into values, in the order of the file.
 *
 * Everything gen_perf.py would refuse, or would turn into C that does not
 * compile, is an error here naming file:line, the set and the counter: an
 * equation that leaves the stack unbalanced, an unknown operator or system
 * variable, a `$Symbol` that is not a counter of the same set (another
 * set's is named), counters that read each other in a cycle, a GUID or a
 * symbol name given twice, a unit or data type Mesa does not know.
 */
#include "load/load.h"

#include <ctype.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/names.h"
#include "core/number.h"
#include "core/oa.h"
#include "load/load_oa_read.h"

typedef struct oa_ld {
    hw_target *t;
    hw_diag *d;
    const char *file;
    hw_oa_metrics *m;
    hw_oa_set *set;     /* the set being checked */
    hw_loc root;        /* <metrics> */
    char set_w[160];    /* set_what's text */
} oa_ld;

/* A required attribute (its value v, as read): v, or NULL after
 * reporting it missing. */
static const char *need(oa_ld *ld, const char *v, const hw_loc *loc, const char *name,
                        const char *what)
{
    if (!v)
        diag_error(ld->d, loc, "%s: no %s attribute", what, name);
    return v;
}

/* a, b, c and d (NULL: none) one after the other in buf, cut to its size.
 * The texts that name what a message is about are made this way, not with
 * printf: one is made for every counter and register list of every set,
 * and only a message reads it. */
static const char *join(char *buf, size_t size, const char *a, const char *b, const char *c,
                        const char *d)
{
    const char *parts[] = {a, b, c, d};
    size_t at = 0;
    for (int i = 0; i < 4; i++)
        for (const char *p = parts[i]; p && *p && at + 1 < size; p++)
            buf[at++] = *p;
    buf[at] = '\0';
    return buf;
}

/* w, its first `at` characters kept, then part. */
static const char *with_part(char *w, size_t size, size_t at, const char *part)
{
    join(w + at, size - at, part, NULL, NULL, NULL);
    return w;
}

static const char *set_what(oa_ld *ld)
{
    return join(ld->set_w, sizeof ld->set_w, "set '",
                ld->set->symbol_name ? ld->set->symbol_name : "?", "'", NULL);
}

/* ---- counters ------------------------------------------------------------ */

/* gen_perf.py's units_map: the units Mesa knows. */
static int unit_known(const char *u)
{
    static const char *const units[] = {
        "bytes", "cycles", "eu atomic requests to l3 cache lines", "eu bytes per l3 cache line",
        "eu requests to l3 cache lines", "eu sends to l3 cache lines", "events", "hz",
        "messages", "ns", "number", "percent", "pixels", "texels", "threads", "us",
        "utilization", "gbps"};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcmp(units[i], u) == 0)
            return 1;
    return 0;
}

/* INTEL_PERF_COUNTER_TYPE_* that gen_perf.py's names map to. */
static int semantic_known(const char *s)
{
    static const char *const types[] = {"event", "duration", "throughput", "ratio", "raw",
                                        "timestamp"};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strcmp(types[i], s) == 0)
            return 1;
    return 0;
}

/* Python's float(s) == 100: gen_perf.py's percentage max. */
static int is_percentage(const char *s)
{
    char *end = NULL;
    double v = strtod(s, &end);
    while (end && isspace((unsigned char)*end))
        end++;
    return end != s && end && *end == '\0' && v == 100;
}

/* Letters, digits and '_' only: part of a C name. */
static int c_word(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

/* The attributes a counter must have, and in this order said missing. */
static int counter_complete(oa_ld *ld, const hw_oa_counter *c)
{
    char wbuf[320];
    const hw_loc *at = &c->loc;
    const char *w = join(wbuf, sizeof wbuf, set_what(ld), ": counter", NULL, NULL);
    int ok = need(ld, c->name, at, "name", w) != NULL;
    ok &= need(ld, c->symbol_name, at, "symbol_name", w) != NULL;
    if (c->symbol_name)
        w = join(wbuf, sizeof wbuf, set_what(ld), " counter '", c->symbol_name, "'");
    ok &= need(ld, c->underscore_name, at, "underscore_name", w) != NULL;
    ok &= need(ld, c->description, at, "description", w) != NULL;
    ok &= need(ld, c->data_type_text, at, "data_type", w) != NULL;
    ok &= need(ld, c->units, at, "units", w) != NULL;
    ok &= need(ld, c->semantic_type, at, "semantic_type", w) != NULL;
    ok &= need(ld, c->equation, at, "equation", w) != NULL;
    ok &= need(ld, c->mdapi_group, at, "mdapi_group", w) != NULL;
    return ok ? 0 : -1;
}

static int check_counter(oa_ld *ld, hw_oa_counter *c)
{
    if (counter_complete(ld, c) != 0)
        return -1;
    char wbuf[320];
    const char *w = join(wbuf, sizeof wbuf, set_what(ld), " counter '", c->symbol_name, "'");
    int rc = 0;
    if (strcmp(c->data_type_text, "uint64") == 0) {
        c->data_type = OA_DATA_UINT64;
    } else if (strcmp(c->data_type_text, "float") == 0) {
        c->data_type = OA_DATA_FLOAT;
    } else {
        diag_error(ld->d, &c->loc, "%s: data_type '%s' is neither uint64 nor float", w,
                   c->data_type_text);
        rc = -1;
    }
    if (!unit_known(c->units)) {
        diag_error(ld->d, &c->loc, "%s: unknown units '%s' (Mesa knows bytes, cycles, events, "
                   "hz, messages, ns, number, percent, ...)", w, c->units);
        rc = -1;
    }
    if (!semantic_known(c->semantic_type)) {
        diag_error(ld->d, &c->loc, "%s: unknown semantic_type '%s' (event, duration, "
                   "throughput, ratio, raw or timestamp)", w, c->semantic_type);
        rc = -1;
    }
    c->max_is_percentage = c->max_equation && is_percentage(c->max_equation);
    if (!c_word(c->underscore_name)) {
        diag_error(ld->d, &c->loc, "%s: underscore_name '%s' is not letters, digits and '_' "
                   "(it is part of C names)", w, c->underscore_name);
        rc = -1;
    }
    return rc;
}

/* ---- equations ----------------------------------------------------------- */

typedef struct find_ctx {
    oa_ld *ld;
} find_ctx;

static int find_counter(void *ctx, const char *name, oa_type *type)
{
    const hw_oa_set *s = ((find_ctx *)ctx)->ld->set;
    for (int i = 0; i < s->ncounters; i++)
        if (s->counters[i].symbol_name && strcmp(s->counters[i].symbol_name, name) == 0) {
            *type = s->counters[i].data_type == OA_DATA_FLOAT ? OA_FLOAT : OA_ULONG;
            return i;
        }
    return -1;
}

/* The set, other than the one being read, that has a counter `name`. */
static const hw_oa_set *other_set_with(const oa_ld *ld, const char *name)
{
    for (int k = 0; k < ld->m->nsets; k++) {
        const hw_oa_set *s = &ld->m->sets[k];
        for (int i = 0; s != ld->set && i < s->ncounters; i++)
            if (s->counters[i].symbol_name && strcmp(s->counters[i].symbol_name, name) == 0)
                return s;
    }
    return NULL;
}

/* Parse one expression of counter c (or of a register block, c NULL). */
static int parse(oa_ld *ld, const char *what, const char *text, int lang, const hw_loc *loc,
                 oa_node **out)
{
    char err[256];
    find_ctx fc = {ld};
    if (oa_parse(ld->t->arena, text, lang, lang == OA_LANG_EQ ? find_counter : NULL, &fc, out,
                 err, sizeof err) == 0)
        return 0;
    const char *dollar = strstr(err, "'$");
    const hw_oa_set *other = NULL;
    if (dollar && lang == OA_LANG_EQ) {
        char name[128];
        size_t k = 0;
        for (const char *p = dollar + 2; *p && *p != '\'' && k + 1 < sizeof name; p++)
            name[k++] = *p;
        name[k] = '\0';
        other = other_set_with(ld, name);
        if (other)
            diag_error(ld->d, loc, "%s: '$%s' is a counter of set '%s', not of this set: a "
                       "counter reads only its own set's counters (\"%s\")", what, name,
                       other->symbol_name, text);
    }
    if (!other)
        diag_error(ld->d, loc, "%s: %s (\"%s\")", what, err, text);
    return -1;
}

static int parse_counter(oa_ld *ld, hw_oa_counter *c)
{
    char w[320];
    join(w, sizeof w, set_what(ld), " counter '", c->symbol_name, "': ");
    size_t at = strlen(w);
    int rc = 0;
    rc |= parse(ld, with_part(w, sizeof w, at, "equation"), c->equation, OA_LANG_EQ, &c->loc,
                &c->read);
    if (c->max_equation && !c->max_is_percentage)
        rc |= parse(ld, with_part(w, sizeof w, at, "max_equation"), c->max_equation,
                    OA_LANG_EQ, &c->loc, &c->max);
    if (c->availability)
        rc |= parse(ld, with_part(w, sizeof w, at, "availability"), c->availability,
                    OA_LANG_AV, &c->loc, &c->avail);
    return rc;
}

/* ---- cycles of $Symbol references ---------------------------------------- */

enum { WHITE, GREY, BLACK };

static int visit(oa_ld *ld, int i, char *colour);

static int visit_node(oa_ld *ld, const oa_node *n, char *colour, int from)
{
    if (!n)
        return 0;
    if (n->kind == OA_N_COUNTER) {
        if (colour[n->counter] == GREY) {
            const hw_oa_counter *c = &ld->set->counters[from];
            diag_error(ld->d, &c->loc, "%s counter '%s': reads '$%s', which reads this "
                       "counter back, directly or through others: a cycle of counters",
                       set_what(ld), c->symbol_name, ld->set->counters[n->counter].symbol_name);
            return -1;
        }
        return visit(ld, n->counter, colour);
    }
    return n->kind == OA_N_OP ? visit_node(ld, n->a, colour, from) |
                                    visit_node(ld, n->b, colour, from)
                              : 0;
}

static int visit(oa_ld *ld, int i, char *colour)
{
    if (colour[i] != WHITE)
        return 0;
    colour[i] = GREY;
    const hw_oa_counter *c = &ld->set->counters[i];
    int rc = visit_node(ld, c->read, colour, i) | visit_node(ld, c->max, colour, i);
    colour[i] = BLACK;
    return rc;
}

static int no_cycles(oa_ld *ld)
{
    char *colour = arena_alloc(ld->t->arena, (size_t)ld->set->ncounters + 1);
    if (!colour)
        return -1;
    memset(colour, WHITE, (size_t)ld->set->ncounters + 1);
    int rc = 0;
    for (int i = 0; i < ld->set->ncounters && rc == 0; i++)
        rc = visit(ld, i, colour);
    return rc;
}

/* ---- register blocks ----------------------------------------------------- */

/* "0x" and one to eight hex digits, the files' way of writing every
 * address and value, into *out; 0, or -1 when text is written otherwise.
 * number_parse_uint reads the same, but guards each digit against
 * overflow with a division: 3% of `generate --outputs c` of Mesa's
 * files (600,000 numbers). */
static int hex32(const char *text, uint32_t *out)
{
    if (text[0] != '0' || (text[1] != 'x' && text[1] != 'X') || !text[2])
        return -1;
    uint32_t v = 0;
    int n = 0;
    for (const char *p = text + 2; *p; p++, n++) {
        int d = *p >= '0' && *p <= '9' ? *p - '0'
              : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
              : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;
        if (d < 0 || n == 8)
            return -1;
        v = v << 4 | (uint32_t)d;
    }
    *out = v;
    return 0;
}

/* A register's address or value: a 32-bit number, as written (text) and
 * as read. */
static int reg_number(oa_ld *ld, const hw_oa_reg *r, const char *name, const char *w,
                      const char *text, uint32_t *out)
{
    if (!need(ld, text, &r->loc, name, w))
        return -1;
    if (hex32(text, out) == 0)
        return 0;
    uint64_t v = 0;
    int rc = number_parse_uint(text, UINT64_MAX, &v);
    if (rc == 0 && v <= UINT32_MAX) {
        *out = (uint32_t)v;
        return 0;
    }
    if (rc != 0)
        diag_error(ld->d, &r->loc, "<register %s=\"%s\">: not a whole number", name, text);
    else
        diag_error(ld->d, &r->loc, "<register %s=\"%s\">: above the limit %" PRIu32, name,
                   text, UINT32_MAX);
    return -1;
}

static int check_reg(oa_ld *ld, hw_oa_reg *r, const char *w)
{
    int rc = reg_number(ld, r, "address", w, r->address_text, &r->address);
    return reg_number(ld, r, "value", w, r->value_text, &r->value) | rc;
}

static int check_config(oa_ld *ld, hw_oa_regs *g)
{
    static const char *const types[] = {"NOA", "OA", "FLEX"};
    char wbuf[320];
    const char *w = join(wbuf, sizeof wbuf, set_what(ld), ": register_config", NULL, NULL);
    const char *type = need(ld, g->type_text, &g->loc, "type", w);
    if (!type)
        return -1;
    g->type = -1;
    for (int i = 0; i < 3; i++)
        if (strcmp(types[i], type) == 0)
            g->type = i;
    if (g->type < 0) {
        diag_error(ld->d, &g->loc, "%s: type '%s' is none of NOA, OA and FLEX", w, type);
        return -1;
    }
    w = join(wbuf, sizeof wbuf, set_what(ld), ": ", type, " register_config");
    uint64_t prio = 0;
    if (g->priority && number_parse_uint(g->priority, INT32_MAX, &prio) != 0) {
        diag_error(ld->d, &g->loc, "%s: priority '%s' is not a whole number", w, g->priority);
        return -1;
    }
    int rc = 0;
    if (g->availability) {
        size_t at = strlen(wbuf);
        rc |= parse(ld, with_part(wbuf, sizeof wbuf, at, ": availability"), g->availability,
                    OA_LANG_AV, &g->loc, &g->avail);
        wbuf[at] = '\0'; /* what the registers' messages name */
    }
    for (int i = 0; i < g->nregs; i++)
        rc |= check_reg(ld, &g->regs[i], w);
    return rc;
}

/* ---- sets ---------------------------------------------------------------- */

static int check_set_attrs(oa_ld *ld, const hw_oa_set *s)
{
    need(ld, s->name, &s->loc, "name", "set");
    need(ld, s->symbol_name, &s->loc, "symbol_name", "set");
    const char *w = set_what(ld);
    need(ld, s->chipset, &s->loc, "chipset", w);
    need(ld, s->underscore_name, &s->loc, "underscore_name", w);
    need(ld, s->guid, &s->loc, "hw_config_guid", w);
    if (!s->name || !s->symbol_name || !s->chipset || !s->underscore_name || !s->guid)
        return -1;
    if (!c_word(s->underscore_name)) {
        diag_error(ld->d, &s->loc, "%s: underscore_name '%s' is not letters, digits and '_' "
                   "(it is part of C names)", w, s->underscore_name);
        return -1;
    }
    if (ld->m->chipset && strcmp(s->chipset, ld->m->chipset) != 0) {
        diag_error(ld->d, &s->loc, "%s: chipset '%s' differs from the first set's '%s' (one "
                   "file is one platform)", w, s->chipset, ld->m->sets[0].chipset);
        return -1;
    }
    return 0;
}

/* Two items of one list with the same value of a name: the second is an
 * error naming the first's line. */
static int unique(oa_ld *ld, const char *set, const char *kind, const char *v,
                  const char *first_v, const hw_loc *loc, const hw_loc *first)
{
    if (!v || !first_v || strcmp(v, first_v) != 0)
        return 0;
    diag_error(ld->d, loc, "set '%s': %s '%s' given twice (first at %s:%d)",
               set ? set : "?", kind, v, first->file, first->line);
    return -1;
}

/* Whether two of the n items (each `size` bytes from `items`) have the
 * same name (the `const char *` at offset `at` of each; NULL is none):
 * one pass through a table, where comparing every pair took 4% of
 * `generate --outputs c` of Mesa's files (3,151 sets). Out of memory
 * says yes: the pairs are then compared. */
static int repeats(const void *items, int n, size_t size, size_t at)
{
    name_index seen;
    if (name_index_init(&seen, (size_t)n) != 0)
        return 1;
    int found = 0;
    for (int i = 0; i < n && !found; i++) {
        const char *v = *(const char *const *)(const void *)((const char *)items +
                                                            (size_t)i * size + at);
        found = v && name_index_put(&seen, v, i) != -1;
    }
    name_index_free(&seen);
    return found;
}

static int counters_unique(oa_ld *ld)
{
    const hw_oa_set *s = ld->set;
    size_t size = sizeof *s->counters;
    if (!repeats(s->counters, s->ncounters, size, offsetof(hw_oa_counter, symbol_name)) &&
        !repeats(s->counters, s->ncounters, size, offsetof(hw_oa_counter, underscore_name)))
        return 0; /* nothing to say */
    int rc = 0;
    for (int i = 0; i < s->ncounters; i++)
        for (int k = 0; k < i; k++) {
            const hw_oa_counter *a = &s->counters[i], *b = &s->counters[k];
            const char *w = s->symbol_name;
            rc |= unique(ld, w, "counter symbol_name", a->symbol_name, b->symbol_name, &a->loc,
                         &b->loc);
            rc |= unique(ld, w, "counter underscore_name", a->underscore_name,
                         b->underscore_name, &a->loc, &b->loc);
        }
    return rc;
}

static int sets_unique(oa_ld *ld)
{
    const hw_oa_set *sets = ld->m->sets;
    int n = ld->m->nsets;
    if (!repeats(sets, n, sizeof *sets, offsetof(hw_oa_set, guid)) &&
        !repeats(sets, n, sizeof *sets, offsetof(hw_oa_set, symbol_name)) &&
        !repeats(sets, n, sizeof *sets, offsetof(hw_oa_set, underscore_name)))
        return 0; /* nothing to say */
    int rc = 0;
    for (int i = 0; i < ld->m->nsets; i++)
        for (int k = 0; k < i; k++) {
            const hw_oa_set *a = &ld->m->sets[i], *b = &ld->m->sets[k];
            const char *w = a->symbol_name;
            rc |= unique(ld, w, "hw_config_guid", a->guid, b->guid, &a->loc, &b->loc);
            rc |= unique(ld, w, "symbol_name", a->symbol_name, b->symbol_name, &a->loc, &b->loc);
            rc |= unique(ld, w, "underscore_name", a->underscore_name, b->underscore_name,
                         &a->loc, &b->loc);
        }
    return rc;
}

/* Mesa's query data: each counter aligned to its own size, in order. */
static void offsets(hw_oa_set *s)
{
    size_t off = 0;
    for (int i = 0; i < s->ncounters; i++) {
        size_t size = s->counters[i].data_type == OA_DATA_FLOAT ? 4 : 8;
        off = (off + size - 1) & ~(size - 1);
        s->counters[i].offset = off;
        off += size;
    }
}

static int check_set(oa_ld *ld, hw_oa_set *s)
{
    ld->set = s;
    if (check_set_attrs(ld, s) != 0)
        return -1;
    int rc = 0;
    for (int i = 0; i < s->ncounters; i++)
        rc |= check_counter(ld, &s->counters[i]);
    for (int i = 0; i < s->nconfigs; i++)
        rc |= check_config(ld, &s->configs[i]);
    if (rc == 0)
        rc = counters_unique(ld);
    offsets(s);
    return rc;
}

/* Equations once every set is read: a `$Name` of another set is named. */
static int parse_sets(oa_ld *ld)
{
    int rc = 0;
    for (int k = 0; k < ld->m->nsets; k++) {
        ld->set = &ld->m->sets[k];
        int set_rc = 0;
        for (int i = 0; i < ld->set->ncounters; i++)
            set_rc |= parse_counter(ld, &ld->set->counters[i]);
        if (set_rc == 0)
            set_rc = no_cycles(ld);
        rc |= set_rc;
    }
    return rc;
}

/* ---- the target ---------------------------------------------------------- */

static int identity(oa_ld *ld)
{
    hw_target *t = ld->t;
    char *lower = arena_strdup(t->arena, ld->m->sets[0].chipset);
    char *upper = arena_strdup(t->arena, ld->m->sets[0].chipset);
    if (!lower || !upper)
        return -1;
    for (char *p = lower; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    for (char *p = upper; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    ld->m->chipset = lower;
    t->id = arena_printf(t->arena, "intel_oa_metrics_%s", lower);
    t->slug = arena_printf(t->arena, "intel-oa-metrics-%s", lower);
    t->name = arena_printf(t->arena, "Intel %s OA metric sets", upper);
    t->vendor = "intel";
    t->kind = "gpu";
    t->license = "MIT";
    t->source = arena_printf(t->arena, "%s (Intel OA metric XML, the format of Mesa's "
                             "src/intel/perf)", t->spec_name);
    t->loc = ld->root;
    for (const char *p = lower; *p; p++)
        if (!isalnum((unsigned char)*p)) {
            diag_error(ld->d, &t->loc, "chipset '%s' is not letters and digits: it names the "
                       "platform's files and C names", ld->m->sets[0].chipset);
            return -1;
        }
    return t->id && t->slug && t->name && t->source ? 0 : -1;
}

/* The sets of ld->m, as read, checked in document order: the messages
 * come as they would from reading the file top to bottom. */
static int check_metrics(oa_ld *ld)
{
    hw_target *t = ld->t;
    t->format = HW_FORMAT_OA_METRICS;
    t->oa = ld->m;
    if (ld->m->nsets == 0) {
        diag_error(ld->d, &ld->root, "<metrics> holds no <set>");
        return -1;
    }
    int rc = 0;
    for (int k = 0; k < ld->m->nsets; k++) {
        hw_oa_set *set = &ld->m->sets[k];
        rc |= check_set(ld, set);
        if (k == 0 && set->chipset)
            ld->m->chipset = set->chipset;
    }
    if (rc != 0)
        return -1;
    rc = sets_unique(ld) | identity(ld);
    return rc != 0 ? -1 : parse_sets(ld);
}

int load_oa_metrics(hw_target *t, xmlDocPtr doc, hw_diag *d)
{
    oa_ld ld = {t, d, t->spec_path, NULL, NULL, {0}, ""};
    ld.m = arena_alloc(t->arena, sizeof *ld.m);
    if (!ld.m || oa_read_doc(t->arena, ld.file, xmlDocGetRootElement(doc), ld.m, &ld.root) != 0)
        return -1;
    return check_metrics(&ld);
}

int load_oa_metrics_stream(hw_target *t, hw_diag *d)
{
    oa_ld ld = {t, d, t->spec_path, NULL, NULL, {0}, ""};
    ld.m = arena_alloc(t->arena, sizeof *ld.m);
    int rc = ld.m ? oa_read_stream(t->arena, t->spec_path, ld.file, ld.m, &ld.root) : -1;
    if (rc < 0)
        diag_error(d, NULL, "%s: out of memory", t->spec_path);
    return rc == 0 ? check_metrics(&ld) : rc;
}
