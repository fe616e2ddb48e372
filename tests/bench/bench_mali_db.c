/* bench_mali_db.c - hwcgen on Arm's whole Mali counter database.
 *
 *   bench_mali_db HWCGEN DATABASE SCRATCH
 *
 * DATABASE is libGPUCounters' specification/database (or a checkout of
 * libGPUCounters). Each round runs `HWCGEN generate -q -o DIR DATABASE`
 * into an empty DIR: every GPU of the database to every output. Reported:
 * median / min / max seconds over bench_runs() rounds (default 11 here),
 * the files one run writes and the run's peak resident memory (wait4's
 * ru_maxrss). The target is under 1 s on the project's 2-core machine.
 */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "bench.h"

static int nfiles;

static int count_file(const char *path, const struct stat *st, int type, struct FTW *f)
{
    (void)path, (void)st, (void)f;
    nfiles += type == FTW_F;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: bench_mali_db HWCGEN DATABASE SCRATCH\n");
        return 2;
    }
    const char *s = getenv("BENCH_RUNS");
    int runs = s && atoi(s) > 0 ? atoi(s) : 11;
    double *v = calloc((size_t)runs, sizeof *v);
    long peak = 0;
    if (!v)
        return 1;
    mkdir(argv[3], 0777);
    for (int r = 0; r < runs; r++) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/db-%d", argv[3], r);
        char *cmd[] = {argv[1], "generate", "-q", "-o", dir, argv[2], NULL};
        long kib = 0;
        if (bench_measured(cmd, &v[r], &kib) != 0) {
            fprintf(stderr, "bench_mali_db: %s generate -o %s %s failed\n", argv[1], dir,
                    argv[2]);
            return 1;
        }
        peak = kib > peak ? kib : peak;
        if (r == 0 && nftw(dir, count_file, 16, FTW_PHYS) != 0)
            return 1;
    }
    bench_stat st = bench_stats(v, runs);
    printf("== Arm's Mali counter database (%s): %d rounds; seconds ==\n", argv[2], runs);
    bench_header();
    bench_row("hwcgen every GPU -> every output", st, 1);
    printf("  %d files per run, peak %.1f MB\n", nfiles, peak * 1024.0 / 1e6);
    printf("TARGET whole database to every output < 1 s: %s (%.3f s)\n",
           st.median < 1 ? "MET" : "MISSED", st.median);
    free(v);
    return 0;
}
