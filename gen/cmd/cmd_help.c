/* cmd_help.c - the help texts (cmd_help.h). */
#include "cmd/cmd_help.h"

static const char overview_head[] =
    "usage: hwcgen [OPTIONS] COMMAND [OPTIONS] [ARGS]\n"
    "       hwcgen help [COMMAND]\n"
    "\n"
    "Turn hardware counter specs into C headers, perf event aliases,\n"
    "Streamline events XML and reference docs.\n"
    "\n"
    "commands:\n";

/* After the commands: help, which is no command of the table. */
static const char overview_middle[] =
    "  help [COMMAND]               this text, or COMMAND's help\n"
    "\n"
    "A SPEC may be a directory of a kernel's perf pmu-events tree (its arch/,\n"
    "one arch, or a directory in one): one target per directory of JSON files,\n"
    "and one per arch for its own files and mapfile.csv.\n"
    "\n"
    "options of every command, before or after its name:\n";

static const char overview_tail[] =
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
    "HWCGEN_THREADS=N: targets side by side on N threads, N from 1 to 64\n"
    "(default: one per processor; another value is a usage error); the\n"
    "output is the same for any N.\n"
    "HWCGEN_DOT=PROG: the Graphviz dot that draws the docs' diagrams\n"
    "(default: dot on PATH; empty: none, the DOT files are written alone).\n"
    "See hwcgen(1) for the spec formats and the outputs.\n";

/* Where a command's summary starts in the overview's list. */
enum { SUMMARY_COLUMN = 31, GLOBAL_COLUMN = 21 };

static const char global_options_text[] =
    "\noptions of every command, before or after its name: -v, -q, --werror,\n"
    "--templates DIR, -h (see 'hwcgen --help').\n";

void help_overview(FILE *out, const cmd_command *const *commands, int n,
                   const cmd_option *global, int nglobal)
{
    fputs(overview_head, out);
    for (int k = 0; k < n; k++) {
        fprintf(out, "  %s %s\n%*s", commands[k]->name, commands[k]->args,
                SUMMARY_COLUMN, "");
        cmd_print_indented(out, commands[k]->summary, SUMMARY_COLUMN);
    }
    fputs(overview_middle, out);
    cmd_options_print(out, global, nglobal, GLOBAL_COLUMN);
    fputs(overview_tail, out);
}

void help_command(FILE *out, const cmd_command *c)
{
    fprintf(out, "usage: hwcgen %s %s\n\n", c->name, c->args);
    fputs(c->about, out);
    cmd_options_print(out, c->options, c->noptions, c->column);
    if (c->after)
        fputs(c->after, out);
    fputs(global_options_text, out);
}
