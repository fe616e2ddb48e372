/* bench_scale.c - does `hwcgen generate` cost grow linearly with spec size?
 *
 *   bench_scale HWCGEN SYNTH SCRATCH SVG
 *
 * Writes synthetic telemetry specs of 10x, 100x and 1000x Neoverse V1 with
 * SYNTH (synth.c), times `HWCGEN generate -q -o DIR SPEC` on each
 * (bench_runs() runs after one warm-up) and takes each run's peak RSS from
 * wait4(). Prints time per event and a verdict per target, and draws
 * SVG: total time (log-log) and time per event against spec size.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>

#include "bench.h"

enum { NSCALES = 3 };
/* hwcgen runs capped at this much address space: the 300 MB target with a
 * wide margin, yet far from taking a shared 2-core machine down. */
enum { AS_LIMIT_GIB = 4 };
#define AS_LIMIT ((size_t)AS_LIMIT_GIB << 30)
enum { CPU_LIMIT_S = 120 }; /* per run: 60x the 2 s target */
static const int scales[NSCALES] = {10, 100, 1000};

typedef struct result {
    int scale, events, metrics;
    long bytes;
    bench_stat secs;
    double user_s, sys_s; /* medians: CPU time in hwcgen and in the kernel */
    long rss_max_kb;
    double us_per_event; /* median */
} result;

/* ---- chart ----------------------------------------------------------------- */

typedef struct panel {
    double x0, y0, w, h;      /* plot area in px */
    double xmin, xmax;        /* log10 of events */
    double ymin, ymax;        /* value range (log10 when ylog) */
    int ylog;
} panel;

static double px(const panel *p, double events)
{
    return p->x0 + (log10(events) - p->xmin) / (p->xmax - p->xmin) * p->w;
}

static double py(const panel *p, double v)
{
    double y = p->ylog ? log10(v) : v;
    return p->y0 + p->h - (y - p->ymin) / (p->ymax - p->ymin) * p->h;
}

static void axes(FILE *f, const panel *p, const char *title, const char *ylabel)
{
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
               "fill=\"none\" stroke=\"#888\"/>\n", p->x0, p->y0, p->w, p->h);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-weight=\"bold\">%s</text>\n",
            p->x0 + p->w / 2, p->y0 - 10, title);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
               "transform=\"rotate(-90 %.1f %.1f)\">%s</text>\n",
            p->x0 - 48, p->y0 + p->h / 2, p->x0 - 48, p->y0 + p->h / 2, ylabel);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">events in spec (log)</text>\n",
            p->x0 + p->w / 2, p->y0 + p->h + 34);
    for (double e = ceil(p->xmin); e <= p->xmax + 1e-9; e++) {
        double x = p->x0 + (e - p->xmin) / (p->xmax - p->xmin) * p->w;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
                x, p->y0, x, p->y0 + p->h);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">1e%d</text>\n", x,
                p->y0 + p->h + 16, (int)e);
    }
    for (int k = 0; k <= 4; k++) {
        double yv = p->ymin + (p->ymax - p->ymin) * k / 4;
        double y = p->y0 + p->h - p->h * k / 4;
        double label = p->ylog ? pow(10, yv) : yv;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
                p->x0, y, p->x0 + p->w, y);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n", p->x0 - 6,
                y + 4, label);
    }
}

static void series(FILE *f, const panel *p, const result *r, int n, const double *mid,
                   const double *lo, const double *hi, const char *color)
{
    fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", color);
    for (int i = 0; i < n; i++)
        fprintf(f, "%.1f,%.1f ", px(p, r[i].events), py(p, mid[i]));
    fprintf(f, "\"/>\n");
    for (int i = 0; i < n; i++) {
        double x = px(p, r[i].events);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x,
                py(p, lo[i]), x, py(p, hi[i]), color);
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n", x, py(p, mid[i]),
                color);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">%dx</text>\n", x + 6,
                py(p, mid[i]) - 6, r[i].scale);
    }
}

static void range(const double *v, int n, double *lo, double *hi)
{
    *lo = v[0], *hi = v[0];
    for (int i = 1; i < n; i++) {
        *lo = v[i] < *lo ? v[i] : *lo;
        *hi = v[i] > *hi ? v[i] : *hi;
    }
}

static int write_svg(const char *path, const result *r, int n)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    double ms[NSCALES], ms_lo[NSCALES], ms_hi[NSCALES];
    double us[NSCALES], us_lo[NSCALES], us_hi[NSCALES], kb[NSCALES];
    for (int i = 0; i < n; i++) {
        ms[i] = r[i].secs.median * 1e3, ms_lo[i] = r[i].secs.min * 1e3,
        ms_hi[i] = r[i].secs.max * 1e3;
        us[i] = r[i].secs.median * 1e6 / r[i].events;
        us_lo[i] = r[i].secs.min * 1e6 / r[i].events;
        us_hi[i] = r[i].secs.max * 1e6 / r[i].events;
        kb[i] = (double)r[i].rss_max_kb / r[i].events;
    }
    double xmin = floor(log10(r[0].events)), xmax = ceil(log10(r[n - 1].events));
    double lo, hi, lo2, hi2;
    range(ms_lo, n, &lo, &hi);
    range(ms_hi, n, &lo2, &hi2);
    panel a = {80, 50, 320, 240, xmin, xmax, floor(log10(lo)), ceil(log10(hi2)), 1};
    if (a.ymax <= a.ymin)
        a.ymax = a.ymin + 1;
    range(us_hi, n, &lo, &hi);
    panel b = {520, 50, 320, 240, xmin, xmax, 0, hi * 1.2, 0};
    if (b.ymax <= 0)
        b.ymax = 1;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"400\" "
               "font-family=\"sans-serif\" font-size=\"12\">\n"
               "<rect width=\"900\" height=\"400\" fill=\"white\"/>\n");
    axes(f, &a, "hwcgen generate: wall time", "ms (log)");
    series(f, &a, r, n, ms, ms_lo, ms_hi, "#1f77b4");
    axes(f, &b, "time per event (flat = linear cost)", "microseconds per event");
    series(f, &b, r, n, us, us_lo, us_hi, "#d62728");
    fprintf(f, "<text x=\"80\" y=\"385\" font-size=\"11\">Synthetic telemetry specs of 10x, "
               "100x, 1000x Neoverse V1; dot = median, bar = min..max. Peak RSS per event: ");
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%dx %.2f KiB", i ? ", " : "", r[i].scale, kb[i]);
    fprintf(f, ".</text>\n</svg>\n");
    return fclose(f) == 0 ? 0 : -1;
}

/* ---- measuring ------------------------------------------------------------- */

/* Evaluator functions in the generated metrics header: one per metric when
 * the run was complete. (A run that lost allocations must not pass for a
 * fast one.) -1 when the header is missing. */
static long count_evaluators(const char *out, int scale)
{
    char path[4200], line[4096], prefix[64];
    snprintf(path, sizeof path, "%s/include/hwcgen/synth_%dx_metrics.h", out, scale);
    snprintf(prefix, sizeof prefix, "static inline double synth_%dx_", scale);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    long n = 0;
    size_t plen = strlen(prefix);
    while (fgets(line, sizeof line, f))
        n += strncmp(line, prefix, plen) == 0;
    fclose(f);
    return n;
}

/* The file system under the scratch directory: creating thousands of
 * files (perf topics) costs very differently on ext4, tmpfs or overlayfs. */
static const char *fs_name(const char *dir)
{
    struct statfs fs;
    if (statfs(dir, &fs) != 0)
        return "unknown";
    switch ((unsigned long)fs.f_type) {
    case 0xEF53UL:
        return "ext4";
    case 0x01021994UL:
        return "tmpfs";
    case 0x794C7630UL:
        return "overlayfs";
    case 0x9123683EUL:
        return "btrfs";
    case 0x58465342UL:
        return "xfs";
    default:
        return "other";
    }
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* The largest spec again in one thread (`generate -j 1`), for comparison
 * with the default (the docs in a thread of their own on two CPUs). */
static void jobs_one(const char *hwcgen, const char *scratch, int scale, int runs)
{
    char spec[4096], out[4096];
    snprintf(spec, sizeof spec, "%s/synth-%dx.json", scratch, scale);
    snprintf(out, sizeof out, "%s/out-%dx-j1", scratch, scale);
    char *run_argv[] = {(char *)hwcgen, "generate", "-q", "-j", "1", "-o", out, spec, NULL};
    double *secs = calloc((size_t)runs, sizeof *secs);
    long peak = 0;
    int n = 0;
    for (int i = -1; secs && i < runs; i++) {
        double t;
        bench_usage use;
        if (bench_spawn(run_argv, &t, &use, AS_LIMIT, CPU_LIMIT_S) != 0)
            break;
        if (i >= 0) {
            secs[n++] = t;
            peak = use.maxrss_kb > peak ? use.maxrss_kb : peak;
        }
    }
    if (n == runs) {
        bench_stat st = bench_stats(secs, n);
        printf("  %5dx with -j 1: %.1f ms median (min %.1f, max %.1f), peak RSS %.1f MiB = "
               "%.1f MB\n", scale, st.median * 1e3, st.min * 1e3, st.max * 1e3,
               (double)peak / 1024, peak * 1024.0 / 1e6);
    } else {
        printf("  %5dx with -j 1: FAILED\n", scale);
    }
    free(secs);
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: bench_scale HWCGEN SYNTH SCRATCH SVG\n");
        return 2;
    }
    const char *hwcgen = argv[1], *synth = argv[2], *scratch = argv[3], *svg = argv[4];
    int runs = bench_runs();
    mkdir(scratch, 0777);
    result r[NSCALES];
    printf("== 3. Scaling: synthetic specs, %d runs each (after one warm-up), output on %s ==\n",
           runs, fs_name(scratch));
    printf("  %-6s %8s %8s %9s %10s %10s %10s %9s %9s %12s %10s\n", "scale", "events",
           "metrics", "spec MiB", "median ms", "min ms", "max ms", "user ms", "sys ms",
           "us per event", "peak RSS");
    double *secs = calloc((size_t)runs, sizeof *secs);
    double *user = calloc((size_t)runs, sizeof *user);
    double *sys = calloc((size_t)runs, sizeof *sys);
    if (!secs || !user || !sys)
        return 1;
    int done = 0; /* scales measured; a failed run ends the series */
    for (int k = 0; k < NSCALES && done == k; k++) {
        char spec[4096], out[4096], num[16];
        snprintf(spec, sizeof spec, "%s/synth-%dx.json", scratch, scales[k]);
        snprintf(out, sizeof out, "%s/out-%dx", scratch, scales[k]);
        snprintf(num, sizeof num, "%d", scales[k]);
        char *gen_argv[] = {(char *)synth, num, spec, NULL};
        if (bench_spawn(gen_argv, NULL, NULL, 0, 0) != 0) {
            fprintf(stderr, "bench_scale: %s failed\n", synth);
            return 1;
        }
        char *run_argv[] = {(char *)hwcgen, "generate", "-q", "-o", out, spec, NULL};
        long peak = 0;
        int n = runs, failed = 0;
        for (int i = -1; i < n && !failed; i++) {
            double s;
            bench_usage use;
            if (bench_spawn(run_argv, &s, &use, AS_LIMIT, CPU_LIMIT_S) != 0) {
                printf("  %5dx: hwcgen generate FAILED (see its message above; address "
                       "space capped at %d GiB, CPU time at %d s)\n", scales[k], AS_LIMIT_GIB,
                       CPU_LIMIT_S);
                failed = 1;
                break;
            }
            if (i >= 0) {
                secs[i] = s, user[i] = use.user_s, sys[i] = use.sys_s;
                peak = use.maxrss_kb > peak ? use.maxrss_kb : peak;
            } else if (s > 10.0 && runs > 3) {
                n = 3; /* far off target: do not spend minutes proving it */
                printf("  (%dx: warm-up took %.1f s; timing 3 runs, not %d)\n", scales[k], s,
                       runs);
            }
        }
        long nfn = failed ? 0 : count_evaluators(out, scales[k]);
        if (!failed && nfn != 36L * scales[k]) {
            printf("  %5dx: output INCOMPLETE: %ld evaluators for %d metrics (hwcgen "
                   "exited 0)\n", scales[k], nfn, 36 * scales[k]);
            failed = 1;
        }
        if (failed)
            break;
        done++;
        r[k].scale = scales[k];
        r[k].events = 132 * scales[k];
        r[k].metrics = 36 * scales[k];
        r[k].bytes = file_size(spec);
        r[k].secs = bench_stats(secs, n);
        r[k].user_s = bench_stats(user, n).median;
        r[k].sys_s = bench_stats(sys, n).median;
        r[k].rss_max_kb = peak;
        r[k].us_per_event = r[k].secs.median * 1e6 / r[k].events;
        printf("  %5dx %8d %8d %9.1f %10.1f %10.1f %10.1f %9.1f %9.1f %12.2f %7.1f MiB\n",
               r[k].scale, r[k].events, r[k].metrics, (double)r[k].bytes / (1 << 20),
               r[k].secs.median * 1e3, r[k].secs.min * 1e3, r[k].secs.max * 1e3,
               r[k].user_s * 1e3, r[k].sys_s * 1e3, r[k].us_per_event,
               (double)r[k].rss_max_kb / 1024);
        fflush(stdout);
    }
    free(secs);
    free(user);
    free(sys);
    if (done < 2) {
        printf("TARGET 1000x synthetic spec < 2 s: MISSED (did not complete)\n"
               "TARGET 1000x synthetic spec < 300 MB peak: MISSED (did not complete)\n"
               "TARGET time per event flat from 10x to 1000x: MISSED (did not complete)\n");
        return 0;
    }
    const result *big = &r[done - 1];
    double flat = big->us_per_event / r[0].us_per_event;
    printf("  time per event, %dx relative to %dx: %.2fx; peak RSS per event: %.2f KiB "
           "(%dx) vs %.2f KiB (%dx)\n", big->scale, r[0].scale, flat,
           (double)big->rss_max_kb / big->events, big->scale,
           (double)r[0].rss_max_kb / r[0].events, r[0].scale);
    if (write_svg(svg, r, done) == 0)
        printf("  chart: %s\n", svg);
    else
        fprintf(stderr, "bench_scale: cannot write %s\n", svg);
    int all = done == NSCALES;
    jobs_one(hwcgen, scratch, big->scale, runs);
    printf("TARGET 1000x synthetic spec < 2 s: %s (%.2f s median%s)\n",
           all && big->secs.median < 2.0 ? "MET" : "MISSED", big->secs.median,
           all ? "" : "; 1000x did not complete, this is the largest that did");
    printf("TARGET 1000x synthetic spec < 300 MB peak: %s (%.1f MB)\n",
           all && big->rss_max_kb * 1024.0 < 300e6 ? "MET" : "MISSED",
           big->rss_max_kb * 1024.0 / 1e6);
    /* "flat": within 1.5x from 10x to 1000x; fixed start-up cost makes the
     * smallest spec look dearer per event, so only growth counts against it. */
    printf("TARGET time per event flat from 10x to 1000x: %s (%.2f us -> %.2f us per event, "
           "%.2fx)\n", all && flat <= 1.5 ? "MET" : "MISSED", r[0].us_per_event, big->us_per_event,
           flat);
    return 0;
}
