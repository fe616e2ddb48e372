/* tree_eval.h - the generated evaluators of a perf tree's directory
 * against the interpreter, bit for bit; include after <cmocka.h> and
 * test_run.h.
 *
 * For one checked target: its <id>_metrics.h is rendered (emit_c_headers)
 * into a scratch directory; a first program prints the header's own
 * tables (members, metrics), which say what each member holds as perf
 * spells it, and each member is matched to the event or run-time value of
 * the target it names; a second program, written from the metrics'
 * C names, reads samples from a file, fills the struct through the
 * table's offsets and prints, per sample, eval_all, every evaluator
 * alone, eval_thresholds and every threshold alone. The same samples go
 * through interp_all_rt and interp_thresholds; every value must have the
 * interpreter's bits, NaN matching NaN.
 *
 * Samples come from a seeded xorshift: counts are 0 (one in eight), the
 * count drawn before (differences of 0), small, or up to 2^40 (exact in a
 * double); run-time values are 0 or 1 (answers, #smt_on...), small
 * integers, or seconds; zeros reach every division and d_ratio. */
#ifndef HWCGEN_TREE_EVAL_H
#define HWCGEN_TREE_EVAL_H

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/c/emit_c.h"
#include "emit/emit.h"
#include "core/interp.h"
#include "test_util.h"

/* A member of <id>_counters and what it reads in the IR. */
typedef struct te_field {
    char *member, *perf, *pmu, *kind;
    int is_count;
    int event;   /* index into t->events, or -1 */
    int runtime; /* index into t->runtime, or -1 */
} te_field;

typedef struct te_run {
    const hw_target *t;
    const hw_plan *p; /* its plan */
    char dir[64];   /* scratch: hwcgen/<id>_metrics.h and the programs */
    te_field *fields;
    int nfields;
    char **metric_c; /* each metric's C name (metric_info(i)->name) */
    char *has_threshold;
    uint64_t seed;
    long values, nans; /* compared, and of them NaN in both */
} te_run;

static inline uint64_t te_random(te_run *r)
{
    r->seed ^= r->seed >> 12;
    r->seed ^= r->seed << 25;
    r->seed ^= r->seed >> 27;
    return r->seed * 2685821657736338717ull;
}

static inline void te_write(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

/* cc and flags on dir/src, into dir/exe; the log on failure. */
static inline void te_compile(te_run *r, const char *src, const char *exe)
{
    char in[128], out[128], inc[96];
    snprintf(in, sizeof in, "%s/%s", r->dir, src);
    snprintf(out, sizeof out, "%s/%s", r->dir, exe);
    snprintf(inc, sizeof inc, "-I%s", r->dir);
    result c = RUN(r->dir, "gcc", "-std=c99", "-O0", "-Wall", "-Wextra", "-Werror", inc, in,
                   "-o", out, "-lm");
    if (c.status != 0)
        fail_msg("%s: %s does not compile:\n%s", r->t->id, src, c.err);
    result_free(&c);
}

/* The header of r->t into r->dir/hwcgen/. */
static inline void te_header(te_run *r)
{
    out_set out;
    out_init(&out);
    hw_diag d;
    diag_init(&d, NULL);
    emit_to to = {&out, NULL, &d, NULL, NULL};
    assert_int_equal(emit_c_headers(r->t, r->p, &to), 0);
    char name[256], path[320];
    snprintf(name, sizeof name, "include/hwcgen/%s_metrics.h", r->t->id);
    int i = out_find(&out, name, 0);
    if (i < 0)
        fail_msg("%s: no %s rendered", r->t->id, name);
    snprintf(path, sizeof path, "%s/hwcgen", r->dir);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/hwcgen/%s_metrics.h", r->dir, r->t->id);
    te_write(path, out.files[i].data);
    out_free(&out);
    diag_free(&d);
}

/* "#include ..." and the names the programs use. */
static inline void te_preamble(hw_buf *b, const hw_target *t)
{
    buf_printf(b, "#include <inttypes.h>\n#include <math.h>\n#include <stdio.h>\n"
                  "#include <stdlib.h>\n#include <string.h>\n"
                  "#include \"hwcgen/%s_metrics.h\"\n", t->id);
    buf_printf(b, "#define P(x) %s_##x\ntypedef struct %s_counters sample;\n", t->id, t->id);
    char ID[128];
    size_t k = 0;
    for (; t->id[k] && k + 1 < sizeof ID; k++)
        ID[k] = (char)(t->id[k] >= 'a' && t->id[k] <= 'z' ? t->id[k] - 'a' + 'A' : t->id[k]);
    ID[k] = '\0';
    buf_printf(b, "#define NMETRICS %s_METRIC_COUNT\n#define NFIELDS %s_FIELD_COUNT\n", ID, ID);
}

static inline char *te_field_of(char **line)
{
    char *s = *line, *tab = strchr(s, '\t');
    if (tab) {
        *tab = '\0';
        *line = tab + 1;
    } else {
        *line = s + strlen(s);
    }
    return strdup(s);
}

/* The member the table says holds event `perf` on `pmu`, or run-time
 * value `perf`: its index in the IR. */
static inline void te_match(te_run *r, te_field *f)
{
    const hw_target *t = r->t;
    f->event = f->runtime = -1;
    if (strcmp(f->kind, "event") == 0) {
        for (int i = 0; i < t->nevents && f->event < 0; i++)
            if (strcmp(t->events[i].name, f->perf) == 0 && t->events[i].pmu &&
                strcmp(t->events[i].pmu, f->pmu) == 0)
                f->event = i;
    } else {
        for (int i = 0; i < t->nruntime && f->runtime < 0; i++)
            if (strcmp(t->runtime[i].key, f->perf) == 0 &&
                strcmp(runtime_kind_name(t->runtime[i].kind), f->kind) == 0)
                f->runtime = i;
    }
    if (f->event < 0 && f->runtime < 0)
        fail_msg("%s: member %s (%s '%s' on '%s') reads nothing of the target", t->id,
                 f->member, f->kind, f->perf, f->pmu);
}

/* Run the first program: the header's tables, matched to the IR. */
static inline void te_tables(te_run *r)
{
    hw_buf b;
    buf_init(&b);
    te_preamble(&b, r->t);
    buf_puts(&b, "int main(void)\n{\n    int i;\n"
                 "    for (i = 0; i < NFIELDS; i++) {\n"
                 "        const struct P(field_info) *f = P(field_info)(i);\n"
                 "        printf(\"F\\t%s\\t%s\\t%s\\t%s\\t%d\\n\", f->member, f->perf, f->pmu,"
                 " f->kind, f->is_count);\n    }\n"
                 "    for (i = 0; i < NMETRICS; i++) {\n"
                 "        const struct P(metric_info) *m = P(metric_info)(i);\n"
                 "        printf(\"M\\t%s\\t%s\\t%s\\t%d\\n\", m->name, m->perf_name, m->pmu,"
                 " *m->threshold != 0);\n    }\n"
                 "    return P(field_info)(NFIELDS) != 0 || P(metric_info)(NMETRICS) != 0;\n}\n");
    char path[128];
    snprintf(path, sizeof path, "%s/tables.c", r->dir);
    te_write(path, b.data);
    buf_free(&b);
    te_compile(r, "tables.c", "tables");
    snprintf(path, sizeof path, "%s/tables", r->dir);
    result out = RUN(r->dir, path);
    assert_int_equal(out.status, 0);
    const hw_target *t = r->t;
    r->fields = calloc((size_t)t->nevents + (size_t)t->nruntime + 1, sizeof *r->fields);
    r->metric_c = calloc((size_t)t->nmetrics + 1, sizeof *r->metric_c);
    r->has_threshold = calloc((size_t)t->nmetrics + 1, 1);
    assert_true(r->fields && r->metric_c && r->has_threshold);
    int nmetrics = 0;
    for (char *line = strtok(out.out, "\n"); line; line = strtok(NULL, "\n")) {
        char *rest = line + 2;
        if (line[0] == 'F') {
            te_field *f = &r->fields[r->nfields++];
            f->member = te_field_of(&rest);
            f->perf = te_field_of(&rest);
            f->pmu = te_field_of(&rest);
            f->kind = te_field_of(&rest);
            f->is_count = atoi(rest);
            te_match(r, f);
            continue;
        }
        assert_true(nmetrics < t->nmetrics);
        const hw_metric *m = &t->metrics[nmetrics];
        r->metric_c[nmetrics] = te_field_of(&rest);
        char *perf = te_field_of(&rest), *pmu = te_field_of(&rest);
        /* enum order is the target's order */
        if (strcmp(perf, m->name) != 0 || strcmp(pmu, m->pmu) != 0)
            fail_msg("%s: metric %d is %s on %s, the table says %s on %s", t->id, nmetrics,
                     m->name, m->pmu, perf, pmu);
        r->has_threshold[nmetrics++] = (char)atoi(rest);
        assert_int_equal(r->has_threshold[nmetrics - 1], m->threshold_expr != NULL);
        free(perf);
        free(pmu);
    }
    assert_int_equal(nmetrics, t->nmetrics);
    result_free(&out);
}

/* Run the second program's source: every value of every sample. */
static inline void te_program(te_run *r)
{
    const hw_target *t = r->t;
    hw_buf b;
    buf_init(&b);
    te_preamble(&b, t);
    buf_puts(&b, "typedef double (*evaluator)(const sample *);\n"
                 "static const evaluator metric_fn[NMETRICS + 1] = {\n");
    for (int i = 0; i < t->nmetrics; i++)
        buf_printf(&b, "    P(%s),\n", r->metric_c[i]);
    buf_puts(&b, "    0};\nstatic const evaluator threshold_fn[NMETRICS + 1] = {\n");
    for (int i = 0; i < t->nmetrics; i++)
        buf_printf(&b, r->has_threshold[i] ? "    P(%s_threshold),\n" : "    0, /* %s */\n",
                   r->metric_c[i]);
    buf_puts(&b,
             "    0};\n"
             "static void put(double v)\n{\n"
             "    if (isnan(v))\n        printf(\" nan\");\n    else\n        printf(\" %a\", v);\n}\n"
             /* one value alone must have eval_all's bits (NaN: NaN) */
             "static int same(double a, double b)\n{\n"
             "    return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;\n}\n"
             "int main(int argc, char **argv)\n{\n"
             "    static double out[NMETRICS + 1], th[NMETRICS + 1];\n"
             "    FILE *in = fopen(argv[argc - 1], \"r\");\n"
             "    char word[64];\n    long n, s;\n    int i;\n"
             "    if (!in || fscanf(in, \"%ld\", &n) != 1)\n        return 2;\n"
             "    for (s = 0; s < n; s++) {\n"
             "        sample c;\n        memset(&c, 0, sizeof c);\n"
             "        for (i = 0; i < NFIELDS; i++) {\n"
             "            const struct P(field_info) *f = P(field_info)(i);\n"
             "            char *at = (char *)&c + f->offset;\n"
             "            if (fscanf(in, \"%63s\", word) != 1)\n                return 2;\n"
             "            if (f->is_count) {\n"
             "                uint64_t v = strtoull(word, 0, 10);\n"
             "                memcpy(at, &v, sizeof v);\n"
             "            } else {\n"
             "                double v = strtod(word, 0);\n"
             "                memcpy(at, &v, sizeof v);\n            }\n        }\n"
             "        P(eval_all)(&c, out);\n        P(eval_thresholds)(&c, out, th);\n"
             "        for (i = 0; i < NMETRICS; i++) {\n"
             "            if (!same(metric_fn[i](&c), out[i]))\n"
             "                printf(\"alone %d\", i);\n"
             "            if (threshold_fn[i] && !same(threshold_fn[i](&c), th[i]))\n"
             "                printf(\"alone threshold %d\", i);\n            put(out[i]);\n"
             "        }\n"
             "        for (i = 0; i < NMETRICS; i++)\n            put(th[i]);\n"
             "        printf(\"\\n\");\n    }\n    return 0;\n}\n");
    char path[128];
    snprintf(path, sizeof path, "%s/diff.c", r->dir);
    te_write(path, b.data);
    buf_free(&b);
    te_compile(r, "diff.c", "diff");
}

/* One value for member f, by what it holds. */
static inline double te_value(te_run *r, const te_field *f, double before)
{
    uint64_t x = te_random(r);
    const hw_target *t = r->t;
    if (f->is_count) {
        switch (x & 7) {
        case 0: return 0;
        case 1: return before;
        case 2: return (double)((x >> 8) % 16 + 1);
        case 3:
        case 4:
        case 5: return (double)((x >> 8) % 1000000);
        default: return (double)((x >> 8) % ((uint64_t)1 << 40));
        }
    }
    hw_runtime_kind kind = t->runtime[f->runtime].kind;
    if (kind == RUNTIME_HAS_EVENT || kind == RUNTIME_CPUID)
        return (double)((x >> 8) & 1);
    if ((x & 7) == 0)
        return 0;
    if (kind == RUNTIME_TOOL) /* seconds, with a fraction */
        return (double)(x >> 11) * 0x1p-53 * 10;
    return (x & 7) == 1 ? 1 : (double)((x >> 8) % 128);
}

/* Compare one printed value with the interpreter's. */
static inline int te_same(te_run *r, const char *word, double want)
{
    r->values++;
    if (strcmp(word, "nan") == 0) {
        r->nans += isnan(want) != 0;
        return isnan(want);
    }
    double got = strtod(word, NULL);
    return !isnan(want) && memcmp(&got, &want, sizeof got) == 0;
}

/* n samples through both; fails at the first value that differs. */
static inline void te_compare(te_run *r, int n)
{
    const hw_target *t = r->t;
    double *ev = calloc((size_t)t->nevents + 1, sizeof *ev);
    double *rt = calloc((size_t)t->nruntime + 1, sizeof *rt);
    double *vals = calloc((size_t)n * (size_t)(r->nfields + 1), sizeof *vals);
    assert_true(ev && rt && vals);
    hw_buf in;
    buf_init(&in);
    buf_printf(&in, "%d\n", n);
    for (int s = 0; s < n; s++) {
        double before = 0;
        for (int i = 0; i < r->nfields; i++) {
            double v = te_value(r, &r->fields[i], before);
            vals[(size_t)s * (size_t)r->nfields + (size_t)i] = v;
            if (r->fields[i].is_count) {
                buf_printf(&in, " %" PRIu64, (uint64_t)v);
                before = v;
            } else {
                buf_printf(&in, " %a", v);
            }
        }
        buf_putc(&in, '\n');
    }
    char path[128], prog[128];
    snprintf(path, sizeof path, "%s/samples.txt", r->dir);
    te_write(path, in.data);
    buf_free(&in);
    snprintf(prog, sizeof prog, "%s/diff", r->dir);
    result out = RUN(r->dir, prog, path);
    assert_int_equal(out.status, 0);
    double *m = calloc((size_t)t->nmetrics + 1, sizeof *m), *th = calloc((size_t)t->nmetrics + 1,
                                                                        sizeof *th);
    assert_true(m && th);
    char *line = out.out;
    for (int s = 0; s < n; s++) {
        for (int i = 0; i < r->nfields; i++) {
            const te_field *f = &r->fields[i];
            double v = vals[(size_t)s * (size_t)r->nfields + (size_t)i];
            if (f->event >= 0)
                ev[f->event] = v;
            else
                rt[f->runtime] = v;
        }
        hw_values hv = {ev, NULL, NULL};
        interp_all_rt(t, &hv, rt, m);
        interp_thresholds(t, &hv, rt, m, th);
        char *end = strchr(line, '\n');
        assert_non_null(end);
        *end = '\0';
        if (strstr(line, "alone"))
            fail_msg("%s, sample %d: an evaluator alone differs from eval_all: %.80s", t->id, s,
                     line);
        char *word = strtok(line, " ");
        for (int k = 0; k < 2 * t->nmetrics; k++, word = strtok(NULL, " ")) {
            int i = k % t->nmetrics;
            double want = k < t->nmetrics ? m[i] : th[i];
            assert_non_null(word);
            if (!te_same(r, word, want))
                fail_msg("%s, sample %d: %s of %s (%s): generated C %s, interpreter %a", t->id,
                         s, k < t->nmetrics ? "value" : "threshold", t->metrics[i].name,
                         r->metric_c[i], word, want);
        }
        line = end + 1;
    }
    result_free(&out);
    free(ev), free(rt), free(vals), free(m), free(th);
}

/* The whole comparison for one checked target with metrics. */
static inline void te_check(const hw_target *t, const hw_plan *p, int samples, uint64_t seed,
                            long *values, long *nans)
{
    te_run r = {t, p, "/tmp/hwcgen-tree-eval-XXXXXX", NULL, 0, NULL, NULL, seed, 0, 0};
    assert_non_null(mkdtemp(r.dir));
    te_header(&r);
    te_tables(&r);
    te_program(&r);
    te_compare(&r, samples);
    *values += r.values;
    *nans += r.nans;
    for (int i = 0; i < r.nfields; i++) {
        free(r.fields[i].member), free(r.fields[i].perf);
        free(r.fields[i].pmu), free(r.fields[i].kind);
    }
    for (int i = 0; i < t->nmetrics; i++)
        free(r.metric_c[i]);
    free(r.fields), free(r.metric_c), free(r.has_threshold);
    remove_tree(r.dir);
}

#endif
