/* bench.h - timing helpers shared by the benchmark programs (header-only).
 *
 * Benchmarks report, they never assert: every program prints median, min
 * and max over repeated runs and a verdict per target, and exits 0 unless
 * it could not run at all (or, for the evaluators, the results disagree).
 */
#ifndef HWCGEN_BENCH_H
#define HWCGEN_BENCH_H


#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Runs per number: BENCH_RUNS, default 21. */
static inline int bench_runs(void)
{
    const char *s = getenv("BENCH_RUNS");
    int n = s ? atoi(s) : 21;
    return n < 1 ? 21 : n;
}

static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct bench_stat {
    double median, min, max;
} bench_stat;

static int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median (mean of the middle two for even n), min and max; sorts v. */
static inline bench_stat bench_stats(double *v, int n)
{
    bench_stat s = {0, 0, 0};
    if (n <= 0)
        return s;
    qsort(v, (size_t)n, sizeof *v, bench_cmp);
    s.min = v[0];
    s.max = v[n - 1];
    s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return s;
}

/* One row: label, then median / min / max of `s` times `scale`. */
static inline void bench_row(const char *what, bench_stat s, double scale)
{
    printf("  %-48s %9.2f %9.2f %9.2f\n", what, s.median * scale, s.min * scale,
           s.max * scale);
}

static inline void bench_header(void)
{
    printf("  %-48s %9s %9s %9s\n", "", "median", "min", "max");
}

/* CPU seconds (user and system) of the children waited for so far. */
static inline double bench_children_cpu(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
        return 0;
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

/* Run argv (looked up on PATH when its name has no '/') and wait for it;
 * its exit status, or -1 if it could not run or was killed. Its stdout
 * and stderr are kept, or go to /dev/null when `quiet` (a peer's warnings
 * are not the benchmark's). *seconds: wall time; *cpu, unless cpu is
 * NULL: its CPU time, which a busy machine inflates less. */
static inline int bench_exec(char *const argv[], int quiet, double *seconds, double *cpu)
{
    fflush(NULL); /* else a child's freopen writes our buffered rows again */
    double c0 = bench_children_cpu(), t0 = bench_now();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (quiet && (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)))
            _exit(127);
        execvp(argv[0], argv);
        fprintf(stderr, "bench: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    *seconds = bench_now() - t0;
    if (cpu)
        *cpu = bench_children_cpu() - c0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Run argv with its output thrown away (its own warnings are not the
 * benchmark's), waiting with wait4 for its peak memory: its exit status,
 * or -1. *seconds: wall time; *kib: its peak resident set. */
static inline int bench_measured(char *const argv[], double *seconds, long *kib)
{
    fflush(NULL);
    double t0 = bench_now();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR)
            return -1;
    *seconds = bench_now() - t0;
    *kib = ru.ru_maxrss;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Run argv quietly, as bench_exec, and check that it wrote `product`
 * (removed first, so an old copy does not count). 0, or -1 after saying
 * how to see why (`who` names the benchmark). */
static inline int bench_run_making(const char *who, char *const argv[], const char *product,
                                   double *seconds, double *cpu)
{
    struct stat st;
    remove(product);
    int rc = bench_exec(argv, 1, seconds, cpu);
    if (rc == 0 && stat(product, &st) == 0)
        return 0;
    fprintf(stderr, "%s: %s %s (exit %d); run it by hand to see why:\n ", who, argv[0],
            rc == 0 ? "did not write" : "failed", rc);
    if (rc == 0)
        fprintf(stderr, "%s\n ", product);
    for (int i = 0; argv[i]; i++)
        fprintf(stderr, " %s", argv[i]);
    fputc('\n', stderr);
    return -1;
}

/* A peer's and hwcgen's rows of one measure: v holds `runs` values of
 * the peer's command, then as many of hwcgen's. The ratio of their
 * medians (how many times faster hwcgen is). */
static inline double bench_pair_rows(const char *what, const char *peer, const char *ours,
                                     double *v, int runs)
{
    printf("  %s:\n", what);
    bench_stat them = bench_stats(v, runs), us = bench_stats(v + runs, runs);
    bench_row(peer, them, 1e3);
    bench_row(ours, us, 1e3);
    return them.median / us.median;
}

/* bench_exec with stdout and stderr kept. */
static inline int bench_spawn(char *const argv[], double *seconds)
{
    return bench_exec(argv, 0, seconds, NULL);
}

#endif
