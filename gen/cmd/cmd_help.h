/* cmd_help.h - the help texts: hwcgen --help, and each command's, made
 * from the commands' descriptors (cmd.h) and their tables of options. */
#ifndef HWCGEN_CMD_HELP_H
#define HWCGEN_CMD_HELP_H

#include <stdio.h>

#include "cmd/cmd.h"

/* The overview: usage, every command with its summary, the options of
 * every command (`global`, with their help), the rules of the line. */
void help_overview(FILE *out, const cmd_command *const *commands, int n,
                   const cmd_option *global, int nglobal);

/* One command's help: its usage line, its text, its option list, and
 * where the options of every command are told. */
void help_command(FILE *out, const cmd_command *c);

#endif
