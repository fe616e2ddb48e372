/* cmd_perf_merge.c - `hwcgen perf-merge` (cmd_perf_merge.h). */
#include "cmd/cmd_perf_merge.h"

#include <stdio.h>
#include <sys/stat.h>

#include "merge/merge_perf.h"
#include "run/pipeline.h"

static const cmd_option options[] = {
    {"dry-run", 0, NULL, 0, NULL},
};

static int run_perf_merge(const cmd_context *c, int argc, char **argv)
{
    if (argc < 2)
        return cmd_usage_error("perf-merge: %s", argc ? "no SPEC given" : "no TREE given");
    struct stat st;
    if (stat(argv[0], &st) != 0 || !S_ISDIR(st.st_mode))
        return cmd_usage_error("perf-merge: TREE '%s' is not a directory", argv[0]);
    int dry_run = cmd_flag(c->args, "dry-run");
    hw_run run;
    run_init(&run, c->d);
    hw_buf report;
    buf_init(&report);
    perf_merge_opts opts = {dry_run, &report};
    int ok = run_load_check(&run, argv + 1, argc - 1) == 0 &&
             perf_merge(argv[0], run.targets, run.plans, run.ntargets, &opts, c->d) == 0;
    if (ok && report.data && (dry_run || !c->quiet))
        fputs(report.data, stdout);
    if (ok && dry_run)
        printf("(dry run: nothing written to %s)\n", argv[0]);
    else if (!ok)
        fprintf(stderr, "hwcgen: perf-merge into %s failed (%d error%s)\n", argv[0],
                c->d->errors, c->d->errors == 1 ? "" : "s");
    buf_free(&report);
    run_free(&run);
    return ok ? 0 : EXIT_SPEC;
}

const cmd_command cmd_perf_merge = {
    "perf-merge",
    "[--dry-run] TREE SPEC...",
    "merge each CPU's perf events and metrics\n"
    "into a kernel's tools/perf/pmu-events",
    "Merge each CPU SPEC into TREE, a kernel's tools/perf/pmu-events\n"
    "directory, as an upstream patch would: the CPU's JSON replaces the JSON\n"
    "of the directory arch/arm64/mapfile.csv gives its MIDR (a JSON file it\n"
    "does not write there is removed); a directory the mapfile gives other\n"
    "CPUs too stays theirs, and the CPU gets VENDOR/SLUG and only its row\n"
    "moves there; a CPU the mapfile lacks gets a row. No other row or file\n"
    "changes, and merging again changes nothing. Events the tree's standard\n"
    "lists define are written as ArchStdEvent references; metrics carry\n"
    "their own formulas. Prints each change (mapfile rows, files added,\n"
    "replaced or removed); with --dry-run only prints them. Every file is\n"
    "staged before any is renamed into place: after a failure TREE is as\n"
    "it was.\n",
    options, sizeof options / sizeof options[0], 0, NULL,
    run_perf_merge,
};
