/* cmd_eval_values.c - the values `hwcgen eval` evaluates with
 * (cmd_eval_values.h). */
#include "cmd/cmd_eval_values.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd_options.h"
#include "core/inputs.h"
#include "core/perf_lang.h"
#include "core/names.h"

int eval_values_init(eval_values *v, const hw_target *t, const hw_plan *p, hw_diag *d)
{
    *v = (eval_values){t, p,
                       calloc((size_t)t->nevents + 1, sizeof(double)),
                       calloc((size_t)t->nconstants + 1, sizeof(double)),
                       calloc((size_t)t->ninputs + 1, sizeof(double)),
                       calloc((size_t)t->nruntime + 1, sizeof(double)),
                       {0}, {0}, d};
    if (!v->events || !v->constants || !v->inputs || !v->runtime ||
        mask_init(&v->given, t) != 0 || mask_init(&v->needs, t) != 0) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    interp_runtime_defaults(t, v->runtime); /* what a user need not give */
    return 0;
}

void eval_values_free(eval_values *v)
{
    free(v->events), free(v->constants), free(v->inputs), free(v->runtime);
    mask_free(&v->given), mask_free(&v->needs);
    v->events = v->constants = v->inputs = v->runtime = NULL;
}

int eval_values_choose(eval_values *v, const char *name)
{
    const hw_target *t = v->t;
    int m = ir_find_metric(t, name);
    if (m >= 0) {
        v->needs.metrics[m] = 1;
        return 0;
    }
    name_hint h = name_hint_for(name);
    for (int i = 0; i < t->nmetrics; i++)
        name_hint_offer(&h, t->metrics[i].name);
    diag_error(v->d, NULL, "eval: unknown metric '%s'%s", name, hint_of(&h).s);
    return -1;
}

void eval_values_choose_all(eval_values *v)
{
    for (int i = 0; i < v->t->nmetrics; i++)
        v->needs.metrics[i] = 1;
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
    for (int i = 0; i < t->nruntime; i++)
        name_hint_offer(&h, t->runtime[i].key);
    return hint_of(&h);
}

/* The slot `key` sets, and its given flag; NULL after reporting. */
static double *value_slot(eval_values *v, const char *key, char **given)
{
    const hw_target *t = v->t;
    int i;
    if ((i = ir_find_event(t, key)) >= 0) {
        *given = &v->given.events[i];
        return &v->events[i];
    }
    if ((i = ir_find_input(t, key)) >= 0) {
        *given = &v->given.inputs[i];
        return &v->inputs[i];
    }
    if ((i = ir_find_constant(t, key)) >= 0 && !t->constants[i].has_value) {
        *given = &v->given.constants[i];
        return &v->constants[i];
    }
    int r = interp_runtime_find(t, v->p->c_members.runtime, key);
    if (r >= 0) {
        *given = &v->given.runtime[r];
        return &v->runtime[r];
    }
    if (i >= 0)
        diag_error(v->d, NULL, "eval: '%s' is a constant the spec fixes at %.10g",
                   key, t->constants[i].value);
    else
        diag_error(v->d, NULL, "eval: '%s' is not a counter, input or run-time "
                   "constant of %s%s", key, t->name ? t->name : t->id,
                   settable_hint(t, key).s);
    return NULL;
}

/* Counters count: a value below zero, or an infinite or NaN one, cannot
 * be a count. Inputs have their ranges (inputs_check_used); run-time
 * constants have none, so any number goes. */
static int check_counter(const eval_values *v, const char *key, const char *text,
                         double value)
{
    if (ir_find_event(v->t, key) < 0 || (isfinite(value) && value >= 0))
        return 0;
    diag_error(v->d, NULL, "eval: counter '%s' = %s is %s", key, text,
               isfinite(value) ? "negative" : "not a finite number");
    return -1;
}

int eval_values_set(eval_values *v, const char *word)
{
    const char *eq = strchr(word, '=');
    if (!eq || eq == word)
        return cmd_usage_error("eval: expected NAME=VALUE, got '%s'", word);
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(eq - word), word);
    const char *key = name[0] == '$' ? name + 1 : name;
    char *end, *given;
    double value = strtod(eq + 1, &end);
    if (end == eq + 1 || *end) {
        diag_error(v->d, NULL, "eval: '%s' is not a number for '%s'", eq + 1, name);
        return -1;
    }
    double *slot = value_slot(v, key, &given);
    if (!slot || check_counter(v, key, eq + 1, value) != 0)
        return -1;
    if (*given) {
        diag_error(v->d, NULL, "eval: a value for '%s' is given twice", key);
        return -1;
    }
    *slot = value, *given = 1;
    return 0;
}

static int missing(hw_diag *d, int is_missing, const char *name)
{
    if (is_missing)
        diag_error(d, NULL, "eval: missing value for '%s'", name);
    return is_missing;
}

int eval_values_missing(eval_values *v)
{
    const hw_target *t = v->t;
    interp_needs(t, &v->needs);
    const hw_mask *need = &v->needs, *given = &v->given;
    int n = 0;
    for (int i = 0; i < t->nevents; i++)
        n += missing(v->d, need->events[i] && !given->events[i], t->events[i].name);
    for (int i = 0; i < t->nconstants; i++)
        n += missing(v->d, need->constants[i] && !given->constants[i] &&
                               !t->constants[i].has_value,
                     t->constants[i].name);
    for (int i = 0; i < t->ninputs; i++) {
        if (need->inputs[i] && !given->inputs[i] && t->inputs[i].has_default) {
            v->inputs[i] = t->inputs[i].default_value; /* its neutral value */
            continue;
        }
        n += missing(v->d, need->inputs[i] && !given->inputs[i], t->inputs[i].name);
    }
    for (int i = 0; i < t->nruntime; i++) {
        const hw_runtime *r = &t->runtime[i];
        if (!need->runtime[i] || given->runtime[i] || !isnan(interp_runtime_default(r)))
            continue;
        /* a literal says what it stands for: the value is the machine's */
        const perf_literal *lit = perf_literal_find(r->key, strlen(r->key), NULL);
        if (lit)
            diag_error(v->d, NULL, "eval: missing value for '%s' (perf reads it at run "
                       "time: %s; give it as '%s=N')", r->key, lit->what, r->key);
        else
            missing(v->d, 1, r->key);
        n++;
    }
    return n;
}

int eval_values_compute(const eval_values *v, double *out)
{
    if (inputs_check_used(v->t, v->inputs, v->given.inputs, v->d) != 0)
        return -1;
    hw_values values = {v->events, v->constants, v->inputs};
    interp_all_rt(v->t, &values, v->runtime, out);
    return 0;
}

void eval_print_value(FILE *out, const char *name, double value)
{
    if (isnan(value))
        fprintf(out, "%s nan\n", name);
    else
        fprintf(out, "%s %.10g\n", name, value == 0.0 ? 0.0 : value);
}
