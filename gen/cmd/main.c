/* main.c - the command line: the options every command shares, the list
 * of commands, and dispatch. Each command is its own file (cmd.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/cmd.h"
#include "cmd/cmd_audit.h"
#include "cmd/cmd_check.h"
#include "cmd/cmd_diff.h"
#include "cmd/cmd_encode.h"
#include "cmd/cmd_eval.h"
#include "cmd/cmd_generate.h"
#include "cmd/cmd_help.h"
#include "cmd/cmd_list.h"
#include "cmd/cmd_options.h"
#include "cmd/cmd_perf_merge.h"
#include "core/out_kinds.h"
#include "core/reads.h"
#include "core/version.h"
#include "core/json.h"
#include "render/render.h"
#include "run/par.h"

/* The options of every command, before or after its name. */
static const cmd_option global_options[] = {
    {"verbose", 'v', NULL, 0, "also print notes (e.g. ignored JSON keys)"},
    {"quiet", 'q', NULL, 0,
     "no 'ok' lines, no summary when generate succeeds;\n"
     "diagnostics still appear"},
    {"werror", 0, NULL, 0,
     "every warning is an error: printed as\n"
     "'error: ... [-Werror]', and the exit status is 1"},
    {"templates", 0, "DIR", 0,
     "take each template from DIR where DIR has it, else\n"
     "the built-in one; DIR must be a directory"},
    {"help", 'h', NULL, 0, "help for the command"},
    {"version", 0, NULL, 0, "print the version"},
};

enum { NGLOBAL = sizeof global_options / sizeof global_options[0] };

/* In the order hwcgen --help lists them. */
static const cmd_command *const commands[] = {
    &cmd_generate, &cmd_check, &cmd_perf_merge, &cmd_list,
    &cmd_eval,     &cmd_encode, &cmd_diff, &cmd_audit,
};

enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static const cmd_command *find_command(const char *name)
{
    for (int k = 0; k < NCOMMANDS; k++)
        if (strcmp(commands[k]->name, name) == 0)
            return commands[k];
    return NULL;
}

static int unknown_command(const char *name)
{
    name_hint h = name_hint_for(name);
    for (int k = 0; k < NCOMMANDS; k++)
        name_hint_offer(&h, commands[k]->name);
    name_hint_offer(&h, "help");
    return cmd_usage_error("unknown command '%s'%s", name, hint_of(&h).s);
}

/* "hwcgen help [COMMAND]", or --help anywhere: help for the first operand
 * (after "help"), so --help appended to any command line explains it. */
static int help(const cmd_args *a)
{
    char **words = a->operands;
    int n = a->noperands;
    int asked = n > 0 && !strcmp(words[0], "help");
    if (asked)
        words++, n--;
    if (asked && n > 1)
        return cmd_usage_error("help: expected at most one COMMAND, got '%s' after '%s'",
                               words[1], words[0]);
    if (n == 0 || !strcmp(words[0], "help")) {
        help_overview(stdout, commands, NCOMMANDS, global_options, NGLOBAL);
        return 0;
    }
    const cmd_command *c = find_command(words[0]);
    if (!c)
        return unknown_command(words[0]);
    help_command(stdout, c);
    return 0;
}

/* --outputs LIST into *kinds (every kind without it), before anything is
 * read: a typo writes nothing. 0, or EXIT_USAGE. */
static int check_outputs(const cmd_args *a, unsigned *kinds)
{
    const char *list = cmd_value(a, "outputs");
    char why[256];
    *kinds = OUT_ALL;
    if (list && out_kinds_parse(list, kinds, why, sizeof why) != 0)
        return cmd_usage_error("option '--outputs': %s", why);
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
        return cmd_usage_error("option '--templates': '%s': %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return cmd_usage_error("option '--templates': '%s' is not a directory", dir);
    return 0;
}

static int check_threads(void)
{
    char why[160];
    return par_threads_setting(why, sizeof why) == 0 ? 0 : cmd_usage_error("%s", why);
}

/* The command named first, once the options it shares with every command
 * (and HWCGEN_THREADS) are checked. */
static int run(const cmd_args *a, const cmd_command *c, const char *program)
{
    cmd_context ctx = {a, cmd_value(a, "templates"), OUT_ALL, cmd_flag(a, "quiet"), program,
                       NULL};
    if (cmd_args_scope(a, c->name) || check_outputs(a, &ctx.kinds) ||
        check_templates(ctx.templates) || check_threads())
        return EXIT_USAGE;
    hw_diag d;
    diag_init(&d, stderr);
    d.verbose = cmd_flag(a, "verbose");
    d.werror = cmd_flag(a, "werror");
    ctx.d = &d;
    json_init();
    /* generate --depfile names every file read from here on, the user's
     * templates first */
    reads_record(cmd_value(a, "depfile") != NULL);
    render_check_templates(ctx.templates, &d);
    /* a broken template stops every command here, but generate, which
     * says what it did not write */
    int rc = d.errors && c != &cmd_generate ? EXIT_SPEC
                                            : c->run(&ctx, a->noperands - 1, a->operands + 1);
    diag_free(&d);
    return rc;
}

static int dispatch(const cmd_args *a, const char *program)
{
    const char *command = a->noperands ? a->operands[0] : NULL;
    if (cmd_flag(a, "version")) {
        printf("hwcgen %s\n", HWCGEN_VERSION);
        return 0;
    }
    if (cmd_flag(a, "help") || (command && !strcmp(command, "help")))
        return help(a);
    if (!command)
        return cmd_usage_error("no command given");
    const cmd_command *c = find_command(command);
    return c ? run(a, c, program) : unknown_command(command);
}

int main(int argc, char **argv)
{
    cmd_option_table tables[1 + NCOMMANDS] = {{NULL, global_options, NGLOBAL}};
    for (int k = 0; k < NCOMMANDS; k++)
        tables[1 + k] = (cmd_option_table){commands[k]->name, commands[k]->options,
                                           commands[k]->noptions};
    cmd_args a;
    int rc = cmd_args_parse(&a, tables, 1 + NCOMMANDS, argc, argv);
    if (rc == 0)
        rc = dispatch(&a, argc > 0 ? argv[0] : "hwcgen");
    cmd_args_free(&a);
    return rc;
}
