/* cmd_generate.c - `hwcgen generate` (cmd_generate.h). */
#include "cmd/cmd_generate.h"

#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "core/reads.h"
#include "run/pipeline.h"
#include "write/write_depfile.h"

static const cmd_option options[] = {
    {"output", 'o', "DIR", 0, NULL},
    {"outputs", 0, "LIST", 0,
     "only these kinds, comma separated: c (headers), docs\n"
     "(with the docs index), perf (with the mapfile),\n"
     "streamline; default all. Files of the other kinds in\n"
     "DIR stay as they are, and stay in its manifest."},
    {"depfile", 0, "FILE", 0,
     "also write FILE, a Make/Ninja dependency file (as\n"
     "gcc -MD -MP): every file written under DIR depends\n"
     "on every input read and on the hwcgen program, which\n"
     "stands for what is built into it. Written only when\n"
     "the run succeeds; the files whose content is\n"
     "unchanged are then given the current time too."},
};

static int default_specs(glob_t *g)
{
    int rc = glob("spec/*/*.json", 0, NULL, g);
    if (rc != 0 && rc != GLOB_NOMATCH)
        return -1;
    rc = glob("spec/*/*.xml", rc == GLOB_NOMATCH ? 0 : GLOB_APPEND, NULL, g);
    return rc == 0 || rc == GLOB_NOMATCH ? 0 : -1;
}

/* What was written, or why nothing was. Targets are counted, not the
 * paths given: a path given twice (or a link to one given) loads once,
 * and a perf tree's path names many. */
static void summary(const cmd_context *c, const hw_run *run, int ok,
                    const char *out_dir, const int counts[3])
{
    int errors = c->d->errors, ntargets = 0;
    for (int i = 0; i < run->ntargets; i++)
        ntargets += run->targets[i] != NULL;
    if (ok && !c->quiet)
        fprintf(stderr, "hwcgen: %d target%s, %d files in %s/ (%d written, %d unchanged, "
                "%d removed)\n", ntargets, ntargets == 1 ? "" : "s", run->out.nfiles,
                out_dir, counts[0], counts[1], counts[2]);
    else if (!ok && counts[0] > 0)
        fprintf(stderr, "hwcgen: %d files of %s/ replaced before the failure (%d error%s)\n",
                counts[0], out_dir, errors, errors == 1 ? "" : "s");
    else if (!ok)
        fprintf(stderr, "hwcgen: nothing written to %s/ (%d error%s)\n", out_dir, errors,
                errors == 1 ? "" : "s");
}

/* The program as run: its file (/proc/self/exe), else argv[0]. */
static const char *program_path(const char *argv0, char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0 || (size_t)n >= size - 1)
        return argv0;
    buf[n] = '\0';
    return buf;
}

/* generate --depfile FILE, once the run has written its files. */
static int write_depfile(const cmd_context *c, const hw_run *run, const char *out_dir)
{
    const char *file = cmd_value(c->args, "depfile");
    if (!file)
        return 0;
    int n = 0;
    char **reads = reads_list(&n);
    if (!reads) {
        diag_error(c->d, NULL, "out of memory");
        return -1;
    }
    char exe[PATH_MAX];
    int rc = depfile_write(file, &run->out, out_dir, program_path(c->program, exe, sizeof exe),
                           reads, n, c->d);
    reads_list_free(reads, n);
    return rc;
}

static int run_generate(const cmd_context *c, int argc, char **argv)
{
    const char *out_dir = cmd_value(c->args, "output");
    if (!out_dir)
        out_dir = "out";
    if (c->d->errors) { /* the user's templates (main.c): nothing is read */
        fprintf(stderr, "hwcgen: nothing written to %s/ (%d error%s)\n", out_dir,
                c->d->errors, c->d->errors == 1 ? "" : "s");
        return EXIT_SPEC;
    }
    glob_t g = {0};
    char **specs = argv;
    int n = argc;
    if (n == 0) {
        if (default_specs(&g) != 0 || g.gl_pathc == 0) {
            globfree(&g);
            fprintf(stderr, "hwcgen: no specs found under spec/\n");
            return EXIT_USAGE;
        }
        specs = g.gl_pathv;
        n = (int)g.gl_pathc;
    }
    hw_run run;
    run_init(&run, c->d);
    run.full = argc == 0; /* the default specs are the whole set */
    run.outputs = c->kinds;
    int counts[3] = {0, 0, 0}; /* written, unchanged, removed */
    int ok = run_load_check(&run, specs, n) == 0 &&
             run_emit(&run, out_dir, c->templates) == 0 &&
             run_commit(&run, &counts[0], &counts[1], &counts[2]) == 0 &&
             write_depfile(c, &run, out_dir) == 0;
    summary(c, &run, ok, out_dir, counts);
    run_free(&run);
    globfree(&g);
    return ok ? 0 : EXIT_SPEC;
}

const cmd_command cmd_generate = {
    "generate",
    "[-o DIR] [--outputs LIST] [--depfile FILE] [SPEC...]",
    "load, check and emit every output\n"
    "(no SPEC: every spec under spec/ into out/)",
    "Load and check every SPEC (default: spec/*/*.json and spec/*/*.xml),\n"
    "then write all outputs under DIR (-o DIR, --output DIR; default: out).\n"
    "Nothing is written unless every spec is valid; each file is written to\n"
    "a temporary name and renamed into place, and files whose content is\n"
    "unchanged are not touched.\n"
    "\n",
    options, sizeof options / sizeof options[0], 18,
    "\n"
    "A SPEC that is a directory of a perf pmu-events tree (the tree's arch/,\n"
    "one arch, or a directory in one) gives a target per directory holding\n"
    "JSON files; each is written back under DIR/perf/arch/ from the keys its\n"
    "files hold, as they hold them, with a driver header of its events'\n"
    "encodings (include/hwcgen/<id>.h), the evaluators of its metrics\n"
    "(include/hwcgen/<id>_metrics.h) and docs.\n",
    run_generate,
};
