/* cmd_audit.c - `hwcgen audit` (cmd_audit.h). */
#include "cmd/cmd_audit.h"

#include <stdio.h>

#include "diff/diff_audit.h"

enum { EXIT_AUDIT_ERROR = 2 };

static const cmd_option options[] = {
    {"format", 0, "FMT", 0, "text (default), markdown or json"},
    {"all", 0, NULL, 0, "also list descriptions and equivalent formulas"},
};

static int run_audit(const cmd_context *c, int argc, char **argv)
{
    if (argc < 2)
        return cmd_usage_error("audit: expected two or more SOURCEs, got %d", argc);
    const char *format = cmd_value(c->args, "format");
    diff_opts opts = {DIFF_FORMAT_TEXT, cmd_flag(c->args, "all"), diff_default_classes(),
                      c->templates};
    if (format && diff_parse_format(format, &opts.format) != 0)
        return cmd_usage_error("audit: unknown format '%s' (text, markdown, json)", format);
    hw_buf out;
    buf_init(&out);
    int rc = audit_paths(argv, argc, &opts, &out, c->d);
    if (out.failed) {
        diag_error(c->d, NULL, "audit: out of memory");
        rc = EXIT_AUDIT_ERROR;
    } else if (rc != EXIT_AUDIT_ERROR && out.data) {
        fputs(out.data, stdout);
    }
    buf_free(&out);
    return rc;
}

const cmd_command cmd_audit = {
    "audit",
    "[--format FMT] [--all] SOURCE...",
    "where files of several vendors that\n"
    "describe one device disagree",
    "Load and check every SOURCE (spec files, Arm's telemetry JSON, perf\n"
    "pmu-events trees, Arm's Mali database, Mesa's Panfrost XML, Mesa's\n"
    "and IGT's Intel OA metric XML, in any mix), group the targets by the\n"
    "device they describe (a CPU by its MIDR, a perf directory by its\n"
    "mapfile rows; a GPU by its product ids; Intel OA by its platform),\n"
    "and compare each pair from two sources as `hwcgen diff` compares two\n"
    "formats: only the facts both carry, and never the names each file\n"
    "gives the device. Each pair with a disagreement is reported: a\n"
    "counter at another code or index, one only one file has, a formula of\n"
    "another value (with an input that shows it), units; descriptions with\n"
    "--all. Where three or more sources describe one counter and do not\n"
    "all agree on its code or place, the report says which agree.\n"
    "\n",
    options, sizeof options / sizeof options[0], 21,
    "\n"
    "exit status: 0 no disagreement that matters, 1 disagreements that\n"
    "matter, 2 an error in a source or on the command line.\n",
    run_audit,
};
