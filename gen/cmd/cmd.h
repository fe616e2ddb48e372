/* cmd.h - what every command of the command line is: its name, its help,
 * its table of options (cmd_options.h) and the function that runs it.
 * Each command is one file, cmd_NAME.c, with its descriptor in cmd_NAME.h;
 * main.c lists them and dispatches. */
#ifndef HWCGEN_CMD_H
#define HWCGEN_CMD_H

#include "cmd/cmd_options.h"
#include "core/diag.h"
#include "core/ir.h"
#include "plan/plan.h"

/* What main has made of the options every command shares, checked before
 * the command runs. */
typedef struct cmd_context {
    const cmd_args *args;  /* the line as parsed: the command's own options */
    const char *templates; /* --templates DIR, a directory; NULL: none */
    unsigned kinds;        /* --outputs LIST (out_kinds.h); every kind without it */
    int quiet;             /* -q */
    const char *program;   /* argv[0]: how hwcgen was run */
    hw_diag *d;
} cmd_context;

typedef struct cmd_command {
    const char *name;
    const char *args;    /* after the name in its usage line */
    const char *summary; /* its lines in hwcgen --help's list of commands */
    const char *about;   /* its help, after the usage line */
    const cmd_option *options;
    int noptions;
    int column;          /* where help starts in its option list */
    const char *after;   /* its help after the option list; NULL: none */
    /* The operands after the command's name; 0, or the exit status. */
    int (*run)(const cmd_context *c, int argc, char **argv);
} cmd_command;

/* The one target `path` names, loaded, checked and planned, into *t and
 * *p (plan_free() it): a spec, or one directory of a perf tree. 0;
 * EXIT_SPEC after reporting; EXIT_USAGE when the path names several
 * targets (a tree's arch/ or an arch). */
int cmd_open_one(const char *command, const char *path, hw_target **t, hw_plan *p,
                 hw_diag *d);

#endif
