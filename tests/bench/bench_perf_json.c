/* bench_perf_json.c - hwcgen beside Arm's perf_json_generator, turning
 * one telemetry file into perf's JSON.
 *
 *   bench_perf_json HWCGEN PYTHON TELEMETRY_SOLUTION ARM64 SCRATCH
 *
 * TELEMETRY_SOLUTION is a copy of Arm's telemetry-solution repository: its
 * tools/perf_json_generator/generate.py is the peer, run by PYTHON, and its
 * data/pmu/cpu/neoverse/neoverse-v1.json the input of both. The generator
 * edits a perf source tree in place (it adds the core's directory and
 * merges its events into arm64's common-and-microarch.json,
 * recommended.json and mapfile.csv), so each round gives it a fresh tree
 * holding those three files, copied from ARM64 (a kernel's
 * tools/perf/pmu-events/arch/arm64) before the clock starts. In each round,
 * one after the other:
 *   1. PYTHON generate.py TREE --telemetry-files neoverse-v1.json
 *   2. HWCGEN generate -q --outputs perf -o DIR neoverse-v1.json, DIR empty
 * and each must have written the core's metrics.json. Reported: median /
 * min / max milliseconds of wall time and of CPU time over bench_runs()
 * rounds after one untimed warm-up, and how many times faster hwcgen's
 * median is (the target is on wall time; CPU time shows how much of a
 * ratio a busy machine took away).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "bench.h"

#define V1_FILE "data/pmu/cpu/neoverse/neoverse-v1.json"
#define GENERATOR "tools/perf_json_generator/generate.py"
#define TREE_ARM64 "pmu-events/arch/arm64"

/* The files of perf's arm64 directory the generator reads and rewrites. */
static const char *const arm64_files[] = {"common-and-microarch.json", "recommended.json",
                                          "mapfile.csv"};

/* mkdir -p: 0, or -1 with errno set. */
static int make_dirs(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *p = dir + 1;; p++) {
        if (*p && *p != '/')
            continue;
        char was = *p;
        *p = '\0';
        if (mkdir(dir, 0777) != 0 && errno != EEXIST)
            return -1;
        if (!was)
            return 0;
        *p = was;
    }
}

static int copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    char buf[65536];
    size_t n;
    int ok = in && out;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    ok = ok && !ferror(in);
    if (in)
        fclose(in);
    if (out && fclose(out) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

/* A perf tree for round r, holding only what the generator reads, into
 * tree. 0, or -1 after saying why. */
static int fresh_tree(const char *arm64, const char *scratch, int r, char *tree, size_t size)
{
    char dir[4096 + 64], from[4096], to[4096 + 128];
    snprintf(tree, size, "%s/arm-%d", scratch, r + 1);
    snprintf(dir, sizeof dir, "%s/" TREE_ARM64, tree);
    if (make_dirs(dir) != 0) {
        fprintf(stderr, "bench_perf_json: cannot make %s: %s\n", dir, strerror(errno));
        return -1;
    }
    for (size_t i = 0; i < sizeof arm64_files / sizeof arm64_files[0]; i++) {
        snprintf(from, sizeof from, "%s/%s", arm64, arm64_files[i]);
        snprintf(to, sizeof to, "%s/%s", dir, arm64_files[i]);
        if (copy_file(from, to) != 0) {
            fprintf(stderr, "bench_perf_json: cannot copy %s to %s\n", from, to);
            return -1;
        }
    }
    return 0;
}

/* The generator and the V1 file are in ts; else 0 after saying which is not. */
static int has_inputs(const char *ts)
{
    static const char *const need[] = {GENERATOR, V1_FILE};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", ts, need[i]);
        if (access(path, R_OK) != 0) {
            fprintf(stderr, "bench_perf_json: %s: %s (is %s a copy of Arm's "
                    "telemetry-solution repository?)\n", path, strerror(errno), ts);
            return 0;
        }
    }
    return 1;
}

enum { ARM, HWCGEN, NCMDS };

/* Round r: wall and CPU seconds per command into sec and cpu. 0, or -1
 * after saying why. */
static int round_once(char *const *args, int r, double *sec, double *cpu)
{
    const char *hwcgen = args[0], *python = args[1], *ts = args[2], *arm64 = args[3],
               *scratch = args[4];
    char tree[4096], gen[4096], v1[4096], out[4096], made[2][4096 + 64];
    snprintf(gen, sizeof gen, "%s/" GENERATOR, ts);
    snprintf(v1, sizeof v1, "%s/" V1_FILE, ts);
    snprintf(out, sizeof out, "%s/hwcgen-%d", scratch, r + 1);
    if (fresh_tree(arm64, scratch, r, tree, sizeof tree) != 0)
        return -1;
    snprintf(made[ARM], sizeof made[ARM], "%s/" TREE_ARM64 "/arm/neoverse-v1/metrics.json",
             tree);
    snprintf(made[HWCGEN], sizeof made[HWCGEN], "%s/perf/arch/arm64/arm/neoverse-v1/metrics.json",
             out);
    char *arm[] = {(char *)python, gen, tree, "--telemetry-files", v1, NULL};
    char *hw[] = {(char *)hwcgen, "generate", "-q", "--outputs", "perf", "-o", out, v1, NULL};
    if (bench_run_making("bench_perf_json", arm, made[ARM], &sec[ARM], &cpu[ARM]) != 0 ||
        bench_run_making("bench_perf_json", hw, made[HWCGEN], &sec[HWCGEN], &cpu[HWCGEN]) != 0)
        return -1;
    return 0;
}

/* The two commands' rows of one measure; the ratio of their medians. */
static double pair_rows(const char *what, const char *python, double *v, int runs)
{
    char peer[256];
    snprintf(peer, sizeof peer, "%s generate.py --telemetry-files", python);
    return bench_pair_rows(what, peer, "hwcgen generate --outputs perf", v, runs);
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: bench_perf_json HWCGEN PYTHON TELEMETRY_SOLUTION ARM64 SCRATCH\n");
        return 2;
    }
    int runs = bench_runs();
    double *wall = calloc((size_t)runs * NCMDS * 2, sizeof *wall), *cpu = wall + runs * NCMDS;
    if (!wall || !has_inputs(argv[3]) || make_dirs(argv[5]) != 0)
        return 1;
    for (int r = -1; r < runs; r++) { /* r = -1: warm-up, not kept */
        double sec[NCMDS], used[NCMDS];
        if (round_once(argv + 1, r, sec, used) != 0)
            return 1;
        for (int k = 0; r >= 0 && k < NCMDS; k++) {
            wall[(size_t)k * runs + r] = sec[k];
            cpu[(size_t)k * runs + r] = used[k];
        }
    }
    printf("== Neoverse V1 (%s/" V1_FILE ") to perf JSON, beside Arm's perf_json_generator: "
           "%d rounds; ms ==\n", argv[3], runs);
    bench_header();
    double ratio = pair_rows("wall time", argv[2], wall, runs);
    double cpu_ratio = pair_rows("CPU time (user + system)", argv[2], cpu, runs);
    printf("TARGET hwcgen at least 20x faster than perf_json_generator: %s (%.1fx the median "
           "wall time; %.1fx the CPU time)\n", ratio >= 20 ? "MET" : "MISSED", ratio, cpu_ratio);
    free(wall);
    return 0;
}
