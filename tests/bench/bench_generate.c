/* bench_generate.c - how long generating every output takes.
 *
 *   bench_generate HWCGEN SCRATCH SPEC...
 *
 * 1. Wall time of `HWCGEN generate -q -o DIR SPEC...` as a user runs it:
 *    into an empty directory (every file written), then again into the
 *    same directory (every file unchanged, the usual `make`).
 * 2. The same work in this process through gen/pipeline.h, stage by stage:
 *    load+check, emit, commit into an empty directory, and commit once
 *    more from a second pass whose files are all on disk already.
 *
 * 3. What bounds the first: Graphviz's dot drawing the DOT files of the
 *    last run alone (`dot -Tsvg FILE`, as hwcgen runs it: $HWCGEN_DOT or
 *    dot on PATH), and hwcgen with HWCGEN_DOT empty (nothing drawn).
 *
 * Every number is median / min / max over bench_runs() runs, after one
 * untimed warm-up run.
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"
#include "core/diag.h"
#include "run/pipeline.h"
#include "core/json.h"

enum { LOAD_CHECK, EMIT, COMMIT_NEW, COMMIT_SAME, TOTAL, NSTAGES };

static const char *const stage_name[NSTAGES] = {
    "run_load_check (load + check)", "run_emit (every output)",
    "run_commit, empty directory", "run_commit, every file unchanged",
    "the three, empty directory"};

/* One pass of the pipeline over `specs` into `dir`: seconds per stage into
 * t[LOAD_CHECK], t[EMIT] and t[commit]. 0, or -1 with the messages shown. */
static int pass(char **specs, int n, const char *dir, double *t, int commit, int *written)
{
    hw_diag d;
    hw_run r;
    diag_init(&d, NULL);
    run_init(&r, &d);
    double t0 = bench_now();
    int rc = run_load_check(&r, specs, n);
    double t1 = bench_now();
    rc = rc ? rc : run_emit(&r, dir, NULL);
    double t2 = bench_now();
    rc = rc ? rc : run_commit(&r, written, NULL, NULL);
    double t3 = bench_now();
    run_free(&r);
    if (rc != 0)
        fprintf(stderr, "bench_generate: the pipeline failed:\n%.*s", (int)d.log.len,
                d.log.data ? d.log.data : "");
    diag_free(&d);
    t[LOAD_CHECK] = t1 - t0;
    t[EMIT] = t2 - t1;
    t[commit] = t3 - t2;
    return rc;
}

/* Wall seconds of `dot -Tsvg -o /dev/null FILE` for every DOT file in
 * dir/docs, one after the other, into v[0..runs); 0 when there is no
 * DOT file or no dot, with why in *skip. */
static int time_dot(const char *dir, double *v, int runs, const char **skip)
{
    const char *env = getenv("HWCGEN_DOT");
    char *prog = (char *)(env ? env : "dot"), pattern[4200];
    snprintf(pattern, sizeof pattern, "%s/docs/*.dot", dir);
    glob_t g;
    if (env && !*env) {
        *skip = "HWCGEN_DOT is empty";
        return 0;
    }
    if (glob(pattern, 0, NULL, &g) != 0) {
        *skip = "no DOT file was written";
        return 0;
    }
    for (int r = -1; r < runs; r++) {
        double all = 0;
        for (size_t i = 0; i < g.gl_pathc; i++) {
            char *argv[] = {prog, "-Tsvg", "-o", "/dev/null", g.gl_pathv[i], NULL};
            double t;
            if (bench_exec(argv, 1, &t, NULL) != 0) {
                *skip = "dot does not run";
                globfree(&g);
                return 0;
            }
            all += t;
        }
        if (r >= 0)
            v[r] = all;
    }
    globfree(&g);
    return 1;
}

/* hwcgen as in part 1, into an empty directory, HWCGEN_DOT empty. */
static int time_undrawn(char **cmd, char *dir, const char *scratch, double *v, int runs)
{
    const char *was = getenv("HWCGEN_DOT");
    char *keep = was ? strdup(was) : NULL;
    setenv("HWCGEN_DOT", "", 1);
    int rc = 0;
    for (int r = -1; r < runs && rc == 0; r++) {
        double t;
        snprintf(dir, 4096, "%s/undrawn-%d", scratch, r + 1);
        rc = bench_exec(cmd, 1, &t, NULL);
        if (r >= 0)
            v[r] = t;
    }
    if (keep)
        setenv("HWCGEN_DOT", keep, 1);
    else
        unsetenv("HWCGEN_DOT");
    free(keep);
    return rc;
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
    char **cmd = calloc((size_t)n + 6, sizeof *cmd);
    double *v = calloc((size_t)runs * (NSTAGES + 4), sizeof *v);
    if (!cmd || !v)
        return 1;
    double *cold = v, *warm = v + runs, *stage = v + 2 * (size_t)runs;
    mkdir(scratch, 0777);
    json_init();

    /* 1. the command, as a user runs it */
    char dir[4096];
    cmd[0] = (char *)hwcgen;
    cmd[1] = "generate";
    cmd[2] = "-q";
    cmd[3] = "-o";
    cmd[4] = dir;
    for (int i = 0; i < n; i++)
        cmd[5 + i] = specs[i];
    for (int r = -1; r < runs; r++) { /* r = -1: warm-up, not kept */
        double s1, s2;
        snprintf(dir, sizeof dir, "%s/wall-%d", scratch, r + 1);
        if (bench_spawn(cmd, &s1) != 0 || bench_spawn(cmd, &s2) != 0) {
            fprintf(stderr, "bench_generate: %s generate failed\n", hwcgen);
            return 1;
        }
        if (r >= 0)
            cold[r] = s1, warm[r] = s2;
    }

    /* 2. the stages, in this process */
    int written = 0;
    for (int r = -1; r < runs; r++) {
        double t1[NSTAGES], t2[NSTAGES];
        int w2 = 0;
        snprintf(dir, sizeof dir, "%s/stages-%d", scratch, r + 1);
        if (pass(specs, n, dir, t1, COMMIT_NEW, &written) != 0 ||
            pass(specs, n, dir, t2, COMMIT_SAME, &w2) != 0 || w2 != 0) {
            if (w2 != 0)
                fprintf(stderr, "bench_generate: a second pass rewrote %d files\n", w2);
            return 1;
        }
        if (r < 0)
            continue;
        stage[LOAD_CHECK * runs + r] = t1[LOAD_CHECK];
        stage[EMIT * runs + r] = t1[EMIT];
        stage[COMMIT_NEW * runs + r] = t1[COMMIT_NEW];
        stage[COMMIT_SAME * runs + r] = t2[COMMIT_SAME];
        stage[TOTAL * runs + r] = t1[LOAD_CHECK] + t1[EMIT] + t1[COMMIT_NEW];
    }

    printf("== Generation: %d specs, %d files, every output; %d runs; ms ==\n", n, written,
           runs);
    bench_header();
    bench_stat c = bench_stats(cold, runs), w = bench_stats(warm, runs);
    printf("  hwcgen generate (wall, as a process):\n");
    bench_row("into an empty directory", c, 1e3);
    bench_row("again, every file unchanged", w, 1e3);
    printf("  the stages through pipeline.h (in process):\n");
    for (int k = 0; k < NSTAGES; k++)
        bench_row(stage_name[k], bench_stats(stage + (size_t)k * runs, runs), 1e3);
    double *drawn = stage + (size_t)NSTAGES * runs, *undrawn = drawn + runs;
    const char *skip = NULL;
    snprintf(dir, sizeof dir, "%s/wall-%d", scratch, runs);
    printf("  what bounds the first row:\n");
    if (time_dot(dir, drawn, runs, &skip))
        bench_row("Graphviz's dot alone, the same diagrams", bench_stats(drawn, runs), 1e3);
    else
        printf("  Graphviz's dot alone: skipped (%s)\n", skip);
    if (time_undrawn(cmd, dir, scratch, undrawn, runs) != 0) {
        fprintf(stderr, "bench_generate: %s generate failed with HWCGEN_DOT empty\n", hwcgen);
        return 1;
    }
    bench_row("hwcgen generate, empty directory, none drawn", bench_stats(undrawn, runs), 1e3);
    double worst = c.median > w.median ? c.median : w.median;
    printf("TARGET every spec to every output < 50 ms wall: %s (%.1f ms, the median of the "
           "slower of the two)\n", worst < 0.050 ? "MET" : "MISSED", worst * 1e3);
    free(cmd);
    free(v);
    return 0;
}
