/* encode.c - flexible counter assignments to register values (encode.h). */
#include "core/encode.h"

#include "core/number.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { MAX_PARTS = 8 }; /* fields in a counter layout we can handle */

typedef enum {
    COMBO_OK,
    COMBO_UNKNOWN,      /* field `field` holds a code its enum lacks */
    COMBO_UNDOCUMENTED, /* field `field` holds an undocumented code no rule
                           names */
    COMBO_RULE          /* `rule` forbids the code of field `field` */
} combo_status;

typedef struct combo_verdict {
    combo_status status;
    int field;
    const hw_rule *rule;
} combo_verdict;

/* One parsed NAME=a/b/c. */
typedef struct flex_assign {
    const char *text;
    int event;
    int reg; /* register whose field programs the counter */
    const hw_field *field;
    uint64_t code; /* the field value */
} flex_assign;

/* ---- combinations ------------------------------------------------------- */

static const hw_enum_value *enum_value(const hw_enum *e, uint32_t v)
{
    for (int i = 0; i < e->nvalues; i++)
        if (e->values[i].value == v)
            return &e->values[i];
    return NULL;
}

/* The layout field whose codes come from enum `e`, or -1. */
static int field_of_enum(const hw_layout *l, int e)
{
    for (int i = 0; i < l->nfields; i++)
        if (l->fields[i].enum_index == e)
            return i;
    return -1;
}

/* Whether rule r applies to `vals`; sets *object to the field it limits. */
static int rule_applies(const hw_layout *l, const hw_rule *r,
                        const uint32_t *vals, int *object)
{
    int s = field_of_enum(l, r->subject);
    *object = field_of_enum(l, r->object);
    return s >= 0 && *object >= 0 && vals[s] == r->value;
}

static int rule_allows(const hw_rule *r, uint32_t v)
{
    return v < 32 && (r->allowed & (1u << v));
}

static int value_exists(const hw_target *t, const hw_field *f, uint32_t v)
{
    if (f->enum_index < 0)
        return f->width >= 32 || v < (1u << f->width);
    return enum_value(&t->enums[f->enum_index], v) != NULL;
}

/* An undocumented code needs an applying rule that lists it. */
static int undocumented_ok(const hw_target *t, const hw_layout *l,
                           const uint32_t *vals, int k)
{
    for (int i = 0; i < t->nrules; i++) {
        int obj;
        if (rule_applies(l, &t->rules[i], vals, &obj) && obj == k &&
            rule_allows(&t->rules[i], vals[k]))
            return 1;
    }
    return 0;
}

static int is_undocumented(const hw_target *t, const hw_field *f, uint32_t v)
{
    const hw_enum_value *ev =
        f->enum_index < 0 ? NULL : enum_value(&t->enums[f->enum_index], v);
    return ev && ev->undocumented;
}

/* Whether every code is one the source defines: a value of its field's
 * enum, an undocumented one only where an applying rule lists it. */
static combo_verdict combo_defined(const hw_target *t, const hw_layout *l,
                                   const uint32_t *vals)
{
    combo_verdict v = {COMBO_OK, -1, NULL};
    for (int k = 0; k < l->nfields && v.status == COMBO_OK; k++) {
        if (!value_exists(t, &l->fields[k], vals[k]))
            v.status = COMBO_UNKNOWN, v.field = k;
        else if (is_undocumented(t, &l->fields[k], vals[k]) &&
                 !undocumented_ok(t, l, vals, k))
            v.status = COMBO_UNDOCUMENTED, v.field = k;
    }
    return v;
}

/* The first rule from index `from` on that applies to `vals` and does not
 * allow the code of the field it limits (set in *field), or -1. */
static int broken_rule(const hw_target *t, const hw_layout *l,
                       const uint32_t *vals, int from, int *field)
{
    for (int i = from; i < t->nrules; i++) {
        const hw_rule *r = &t->rules[i];
        if (rule_applies(l, r, vals, field) && !rule_allows(r, vals[*field]))
            return i;
    }
    return -1;
}

static combo_verdict combo_check(const hw_target *t, const hw_layout *l,
                                 const uint32_t *vals)
{
    combo_verdict v = combo_defined(t, l, vals);
    int obj = -1;
    int r = v.status == COMBO_OK ? broken_rule(t, l, vals, 0, &obj) : -1;
    if (r >= 0)
        v.status = COMBO_RULE, v.field = obj, v.rule = &t->rules[r];
    return v;
}

/* The layout of the first register field that programs a counter. */
static const hw_layout *flex_layout(const hw_target *t)
{
    for (int r = 0; r < t->nregisters; r++)
        for (int i = 0; i < t->registers[r].nfields; i++) {
            const hw_field *f = &t->registers[r].fields[i];
            if (f->event >= 0 && f->layout >= 0)
                return &t->layouts[f->layout];
        }
    return NULL;
}

int flex_eu_supported(const hw_target *t, unsigned inc, unsigned coarse,
                      unsigned fine)
{
    const hw_layout *l = flex_layout(t);
    if (!l || l->nfields != 3)
        return 0;
    uint32_t vals[3] = {inc, coarse, fine};
    return combo_check(t, l, vals).status == COMBO_OK;
}

/* ---- messages ----------------------------------------------------------- */

/* "increment 0b0010 (SEND_ACTIVE)" for field k of l holding v. */
static void describe(char *out, size_t size, const hw_target *t,
                     const hw_layout *l, int k, uint32_t v)
{
    const hw_field *f = &l->fields[k];
    char name[64], bits[40];
    size_t n = 0;
    for (; f->name[n] && n < sizeof name - 1; n++)
        name[n] = (char)tolower((unsigned char)f->name[n]);
    name[n] = '\0';
    int w = f->width > 0 && f->width <= 32 ? f->width : 32;
    while (w < 32 && (v >> w))
        w++;
    bits[0] = '0', bits[1] = 'b';
    for (int i = 0; i < w; i++)
        bits[2 + i] = (char)('0' + ((v >> (w - 1 - i)) & 1u));
    bits[2 + w] = '\0';
    const hw_enum_value *ev =
        f->enum_index < 0 ? NULL : enum_value(&t->enums[f->enum_index], v);
    if (ev)
        snprintf(out, size, "%s %s (%s)", name, bits, ev->name);
    else
        snprintf(out, size, "%s %s", name, bits);
}

static void report_unknown(const hw_target *t, const hw_layout *l,
                           const char *counter, const uint32_t *vals, int k,
                           hw_diag *d)
{
    char what[160];
    describe(what, sizeof what, t, l, k, vals[k]);
    const hw_field *f = &l->fields[k];
    if (f->enum_index >= 0)
        diag_error(d, NULL, "counter '%s': %s is not a value of enum %s",
                   counter, what, t->enums[f->enum_index].name);
    else
        diag_error(d, NULL, "counter '%s': %s does not fit %d bits", counter,
                   what, f->width);
}

/* Name the subject values whose rules list the undocumented code. */
static void report_undocumented(const hw_target *t, const hw_layout *l,
                                const char *counter, const uint32_t *vals,
                                int k, hw_diag *d)
{
    char what[160];
    hw_buf with;
    buf_init(&with);
    describe(what, sizeof what, t, l, k, vals[k]);
    for (int i = 0; i < t->nrules; i++) {
        const hw_rule *r = &t->rules[i];
        int s = field_of_enum(l, r->subject);
        if (s < 0 || field_of_enum(l, r->object) != k ||
            !rule_allows(r, vals[k]))
            continue;
        char subj[160];
        describe(subj, sizeof subj, t, l, s, r->value);
        buf_printf(&with, "%s%s", with.len ? ", " : "", subj);
    }
    diag_error(d, NULL,
               "counter '%s': %s is undocumented; it is valid only "
               "where a support rule lists it (%s)",
               counter, what,
               with.len && !with.failed ? with.data : "none does");
    buf_free(&with);
}

/* A broken support rule is a warning (an error under --werror): vendors'
 * own programming uses combinations their documents leave out. */
static void report_rule(const hw_target *t, const hw_layout *l,
                        const char *counter, const uint32_t *vals,
                        const combo_verdict *v, hw_diag *d)
{
    char subj[160], obj[160];
    int s = field_of_enum(l, v->rule->subject);
    describe(subj, sizeof subj, t, l, s, vals[s]);
    describe(obj, sizeof obj, t, l, v->field, vals[v->field]);
    const hw_loc *at = &v->rule->loc;
    diag_warning(d, NULL,
               "counter '%s': %s does not support %s; rule: %s (rule at %s:%d)",
               counter, subj, obj, v->rule->text ? v->rule->text : "(no text)",
               at->file ? at->file : "?", at->line);
}

/* ---- assignments -------------------------------------------------------- */

/* One part of a/b/c: a number, or a value name of the field's enum. */
static int parse_part(const hw_target *t, const hw_field *f, const char *s,
                      uint32_t *out)
{
    if (isdigit((unsigned char)s[0])) {
        uint64_t v;
        if (number_parse_uint(s, UINT32_MAX, &v) != 0)
            return -1;
        *out = (uint32_t)v;
        return 0;
    }
    if (f->enum_index < 0)
        return -1;
    const hw_enum *e = &t->enums[f->enum_index];
    for (int i = 0; i < e->nvalues; i++)
        if (strcasecmp(e->values[i].name, s) == 0) {
            *out = e->values[i].value;
            return 0;
        }
    return -1;
}

/* Split "a/b/c" into the layout's parts; reports and returns 1 on error. */
static int parse_parts(const hw_target *t, const hw_layout *l,
                       const char *counter, const char *spec, uint32_t *vals,
                       hw_diag *d)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", spec);
    int n = 0;
    char *p = copy;
    for (;;) {
        char *slash = strchr(p, '/');
        if (slash)
            *slash = '\0';
        if (n < l->nfields && parse_part(t, &l->fields[n], p, &vals[n]) != 0) {
            const hw_field *f = &l->fields[n];
            diag_error(d, NULL, "counter '%s': '%s' is not a number%s%s",
                       counter, p,
                       f->enum_index >= 0 ? " or a value of enum " : "",
                       f->enum_index >= 0 ? t->enums[f->enum_index].name : "");
            return 1;
        }
        n++;
        if (!slash)
            break;
        p = slash + 1;
    }
    if (n != l->nfields || strlen(spec) >= sizeof copy) {
        diag_error(d, NULL,
                   "counter '%s': '%s' has %d part%s, expected %d "
                   "(one per field of layout %s)",
                   counter, spec, n, n == 1 ? "" : "s", l->nfields, l->name);
        return 1;
    }
    return 0;
}

/* The register field that programs counter `event`; sets *reg. */
static const hw_field *programming_field(const hw_target *t, int event,
                                         int *reg)
{
    for (int r = 0; r < t->nregisters; r++)
        for (int i = 0; i < t->registers[r].nfields; i++) {
            const hw_field *f = &t->registers[r].fields[i];
            if (f->event == event && f->layout >= 0) {
                *reg = r;
                return f;
            }
        }
    return NULL;
}

/* NAME=... -> the counter, its register field; reports and returns 1. */
static int parse_target(const hw_target *t, const char *arg, flex_assign *a,
                        char *name, size_t size, hw_diag *d)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= size) {
        diag_error(d, NULL, "'%s': expected COUNTER=a/b/c", arg);
        return 1;
    }
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = '\0';
    a->event = ir_find_event(t, name);
    if (a->event < 0) {
        diag_error(d, NULL, "counter '%s': no such counter in %s", name,
                   t->spec_path);
        return 1;
    }
    if (!(t->events[a->event].flags & EVENT_FLEXIBLE)) {
        diag_error(d, NULL, "counter '%s': not a flexible counter", name);
        return 1;
    }
    a->field = programming_field(t, a->event, &a->reg);
    if (!a->field) {
        diag_error(d, NULL, "counter '%s': no register field programs it",
                   name);
        return 1;
    }
    return 0;
}

static int parse_assign(const hw_target *t, const char *arg, flex_assign *a,
                        hw_diag *d)
{
    char name[128];
    uint32_t vals[MAX_PARTS];
    a->text = arg;
    if (parse_target(t, arg, a, name, sizeof name, d) != 0)
        return 1;
    const hw_layout *l = &t->layouts[a->field->layout];
    if (l->nfields < 1 || l->nfields > MAX_PARTS) {
        diag_error(d, NULL,
                   "counter '%s': layout %s has %d fields (1..%d supported)",
                   name, l->name, l->nfields, MAX_PARTS);
        return 1;
    }
    if (parse_parts(t, l, name, strchr(arg, '=') + 1, vals, d) != 0)
        return 1;
    combo_verdict v = combo_defined(t, l, vals);
    if (v.status == COMBO_UNKNOWN)
        report_unknown(t, l, name, vals, v.field, d);
    else if (v.status == COMBO_UNDOCUMENTED)
        report_undocumented(t, l, name, vals, v.field, d);
    if (v.status != COMBO_OK)
        return 1;
    int before = d->errors, obj = -1;
    for (int r = broken_rule(t, l, vals, 0, &obj); r >= 0;
         r = broken_rule(t, l, vals, r + 1, &obj)) {
        combo_verdict rv = {COMBO_RULE, obj, &t->rules[r]};
        report_rule(t, l, name, vals, &rv, d);
    }
    if (d->errors != before) /* --werror made a warning an error */
        return 1;
    a->code = 0;
    for (int k = 0; k < l->nfields; k++)
        a->code |= (uint64_t)vals[k] << l->fields[k].shift;
    return 0;
}

static int programs_counters(const hw_register *r)
{
    for (int i = 0; i < r->nfields; i++)
        if (r->fields[i].event >= 0 && r->fields[i].layout >= 0)
            return 1;
    return 0;
}

static void print_registers(const hw_target *t, const flex_assign *as, int n,
                            hw_buf *out)
{
    for (int r = 0; r < t->nregisters; r++) {
        const hw_register *reg = &t->registers[r];
        if (!programs_counters(reg))
            continue;
        uint64_t value = 0;
        for (int i = 0; i < n; i++)
            if (as[i].reg == r)
                value |= as[i].code << as[i].field->shift;
        buf_printf(out, "%s 0x%08llx 0x%08llx\n", reg->name,
                   (unsigned long long)reg->address, (unsigned long long)value);
    }
}

int encode_flex_eu(const hw_target *t, int nassign, char *const *assign,
                   hw_buf *out, hw_diag *d)
{
    if (!flex_layout(t)) {
        hw_loc loc = target_loc(t);
        diag_error(d, &loc, "no register programs a flexible counter");
        return 1;
    }
    flex_assign *as = calloc((size_t)(nassign > 0 ? nassign : 1), sizeof *as);
    if (!as) {
        diag_error(d, NULL, "out of memory");
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < nassign; i++) {
        as[i].event = -1;
        if (parse_assign(t, assign[i], &as[i], d) != 0) {
            as[i].event = -1;
            bad = 1;
            continue;
        }
        for (int j = 0; j < i; j++)
            if (as[j].event == as[i].event) {
                diag_error(d, NULL,
                           "counter '%s': assigned twice ('%s' and '%s')",
                           t->events[as[i].event].name, as[j].text, as[i].text);
                bad = 1;
                break;
            }
    }
    if (!bad)
        print_registers(t, as, nassign, out);
    free(as);
    return bad;
}
