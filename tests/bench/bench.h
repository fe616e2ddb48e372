/* bench.h - timing helpers shared by the benchmark programs (header-only).
 *
 * Benchmarks report, they never assert: every program prints median, min
 * and max over repeated runs and a verdict per target, and exits 0 unless
 * it could not run at all.
 */
#ifndef HWCGEN_BENCH_H
#define HWCGEN_BENCH_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* At least 20 runs per number, as the issue asks; BENCH_RUNS overrides. */
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

/* What a child used: its peak RSS and its CPU time in user space and in the
 * kernel (page faults, file creation), which wall time alone mixes. */
typedef struct bench_usage {
    long maxrss_kb;
    double user_s, sys_s;
} bench_usage;

/* Run argv (stdout and stderr kept), wait for it; wall seconds and what the
 * child used (either may be NULL). Non-zero limits cap the child's address space
 * (bytes) and CPU time (seconds), so a runaway run fails on its own
 * instead of taking a shared machine's memory or the bench's time.
 * Returns its exit status, or -1 (also when killed by a limit). */
static inline int bench_spawn(char *const argv[], double *seconds, bench_usage *use,
                              size_t as_limit, int cpu_limit)
{
    double t0 = bench_now();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (as_limit) {
            struct rlimit rl = {(rlim_t)as_limit, (rlim_t)as_limit};
            setrlimit(RLIMIT_AS, &rl);
        }
        if (cpu_limit > 0) {
            struct rlimit rl = {(rlim_t)cpu_limit, (rlim_t)cpu_limit};
            setrlimit(RLIMIT_CPU, &rl);
        }
        execv(argv[0], argv);
        fprintf(stderr, "bench: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR)
            return -1;
    if (seconds)
        *seconds = bench_now() - t0;
    if (use) {
        use->maxrss_kb = ru.ru_maxrss;
        use->user_s = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6;
        use->sys_s = (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

#endif
