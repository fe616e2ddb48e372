/* cmd_eval.c - `hwcgen eval` (cmd_eval.h): the values it reads and prints
 * are cmd_eval_values.h's. */
#include "cmd/cmd_eval.h"

#include <stdlib.h>

#include "cmd/cmd_eval_values.h"
#include "cmd/cmd_oa.h"

static const cmd_option options[] = {
    {"metric", 0, "NAME", 1, NULL},
    {"set", 0, "SET", 0, NULL},
};

/* The metrics named (all when none) and the values given. 0, EXIT_USAGE,
 * or EXIT_SPEC after reporting. */
static int read_words(eval_values *v, const char *const *metrics, int nmetrics, int argc,
                      char **argv)
{
    int bad = 0;
    for (int k = 0; k < nmetrics; k++)
        bad |= eval_values_choose(v, metrics[k]) != 0;
    if (!nmetrics)
        eval_values_choose_all(v);
    for (int i = 0; i < argc; i++) {
        int rc = eval_values_set(v, argv[i]);
        if (rc == EXIT_USAGE)
            return rc;
        bad |= rc != 0;
    }
    return bad ? EXIT_SPEC : 0;
}

/* Each metric named, in the order named, or every metric of the target. */
static int evaluate(eval_values *v, const char *const *metrics, int nmetrics)
{
    const hw_target *t = v->t;
    double *out = calloc((size_t)t->nmetrics + 1, sizeof *out);
    if (!out || eval_values_compute(v, out) != 0) {
        free(out);
        return EXIT_SPEC;
    }
    if (nmetrics)
        for (int k = 0; k < nmetrics; k++)
            eval_print_value(stdout, metrics[k], out[ir_find_metric(t, metrics[k])]);
    else
        for (int i = 0; i < t->nmetrics; i++)
            eval_print_value(stdout, t->metrics[i].name, out[i]);
    free(out);
    return 0;
}

/* An Intel OA platform: the counters of the set --set names. */
static int eval_oa(const cmd_context *c, const hw_target *t, int argc, char **argv)
{
    const char *set = cmd_value(c->args, "set");
    if (!set)
        return cmd_usage_error("eval: %s is an Intel OA platform: choose one of its metric sets "
                               "with --set SET ('hwcgen list %s' lists them)",
                               argv[0], argv[0]);
    const hw_oa_set *s = cmd_oa_set(t->oa, set, c->d);
    if (!s)
        return EXIT_SPEC;
    int nmetrics;
    const char *const *metrics = cmd_values(c->args, "metric", &nmetrics);
    return cmd_oa_eval(s, metrics, nmetrics, argc - 1, argv + 1, stdout, c->d);
}

static int run_eval(const cmd_context *c, int argc, char **argv)
{
    if (argc < 1)
        return cmd_usage_error("eval: %s", "no SPEC given");
    hw_target *t;
    hw_plan p;
    int rc = cmd_open_one("eval", argv[0], &t, &p, c->d);
    if (rc)
        return rc;
    if (t->oa || cmd_value(c->args, "set")) {
        rc = t->oa ? eval_oa(c, t, argc, argv)
                   : cmd_usage_error("eval: --set chooses a metric set of an Intel OA "
                                     "platform; %s is none", argv[0]);
        plan_free(&p);
        target_free(t);
        return rc;
    }
    int nmetrics;
    const char *const *metrics = cmd_values(c->args, "metric", &nmetrics);
    eval_values v;
    rc = EXIT_SPEC;
    if (eval_values_init(&v, t, &p, c->d) == 0 &&
        (rc = read_words(&v, metrics, nmetrics, argc - 1, argv + 1)) == 0)
        rc = eval_values_missing(&v) ? EXIT_SPEC : evaluate(&v, metrics, nmetrics);
    eval_values_free(&v);
    plan_free(&p);
    target_free(t);
    return rc;
}

const cmd_command cmd_eval = {
    "eval",
    "SPEC [--set SET] [--metric NAME]... NAME=VALUE...",
    "evaluate metrics for given counter values",
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
    "perf's metric language. The values perf reads at run time that the\n"
    "chosen metrics read are given as NAME=VALUE too ('#smt_on=1',\n"
    "'#slots=8', duration_time=2): they have no default, as they differ from\n"
    "machine to machine; only source_count() is 1 unless given.\n"
    "\n"
    "SPEC may be an Intel OA platform (an oa-*.xml of Mesa's): --set SET\n"
    "chooses one of its metric sets by symbol name, --metric its counters by\n"
    "symbol name (all by default), and the values are the accumulator's\n"
    "fields (A0..A63, B0..B7, C0..C7, PEC0..PEC63, PERFCNT0..1, GPU_TIME,\n"
    "GPU_CLOCK) and system variables ($EuCoresTotalCount, $GtSlice1=1, ...),\n"
    "unsigned integers. Each counter is computed as Mesa's gen_perf.py's C\n"
    "computes it and printed in its data type: an integer, or a float with\n"
    "%.9g.\n",
    options, sizeof options / sizeof options[0], 0, NULL,
    run_eval,
};
