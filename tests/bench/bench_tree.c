/* bench_tree.c - hwcgen on perf's whole events tree, beside jevents.py.
 *
 *   bench_tree HWCGEN PMU_EVENTS SCRATCH
 *
 * PMU_EVENTS is a kernel's tools/perf/pmu-events (jevents.py and arch/).
 * In each round, in one process tree and one after another:
 *   1. jevents.py turns arch/x86, then arch/arm64, into C tables (perf's
 *      own build step; the two times are added);
 *   2. hwcgen reads the same two arches and writes perf JSON and C headers
 *      (`generate --outputs perf,c`) into an empty directory;
 *   3. hwcgen reads the whole tree (every arch) and writes every output,
 *      docs included, into an empty directory.
 * Reported: median / min / max seconds over bench_runs() rounds (default
 * 5 here: one jevents round takes seconds), the ratio of 2 to 1, and the
 * peak resident memory of each command (wait4's ru_maxrss).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "bench.h"

enum { JEVENTS, HW_PERF_C, HW_ALL, NCMDS };

static const char *const label[NCMDS] = {
    "jevents.py x86 + arm64 -> pmu-events.c", "hwcgen x86 + arm64 -> perf, c",
    "hwcgen every arch -> every output"};

/* One round: seconds and peak KiB per command. 0, or -1 after saying which
 * command failed. */
static int round_once(const char *hwcgen, const char *pe, const char *scratch, int r,
                      double *sec, long *kib)
{
    char script[4096], arch[4096], x86[4096], arm64[4096], out[4096], dir1[4096], dir2[4096];
    snprintf(script, sizeof script, "%s/jevents.py", pe);
    snprintf(arch, sizeof arch, "%s/arch", pe);
    snprintf(x86, sizeof x86, "%s/arch/x86", pe);
    snprintf(arm64, sizeof arm64, "%s/arch/arm64", pe);
    snprintf(out, sizeof out, "%s/pmu-events-%d.c", scratch, r);
    snprintf(dir1, sizeof dir1, "%s/perf-c-%d", scratch, r);
    snprintf(dir2, sizeof dir2, "%s/all-%d", scratch, r);
    char *jx[] = {"python3", script, "x86", "all", arch, out, NULL};
    char *ja[] = {"python3", script, "arm64", "all", arch, out, NULL};
    char *h1[] = {(char *)hwcgen, "generate", "-q", "--outputs", "perf,c", "-o", dir1,
                  x86, arm64, NULL};
    char *h2[] = {(char *)hwcgen, "generate", "-q", "-o", dir2, arch, NULL};
    double s1 = 0, s2 = 0;
    long k1 = 0, k2 = 0;
    if (bench_measured(jx, &s1, &k1) != 0 || bench_measured(ja, &s2, &k2) != 0) {
        fprintf(stderr, "bench_tree: jevents.py failed\n");
        return -1;
    }
    sec[JEVENTS] = s1 + s2;
    kib[JEVENTS] = k1 > k2 ? k1 : k2;
    if (bench_measured(h1, &sec[HW_PERF_C], &kib[HW_PERF_C]) != 0 ||
        bench_measured(h2, &sec[HW_ALL], &kib[HW_ALL]) != 0) {
        fprintf(stderr, "bench_tree: %s generate failed\n", hwcgen);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: bench_tree HWCGEN PMU_EVENTS SCRATCH\n");
        return 2;
    }
    const char *s = getenv("BENCH_RUNS");
    int runs = s && atoi(s) > 0 ? atoi(s) : 5;
    double *v = calloc((size_t)runs * NCMDS, sizeof *v);
    long peak[NCMDS] = {0};
    if (!v)
        return 1;
    mkdir(argv[3], 0777);
    for (int r = 0; r < runs; r++) {
        double sec[NCMDS];
        long kib[NCMDS];
        if (round_once(argv[1], argv[2], argv[3], r, sec, kib) != 0)
            return 1;
        for (int k = 0; k < NCMDS; k++) {
            v[(size_t)k * runs + r] = sec[k];
            peak[k] = kib[k] > peak[k] ? kib[k] : peak[k];
        }
    }
    printf("== perf's events tree (%s): %d rounds; seconds, peak MiB ==\n", argv[2], runs);
    printf("  %-48s %9s %9s %9s %9s\n", "", "median", "min", "max", "peak MiB");
    bench_stat st[NCMDS];
    for (int k = 0; k < NCMDS; k++) {
        st[k] = bench_stats(v + (size_t)k * runs, runs);
        printf("  %-48s %9.3f %9.3f %9.3f %9.1f\n", label[k], st[k].median, st[k].min,
               st[k].max, (double)peak[k] / 1024);
    }
    double ratio = st[HW_PERF_C].median / st[JEVENTS].median;
    printf("TARGET hwcgen x86+arm64 perf,c < 1/10 of jevents.py: %s (ratio %.3f)\n",
           ratio < 0.1 ? "MET" : "MISSED", ratio);
    printf("TARGET whole tree to every output < 3 s: %s (%.2f s)\n",
           st[HW_ALL].median < 3 ? "MET" : "MISSED", st[HW_ALL].median);
    long most = peak[HW_PERF_C] > peak[HW_ALL] ? peak[HW_PERF_C] : peak[HW_ALL];
    printf("TARGET peak memory < 500 MB: %s (%.1f MB)\n",
           most * 1024.0 < 500e6 ? "MET" : "MISSED", most * 1024.0 / 1e6);
    free(v);
    return 0;
}
