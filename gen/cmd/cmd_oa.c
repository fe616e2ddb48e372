/* cmd_oa.c - list and eval of an Intel OA platform's metric sets
 * (cmd_oa.h). */
#include "cmd/cmd_oa.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd_options.h"
#include "core/names.h"

const hw_oa_set *cmd_oa_set(const hw_oa_metrics *m, const char *name, hw_diag *d)
{
    for (int i = 0; i < m->nsets; i++)
        if (strcmp(m->sets[i].symbol_name, name) == 0)
            return &m->sets[i];
    name_hint h = name_hint_for(name);
    for (int i = 0; i < m->nsets; i++)
        name_hint_offer(&h, m->sets[i].symbol_name);
    diag_error(d, NULL, "unknown metric set '%s'%s", name, hint_of(&h).s);
    return NULL;
}

static int set_writes(const hw_oa_set *s)
{
    int n = 0;
    for (int i = 0; i < s->nconfigs; i++)
        n += s->configs[i].nregs;
    return n;
}

void cmd_oa_list(const hw_oa_metrics *m, const hw_oa_set *s, FILE *out)
{
    if (!s) {
        for (int i = 0; i < m->nsets; i++) {
            const hw_oa_set *t = &m->sets[i];
            fprintf(out, "%s\t%s\t%d counters\t%d register writes\t%s\n", t->symbol_name,
                    t->guid, t->ncounters, set_writes(t), t->name);
        }
        return;
    }
    for (int i = 0; i < s->ncounters; i++) {
        const hw_oa_counter *c = &s->counters[i];
        fprintf(out, "%s\t%s\t%s\t%s\t%s\n", c->symbol_name, c->data_type_text,
                c->units ? c->units : "", c->semantic_type ? c->semantic_type : "",
                c->equation);
    }
}

/* Which values: given by the user, or read by the chosen counters. */
typedef struct oa_marks {
    unsigned char acc[OA_BLOCK_COUNT][OA_BLOCK_MAX];
    unsigned char field[OA_FIELD_COUNT];
    unsigned char slice[OA_MAX_SLICES];
    unsigned char xecore[OA_MAX_SLICES][OA_MAX_XECORES];
    unsigned char gtxecore[OA_MAX_SLICES]; /* needed as $GtXeCore<s>: named so */
} oa_marks;

/* What a value's NAME (without '$') sets: *m points at its mark, *v at
 * its value, *bit is the bit of a mask (slices, XeCores) or 0. 0, or -1
 * for a name that is no value. */
static int locate(const char *name, oa_inputs *in, oa_marks *mk, unsigned char **m,
                  uint64_t **v, uint64_t *bit)
{
    char var[100];
    snprintf(var, sizeof var, "$%s", name);
    int f = oa_var_find(var);
    unsigned s, x;
    int used = -1;
    *bit = 0;
    if (f >= 0) {
        *m = &mk->field[f];
        *v = &in->field[f];
        return 0;
    }
    if (sscanf(name, "GtSlice%2uXeCore%2u%n", &s, &x, &used) == 2 && name[used] == '\0' &&
        s < OA_MAX_SLICES && x < OA_MAX_XECORES) {
        *m = &mk->xecore[s][x];
        *v = &in->xecore_mask[s];
        *bit = UINT64_C(1) << x;
        return 0;
    }
    /* IGT's $GtXeCore<n> reads XeCore 0 of slice n (core/oa.h): the same
     * value as $GtSlice<n>XeCore0, given by either name */
    if (sscanf(name, "GtXeCore%2u%n", &s, &used) == 1 && name[used] == '\0' &&
        oa_gtxecore_slice((int)s) >= 0) {
        *m = &mk->xecore[s][0];
        *v = &in->xecore_mask[s];
        *bit = 1;
        return 0;
    }
    if (sscanf(name, "GtSlice%2u%n", &s, &used) == 1 && name[used] == '\0' && s < OA_MAX_SLICES) {
        *m = &mk->slice[s];
        *v = &in->slice_mask;
        *bit = UINT64_C(1) << s;
        return 0;
    }
    for (int b = 0; b < OA_BLOCK_COUNT; b++) {
        size_t len = strlen(oa_block_name((oa_block)b));
        const char *idx = name + len;
        if (strncmp(name, oa_block_name((oa_block)b), len) != 0 ||
            (*idx && strspn(idx, "0123456789") != strlen(idx)) ||
            (!*idx && oa_block_size((oa_block)b) != 1))
            continue;
        unsigned long i = *idx ? strtoul(idx, NULL, 10) : 0;
        if (i >= (unsigned long)oa_block_size((oa_block)b) || strlen(idx) > 3)
            continue;
        *m = &mk->acc[b][i];
        *v = &in->acc[b][i];
        return 0;
    }
    return -1;
}

/* One NAME=VALUE word. */
static int set_word(const char *word, oa_inputs *in, oa_marks *given, hw_diag *d)
{
    const char *eq = strchr(word, '=');
    if (!eq || eq == word)
        return cmd_usage_error("eval: '%s' is not NAME=VALUE", word);
    char name[96];
    snprintf(name, sizeof name, "%.*s", (int)(eq - word), word);
    const char *bare = name[0] == '$' ? name + 1 : name;
    unsigned char *m;
    uint64_t *v, bit;
    unsigned slice;
    int used = -1;
    if (sscanf(bare, "GtXeCore%2u%n", &slice, &used) == 1 && bare[used] == '\0' &&
        oa_gtxecore_slice((int)slice) < 0) {
        diag_error(d, NULL, "eval: '%s' reads XeCore 0 of slice %u, as IGT reads it, and there "
                            "are %d slices: it is always 0 and takes no value",
                   name, slice, OA_MAX_SLICES);
        return EXIT_SPEC;
    }
    if ((size_t)(eq - word) >= sizeof name || locate(bare, in, given, &m, &v, &bit) != 0) {
        diag_error(d, NULL,
                   "eval: '%s' is neither a field of the accumulator (A0..A63, B0..B7, C0..C7, "
                   "PEC0..PEC63, PERFCNT0..PERFCNT1, GPU_TIME, GPU_CLOCK) nor a system "
                   "variable ($EuCoresTotalCount, $GtSlice0XeCore1, ...)", name);
        return EXIT_SPEC;
    }
    char *end;
    errno = 0;
    unsigned long long u = strtoull(eq + 1, &end, 0);
    if (!eq[1] || *end || errno || eq[1] == '-' || (bit && u > 1)) {
        diag_error(d, NULL, "eval: %s: '%s' is not %s", name, eq + 1,
                   bit ? "0 or 1" : "an unsigned 64-bit integer");
        return EXIT_SPEC;
    }
    if (*m) {
        diag_error(d, NULL, "eval: '%s' is given twice", name);
        return EXIT_SPEC;
    }
    *m = 1;
    *v = bit ? (u ? *v | bit : *v & ~bit) : (uint64_t)u;
    return 0;
}

/* Mark what node n reads, through the counters it names (each once). */
static void mark_reads(const hw_oa_set *s, const oa_node *n, oa_marks *needs,
                       unsigned char *seen)
{
    if (!n)
        return;
    switch (n->kind) {
    case OA_N_READ:
        needs->acc[n->block][n->index] = 1;
        break;
    case OA_N_FIELD:
        needs->field[n->field] = 1;
        break;
    case OA_N_SLICE:
        needs->slice[n->slice] = 1;
        break;
    case OA_N_XECORE:
        needs->xecore[n->slice][n->xecore] = 1;
        break;
    case OA_N_GTXECORE: /* beyond the slices it is 0 and reads nothing */
        if (oa_gtxecore_slice(n->slice) >= 0)
            needs->xecore[n->slice][0] = needs->gtxecore[n->slice] = 1;
        break;
    case OA_N_COUNTER:
        if (!seen[n->counter]) {
            seen[n->counter] = 1;
            mark_reads(s, s->counters[n->counter].read, needs, seen);
        }
        break;
    case OA_N_OP:
        mark_reads(s, n->a, needs, seen);
        mark_reads(s, n->b, needs, seen);
        break;
    default:
        break;
    }
}

/* Report each value needed and not given, as the user would name it. */
static int report_missing(const oa_marks *needs, const oa_marks *given, hw_diag *d)
{
    int bad = 0;
    for (int b = 0; b < OA_BLOCK_COUNT; b++)
        for (int i = 0; i < oa_block_size((oa_block)b); i++)
            if (needs->acc[b][i] && !given->acc[b][i] && ++bad) {
                if (oa_block_size((oa_block)b) > 1)
                    diag_error(d, NULL, "eval: no value given for %s%d",
                               oa_block_name((oa_block)b), i);
                else
                    diag_error(d, NULL, "eval: no value given for %s", oa_block_name((oa_block)b));
            }
    for (int f = 0; f < OA_FIELD_COUNT; f++)
        if (needs->field[f] && !given->field[f] && ++bad)
            diag_error(d, NULL, "eval: no value given for %s", oa_var_name((oa_field)f, 0));
    for (int s = 0; s < OA_MAX_SLICES; s++) {
        if (needs->slice[s] && !given->slice[s] && ++bad)
            diag_error(d, NULL, "eval: no value given for $GtSlice%d", s);
        char alias[32] = ""; /* the name IGT's xe files read XeCore 0 by */
        if (needs->gtxecore[s])
            snprintf(alias, sizeof alias, " ($GtXeCore%d)", s);
        for (int x = 0; x < OA_MAX_XECORES; x++)
            if (needs->xecore[s][x] && !given->xecore[s][x] && ++bad)
                diag_error(d, NULL, "eval: no value given for $GtSlice%dXeCore%d%s", s, x,
                           x == 0 ? alias : "");
    }
    return bad;
}

static int find_counter(const hw_oa_set *s, const char *name, hw_diag *d)
{
    for (int i = 0; i < s->ncounters; i++)
        if (strcmp(s->counters[i].symbol_name, name) == 0)
            return i;
    name_hint h = name_hint_for(name);
    for (int i = 0; i < s->ncounters; i++)
        name_hint_offer(&h, s->counters[i].symbol_name);
    diag_error(d, NULL, "eval: set %s has no counter '%s'%s", s->symbol_name, name,
               hint_of(&h).s);
    return -1;
}

static void print_value(FILE *out, const hw_oa_counter *c, oa_val v)
{
    if (v.type == OA_FLOAT)
        fprintf(out, "%s %.9g\n", c->symbol_name, (double)v.v.f);
    else
        fprintf(out, "%s %" PRIu64 "\n", c->symbol_name, v.v.u);
}

int cmd_oa_eval(const hw_oa_set *s, const char *const *names, int n, int argc, char **argv,
                FILE *out, hw_diag *d)
{
    oa_inputs in;
    oa_marks given, needs;
    memset(&in, 0, sizeof in);
    memset(&given, 0, sizeof given);
    memset(&needs, 0, sizeof needs);
    int bad = 0, *chosen = calloc((size_t)s->ncounters + 1, sizeof *chosen);
    unsigned char *seen = calloc((size_t)s->ncounters + 1, 1);
    int nchosen = n ? n : s->ncounters;
    for (int k = 0; chosen && seen && k < nchosen; k++) {
        chosen[k] = n ? find_counter(s, names[k], d) : k;
        if (chosen[k] < 0)
            bad = 1;
        else
            mark_reads(s, s->counters[chosen[k]].read, &needs, seen);
    }
    for (int i = 0; i < argc; i++) {
        int rc = set_word(argv[i], &in, &given, d);
        if (rc == EXIT_USAGE) {
            free(chosen), free(seen);
            return rc;
        }
        bad |= rc != 0;
    }
    if (!chosen || !seen)
        diag_error(d, NULL, "eval: out of memory");
    if (!chosen || !seen || bad || report_missing(&needs, &given, d)) {
        free(chosen), free(seen);
        return EXIT_SPEC;
    }
    for (int k = 0; k < nchosen; k++)
        print_value(out, &s->counters[chosen[k]], oa_eval_counter(s, chosen[k], &in, 0));
    free(chosen), free(seen);
    return 0;
}
