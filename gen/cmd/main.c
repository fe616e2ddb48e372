/* main.c - the command line: a thin layer over load, check, emit. */
#include <errno.h>
#include <glob.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check/check.h"
#include "diff/diff.h"
#include "emit/emit.h"
#include "core/encode.h"
#include "core/expr.h"
#include "core/inputs.h"
#include "core/interp.h"
#include "core/json.h"
#include "cmd/cmd_list.h"
#include "core/names.h"
#include "merge/merge_perf.h"
#include "run/pipeline.h"
#include "core/version.h"

enum { EXIT_SPEC = 1, EXIT_USAGE = 2 };

static const char usage_text[] =
    "usage: hwcgen [OPTIONS] COMMAND [OPTIONS] [ARGS]\n"
    "       hwcgen help [COMMAND]\n"
    "\n"
    "Turn hardware counter specs into C headers, perf event aliases,\n"
    "Streamline events XML and reference docs.\n"
    "\n"
    "commands:\n"
    "  generate [-o DIR] [--outputs LIST] [SPEC...]\n"
    "                               load, check and emit every output\n"
    "                               (no SPEC: every spec under spec/ into out/)\n"
    "  check [--outputs LIST] SPEC...\n"
    "                               load and validate; report every problem\n"
    "  perf-merge [--dry-run] TREE SPEC...\n"
    "                               merge each CPU's perf events and metrics\n"
    "                               into a kernel's tools/perf/pmu-events\n"
    "  list SPEC [events|metrics|groups|inputs|constants]\n"
    "                               print what a spec defines\n"
    "  eval SPEC [--metric NAME]... NAME=VALUE...\n"
    "                               evaluate metrics for given counter values\n"
    "  encode SPEC COUNTER=INC/COARSE/FINE...\n"
    "                               register values that program flexible\n"
    "                               counters (Intel OA EU_PERF_CNTLn)\n"
    "  diff [--format FMT] [--all] [--fail-on CLASSES] OLD NEW\n"
    "                               what changed between two versions of a\n"
    "                               spec, by meaning (exit 1 when it matters)\n"
    "  help [COMMAND]               this text, or COMMAND's help\n"
    "\n"
    "A SPEC may be a directory of a kernel's perf pmu-events tree (its arch/,\n"
    "one arch, or a directory in one): one target per directory of JSON files,\n"
    "and one per arch for its own files and mapfile.csv.\n"
    "\n"
    "options of every command, before or after its name:\n"
    "  -v, --verbose      also print notes (e.g. ignored JSON keys)\n"
    "  -q, --quiet        no 'ok' lines, no summary when generate succeeds;\n"
    "                     diagnostics still appear\n"
    "  --werror           every warning is an error: printed as\n"
    "                     'error: ... [-Werror]', and the exit status is 1\n"
    "  --templates DIR    take each template from DIR where DIR has it, else\n"
    "                     the built-in one; DIR must be a directory\n"
    "  -h, --help         help for the command\n"
    "  --version          print the version\n"
    "\n"
    "Options may stand anywhere on the line; '--' makes every later word an\n"
    "operand. Short options combine (-vq). An option that takes a value\n"
    "(-o, --metric, --templates) takes the next word, unless it is the last\n"
    "word or the next word starts with '-': then its value is missing, a\n"
    "usage error. Attach a value that starts with '-': --output=-dir.\n"
    "Given twice, -o and --templates keep the last value; --metric adds.\n"
    "An option of one command (-o, --metric, --dry-run) is a usage error with\n"
    "another.\n"
    "\n"
    "exit status: 0 success, 1 errors in a spec or in values, 2 usage errors;\n"
    "diff: 0 no change that matters, 1 changes that matter, 2 any error.\n"
    "HWCGEN_THREADS=N: targets side by side on N threads (default: one per\n"
    "processor); the output is the same for any N.\n"
    "See hwcgen(1) for the spec formats and the outputs.\n";

static const char *const command_help[][2] = {
    {"generate",
     "usage: hwcgen generate [-o DIR] [--outputs LIST] [SPEC...]\n\n"
     "Load and check every SPEC (default: spec/*/*.json and spec/*/*.xml),\n"
     "then write all outputs under DIR (-o DIR, --output DIR; default: out).\n"
     "Nothing is written unless every spec is valid; each file is written to\n"
     "a temporary name and renamed into place, and files whose content is\n"
     "unchanged are not touched.\n"
     "\n"
     "  --outputs LIST  only these kinds, comma separated: c (headers), docs\n"
     "                  (with the docs index), perf (with the mapfile),\n"
     "                  streamline; default all. Files of the other kinds in\n"
     "                  DIR stay as they are, and stay in its manifest.\n"
     "\n"
     "A SPEC that is a directory of a perf pmu-events tree (the tree's arch/,\n"
     "one arch, or a directory in one) gives a target per directory holding\n"
     "JSON files; each is written back under DIR/perf/arch/ from the keys its\n"
     "files hold, as they hold them, with a driver header of its events'\n"
     "encodings (include/hwcgen/<id>.h), the evaluators of its metrics\n"
     "(include/hwcgen/<id>_metrics.h) and docs.\n"},
    {"check",
     "usage: hwcgen check [--outputs LIST] SPEC...\n\n"
     "Load and validate each SPEC, and render in memory the outputs generate\n"
     "would write (--outputs LIST: only those kinds, as for generate); print\n"
     "every diagnostic as file:line[:col]: error: message. Exit 1 if any\n"
     "spec has an error. A SPEC may be a directory of a perf pmu-events tree:\n"
     "each directory of it is checked as a target of its own.\n"},
    {"perf-merge",
     "usage: hwcgen perf-merge [--dry-run] TREE SPEC...\n\n"
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
     "it was.\n"},
    {"list",
     "usage: hwcgen list SPEC [events|metrics|groups|inputs|constants]\n\n"
     "Print what SPEC defines, one item per line (default: metrics). SPEC may\n"
     "be one directory of a perf pmu-events tree; a path that names several\n"
     "(an arch) is a usage error saying how many.\n"},
    {"eval",
     "usage: hwcgen eval SPEC [--metric NAME]... NAME=VALUE...\n\n"
     "Evaluate metrics (all by default, or each --metric NAME) from counter,\n"
     "constant and input values given as NAME=VALUE (a Streamline variable\n"
     "with or without its '$'). Prints 'name value' per metric with %.10g,\n"
     "and 'nan' when a value is undefined (for example a division by zero).\n"
     "\n"
     "Only the values the chosen metrics read, directly or through the\n"
     "metrics they use, must be given. Each of these is an error (exit 1):\n"
     "a value they read that is not given; a NAME or metric the spec does\n"
     "not define (with a suggestion when a name is close, ignoring case);\n"
     "a NAME given twice; a negative or non-finite counter value; a value\n"
     "given for a model input outside its valid range, even one the\n"
     "metrics do not read.\n"
     "\n"
     "SPEC may be one directory of a perf pmu-events tree: its formulas are in\n"
     "perf's metric language; give perf's run-time values as NAME=VALUE too\n"
     "('#smt_on=1', duration_time=2), or leave them at their defaults.\n"},
    {"encode",
     "usage: hwcgen encode SPEC COUNTER=INC/COARSE/FINE...\n\n"
     "Program flexible counters: each COUNTER (e.g. A7) takes an increment\n"
     "event, a coarse filter and a fine filter, as numbers (decimal, 0x, 0b)\n"
     "or the spec's symbolic names. Prints one line per register:\n"
     "NAME ADDRESS VALUE, with unassigned fields zero. A code the spec does\n"
     "not define, or a counter that is not flexible, is an error naming the\n"
     "counter. A combination outside the source's support rules is a\n"
     "warning naming the rule (an error with --werror).\n"},
    {"diff",
     "usage: hwcgen diff [--format FMT] [--all] [--fail-on CLASSES] OLD NEW\n\n"
     "Load and check both specs (any format) and report what changed, by\n"
     "meaning: events added, removed, renamed (same code), recoded (same\n"
     "name) or moved; metrics added, removed, renamed (equivalent formula,\n"
     "same units), and formulas that are equivalent (the same value up to\n"
     "rounding), scaled (a constant multiple) or different (with an input\n"
     "that shows it); units, group members, methodologies, encodings,\n"
     "support rules, report layouts, constants, input ranges; then the\n"
     "generated files the changes touch. Formulas are evaluated on simple\n"
     "and random inputs from a fixed seed: the report is the same each run.\n"
     "\n"
     "OLD and NEW may each name several targets, as perf pmu-events trees do\n"
     "(arch/, one arch): targets are paired by id, each pair with a change is\n"
     "reported, then the targets only one side has (added, removed) and a\n"
     "summary. In a tree's directory events and metrics pair by PMU and name,\n"
     "and every key of their objects is compared, keys perf ignores included.\n"
     "\n"
     "  --format FMT       text (default), markdown or json\n"
     "  --all              also list descriptions, titles, notes and\n"
     "                     equivalent rewrites (classes described, equivalent)\n"
     "  --fail-on CLASSES  the classes that make the exit status 1, comma\n"
     "                     separated, or 'all' (default: every class but\n"
     "                     described and equivalent). Classes: added, removed,\n"
     "                     renamed, recoded, moved, different, scaled,\n"
     "                     equivalent, units, members, tree, encoding, rule,\n"
     "                     layout, value, range, identity, changed, described.\n"
     "\n"
     "exit status: 0 no change that matters, 1 changes that matter, 2 an\n"
     "error in a spec or on the command line.\n"},
};

/* Every option. Global ones (command NULL) work with every command; the
 * others belong to one command and are a usage error with another. */
enum {
    OPT_VERBOSE, OPT_QUIET, OPT_WERROR, OPT_TEMPLATES, OPT_HELP, OPT_VERSION,
    OPT_OUTPUT, OPT_OUTPUTS, OPT_METRIC, OPT_DRY_RUN, OPT_ALL, OPT_FORMAT, OPT_FAIL_ON, NOPTS
};

static const struct option_def {
    const char *name; /* long name, after "--" */
    char letter;      /* short name after "-", or 0 */
    int takes_value;
    const char *command; /* "generate or check": either */
} option_defs[NOPTS] = {
    [OPT_VERBOSE] = {"verbose", 'v', 0, NULL},
    [OPT_QUIET] = {"quiet", 'q', 0, NULL},
    [OPT_WERROR] = {"werror", 0, 0, NULL},
    [OPT_TEMPLATES] = {"templates", 0, 1, NULL},
    [OPT_HELP] = {"help", 'h', 0, NULL},
    [OPT_VERSION] = {"version", 0, 0, NULL},
    [OPT_OUTPUT] = {"output", 'o', 1, "generate"},
    [OPT_OUTPUTS] = {"outputs", 0, 1, "generate or check"},
    [OPT_METRIC] = {"metric", 0, 1, "eval"},
    [OPT_DRY_RUN] = {"dry-run", 0, 0, "perf-merge"},
    [OPT_ALL] = {"all", 0, 0, "diff"},
    [OPT_FORMAT] = {"format", 0, 1, "diff"},
    [OPT_FAIL_ON] = {"fail-on", 0, 1, "diff"},
};

enum { GIVEN_LONG = 1, GIVEN_SHORT = 2 };

typedef struct options {
    const char *out_dir;
    const char *outputs;           /* generate, check: --outputs LIST */
    unsigned kinds;                /* what it names (out_kinds.h) */
    const char *templates;
    int verbose, quiet, werror, help, version, dry_run;
    const char **metrics;
    int nmetrics;
    int all;                       /* diff */
    const char *format, *fail_on;  /* diff */
    char **operands; /* every word that is not an option: COMMAND first */
    int noperands;
    int given[NOPTS]; /* how each option was first written; 0: not given */
} options;

__attribute__((format(printf, 1, 2)))
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "hwcgen: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'hwcgen --help'.\n");
    va_end(ap);
    return EXIT_USAGE;
}

static const char global_options_text[] =
    "\noptions of every command, before or after its name: -v, -q, --werror,\n"
    "--templates DIR, -h (see 'hwcgen --help').\n";

/* COMMAND's help, or the overview when COMMAND is NULL or "help"; -1 when
 * there is no such command. */
static int print_help(const char *command)
{
    if (!command || !strcmp(command, "help")) {
        fputs(usage_text, stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof command_help / sizeof command_help[0]; i++)
        if (strcmp(command_help[i][0], command) == 0) {
            fputs(command_help[i][1], stdout);
            fputs(global_options_text, stdout);
            return 0;
        }
    return -1;
}

/* ---- loading ---------------------------------------------------------- */

static int default_specs(glob_t *g)
{
    int rc = glob("spec/*/*.json", 0, NULL, g);
    if (rc != 0 && rc != GLOB_NOMATCH)
        return -1;
    rc = glob("spec/*/*.xml", rc == GLOB_NOMATCH ? 0 : GLOB_APPEND, NULL, g);
    return rc == 0 || rc == GLOB_NOMATCH ? 0 : -1;
}

/* ---- commands ------------------------------------------------------------ */

/* The one target `path` names, loaded and checked, into *t: a spec, or one
 * directory of a perf tree. 0; EXIT_SPEC after reporting; EXIT_USAGE when
 * the path names several targets (a tree's arch/ or an arch). */
static int open_one(const char *command, const char *path, hw_target **t, hw_diag *d)
{
    hw_target **all;
    int n;
    int rc = run_open_all(path, &all, &n, d);
    *t = n == 1 && rc == 0 ? all[0] : NULL;
    const char *example = NULL;
    for (int i = 0; i < n && !example; i++)
        if (all[i] && all[i]->perf_dir && *all[i]->perf_dir)
            example = all[i]->spec_path;
    if (n > 1)
        rc = usage_error("%s: %s names %d targets (the directories of a perf tree); give "
                         "one of them%s%s", command, path, n, example ? ", e.g. " : "",
                         example ? example : "");
    for (int i = 0; i < n; i++)
        if (all[i] != *t)
            target_free(all[i]);
    free(all);
    return rc == 0 && *t ? 0 : rc == EXIT_USAGE ? EXIT_USAGE : EXIT_SPEC;
}

static int cmd_generate(const options *o, int argc, char **argv, hw_diag *d)
{
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
    run_init(&run, d);
    run.full = argc == 0; /* the default specs are the whole set */
    run.outputs = o->kinds;
    int written = 0, unchanged = 0, removed = 0;
    int ok = run_load_check(&run, specs, n) == 0 &&
             run_emit(&run, o->out_dir, o->templates) == 0 &&
             run_commit(&run, &written, &unchanged, &removed) == 0;
    char targets[48] = ""; /* a perf tree's path names many */
    if (run.ntargets > n)
        snprintf(targets, sizeof targets, " (%d targets)", run.ntargets);
    if (ok && !o->quiet)
        fprintf(stderr, "hwcgen: %d spec%s%s, %d files in %s/ (%d written, %d unchanged, "
                "%d removed)\n", n, n == 1 ? "" : "s", targets, run.out.nfiles, o->out_dir,
                written, unchanged, removed);
    else if (!ok && written > 0)
        fprintf(stderr, "hwcgen: %d files of %s/ replaced before the failure (%d error%s)\n",
                written, o->out_dir, d->errors, d->errors == 1 ? "" : "s");
    else if (!ok)
        fprintf(stderr, "hwcgen: nothing written to %s/ (%d error%s)\n", o->out_dir,
                d->errors, d->errors == 1 ? "" : "s");
    run_free(&run);
    globfree(&g);
    return ok ? 0 : EXIT_SPEC;
}

static int cmd_check(const options *o, int argc, char **argv, hw_diag *d)
{
    if (argc == 0)
        return usage_error("check: %s", "no SPEC given");
    hw_run run;
    run_init(&run, d);
    run.outputs = o->kinds;
    /* every output chosen is rendered in memory too, for what only that
     * shows (two specs that would write one file) */
    int rc = run_load_check(&run, argv, argc);
    int clash = run.clash;
    if (rc == 0)
        rc = clash = run_emit(&run, NULL, NULL);
    for (int i = 0; i < run.ntargets && !o->quiet && !clash; i++) {
        const hw_target *t = run.targets[i];
        if (t)
            printf("%s: ok: %s, %d events, %d metrics, %d groups\n", t->spec_path,
                   t->name ? t->name : t->id, t->nevents, t->nmetrics, t->ngroups);
    }
    run_free(&run);
    return rc == 0 ? 0 : EXIT_SPEC;
}

static int cmd_perf_merge(const options *o, int argc, char **argv, hw_diag *d)
{
    if (argc < 2)
        return usage_error("perf-merge: %s", argc ? "no SPEC given" : "no TREE given");
    struct stat st;
    if (stat(argv[0], &st) != 0 || !S_ISDIR(st.st_mode))
        return usage_error("perf-merge: TREE '%s' is not a directory", argv[0]);
    hw_run run;
    run_init(&run, d);
    hw_buf report;
    buf_init(&report);
    perf_merge_opts opts = {o->dry_run, &report};
    int ok = run_load_check(&run, argv + 1, argc - 1) == 0 &&
             perf_merge(argv[0], run.targets, run.ntargets, &opts, d) == 0;
    if (ok && report.data && (o->dry_run || !o->quiet))
        fputs(report.data, stdout);
    if (ok && o->dry_run)
        printf("(dry run: nothing written to %s)\n", argv[0]);
    else if (!ok)
        fprintf(stderr, "hwcgen: perf-merge into %s failed (%d error%s)\n", argv[0],
                d->errors, d->errors == 1 ? "" : "s");
    buf_free(&report);
    run_free(&run);
    return ok ? 0 : EXIT_SPEC;
}

static int cmd_list(const options *o, int argc, char **argv, hw_diag *d)
{
    (void)o;
    if (argc < 1 || argc > 2)
        return usage_error("list: %s", "expected SPEC and at most one kind");
    int k = argc == 2 ? list_kind(argv[1]) : 0;
    if (k < 0)
        return usage_error("list: unknown kind '%s' (%s)", argv[1], LIST_KINDS);
    hw_target *t;
    int rc = open_one("list", argv[0], &t, d);
    if (rc)
        return rc;
    list_print(t, k, stdout);
    target_free(t);
    return 0;
}

/* ---- eval ------------------------------------------------------------------ */

typedef struct eval_state {
    const hw_target *t;
    double *events, *constants, *inputs, *runtime;
    hw_mask given; /* the values the user set */
    hw_mask needs; /* the chosen metrics, what they use and what they read */
    hw_diag *d;
} eval_state;

/* " (did you mean 'x'?)" or "", for an unknown name. */
typedef struct hint_text {
    char s[300];
} hint_text;

static hint_text hint_of(const name_hint *h)
{
    hint_text out = {""};
    if (h->best)
        snprintf(out.s, sizeof out.s, " (did you mean '%s'?)", h->best);
    return out;
}

static int choose_metric(eval_state *s, const char *name)
{
    const hw_target *t = s->t;
    int m = ir_find_metric(t, name);
    if (m >= 0) {
        s->needs.metrics[m] = 1;
        return 0;
    }
    name_hint h = name_hint_for(name);
    for (int i = 0; i < t->nmetrics; i++)
        name_hint_offer(&h, t->metrics[i].name);
    diag_error(s->d, NULL, "eval: unknown metric '%s'%s", name, hint_of(&h).s);
    return -1;
}

/* What a NAME=VALUE may set: counters, inputs and run-time constants. */
static hint_text settable_hint(const hw_target *t, const char *name)
{
    name_hint h = name_hint_for(name);
    for (int i = 0; i < t->nevents; i++)
        name_hint_offer(&h, t->events[i].name);
    for (int i = 0; i < t->ninputs; i++)
        name_hint_offer(&h, t->inputs[i].name);
    for (int i = 0; i < t->nconstants; i++)
        if (!t->constants[i].has_value)
            name_hint_offer(&h, t->constants[i].name);
    for (int i = 0; i < t->nruntime; i++)
        name_hint_offer(&h, t->runtime[i].key);
    return hint_of(&h);
}

/* The slot NAME sets, and its given flag; NULL after reporting. */
static double *value_slot(eval_state *s, const char *key, char **given)
{
    const hw_target *t = s->t;
    int i;
    if ((i = ir_find_event(t, key)) >= 0) {
        *given = &s->given.events[i];
        return &s->events[i];
    }
    if ((i = ir_find_input(t, key)) >= 0) {
        *given = &s->given.inputs[i];
        return &s->inputs[i];
    }
    if ((i = ir_find_constant(t, key)) >= 0 && !t->constants[i].has_value) {
        *given = &s->given.constants[i];
        return &s->constants[i];
    }
    int r = interp_runtime_find(t, key);
    if (r >= 0) {
        *given = &s->given.runtime[r];
        return &s->runtime[r];
    }
    if (i >= 0)
        diag_error(s->d, NULL, "eval: '%s' is a constant the spec fixes at %.10g",
                   key, t->constants[i].value);
    else
        diag_error(s->d, NULL, "eval: '%s' is not a counter, input or run-time "
                   "constant of %s%s", key, t->name ? t->name : t->id,
                   settable_hint(t, key).s);
    return NULL;
}

/* Counters count: a value below zero, or an infinite or NaN one, cannot
 * be a count. Inputs have their ranges (inputs_check_used); run-time
 * constants have none, so any number goes. */
static int check_counter(eval_state *s, const char *key, const char *text, double v)
{
    if (ir_find_event(s->t, key) < 0 || (isfinite(v) && v >= 0))
        return 0;
    diag_error(s->d, NULL, "eval: counter '%s' = %s is %s", key, text,
               isfinite(v) ? "negative" : "not a finite number");
    return -1;
}

/* One NAME=VALUE: EXIT_USAGE when it is not of that form; otherwise 0,
 * or -1 after reporting a value that cannot be used. */
static int set_value(eval_state *s, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg)
        return usage_error("eval: expected NAME=VALUE, got '%s'", arg);
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(eq - arg), arg);
    const char *key = name[0] == '$' ? name + 1 : name;
    char *end, *given;
    double v = strtod(eq + 1, &end);
    if (end == eq + 1 || *end) {
        diag_error(s->d, NULL, "eval: '%s' is not a number for '%s'", eq + 1, name);
        return -1;
    }
    double *slot = value_slot(s, key, &given);
    if (!slot || check_counter(s, key, eq + 1, v) != 0)
        return -1;
    if (*given) {
        diag_error(s->d, NULL, "eval: a value for '%s' is given twice", key);
        return -1;
    }
    *slot = v, *given = 1;
    return 0;
}

static int missing_value(hw_diag *d, int missing, const char *name)
{
    if (missing)
        diag_error(d, NULL, "eval: missing value for '%s'", name);
    return missing;
}

/* Every value the chosen metrics read must be given; each one that is not
 * is an error. Returns how many are missing. */
static int report_missing(const eval_state *s)
{
    const hw_target *t = s->t;
    const hw_mask *need = &s->needs, *given = &s->given;
    int n = 0;
    for (int i = 0; i < t->nevents; i++)
        n += missing_value(s->d, need->events[i] && !given->events[i],
                           t->events[i].name);
    for (int i = 0; i < t->nconstants; i++)
        n += missing_value(s->d, need->constants[i] && !given->constants[i] &&
                                     !t->constants[i].has_value,
                           t->constants[i].name);
    for (int i = 0; i < t->ninputs; i++)
        n += missing_value(s->d, need->inputs[i] && !given->inputs[i],
                           t->inputs[i].name);
    for (int i = 0; i < t->nruntime; i++)
        n += missing_value(s->d, need->runtime[i] && !given->runtime[i] &&
                                     isnan(interp_runtime_default(&t->runtime[i])),
                           t->runtime[i].key);
    return n;
}

static void print_value(const char *name, double v)
{
    if (isnan(v))
        printf("%s nan\n", name);
    else
        printf("%s %.10g\n", name, v == 0.0 ? 0.0 : v);
}

/* The metrics named (all when none), into s->needs; the values given,
 * into s->given. 0, EXIT_USAGE, or EXIT_SPEC after reporting. */
static int eval_read(eval_state *s, const options *o, int argc, char **argv)
{
    int bad = 0;
    for (int k = 0; k < o->nmetrics; k++)
        bad |= choose_metric(s, o->metrics[k]) != 0;
    for (int i = 0; !o->nmetrics && i < s->t->nmetrics; i++)
        s->needs.metrics[i] = 1;
    for (int i = 0; i < argc; i++) {
        int rc = set_value(s, argv[i]);
        if (rc == EXIT_USAGE)
            return rc;
        bad |= rc != 0;
    }
    return bad ? EXIT_SPEC : 0;
}

static int eval_run(eval_state *s, const options *o, int argc, char **argv)
{
    const hw_target *t = s->t;
    int rc = eval_read(s, o, argc, argv);
    if (rc)
        return rc;
    interp_needs(t, &s->needs);
    if (report_missing(s))
        return EXIT_SPEC;
    /* A model outside its valid range has no answer, not a NaN one. Every
     * input the metrics need is given by now; one given but not needed
     * is checked too, as a wrong value is wrong whether used or not. */
    if (inputs_check_used(t, s->inputs, s->given.inputs, s->d) != 0)
        return EXIT_SPEC;
    double *out = calloc((size_t)t->nmetrics + 1, sizeof *out);
    if (!out)
        return EXIT_SPEC;
    hw_values v = {s->events, s->constants, s->inputs};
    interp_all_rt(t, &v, s->runtime, out);
    if (o->nmetrics)
        for (int k = 0; k < o->nmetrics; k++)
            print_value(o->metrics[k], out[ir_find_metric(t, o->metrics[k])]);
    else
        for (int i = 0; i < t->nmetrics; i++)
            print_value(t->metrics[i].name, out[i]);
    free(out);
    return 0;
}

static int cmd_eval(const options *o, int argc, char **argv, hw_diag *d)
{
    if (argc < 1)
        return usage_error("eval: %s", "no SPEC given");
    hw_target *t;
    int opened = open_one("eval", argv[0], &t, d);
    if (opened)
        return opened;
    size_t ne = (size_t)t->nevents + 1, nc = (size_t)t->nconstants + 1,
           ni = (size_t)t->ninputs + 1, nr = (size_t)t->nruntime + 1;
    eval_state s = {t, calloc(ne, sizeof(double)), calloc(nc, sizeof(double)),
                    calloc(ni, sizeof(double)), calloc(nr, sizeof(double)), {0}, {0}, d};
    int rc = EXIT_SPEC;
    if (s.events && s.constants && s.inputs && s.runtime && mask_init(&s.given, t) == 0 &&
        mask_init(&s.needs, t) == 0) {
        interp_runtime_defaults(t, s.runtime); /* what a user need not give */
        rc = eval_run(&s, o, argc - 1, argv + 1);
    } else {
        diag_error(d, NULL, "out of memory");
    }
    free(s.events), free(s.constants), free(s.inputs), free(s.runtime);
    mask_free(&s.given), mask_free(&s.needs);
    target_free(t);
    return rc;
}

static int cmd_encode(const options *o, int argc, char **argv, hw_diag *d)
{
    (void)o;
    if (argc < 1)
        return usage_error("encode: %s", "no SPEC given");
    hw_target *t;
    int opened = open_one("encode", argv[0], &t, d);
    if (opened)
        return opened;
    hw_buf out;
    buf_init(&out);
    int rc = encode_flex_eu(t, argc - 1, argv + 1, &out, d);
    if (rc == 0 && out.data)
        fputs(out.data, stdout);
    buf_free(&out);
    target_free(t);
    return rc == 0 ? 0 : EXIT_SPEC;
}

/* ---- diff -------------------------------------------------------------------- */

enum { EXIT_DIFF_CHANGES = 1, EXIT_DIFF_ERROR = 2 };

static int diff_class_error(const char *bad)
{
    name_hint h = name_hint_for(bad);
    for (int c = 0; c < DIFF_NCLASSES; c++)
        name_hint_offer(&h, diff_class_name(c));
    name_hint_offer(&h, "all");
    return usage_error("diff: unknown class '%s' in --fail-on%s", bad, hint_of(&h).s);
}

/* Exit status as diff(1): 0 no change that matters, 1 changes, 2 errors. */
static int cmd_diff(const options *o, int argc, char **argv, hw_diag *d)
{
    if (argc != 2)
        return usage_error("diff: expected OLD and NEW, got %d spec%s", argc,
                           argc == 1 ? "" : "s");
    diff_opts opts = {DIFF_FORMAT_TEXT, o->all, diff_default_classes(), o->templates};
    if (o->format && diff_parse_format(o->format, &opts.format) != 0)
        return usage_error("diff: unknown format '%s' (text, markdown, json)", o->format);
    char bad[64];
    if (o->fail_on && diff_parse_classes(o->fail_on, &opts.fail_on, bad, sizeof bad) != 0)
        return diff_class_error(bad);
    hw_buf out;
    buf_init(&out);
    int rc = diff_paths(argv[0], argv[1], &opts, &out, d);
    if (out.failed) {
        diag_error(d, NULL, "diff: out of memory");
        rc = EXIT_DIFF_ERROR;
    } else if (rc != EXIT_DIFF_ERROR && out.data) {
        fputs(out.data, stdout);
    }
    buf_free(&out);
    return rc;
}

/* ---- the command line ------------------------------------------------------ */

typedef int (*command_fn)(const options *, int, char **, hw_diag *);

static const struct {
    const char *name;
    command_fn fn;
} commands[] = {
    {"generate", cmd_generate},
    {"check", cmd_check},
    {"perf-merge", cmd_perf_merge},
    {"list", cmd_list},
    {"eval", cmd_eval},
    {"encode", cmd_encode},
    {"diff", cmd_diff},
};

enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static int find_command(const char *name)
{
    for (int k = 0; k < NCOMMANDS; k++)
        if (strcmp(commands[k].name, name) == 0)
            return k;
    return -1;
}

static int unknown_command(const char *name)
{
    name_hint h = name_hint_for(name);
    for (int k = 0; k < NCOMMANDS; k++)
        name_hint_offer(&h, commands[k].name);
    name_hint_offer(&h, "help");
    return usage_error("unknown command '%s'%s", name, hint_of(&h).s);
}

/* How the user wrote option id: "--output" or "-o". */
static const char *option_text(int id, int given)
{
    static char text[NOPTS][32];
    if (given == GIVEN_SHORT)
        snprintf(text[id], sizeof text[id], "-%c", option_defs[id].letter);
    else
        snprintf(text[id], sizeof text[id], "--%s", option_defs[id].name);
    return text[id];
}

/* A value-taking option whose value is missing: `next` is the word after
 * it (NULL: it was the last word). */
static int value_missing(int id, int given, const char *next)
{
    const char *opt = option_text(id, given);
    if (!next)
        return usage_error("option '%s' needs a value", opt);
    return usage_error("option '%s' needs a value, not '%s' (attach a value that "
                       "starts with '-': --%s=VALUE)", opt, next, option_defs[id].name);
}

static void set_option(options *o, int id, int given, const char *value)
{
    if (!o->given[id])
        o->given[id] = given;
    switch (id) {
    case OPT_VERBOSE: o->verbose = 1; break;
    case OPT_QUIET: o->quiet = 1; break;
    case OPT_WERROR: o->werror = 1; break;
    case OPT_TEMPLATES: o->templates = value; break;
    case OPT_HELP: o->help = 1; break;
    case OPT_VERSION: o->version = 1; break;
    case OPT_OUTPUT: o->out_dir = value; break;
    case OPT_OUTPUTS: o->outputs = value; break;
    case OPT_METRIC: o->metrics[o->nmetrics++] = value; break;
    case OPT_DRY_RUN: o->dry_run = 1; break;
    case OPT_ALL: o->all = 1; break;
    case OPT_FORMAT: o->format = value; break;
    case OPT_FAIL_ON: o->fail_on = value; break;
    }
}

/* Option id at argv[*i], `attached` its value written in the same word
 * (--output=DIR, -oDIR; NULL: none). The rule for a value-taking option
 * without one attached: it takes the next word, unless there is none or
 * that word starts with '-'; then its value is missing, a usage error, so
 * an option never takes an operand's place or another option as its value.
 * 0, or EXIT_USAGE after reporting. */
static int take_option(options *o, int id, int given, const char *attached,
                       int argc, char **argv, int *i)
{
    const char *value = attached, *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (!option_defs[id].takes_value) {
        if (attached)
            return usage_error("option '%s' takes no value", option_text(id, given));
    } else if (!attached) {
        if (!next || next[0] == '-')
            return value_missing(id, given, next);
        value = argv[++*i];
    } else if (!*attached) {
        return value_missing(id, given, NULL);
    }
    set_option(o, id, given, value);
    return 0;
}

static int long_option(options *o, int argc, char **argv, int *i)
{
    const char *word = argv[*i] + 2, *eq = strchr(word, '=');
    size_t n = eq ? (size_t)(eq - word) : strlen(word);
    for (int id = 0; id < NOPTS; id++)
        if (strlen(option_defs[id].name) == n && !strncmp(option_defs[id].name, word, n))
            return take_option(o, id, GIVEN_LONG, eq ? eq + 1 : NULL, argc, argv, i);
    char typed[64];
    snprintf(typed, sizeof typed, "--%.*s", (int)(n < 60 ? n : 60), word);
    name_hint h = name_hint_for(typed);
    for (int id = 0; id < NOPTS; id++)
        name_hint_offer(&h, option_text(id, GIVEN_LONG));
    return usage_error("unknown option '%s'%s", typed, hint_of(&h).s);
}

/* "-vq", "-o DIR", "-oDIR": letters until one takes a value, which is
 * the rest of the word or follows the value rule. */
static int short_options(options *o, int argc, char **argv, int *i)
{
    for (const char *p = argv[*i] + 1; *p; p++) {
        int id = 0;
        while (id < NOPTS && option_defs[id].letter != *p)
            id++;
        if (id == NOPTS)
            return usage_error("unknown option '-%c'", *p);
        if (option_defs[id].takes_value)
            return take_option(o, id, GIVEN_SHORT, p[1] ? p + 1 : NULL, argc, argv, i);
        set_option(o, id, GIVEN_SHORT, NULL);
    }
    return 0;
}

/* Options may stand anywhere: before the command name, after it, between
 * operands. A word that starts with '-' is an option ("-" alone is an
 * operand); after "--" every word is an operand. 0, or EXIT_USAGE. */
static int parse_args(options *o, int argc, char **argv)
{
    int operands_only = 0;
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        int rc = 0;
        if (operands_only || w[0] != '-' || w[1] == '\0')
            o->operands[o->noperands++] = argv[i];
        else if (!strcmp(w, "--"))
            operands_only = 1;
        else if (w[1] == '-')
            rc = long_option(o, argc, argv, &i);
        else
            rc = short_options(o, argc, argv, &i);
        if (rc)
            return rc;
    }
    return 0;
}

/* Whether `command` is a word of `owners` ("generate or check"). */
static int option_for(const char *owners, const char *command)
{
    size_t n = strlen(command);
    for (const char *p = strstr(owners, command); p; p = strstr(p + 1, command))
        if ((p == owners || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

/* An option of one command given to another would be silently ignored. */
static int check_scope(const options *o, const char *command)
{
    for (int id = 0; id < NOPTS; id++) {
        const char *owner = option_defs[id].command;
        if (o->given[id] && owner && !option_for(owner, command))
            return usage_error("option '%s' is for %s, not %s",
                               option_text(id, o->given[id]), owner, command);
    }
    return 0;
}

/* --outputs LIST into o->kinds (every kind without it), before anything
 * is read: a typo writes nothing. 0, or EXIT_USAGE. */
static int check_outputs(options *o)
{
    char why[256];
    o->kinds = OUT_ALL;
    if (o->outputs && out_kinds_parse(o->outputs, &o->kinds, why, sizeof why) != 0)
        return usage_error("option '--outputs': %s", why);
    return 0;
}

/* Caught here, not when the first template is read: by then every spec
 * has been loaded and checked, and a typo in DIR would look like a
 * missing template. */
static int check_templates(const char *dir)
{
    struct stat st;
    if (!dir)
        return 0;
    if (stat(dir, &st) != 0)
        return usage_error("option '--templates': '%s': %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return usage_error("option '--templates': '%s' is not a directory", dir);
    return 0;
}

/* "hwcgen help [COMMAND]", or --help anywhere: help for the first operand
 * (after "help"), so --help appended to any command line explains it. */
static int help(const options *o)
{
    char **words = o->operands;
    int n = o->noperands;
    int help_command = n > 0 && !strcmp(words[0], "help");
    if (help_command)
        words++, n--;
    if (help_command && n > 1)
        return usage_error("help: expected at most one COMMAND, got '%s' after '%s'",
                           words[1], words[0]);
    if (print_help(n > 0 ? words[0] : NULL) != 0)
        return unknown_command(words[0]);
    return 0;
}

static int run_command(options *o)
{
    const char *command = o->noperands ? o->operands[0] : NULL;
    if (o->version) {
        printf("hwcgen %s\n", HWCGEN_VERSION);
        return 0;
    }
    if (o->help || (command && !strcmp(command, "help")))
        return help(o);
    if (!command)
        return usage_error("no command given");
    int k = find_command(command);
    if (k < 0)
        return unknown_command(command);
    if (check_scope(o, command) || check_outputs(o) || check_templates(o->templates))
        return EXIT_USAGE;
    hw_diag d;
    diag_init(&d, stderr);
    d.verbose = o->verbose;
    d.werror = o->werror;
    json_init();
    int rc = commands[k].fn(o, o->noperands - 1, o->operands + 1, &d);
    diag_free(&d);
    return rc;
}

int main(int argc, char **argv)
{
    options o = {.out_dir = "out",
                 .metrics = calloc((size_t)argc, sizeof(char *)),
                 .operands = calloc((size_t)argc, sizeof(char *))};
    int rc = EXIT_SPEC;
    if (!o.metrics || !o.operands)
        fprintf(stderr, "hwcgen: out of memory\n");
    else if ((rc = parse_args(&o, argc, argv)) == 0)
        rc = run_command(&o);
    free(o.metrics);
    free(o.operands);
    return rc;
}
