/* bench_eval.c - nanoseconds per Neoverse V1 sample to evaluate metrics.
 *
 *   bench_eval [SAMPLES]        (run from the top of the tree; default 250000)
 *
 * The evaluators are the ones this tree's hwcgen generates from
 * spec/arm/neoverse-v1.json (what out/include/hwcgen holds after make),
 * compiled into this program with -O2 as a user would. They run over
 * SAMPLES random counter samples in an array ("stream": far more than the
 * caches hold) and over its first BLOCK samples again and again ("in
 * cache"):
 *   - five V1 formulas written by hand the way a person would (plain '/'
 *     and a zero check) against the generated single-metric functions;
 *   - <id>_eval_all per sample (and <id>_eval_many, for information)
 *     against the division floor: the distinct divisions of the V1
 *     formulas, each done once a sample as a plain scalar division of the
 *     two values eval_all divides for that sample (computed beforehand). A
 *     compiler keeps one division per distinct pair of operands and,
 *     without -ffast-math, may not turn any into a multiplication, so these
 *     are the bulk of the work. (eval_all skips a division by zero, and a
 *     compiler may pair two divisions in one vector instruction, so it can
 *     come in a little under the floor.)
 *   - hwcgen's interpreter: interp_all() on the loaded, checked spec, the
 *     sample first copied into its double arrays as `hwcgen eval` must;
 *     information only.
 * Every result is stored or summed where the compiler cannot drop it.
 * Before timing, over every sample: the generated C, the interpreter and
 * the hand-written formulas must agree bit for bit (NaN for NaN), and
 * eval_many must give eval_all's results bit for bit; if not, nothing is
 * timed and the program fails, since a fast wrong result means nothing.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "core/diag.h"
#include "core/expr.h"
#include "core/interp.h"
#include "run/pipeline.h"
#include "core/json.h"

#include "hwcgen/neoverse_v1_metrics.h" /* generated into .build/bench/gen */

#define V1_SPEC "spec/arm/neoverse-v1.json"

typedef struct neoverse_v1_counters v1c;
enum { COUNT = NEOVERSE_V1_METRIC_COUNT, CHUNK = 64, BLOCK = 1024, MAX_DIVS = 4096 };

static volatile double sink;

/* ---- samples ------------------------------------------------------------ */

static uint64_t rng = 0x2545F4914F6CDD1Dull;

static uint64_t next_random(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 2685821657736338717ull;
}

/* The generated counters struct, field by field, as emit_c.c lays it out:
 * events some formula reads (uint64_t, event order), then constants set at
 * run time (double), then model inputs (double). The struct's size and
 * the agreement check confirm it. */
typedef struct layout {
    int n;
    char *kind;  /* 'e' event, 'c' constant, 'i' input */
    int *index;  /* into t->events / t->constants / t->inputs */
} layout;

static int mark_event(void *ctx, hw_expr *ref)
{
    if (ref->ref == REF_EVENT)
        ((char *)ctx)[ref->index] = 1;
    return 0;
}

static void *alloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {
        fprintf(stderr, "bench_eval: out of memory\n");
        exit(1);
    }
    return p;
}

static layout layout_of(const hw_target *t)
{
    size_t cap = (size_t)t->nevents + (size_t)t->nconstants + (size_t)t->ninputs;
    layout L = {0, alloc(cap, 1), alloc(cap, sizeof(int))};
    char *used = alloc((size_t)t->nevents, 1);
    for (int i = 0; i < t->nmetrics; i++)
        if (t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, mark_event, used);
    for (int i = 0; i < t->nevents; i++)
        if (used[i])
            L.kind[L.n] = 'e', L.index[L.n++] = i;
    for (int i = 0; i < t->nconstants; i++)
        if (!t->constants[i].has_value)
            L.kind[L.n] = 'c', L.index[L.n++] = i;
    for (int i = 0; i < t->ninputs; i++)
        L.kind[L.n] = 'i', L.index[L.n++] = i;
    free(used);
    return L;
}

/* n samples: counters mostly below 2^24 and zero one time in 64 (so
 * divisions by zero happen, unpredictably); settings 1..16. */
static v1c *make_samples(const layout *L, long n)
{
    unsigned char *s = alloc((size_t)n, sizeof(v1c));
    for (long i = 0; i < n; i++)
        for (int k = 0; k < L->n; k++) {
            uint64_t r = next_random();
            unsigned char *p = s + (size_t)i * sizeof(v1c) + (size_t)k * 8;
            if (L->kind[k] == 'e') {
                uint64_t v = (r & 63) == 0 ? 0 : (r >> 40) + 1;
                memcpy(p, &v, 8);
            } else {
                double v = (double)((r >> 60) + 1);
                memcpy(p, &v, 8);
            }
        }
    return (v1c *)s;
}

/* ---- the interpreter's side --------------------------------------------- */

typedef struct interp_in {
    const hw_target *t;
    const layout *L;
    double *ev, *cst, *in;
    hw_values v;
} interp_in;

static interp_in interp_setup(const hw_target *t, const layout *L)
{
    interp_in x = {t, L, alloc((size_t)t->nevents, sizeof(double)),
                   alloc((size_t)t->nconstants, sizeof(double)),
                   alloc((size_t)t->ninputs, sizeof(double)), {NULL, NULL, NULL}};
    x.v = (hw_values){x.ev, x.cst, x.in};
    return x;
}

/* Copy one sample into the interpreter's arrays. */
static inline void scatter(const interp_in *x, const v1c *c)
{
    const unsigned char *p = (const unsigned char *)c;
    const layout *L = x->L;
    for (int k = 0; k < L->n; k++, p += 8) {
        if (L->kind[k] == 'e') {
            uint64_t v;
            memcpy(&v, p, 8);
            x->ev[L->index[k]] = (double)v;
        } else {
            double v;
            memcpy(&v, p, 8);
            (L->kind[k] == 'c' ? x->cst : x->in)[L->index[k]] = v;
        }
    }
}

__attribute__((noinline)) static void interp_loop(const interp_in *x, const v1c *s, long n,
                                                  double *out, double *acc)
{
    for (long i = 0; i < n; i++) {
        scatter(x, &s[i]);
        interp_all(x->t, &x->v, out);
        for (int k = 0; k < COUNT; k++)
            acc[k] += out[k];
    }
}

/* ---- the generated side ------------------------------------------------- */

/* Results go to the rows of out[CHUNK][COUNT], a chunk of samples at a
 * time; the caller reads them afterwards, so no store can be dropped. */
__attribute__((noinline)) static void eval_all_loop(const v1c *s, long n,
                                                    double (*out)[COUNT])
{
    for (long i = 0; i < n; i++)
        neoverse_v1_eval_all(&s[i], out[i % CHUNK]);
}

__attribute__((noinline)) static void eval_many_loop(const v1c *s, long n,
                                                     double (*out)[COUNT])
{
    for (long i = 0; i < n; i += CHUNK)
        neoverse_v1_eval_many(s + i, (size_t)(n - i < CHUNK ? n - i : CHUNK), out);
}

/* ---- five formulas by hand ---------------------------------------------- */

static inline double hand_ipc(const v1c *c)
{
    return c->CPU_CYCLES ? (double)c->INST_RETIRED / (double)c->CPU_CYCLES : NAN;
}

static inline double hand_branch_mpki(const v1c *c)
{
    return c->INST_RETIRED ? (double)c->BR_MIS_PRED_RETIRED / (double)c->INST_RETIRED * 1000.0
                           : NAN;
}

static inline double hand_l1d_cache_miss_ratio(const v1c *c)
{
    return c->L1D_CACHE ? (double)c->L1D_CACHE_REFILL / (double)c->L1D_CACHE : NAN;
}

static inline double hand_backend_bound(const v1c *c)
{
    return c->CPU_CYCLES ? (double)c->STALL_SLOT_BACKEND / (8.0 * (double)c->CPU_CYCLES) * 100.0
                         : NAN;
}

static inline double hand_bad_speculation(const v1c *c)
{
    if (!c->OP_SPEC || !c->CPU_CYCLES)
        return NAN;
    double cycles = (double)c->CPU_CYCLES;
    return 100.0 * ((1.0 - (double)c->OP_RETIRED / (double)c->OP_SPEC) *
                        (1.0 - (double)c->STALL_SLOT / (cycles * 8.0)) +
                    (double)c->BR_MIS_PRED * 4.0 / cycles);
}

#define FIVE_LOOP(fn, IPC, MPKI, L1D, BACKEND, BADSPEC)                          \
    __attribute__((noinline)) static void fn(const v1c *s, long n, double *acc)  \
    {                                                                            \
        double a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0;                           \
        for (long i = 0; i < n; i++) {                                           \
            a0 += IPC(&s[i]);                                                    \
            a1 += MPKI(&s[i]);                                                   \
            a2 += L1D(&s[i]);                                                    \
            a3 += BACKEND(&s[i]);                                                \
            a4 += BADSPEC(&s[i]);                                                \
        }                                                                        \
        acc[0] += a0, acc[1] += a1, acc[2] += a2, acc[3] += a3, acc[4] += a4;    \
    }
FIVE_LOOP(five_hand, hand_ipc, hand_branch_mpki, hand_l1d_cache_miss_ratio,
          hand_backend_bound, hand_bad_speculation)
FIVE_LOOP(five_generated, neoverse_v1_ipc, neoverse_v1_branch_mpki,
          neoverse_v1_l1d_cache_miss_ratio, neoverse_v1_backend_bound,
          neoverse_v1_bad_speculation)

/* ---- the division floor ------------------------------------------------- */

/* The distinct divisions in the target's formulas, each once: a compiler
 * keeps one per distinct pair of operands and, without -ffast-math, may
 * not turn any into a multiplication. */
static int find_divisions(const hw_expr *e, const hw_expr **seen, int n)
{
    if (e->kind == EXPR_DIV) {
        int k = 0;
        while (k < n && !expr_equal(seen[k], e))
            k++;
        if (k == n && n < MAX_DIVS)
            seen[n++] = e;
    }
    for (int i = 0; i < e->nargs; i++)
        n = find_divisions(e->args[i], seen, n);
    return n;
}

/* n divisions, num[j] / den[j]: one loop with nothing else in it, so that
 * only the divider sets its pace. Each result goes to a volatile, so each
 * stays one scalar division that cannot be dropped. */
__attribute__((noinline)) static void division_loop(const double *num, const double *den,
                                                    long n, volatile double *q)
{
    for (long j = 0; j < n; j++)
        *q = num[j] / den[j];
}

/* ---- checks and timing -------------------------------------------------- */

static int same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

/* Values that disagree over samples s[0..n): generated eval_all against
 * the interpreter and against eval_many; five hand-written formulas
 * against the generated single-metric functions. */
static long disagreements(const interp_in *x, const v1c *s, long n)
{
    double gen[COUNT], in[COUNT], rows[CHUNK][COUNT];
    long bad = 0;
    for (long i = 0; i < n; i++) {
        if (i % CHUNK == 0)
            neoverse_v1_eval_many(s + i, (size_t)(n - i < CHUNK ? n - i : CHUNK), rows);
        neoverse_v1_eval_all(&s[i], gen);
        scatter(x, &s[i]);
        interp_all(x->t, &x->v, in);
        for (int k = 0; k < COUNT; k++) {
            bad += !same_bits(gen[k], in[k]);
            bad += memcmp(&gen[k], &rows[i % CHUNK][k], sizeof gen[k]) != 0;
        }
        bad += !same_bits(hand_ipc(&s[i]), neoverse_v1_ipc(&s[i]));
        bad += !same_bits(hand_branch_mpki(&s[i]), neoverse_v1_branch_mpki(&s[i]));
        bad += !same_bits(hand_l1d_cache_miss_ratio(&s[i]),
                          neoverse_v1_l1d_cache_miss_ratio(&s[i]));
        bad += !same_bits(hand_backend_bound(&s[i]), neoverse_v1_backend_bound(&s[i]));
        bad += !same_bits(hand_bad_speculation(&s[i]), neoverse_v1_bad_speculation(&s[i]));
    }
    return bad;
}

/* What is timed, in the order each run times it: the two sides of each
 * comparison one right after the other, so that a busy moment on a shared
 * machine falls on both or on neither as often as not. */
enum { ALL_HOT, FLOOR_HOT, HAND_STREAM, GEN_STREAM, HAND_HOT, GEN_HOT, ALL_STREAM,
       MANY_STREAM, INTERP_STREAM, NCASES };

static const char *const case_name[NCASES] = {
    "generated eval_all, in cache", "division floor, in cache",
    "five formulas by hand, stream", "five formulas generated, stream",
    "five formulas by hand, in cache", "five formulas generated, in cache",
    "generated eval_all, stream", "generated eval_many, stream",
    "interpreter (interp_all + copy-in), stream"};

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 250000;
    int runs = bench_runs();
    if (n < BLOCK)
        n = BLOCK;
    long reps = n / BLOCK, nhot = reps * BLOCK; /* in cache: BLOCK samples, reps times */

    json_init();
    hw_diag d;
    diag_init(&d, stderr);
    hw_target *t = run_open(V1_SPEC, NULL, &d);
    diag_free(&d);
    if (!t) {
        fprintf(stderr, "bench_eval: %s does not load and check\n", V1_SPEC);
        return 1;
    }
    layout L = layout_of(t);
    if ((size_t)L.n * 8 != sizeof(v1c) || t->nmetrics != COUNT) {
        fprintf(stderr, "bench_eval: the generated header does not match %s\n", V1_SPEC);
        return 1;
    }
    v1c *s = make_samples(&L, n);
    interp_in x = interp_setup(t, &L);

    printf("== Evaluators: Neoverse V1, %d metrics; %ld random samples of %zu bytes "
           "(%.0f MiB), in cache the first %d; %d runs; ns a sample ==\n", COUNT, n,
           sizeof(v1c), (double)n * sizeof(v1c) / (1 << 20), BLOCK, runs);

    /* agreement, over every sample, before any timing */
    long bad = disagreements(&x, s, n);
    printf("  agreement on all %ld samples (generated = interpreter = hand-written; "
           "eval_many = eval_all bit for bit): %s\n", n, bad ? "NO" : "yes");
    if (bad) {
        fprintf(stderr, "bench_eval: %ld values disagree; the timings would mean nothing\n",
                bad);
        return 1;
    }

    /* the distinct divisions' operands, for the first BLOCK samples */
    static const hw_expr *divs[MAX_DIVS];
    int nd = 0;
    for (int i = 0; i < t->nmetrics; i++)
        if (t->metrics[i].expr)
            nd = find_divisions(t->metrics[i].expr, divs, nd);
    double *num = alloc((size_t)BLOCK * (size_t)nd, sizeof *num);
    double *den = alloc((size_t)BLOCK * (size_t)nd, sizeof *den);
    volatile double quot = 0;
    double metrics[COUNT];
    long by_zero = 0;
    for (long i = 0; i < BLOCK; i++) {
        scatter(&x, &s[i]);
        interp_all(t, &x.v, metrics);
        for (int k = 0; k < nd; k++) {
            num[i * nd + k] = interp_expr(divs[k]->args[0], t, &x.v, metrics);
            den[i * nd + k] = interp_expr(divs[k]->args[1], t, &x.v, metrics);
            by_zero += den[i * nd + k] == 0;
        }
    }

    double (*rows)[COUNT] = alloc(CHUNK, sizeof *rows);
    double acc[COUNT] = {0}, out[COUNT];
    double *v = alloc((size_t)NCASES * (size_t)runs, sizeof *v);
    bench_stat st[NCASES];
    /* ns a sample of BODY, which evaluates `samples` samples, into run r */
#define TIME(c, samples, BODY)                                                   \
    do {                                                                         \
        double t0_ = bench_now();                                                \
        BODY;                                                                    \
        if (r >= 0)                                                              \
            v[(c) * runs + r] = (bench_now() - t0_) * 1e9 / (double)(samples);   \
    } while (0)
    for (int r = -1; r < runs; r++) { /* r = -1: warm-up, not kept */
        TIME(ALL_HOT, nhot, for (long k = 0; k < reps; k++) eval_all_loop(s, BLOCK, rows));
        TIME(FLOOR_HOT, nhot,
             for (long k = 0; k < reps; k++) division_loop(num, den, BLOCK * nd, &quot));
        TIME(HAND_STREAM, n, five_hand(s, n, acc));
        TIME(GEN_STREAM, n, five_generated(s, n, acc));
        TIME(HAND_HOT, nhot, for (long k = 0; k < reps; k++) five_hand(s, BLOCK, acc));
        TIME(GEN_HOT, nhot, for (long k = 0; k < reps; k++) five_generated(s, BLOCK, acc));
        TIME(ALL_STREAM, n, eval_all_loop(s, n, rows));
        TIME(MANY_STREAM, n, eval_many_loop(s, n, rows));
        TIME(INTERP_STREAM, n, interp_loop(&x, s, n, out, acc));
    }
#undef TIME
    double sum = rows[CHUNK - 1][COUNT - 1] + quot;
    for (int k = 0; k < COUNT; k++)
        sum += acc[k];
    sink = sum;

    bench_header();
    for (int c = 0; c < NCASES; c++) {
        st[c] = bench_stats(v + (size_t)c * runs, runs);
        bench_row(case_name[c], st[c], 1);
    }
    double r_stream = st[GEN_STREAM].median / st[HAND_STREAM].median;
    double r_hot = st[GEN_HOT].median / st[HAND_HOT].median;
    double r_worst = r_stream > r_hot ? r_stream : r_hot;
    double r_floor = st[ALL_HOT].median / st[FLOOR_HOT].median;
    printf("  interpreter, for information: %.1fx eval_all's time on the stream\n",
           st[INTERP_STREAM].median / st[ALL_STREAM].median);
    printf("  division floor: %d distinct divisions a sample at %.2f ns each; %.1f%% are "
           "by zero, which eval_all skips\n", nd, nd ? st[FLOOR_HOT].median / nd : 0.0,
           nd ? 100.0 * (double)by_zero / ((double)BLOCK * nd) : 0.0);
    printf("TARGET generated within 1.5x of hand-written C (five V1 formulas): %s "
           "(%.2fx stream, %.2fx in cache)\n", r_worst <= 1.5 ? "MET" : "MISSED", r_stream,
           r_hot);
    printf("TARGET eval_all within 1.3x of the division floor (in cache): %s "
           "(%.2fx: %.1f vs %.1f ns)\n", r_floor <= 1.3 ? "MET" : "MISSED", r_floor,
           st[ALL_HOT].median, st[FLOOR_HOT].median);

    free(v);
    free(rows);
    free(num);
    free(den);
    free(s);
    free(x.ev), free(x.cst), free(x.in);
    free(L.kind), free(L.index);
    target_free(t);
    return 0;
}
