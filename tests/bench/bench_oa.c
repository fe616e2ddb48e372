/* bench_oa.c - hwcgen beside Mesa's gen_perf.py, turning Intel's OA metric
 * XML (Mesa's src/intel/perf/oa-*.xml, every file of the directory) into C.
 *
 *   bench_oa HWCGEN PYTHON MESA_PERF SCRATCH
 *
 * MESA_PERF is Mesa's src/intel/perf (make mesa-src: Debian's mesa 25.0.7),
 * holding gen_perf.py and the oa-*.xml files, the input of both. In each
 * round, one after the other:
 *   1. PYTHON gen_perf.py --header H --code C oa-*.xml (Mesa's build runs
 *      it so, on every file at once)
 *   2. HWCGEN generate -q --outputs c -o DIR MESA_PERF, DIR empty
 * and each must have written its output (gen_perf.py's C file; hwcgen's
 * manifest). Reported: median / min / max milliseconds of wall time and
 * of CPU time over bench_runs() rounds after one untimed warm-up, and how
 * many times faster hwcgen's median is (the target: 10 times, on wall
 * time; CPU time shows how much of a ratio a busy machine took away).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"

enum { MAX_FILES = 64 };

/* The oa-*.xml files of dir, sorted as the shell's glob sorts them (in the
 * C locale), into files; their number, or -1 after saying why. */
static int oa_files(const char *dir, char **files)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "bench_oa: %s: %s\n", dir, strerror(errno));
        return -1;
    }
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, "oa-", 3) != 0 || len < 8 ||
            strcmp(e->d_name + len - 4, ".xml") != 0 || n == MAX_FILES)
            continue;
        files[n] = malloc(strlen(dir) + len + 2);
        if (!files[n])
            break;
        sprintf(files[n++], "%s/%s", dir, e->d_name);
    }
    closedir(d);
    for (int i = 1; i < n; i++) /* a few dozen names: insertion sort */
        for (int k = i; k > 0 && strcmp(files[k - 1], files[k]) > 0; k--) {
            char *t = files[k];
            files[k] = files[k - 1];
            files[k - 1] = t;
        }
    if (n == 0)
        fprintf(stderr, "bench_oa: no oa-*.xml in %s\n", dir);
    return n > 0 ? n : -1;
}

enum { MESA, HWCGEN, NCMDS };

/* Round r: wall and CPU seconds per command. 0, or -1 after saying why. */
static int round_once(char *const *args, char **files, int nfiles, int r, double *sec,
                      double *cpu)
{
    const char *hwcgen = args[0], *python = args[1], *mesa = args[2], *scratch = args[3];
    char gen[4096], h[4096], c[4096], out[4096], manifest[4096 + 64];
    snprintf(gen, sizeof gen, "%s/gen_perf.py", mesa);
    snprintf(h, sizeof h, "%s/mesa-%d.h", scratch, r + 1);
    snprintf(c, sizeof c, "%s/mesa-%d.c", scratch, r + 1);
    snprintf(out, sizeof out, "%s/hwcgen-%d", scratch, r + 1);
    snprintf(manifest, sizeof manifest, "%s/hwcgen-manifest.json", out);
    char *py[6 + MAX_FILES] = {(char *)python, gen, "--header", h, "--code", c};
    for (int i = 0; i < nfiles; i++)
        py[6 + i] = files[i];
    py[6 + nfiles] = NULL;
    char *hw[] = {(char *)hwcgen, "generate", "-q", "--outputs", "c", "-o", out, (char *)mesa,
                  NULL};
    if (bench_run_making("bench_oa", py, c, &sec[MESA], &cpu[MESA]) != 0 ||
        bench_run_making("bench_oa", hw, manifest, &sec[HWCGEN], &cpu[HWCGEN]) != 0)
        return -1;
    return 0;
}

/* The two commands' rows of one measure; the ratio of their medians. */
static double pair_rows(const char *what, const char *python, double *v, int runs)
{
    char peer[256];
    snprintf(peer, sizeof peer, "%s gen_perf.py", python);
    return bench_pair_rows(what, peer, "hwcgen generate --outputs c", v, runs);
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: bench_oa HWCGEN PYTHON MESA_PERF SCRATCH\n");
        return 2;
    }
    char *files[MAX_FILES];
    int nfiles = oa_files(argv[3], files);
    int runs = bench_runs();
    double *wall = calloc((size_t)runs * NCMDS * 2, sizeof *wall), *cpu = wall + runs * NCMDS;
    if (nfiles < 0 || !wall || mkdir(argv[4], 0777) != 0)
        return 1;
    for (int r = -1; r < runs; r++) { /* r = -1: warm-up, not kept */
        double sec[NCMDS], used[NCMDS];
        if (round_once(argv + 1, files, nfiles, r, sec, used) != 0)
            return 1;
        for (int k = 0; r >= 0 && k < NCMDS; k++) {
            wall[(size_t)k * runs + r] = sec[k];
            cpu[(size_t)k * runs + r] = used[k];
        }
    }
    printf("== Intel OA: Mesa's %d oa-*.xml (%s) to C, beside gen_perf.py: %d rounds; ms ==\n",
           nfiles, argv[3], runs);
    bench_header();
    double ratio = pair_rows("wall time", argv[2], wall, runs);
    double cpu_ratio = pair_rows("CPU time (user + system)", argv[2], cpu, runs);
    printf("TARGET hwcgen at least 10x faster than gen_perf.py: %s (%.1fx the median wall "
           "time; %.1fx the CPU time)\n", ratio >= 10 ? "MET" : "MISSED", ratio, cpu_ratio);
    for (int i = 0; i < nfiles; i++)
        free(files[i]);
    free(wall);
    return 0;
}
