/* cmd_options.c - one parser for every command's table of options
 * (cmd_options.h). */
#include "cmd/cmd_options.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cmd_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "hwcgen: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'hwcgen --help'.\n");
    va_end(ap);
    return EXIT_USAGE;
}

hint_text hint_of(const name_hint *h)
{
    hint_text out = {""};
    if (h->best)
        snprintf(out.s, sizeof out.s, " (did you mean '%s'?)", h->best);
    return out;
}

/* ---- the options the tables know ------------------------------------------ */

/* The known option called name[0..n-1], or -1. */
static int find_name(const cmd_args *a, const char *name, size_t n)
{
    for (int k = 0; k < a->nknown; k++)
        if (strlen(a->known[k].option->name) == n &&
            strncmp(a->known[k].option->name, name, n) == 0)
            return k;
    return -1;
}

static int find_letter(const cmd_args *a, char letter)
{
    for (int k = 0; k < a->nknown; k++)
        if (a->known[k].option->letter == letter)
            return k;
    return -1;
}

/* One entry per option name, in the tables' order: an option two commands
 * share (--outputs) is one option, which either may take. */
static int known_init(cmd_args *a)
{
    int total = 0;
    for (int t = 0; t < a->ntables; t++)
        total += a->tables[t].n;
    a->known = calloc((size_t)total + 1, sizeof *a->known);
    if (!a->known)
        return -1;
    for (int t = 0; t < a->ntables; t++)
        for (int i = 0; i < a->tables[t].n; i++) {
            const cmd_option *o = &a->tables[t].options[i];
            if (find_name(a, o->name, strlen(o->name)) < 0)
                a->known[a->nknown++].option = o;
        }
    return 0;
}

/* How the user wrote the option: "--output" or "-o". */
typedef struct option_text {
    char s[40];
} option_text;

static option_text text_of(const cmd_option *o, int form)
{
    option_text t;
    if (form == CMD_GIVEN_SHORT)
        snprintf(t.s, sizeof t.s, "-%c", o->letter);
    else
        snprintf(t.s, sizeof t.s, "--%s", o->name);
    return t;
}

/* ---- one option ------------------------------------------------------------- */

/* A value-taking option whose value is missing: `next` is the word after
 * it (NULL: it was the last word). */
static int value_missing(const cmd_option *o, int form, const char *next)
{
    const char *opt = text_of(o, form).s;
    if (!next)
        return cmd_usage_error("option '%s' needs a value", opt);
    return cmd_usage_error("option '%s' needs a value, not '%s' (attach a value that "
                           "starts with '-': --%s=VALUE)", opt, next, o->name);
}

/* Option k, given in word `at` of argc. */
static int record(cmd_args *a, int k, int form, const char *value, int at, int argc)
{
    cmd_given *g = &a->known[k];
    if (!g->form) {
        g->form = form;
        g->at = at;
    }
    if (!value)
        return 0;
    if (!g->values && !(g->values = calloc((size_t)argc, sizeof *g->values))) {
        fprintf(stderr, "hwcgen: out of memory\n");
        return EXIT_SPEC;
    }
    g->values[g->nvalues++] = value;
    return 0;
}

/* Option k at argv[*i], `attached` its value written in the same word
 * (--output=DIR, -oDIR; NULL: none). Without one attached, a value-taking
 * option takes the next word unless there is none or it starts with '-'. */
static int take_option(cmd_args *a, int k, int form, const char *attached, int argc,
                       char **argv, int *i)
{
    const cmd_option *o = a->known[k].option;
    const char *value = attached, *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    int at = *i;
    if (!o->value) {
        if (attached)
            return cmd_usage_error("option '%s' takes no value", text_of(o, form).s);
    } else if (!attached) {
        if (!next || next[0] == '-')
            return value_missing(o, form, next);
        value = argv[++*i];
    } else if (!*attached) {
        return value_missing(o, form, NULL);
    }
    return record(a, k, form, value, at, argc);
}

static int unknown_long(const cmd_args *a, const char *word, size_t n)
{
    char typed[64];
    snprintf(typed, sizeof typed, "--%.*s", (int)(n < 60 ? n : 60), word);
    option_text *names = calloc((size_t)a->nknown + 1, sizeof *names);
    name_hint h = name_hint_for(typed);
    for (int k = 0; names && k < a->nknown; k++) {
        names[k] = text_of(a->known[k].option, CMD_GIVEN_LONG);
        name_hint_offer(&h, names[k].s);
    }
    int rc = cmd_usage_error("unknown option '%s'%s", typed, hint_of(&h).s);
    free(names);
    return rc;
}

static int long_option(cmd_args *a, int argc, char **argv, int *i)
{
    const char *word = argv[*i] + 2, *eq = strchr(word, '=');
    size_t n = eq ? (size_t)(eq - word) : strlen(word);
    int k = find_name(a, word, n);
    if (k < 0)
        return unknown_long(a, word, n);
    return take_option(a, k, CMD_GIVEN_LONG, eq ? eq + 1 : NULL, argc, argv, i);
}

/* "-vq", "-o DIR", "-oDIR": letters until one takes a value, which is
 * the rest of the word or follows the value rule. */
static int short_options(cmd_args *a, int argc, char **argv, int *i)
{
    for (const char *p = argv[*i] + 1; *p; p++) {
        int k = find_letter(a, *p);
        if (k < 0)
            return cmd_usage_error("unknown option '-%c'", *p);
        if (a->known[k].option->value)
            return take_option(a, k, CMD_GIVEN_SHORT, p[1] ? p + 1 : NULL, argc, argv, i);
        record(a, k, CMD_GIVEN_SHORT, NULL, *i, argc);
    }
    return 0;
}

/* ---- the line ----------------------------------------------------------------- */

int cmd_args_parse(cmd_args *a, const cmd_option_table *tables, int ntables, int argc,
                   char **argv)
{
    *a = (cmd_args){tables, ntables, NULL, 0, calloc((size_t)argc + 1, sizeof(char *)), 0};
    if (!a->operands || known_init(a) != 0) {
        fprintf(stderr, "hwcgen: out of memory\n");
        return EXIT_SPEC;
    }
    int operands_only = 0;
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        int rc = 0;
        if (operands_only || w[0] != '-' || w[1] == '\0')
            a->operands[a->noperands++] = argv[i];
        else if (!strcmp(w, "--"))
            operands_only = 1;
        else if (w[1] == '-')
            rc = long_option(a, argc, argv, &i);
        else
            rc = short_options(a, argc, argv, &i);
        if (rc)
            return rc;
    }
    return 0;
}

void cmd_args_free(cmd_args *a)
{
    for (int k = 0; k < a->nknown; k++)
        free(a->known[k].values);
    free(a->known);
    free(a->operands);
    *a = (cmd_args){0};
}

/* Whether `command`'s table (or the table of every command) has `name`;
 * with owners, the commands that have it, joined by " or ". */
static int in_scope(const cmd_args *a, const char *name, const char *command,
                    char *owners, size_t size)
{
    int found = 0;
    owners[0] = '\0';
    for (int t = 0; t < a->ntables; t++)
        for (int i = 0; i < a->tables[t].n; i++) {
            const char *owner = a->tables[t].command;
            if (strcmp(a->tables[t].options[i].name, name) != 0)
                continue;
            if (!owner || !strcmp(owner, command))
                found = 1;
            else
                snprintf(owners + strlen(owners), size - strlen(owners), "%s%s",
                         owners[0] ? " or " : "", owner);
        }
    return found;
}

/* An option of one command given to another would be silently ignored. */
int cmd_args_scope(const cmd_args *a, const char *command)
{
    char owners[256];
    const cmd_given *first = NULL;
    for (int k = 0; k < a->nknown; k++) {
        const cmd_given *g = &a->known[k];
        if (g->form && (!first || g->at < first->at) &&
            !in_scope(a, g->option->name, command, owners, sizeof owners))
            first = g;
    }
    if (!first)
        return 0;
    in_scope(a, first->option->name, command, owners, sizeof owners);
    return cmd_usage_error("option '%s' is for %s, not %s",
                           text_of(first->option, first->form).s, owners, command);
}

static const cmd_given *given(const cmd_args *a, const char *name)
{
    int k = find_name(a, name, strlen(name));
    return k >= 0 && a->known[k].form ? &a->known[k] : NULL;
}

int cmd_flag(const cmd_args *a, const char *name)
{
    return given(a, name) != NULL;
}

const char *cmd_value(const cmd_args *a, const char *name)
{
    const cmd_given *g = given(a, name);
    return g && g->nvalues ? g->values[g->nvalues - 1] : NULL;
}

const char *const *cmd_values(const cmd_args *a, const char *name, int *n)
{
    const cmd_given *g = given(a, name);
    *n = g ? g->nvalues : 0;
    return g ? g->values : NULL;
}

/* ---- help --------------------------------------------------------------------- */

void cmd_options_print(FILE *out, const cmd_option *options, int n, int column)
{
    for (int i = 0; i < n; i++) {
        const cmd_option *o = &options[i];
        if (!o->help)
            continue;
        char name[64];
        int len = o->letter ? snprintf(name, sizeof name, "-%c, --%s", o->letter, o->name)
                            : snprintf(name, sizeof name, "--%s", o->name);
        if (o->value && len > 0 && (size_t)len < sizeof name)
            snprintf(name + len, sizeof name - (size_t)len, " %s", o->value);
        fprintf(out, "  %-*s", column - 2, name);
        cmd_print_indented(out, o->help, column);
    }
}

void cmd_print_indented(FILE *out, const char *text, int column)
{
    for (const char *p = text; *p; p++) {
        fputc(*p, out);
        if (*p == '\n' && p[1])
            fprintf(out, "%*s", column, "");
    }
    fputc('\n', out);
}
