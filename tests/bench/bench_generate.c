/* bench_generate.c - how long `hwcgen generate` takes, end to end and per
 * stage.
 *
 *   bench_generate HWCGEN SCRATCH SPEC...
 *
 * 1. Wall time of `HWCGEN generate -q -o DIR SPEC...` as a user runs it:
 *    into an empty directory (every file written) and again into the same
 *    directory (every file unchanged, the usual `make`).
 * 2. In-process breakdown with the gen objects linked in: load_spec and
 *    check_target per spec, each emitter gen/emit.h declares (the list is
 *    generated from emit.h at build time, see emitters.sh), emit_all over
 *    every spec, and out_commit.
 *
 * Every number is median / min / max over bench_runs() runs (>= 20).
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"
#include "check.h"
#include "diag.h"
#include "emit.h"
#include "load.h"
#include "output.h"
#include "render.h"

#include "emitters.h" /* generated into the build directory */

typedef int (*emit_one_fn)(const hw_target *, out_set *, const char *, hw_diag *);
typedef int (*emit_many_fn)(hw_target *const *, int, out_set *, const char *, hw_diag *);

static const struct {
    const char *name;
    emit_one_fn fn;
} one_emitters[] = {
#define BENCH_ONE(f) {#f, f},
#define BENCH_NONE(f)
    BENCH_EMITTERS(BENCH_ONE, BENCH_NONE)
    {NULL, NULL}};

static const struct {
    const char *name;
    emit_many_fn fn;
} many_emitters[] = {
    BENCH_EMITTERS(BENCH_NONE, BENCH_ONE)
    {NULL, NULL}};

enum { N_ONE = sizeof one_emitters / sizeof one_emitters[0] - 1,
       N_MANY = sizeof many_emitters / sizeof many_emitters[0] - 1 };

static void row(const char *what, const char *stage, double *v, int runs)
{
    bench_stat s = bench_stats(v, runs);
    printf("  %-32s %-22s %9.3f %9.3f %9.3f\n", what, stage, s.median * 1e3,
           s.min * 1e3, s.max * 1e3);
}

static int wall_times(const char *hwcgen, const char *scratch, char **specs,
                      int nspecs, int runs, double *median_cold)
{
    char **argv = calloc((size_t)nspecs + 6, sizeof *argv);
    double *cold = calloc((size_t)runs, sizeof *cold);
    double *warm = calloc((size_t)runs, sizeof *warm);
    long *rss = calloc((size_t)runs, sizeof *rss);
    char dir[4096];
    if (!argv || !cold || !warm || !rss)
        return -1;
    argv[0] = (char *)hwcgen;
    argv[1] = "generate";
    argv[2] = "-q";
    argv[3] = "-o";
    argv[4] = dir;
    for (int i = 0; i < nspecs; i++)
        argv[5 + i] = specs[i];
    int rc = 0;
    for (int r = -1; r < runs && rc == 0; r++) { /* r = -1: warm-up */
        snprintf(dir, sizeof dir, "%s/wall-%d", scratch, r + 1);
        double s = 0;
        rc |= bench_spawn(argv, &s, r >= 0 ? &rss[r] : NULL, 0, 0);
        if (r >= 0)
            cold[r] = s;
        rc |= bench_spawn(argv, &s, NULL, 0, 0);
        if (r >= 0)
            warm[r] = s;
    }
    if (rc != 0) {
        fprintf(stderr, "bench_generate: %s generate failed\n", hwcgen);
        return -1;
    }
    long peak = 0;
    for (int r = 0; r < runs; r++)
        peak = rss[r] > peak ? rss[r] : peak;
    printf("hwcgen generate, %d specs, every output (ms): median / min / max\n", nspecs);
    bench_stat c = bench_stats(cold, runs), w = bench_stats(warm, runs);
    printf("  into an empty directory        %9.3f %9.3f %9.3f   (peak RSS %.1f MiB)\n",
           c.median * 1e3, c.min * 1e3, c.max * 1e3, (double)peak / 1024);
    printf("  again, all files unchanged     %9.3f %9.3f %9.3f\n", w.median * 1e3,
           w.min * 1e3, w.max * 1e3);
    *median_cold = c.median > w.median ? c.median : w.median;
    free(argv);
    free(cold);
    free(warm);
    free(rss);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_generate HWCGEN SCRATCH SPEC...\n");
        return 2;
    }
    const char *hwcgen = argv[1], *scratch = argv[2];
    char **specs = argv + 3;
    int n = argc - 3, runs = bench_runs();
    mkdir(scratch, 0777);

    printf("== 1. Generation: %d specs, %d runs each ==\n", n, runs);
    double wall = 0;
    if (wall_times(hwcgen, scratch, specs, n, runs, &wall) != 0)
        return 1;

    /* samples[spec][stage][run]; stages: load, check, one per emitter */
    int nstages = 2 + N_ONE;
    double *v = calloc((size_t)n * (size_t)nstages * (size_t)runs, sizeof *v);
    double *all = calloc((size_t)runs * (3 + N_MANY), sizeof *all);
    hw_target **t = calloc((size_t)n, sizeof *t);
    if (!v || !all || !t)
        return 1;
#define AT(spec, stage, run) v[((size_t)(spec) * (size_t)nstages + (size_t)(stage)) * (size_t)runs + (size_t)(run)]
#define ALL(k, run) all[(size_t)(k) * (size_t)runs + (size_t)(run)]
    render_init();
    hw_diag d;
    diag_init(&d, stderr);
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/stages", scratch);
    for (int r = -1; r < runs; r++) { /* r = -1: warm-up, not recorded */
        int rr = r < 0 ? 0 : r;
        double total = 0;
        for (int i = 0; i < n; i++) {
            double t0 = bench_now();
            t[i] = load_spec(specs[i], &d);
            double t1 = bench_now();
            if (!t[i] || check_target(t[i], &d) != 0) {
                fprintf(stderr, "bench_generate: %s does not load and check\n", specs[i]);
                return 1;
            }
            double t2 = bench_now();
            AT(i, 0, rr) = t1 - t0;
            AT(i, 1, rr) = t2 - t1;
            total += t2 - t0;
            for (int e = 0; e < N_ONE; e++) {
                out_set o;
                out_init(&o);
                double e0 = bench_now();
                int rc = one_emitters[e].fn(t[i], &o, dir, &d);
                AT(i, 2 + e, rr) = bench_now() - e0;
                out_free(&o);
                if (rc != 0) {
                    fprintf(stderr, "bench_generate: %s failed on %s\n",
                            one_emitters[e].name, specs[i]);
                    return 1;
                }
            }
        }
        for (int e = 0; e < N_MANY; e++) {
            out_set o;
            out_init(&o);
            double e0 = bench_now();
            int rc = many_emitters[e].fn(t, n, &o, dir, &d);
            ALL(3 + e, rr) = bench_now() - e0;
            out_free(&o);
            if (rc != 0) {
                fprintf(stderr, "bench_generate: %s failed\n", many_emitters[e].name);
                return 1;
            }
        }
        out_set o;
        out_init(&o);
        int written = 0, unchanged = 0;
        double e0 = bench_now();
        int rc = emit_all(t, n, &o, dir, &d);
        double e1 = bench_now();
        rc |= out_commit(&o, &d, &written, &unchanged);
        double e2 = bench_now();
        out_free(&o);
        if (rc != 0) {
            fprintf(stderr, "bench_generate: emit_all or out_commit failed\n");
            return 1;
        }
        ALL(0, rr) = e1 - e0;
        ALL(1, rr) = e2 - e1;
        ALL(2, rr) = total + (e2 - e0); /* load + check + emit_all + commit */
        for (int i = 0; i < n; i++)
            target_free(t[i]);
    }

    printf("in-process stages (ms): median / min / max\n");
    printf("  %-32s %-22s %9s %9s %9s\n", "spec", "stage", "median", "min", "max");
    for (int i = 0; i < n; i++) {
        row(specs[i], "load_spec", &AT(i, 0, 0), runs);
        row("", "check_target", &AT(i, 1, 0), runs);
        for (int e = 0; e < N_ONE; e++)
            row("", one_emitters[e].name, &AT(i, 2 + e, 0), runs);
    }
    for (int e = 0; e < N_MANY; e++)
        row("all specs", many_emitters[e].name, &ALL(3 + e, 0), runs);
    row("all specs", "emit_all (every output)", &ALL(0, 0), runs);
    row("all specs", "out_commit (unchanged)", &ALL(1, 0), runs);
    row("all specs", "load+check+emit+commit", &ALL(2, 0), runs);
    printf("  emitters timed one by one: ");
    for (int e = 0; e < N_ONE; e++)
        printf("%s%s", e ? ", " : "", one_emitters[e].name);
    for (int e = 0; e < N_MANY; e++)
        printf(", %s", many_emitters[e].name);
    printf("\n");
    for (int k = 0; bench_emit_other[k]; k++)
        printf("  note: %s has another signature; timed only inside emit_all\n",
               bench_emit_other[k]);
    printf("TARGET all seed specs to all outputs < 50 ms wall: %s (%.1f ms median, "
           "worse of empty/unchanged directory)\n",
           wall < 0.050 ? "MET" : "MISSED", wall * 1e3);
    diag_free(&d);
    free(v);
    free(all);
    free(t);
    return 0;
}
