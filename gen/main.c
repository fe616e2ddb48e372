/* main.c - the command line: a thin layer over load, check, emit. */
#include <getopt.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "emit.h"
#include "encode.h"
#include "expr.h"
#include "inputs.h"
#include "interp.h"
#include "names.h"
#include "pipeline.h"
#include "render.h"
#include "version.h"

enum { EXIT_SPEC = 1, EXIT_USAGE = 2 };

static const char usage_text[] =
    "usage: hwcgen [--version] [--help] COMMAND [OPTIONS] [ARGS]\n"
    "\n"
    "Turn hardware counter specs into C headers, perf event aliases,\n"
    "Streamline events XML and reference docs.\n"
    "\n"
    "commands:\n"
    "  generate [-o DIR] [SPEC...]  load, check and emit every output\n"
    "                               (no SPEC: every spec under spec/ into out/)\n"
    "  check SPEC...                load and validate; report every problem\n"
    "  list SPEC [events|metrics|groups|inputs|constants]\n"
    "                               print what a spec defines\n"
    "  eval SPEC [--metric NAME]... NAME=VALUE...\n"
    "                               evaluate metrics for given counter values\n"
    "  encode SPEC COUNTER=INC/COARSE/FINE...\n"
    "                               register values that program flexible\n"
    "                               counters (Intel OA EU_PERF_CNTLn)\n"
    "\n"
    "options for every command:\n"
    "  -v, --verbose      also print notes (e.g. ignored JSON keys)\n"
    "  -q, --quiet        print errors only\n"
    "  --templates DIR    use templates from DIR instead of the built-in ones\n"
    "  -h, --help         help for the command\n"
    "\n"
    "exit status: 0 success, 1 errors in a spec or in values, 2 usage errors.\n"
    "See hwcgen(1) for the spec formats and the outputs.\n";

static const char *const command_help[][2] = {
    {"generate",
     "usage: hwcgen generate [-o DIR] [SPEC...]\n\n"
     "Load and check every SPEC (default: spec/*/*.json and spec/*/*.xml),\n"
     "then write all outputs under DIR (default: out). Nothing is written\n"
     "unless every spec is valid; each file is written to a temporary name\n"
     "and renamed into place, and files whose content is unchanged are not\n"
     "touched.\n"},
    {"check",
     "usage: hwcgen check SPEC...\n\n"
     "Load and validate each SPEC; print every diagnostic as\n"
     "file:line[:col]: error: message. Exit 1 if any spec has an error.\n"},
    {"list",
     "usage: hwcgen list SPEC [events|metrics|groups|inputs|constants]\n\n"
     "Print what SPEC defines, one item per line (default: metrics).\n"},
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
     "metrics do not read.\n"},
    {"encode",
     "usage: hwcgen encode SPEC COUNTER=INC/COARSE/FINE...\n\n"
     "Program flexible counters: each COUNTER (e.g. A7) takes an increment\n"
     "event, a coarse filter and a fine filter, as numbers (decimal, 0x, 0b)\n"
     "or the spec's symbolic names. Prints one line per register:\n"
     "NAME ADDRESS VALUE, with unassigned fields zero. A combination the\n"
     "spec's support rules forbid, or a counter that is not flexible, is an\n"
     "error naming the counter and the rule.\n"},
};

typedef struct options {
    const char *out_dir;
    const char *templates;
    int verbose, quiet;
    const char **metrics;
    int nmetrics;
} options;

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "hwcgen: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'hwcgen --help'.\n");
    return EXIT_USAGE;
}

static int print_help(const char *command)
{
    for (size_t i = 0; i < sizeof command_help / sizeof command_help[0]; i++)
        if (command && strcmp(command_help[i][0], command) == 0) {
            fputs(command_help[i][1], stdout);
            return 0;
        }
    fputs(usage_text, stdout);
    return 0;
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
    int written = 0, unchanged = 0;
    int ok = run_load_check(&run, specs, n) == 0 &&
             run_emit(&run, o->out_dir, o->templates) == 0 &&
             run_commit(&run, &written, &unchanged) == 0;
    if (ok && !o->quiet)
        fprintf(stderr, "hwcgen: %d spec%s, %d files in %s/ (%d written, %d unchanged)\n",
                n, n == 1 ? "" : "s", run.out.nfiles, o->out_dir, written, unchanged);
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
    int rc = run_load_check(&run, argv, argc);
    for (int i = 0; i < run.ntargets && !o->quiet && !run.clash; i++) {
        const hw_target *t = run.targets[i];
        if (t)
            printf("%s: ok: %s, %d events, %d metrics, %d groups\n", argv[i],
                   t->name ? t->name : t->id, t->nevents, t->nmetrics, t->ngroups);
    }
    run_free(&run);
    return rc == 0 ? 0 : EXIT_SPEC;
}

static void list_metrics(const hw_target *t)
{
    hw_buf b;
    buf_init(&b);
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        buf_reset(&b);
        if (m->expr)
            expr_print(&b, m->expr, EXPR_STYLE_INFIX, NULL, NULL);
        printf("%s\t%s\t%s\n", m->name, m->units ? m->units : "",
               m->expr ? b.data : "(no formula)");
    }
    buf_free(&b);
}

static void list_events(const hw_target *t)
{
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (e->has_code)
            printf("%s\t0x%04X\t%s\n", e->name, (unsigned)e->code, e->title ? e->title : "");
        else if (e->block >= 0)
            printf("%s\t%s[%d]\t%s\n", e->name, t->blocks[e->block].name, e->index,
                   e->title ? e->title : "");
        else
            printf("%s\t-\t%s\n", e->name, e->title ? e->title : "");
    }
}

static void list_groups(const hw_target *t)
{
    for (int i = 0; i < t->ngroups; i++) {
        const hw_group *g = &t->groups[i];
        printf("%s\t%s\t", g->name, g->kind == GROUP_EVENTS ? "events" : "metrics");
        for (int k = 0; k < g->nmembers; k++)
            printf("%s%s", k ? " " : "", g->members[k]);
        putchar('\n');
    }
}

static void list_inputs(const hw_target *t)
{
    for (int i = 0; i < t->ninputs; i++) {
        const hw_input *in = &t->inputs[i];
        printf("%s\t%s\t", in->name, in->units ? in->units : "");
        if (in->has_min)
            printf("%s%g ", in->min_exclusive ? ">" : ">=", in->min);
        if (in->has_max)
            printf("%s%g ", in->max_exclusive ? "<" : "<=", in->max);
        if (in->integer)
            printf("whole ");
        if (in->multiple_of)
            printf("multiple-of-%s", in->multiple_of);
        putchar('\n');
    }
}

static void list_constants(const hw_target *t)
{
    for (int i = 0; i < t->nconstants; i++) {
        const hw_constant *c = &t->constants[i];
        if (c->has_value)
            printf("%s\t%.10g\t%s\n", c->name, c->value, c->units ? c->units : "");
        else
            printf("%s\t(set at run time)\t%s\n", c->name, c->units ? c->units : "");
    }
}

static int cmd_list(const options *o, int argc, char **argv, hw_diag *d)
{
    (void)o;
    static const char *const what[] = {"metrics", "events", "groups", "inputs", "constants"};
    static void (*const fns[])(const hw_target *) = {list_metrics, list_events, list_groups,
                                                     list_inputs, list_constants};
    if (argc < 1 || argc > 2)
        return usage_error("list: %s", "expected SPEC and at most one kind");
    size_t k = 0;
    while (argc == 2 && k < 5 && strcmp(argv[1], what[k]) != 0)
        k++;
    if (k == 5)
        return usage_error("list: unknown kind '%s' (events, metrics, groups, inputs, constants)", argv[1]);
    hw_target *t = run_open(argv[0], d);
    if (!t)
        return EXIT_SPEC;
    fns[k](t);
    target_free(t);
    return 0;
}

/* ---- eval ------------------------------------------------------------------ */

typedef struct eval_state {
    const hw_target *t;
    double *events, *constants, *inputs;
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
    interp_all(t, &v, out);
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
    hw_target *t = run_open(argv[0], d);
    if (!t)
        return EXIT_SPEC;
    size_t ne = (size_t)t->nevents + 1, nc = (size_t)t->nconstants + 1,
           ni = (size_t)t->ninputs + 1;
    eval_state s = {t, calloc(ne, sizeof(double)), calloc(nc, sizeof(double)),
                    calloc(ni, sizeof(double)), {0}, {0}, d};
    int rc = EXIT_SPEC;
    if (s.events && s.constants && s.inputs && mask_init(&s.given, t) == 0 &&
        mask_init(&s.needs, t) == 0)
        rc = eval_run(&s, o, argc - 1, argv + 1);
    else
        diag_error(d, NULL, "out of memory");
    free(s.events), free(s.constants), free(s.inputs);
    mask_free(&s.given), mask_free(&s.needs);
    target_free(t);
    return rc;
}

static int cmd_encode(const options *o, int argc, char **argv, hw_diag *d)
{
    (void)o;
    if (argc < 1)
        return usage_error("encode: %s", "no SPEC given");
    hw_target *t = run_open(argv[0], d);
    if (!t)
        return EXIT_SPEC;
    hw_buf out;
    buf_init(&out);
    int rc = encode_flex_eu(t, argc - 1, argv + 1, &out, d);
    if (rc == 0 && out.data)
        fputs(out.data, stdout);
    buf_free(&out);
    target_free(t);
    return rc == 0 ? 0 : EXIT_SPEC;
}

/* ---- dispatch ------------------------------------------------------------ */

typedef int (*command_fn)(const options *, int, char **, hw_diag *);

static const struct {
    const char *name;
    command_fn fn;
} commands[] = {
    {"generate", cmd_generate},
    {"check", cmd_check},
    {"list", cmd_list},
    {"eval", cmd_eval},
    {"encode", cmd_encode},
};

static int parse_options(options *o, int argc, char **argv, const char *command)
{
    static const struct option longs[] = {
        {"verbose", no_argument, NULL, 'v'}, {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},    {"templates", required_argument, NULL, 'T'},
        {"metric", required_argument, NULL, 'm'}, {"output", required_argument, NULL, 'o'},
        {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int c;
    /* '+' stops at the first operand; eval's NAME=VALUE may follow options. */
    while ((c = getopt_long(argc, argv, "+vqho:", longs, NULL)) != -1) {
        switch (c) {
        case 'v': o->verbose = 1; break;
        case 'q': o->quiet = 1; break;
        case 'h': return print_help(command) == 0 ? -1 : -2;
        case 'T': o->templates = optarg; break;
        case 'o': o->out_dir = optarg; break;
        case 'm':
            o->metrics[o->nmetrics++] = optarg;
            break;
        default:
            usage_error("unknown or incomplete option '%s'", argv[optind - 1]);
            return -2;
        }
    }
    return optind;
}

/* Options may also follow operands ("eval SPEC --metric ipc A=1"): move
 * them in front, keeping their order, before getopt sees the list. */
static void options_first(int argc, char **argv)
{
    char **tmp = malloc((size_t)argc * sizeof *tmp);
    if (!tmp)
        return;
    int n = 1;
    tmp[0] = argv[0];
    for (int pass = 0; pass < 2; pass++)
        for (int i = 1; i < argc; i++) {
            int opt = argv[i][0] == '-' && argv[i][1] != '\0' &&
                      !(argv[i][1] >= '0' && argv[i][1] <= '9');
            int takes = opt && (!strcmp(argv[i], "--metric") || !strcmp(argv[i], "-o") ||
                                !strcmp(argv[i], "--output") || !strcmp(argv[i], "--templates"));
            if (opt == (pass == 0)) {
                tmp[n++] = argv[i];
                if (takes && i + 1 < argc)
                    tmp[n++] = argv[++i];
            } else if (takes) {
                i++;
            }
        }
    memcpy(argv, tmp, (size_t)argc * sizeof *tmp);
    free(tmp);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("%s", "no command given");
    if (!strcmp(argv[1], "--version")) {
        printf("hwcgen %s\n", HWCGEN_VERSION);
        return 0;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
        return print_help(argc > 2 ? argv[2] : NULL);
    size_t k = 0, n = sizeof commands / sizeof commands[0];
    while (k < n && strcmp(commands[k].name, argv[1]) != 0)
        k++;
    if (k == n)
        return usage_error("unknown command '%s'", argv[1]);
    options o = {"out", NULL, 0, 0, calloc((size_t)argc, sizeof(char *)), 0};
    if (!o.metrics)
        return EXIT_SPEC;
    options_first(argc - 1, argv + 1);
    int first = parse_options(&o, argc - 1, argv + 1, argv[1]);
    int rc;
    if (first < 0) {
        rc = first == -1 ? 0 : EXIT_USAGE;
    } else {
        hw_diag d;
        diag_init(&d, stderr);
        d.verbose = o.verbose;
        render_init();
        rc = commands[k].fn(&o, argc - 1 - first, argv + 1 + first, &d);
        diag_free(&d);
    }
    free(o.metrics);
    return rc;
}
