/* cmd_diff.c - `hwcgen diff` (cmd_diff.h). */
#include "cmd/cmd_diff.h"

#include <stdio.h>

#include "diff/diff.h"

/* Exit status as diff(1): 0 no change that matters, 1 changes, 2 errors. */
enum { EXIT_DIFF_CHANGES = 1, EXIT_DIFF_ERROR = 2 };

static const cmd_option options[] = {
    {"format", 0, "FMT", 0, "text (default), markdown or json"},
    {"all", 0, NULL, 0,
     "also list descriptions, titles, notes and\n"
     "equivalent rewrites (classes described, equivalent)"},
    {"fail-on", 0, "CLASSES", 0,
     "the classes that make the exit status 1, comma\n"
     "separated, or 'all' (default: every class but\n"
     "described and equivalent). Classes: added, removed,\n"
     "renamed, recoded, moved, different, scaled,\n"
     "equivalent, units, members, tree, encoding, rule,\n"
     "layout, value, range, identity, changed, described."},
};

static int class_error(const char *bad)
{
    name_hint h = name_hint_for(bad);
    for (int c = 0; c < DIFF_NCLASSES; c++)
        name_hint_offer(&h, diff_class_name(c));
    name_hint_offer(&h, "all");
    return cmd_usage_error("diff: unknown class '%s' in --fail-on%s", bad, hint_of(&h).s);
}

static int run_diff(const cmd_context *c, int argc, char **argv)
{
    if (argc != 2)
        return cmd_usage_error("diff: expected OLD and NEW, got %d spec%s", argc,
                               argc == 1 ? "" : "s");
    const char *format = cmd_value(c->args, "format"), *fail_on = cmd_value(c->args, "fail-on");
    diff_opts opts = {DIFF_FORMAT_TEXT, cmd_flag(c->args, "all"), diff_default_classes(),
                      c->templates};
    if (format && diff_parse_format(format, &opts.format) != 0)
        return cmd_usage_error("diff: unknown format '%s' (text, markdown, json)", format);
    char bad[64];
    if (fail_on && diff_parse_classes(fail_on, &opts.fail_on, bad, sizeof bad) != 0)
        return class_error(bad);
    hw_buf out;
    buf_init(&out);
    int rc = diff_paths(argv[0], argv[1], &opts, &out, c->d);
    if (out.failed) {
        diag_error(c->d, NULL, "diff: out of memory");
        rc = EXIT_DIFF_ERROR;
    } else if (rc != EXIT_DIFF_ERROR && out.data) {
        fputs(out.data, stdout);
    }
    buf_free(&out);
    return rc;
}

const cmd_command cmd_diff = {
    "diff",
    "[--format FMT] [--all] [--fail-on CLASSES] OLD NEW",
    "what changed between two versions of a\n"
    "spec, by meaning (exit 1 when it matters)",
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
    "\n",
    options, sizeof options / sizeof options[0], 21,
    "\n"
    "exit status: 0 no change that matters, 1 changes that matter, 2 an\n"
    "error in a spec or on the command line.\n",
    run_diff,
};
