/* cmd_check.c - `hwcgen check` (cmd_check.h). */
#include "cmd/cmd_check.h"

#include <stdio.h>

#include "core/oa.h"
#include "run/pipeline.h"

/* An OA platform counts its metric sets, counters and register writes. */
static void say_oa(const hw_target *t)
{
    long counters = 0, regs = 0;
    for (int i = 0; i < t->oa->nsets; i++) {
        counters += t->oa->sets[i].ncounters;
        for (int k = 0; k < t->oa->sets[i].nconfigs; k++)
            regs += t->oa->sets[i].configs[k].nregs;
    }
    printf("%s: ok: %s, %d metric sets, %ld counters, %ld register writes\n", t->spec_path,
           t->name, t->oa->nsets, counters, regs);
}

static const cmd_option options[] = {
    {"outputs", 0, "LIST", 0, NULL},
};

static int run_check(const cmd_context *c, int argc, char **argv)
{
    if (argc == 0)
        return cmd_usage_error("check: %s", "no SPEC given");
    hw_run run;
    run_init(&run, c->d);
    run.outputs = c->kinds;
    /* every output chosen is rendered in memory too, for what only that
     * shows (two specs that would write one file) */
    int rc = run_load_check(&run, argv, argc);
    int clash = run.clash;
    if (rc == 0)
        rc = clash = run_emit(&run, NULL, c->templates);
    for (int i = 0; i < run.ntargets && !c->quiet && !clash; i++) {
        const hw_target *t = run.targets[i];
        if (t && t->oa)
            say_oa(t);
        else if (t)
            printf("%s: ok: %s, %d events, %d metrics, %d groups\n", t->spec_path,
                   t->name ? t->name : t->id, t->nevents, t->nmetrics, t->ngroups);
    }
    run_free(&run);
    return rc == 0 ? 0 : EXIT_SPEC;
}

const cmd_command cmd_check = {
    "check",
    "[--outputs LIST] SPEC...",
    "load and validate; report every problem",
    "Load and validate each SPEC, and render in memory the outputs generate\n"
    "would write (--outputs LIST: only those kinds, as for generate); print\n"
    "every diagnostic as file:line[:col]: error: message. Exit 1 if any\n"
    "spec has an error. A SPEC may be a directory of a perf pmu-events tree:\n"
    "each directory of it is checked as a target of its own.\n",
    options, sizeof options / sizeof options[0], 0, NULL,
    run_check,
};
