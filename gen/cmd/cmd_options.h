/* cmd_options.h - the options of the command line: each command declares
 * a table of its options, and one parser walks every table.
 *
 * Options may stand anywhere on the line, before the command name too, so
 * the parser knows the options of every command; only afterwards is an
 * option of one command given to another a usage error (cmd_args_scope).
 * The rules (hwcgen --help says them to the user):
 *   - a word that starts with '-' is an option, "-" alone is an operand,
 *     and after "--" every word is an operand;
 *   - short options combine ("-vq"); a letter that takes a value takes the
 *     rest of its word ("-oDIR") or, when none is left, the next word;
 *   - a long option's value is attached ("--output=DIR") or the next word;
 *   - the next word is never a value when it starts with '-' or there is
 *     none: the value is missing, a usage error, so an option never eats
 *     an operand or another option;
 *   - given twice, an option keeps its last value, or adds each value when
 *     it repeats (--metric).
 */
#ifndef HWCGEN_CMD_OPTIONS_H
#define HWCGEN_CMD_OPTIONS_H

#include <stdio.h>

#include "core/names.h"

/* Exit status: 1 for errors in a spec or in values, 2 for usage errors. */
enum { EXIT_SPEC = 1, EXIT_USAGE = 2 };

typedef struct cmd_option {
    const char *name;  /* long form, after "--" */
    char letter;       /* short form, after "-"; 0: none */
    const char *value; /* what its value is called in help ("DIR"); NULL:
                          it takes no value */
    int repeats;       /* each use adds a value; otherwise the last wins */
    const char *help;  /* its entry in the help's option list, lines after
                          the first without their indent; NULL: the
                          command's own text tells of it */
} cmd_option;

/* The options of one command; command NULL: of every command. */
typedef struct cmd_option_table {
    const char *command;
    const cmd_option *options;
    int n;
} cmd_option_table;

/* How an option was first written: "--output" or "-o". */
enum { CMD_GIVEN_LONG = 1, CMD_GIVEN_SHORT = 2 };

/* One option name the tables know, and what the line gave it. */
typedef struct cmd_given {
    const cmd_option *option; /* the first table's entry of that name */
    int form;                 /* CMD_GIVEN_*; 0: not given */
    int at;                   /* the word of argv where first given */
    const char **values;      /* every value, in order */
    int nvalues;
} cmd_given;

typedef struct cmd_args {
    const cmd_option_table *tables;
    int ntables;
    cmd_given *known; /* one per option name, in the tables' order */
    int nknown;
    char **operands;  /* every word that is not an option: COMMAND first */
    int noperands;
} cmd_args;

/* argv[1..argc-1] against every option of `tables` (kept, not copied).
 * 0; EXIT_USAGE after reporting; EXIT_SPEC when out of memory (reported).
 * cmd_args_free() in every case. */
int cmd_args_parse(cmd_args *a, const cmd_option_table *tables, int ntables, int argc,
                   char **argv);
void cmd_args_free(cmd_args *a);

/* 0 when every option given belongs to every command or to `command`;
 * otherwise EXIT_USAGE after naming the first on the line that does not. */
int cmd_args_scope(const cmd_args *a, const char *command);

/* Whether option `name` was given; its last value (NULL: none); every
 * value, *n of them. */
int cmd_flag(const cmd_args *a, const char *name);
const char *cmd_value(const cmd_args *a, const char *name);
const char *const *cmd_values(const cmd_args *a, const char *name, int *n);

/* "hwcgen: MESSAGE" and a pointer to --help, on stderr; EXIT_USAGE. */
__attribute__((format(printf, 1, 2)))
int cmd_usage_error(const char *fmt, ...);

/* " (did you mean 'x'?)" or "", for an unknown name. */
typedef struct hint_text {
    char s[300];
} hint_text;

hint_text hint_of(const name_hint *h);

/* The option list of a help text: per option with help, "  -o, --output
 * DIR" padded to `column` (longer than every such name), its help, and
 * each further line of its help indented to `column`. */
void cmd_options_print(FILE *out, const cmd_option *options, int n, int column);

/* text and a newline, each line after the first indented to `column`. */
void cmd_print_indented(FILE *out, const char *text, int column);

#endif
