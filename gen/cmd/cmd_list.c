/* cmd_list.c - `hwcgen list`: what it prints of a target (cmd_list.h). */
#include "cmd/cmd_list.h"

#include <inttypes.h>
#include <string.h>

#include "cmd/cmd_oa.h"
#include "core/expr.h"

static void list_metrics(const hw_target *t, FILE *out)
{
    hw_buf b;
    buf_init(&b);
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        buf_reset(&b);
        if (m->expr)
            expr_print(&b, m->expr, EXPR_STYLE_INFIX, NULL, NULL);
        /* a perf tree's formula is text until it can be parsed */
        fprintf(out, "%s\t%s\t%s\n", m->name, m->units ? m->units : "",
                m->expr ? b.data : m->formula ? m->formula : "(no formula)");
    }
    buf_free(&b);
}

static void list_events(const hw_target *t, FILE *out)
{
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (e->has_code)
            fprintf(out, "%s\t0x%04" PRIX64 "\t%s\n", e->name, e->code, e->title ? e->title : "");
        else if (e->block >= 0)
            fprintf(out, "%s\t%s[%d]\t%s\n", e->name, t->blocks[e->block].name, e->index,
                    e->title ? e->title : "");
        else
            fprintf(out, "%s\t-\t%s\n", e->name, e->title ? e->title : "");
    }
}

static void list_groups(const hw_target *t, FILE *out)
{
    for (int i = 0; i < t->ngroups; i++) {
        const hw_group *g = &t->groups[i];
        fprintf(out, "%s\t%s\t", g->name, g->kind == GROUP_EVENTS ? "events" : "metrics");
        for (int k = 0; k < g->nmembers; k++)
            fprintf(out, "%s%s", k ? " " : "", g->members[k]);
        fputc('\n', out);
    }
}

static void list_inputs(const hw_target *t, FILE *out)
{
    for (int i = 0; i < t->ninputs; i++) {
        const hw_input *in = &t->inputs[i];
        fprintf(out, "%s\t%s\t", in->name, in->units ? in->units : "");
        if (in->has_min)
            fprintf(out, "%s%g ", in->min_exclusive ? ">" : ">=", in->min);
        if (in->has_max)
            fprintf(out, "%s%g ", in->max_exclusive ? "<" : "<=", in->max);
        if (in->integer)
            fprintf(out, "whole ");
        if (in->has_default)
            fprintf(out, "default=%g ", in->default_value);
        if (in->multiple_of)
            fprintf(out, "multiple-of-%s", in->multiple_of);
        fputc('\n', out);
    }
}

static void list_constants(const hw_target *t, FILE *out)
{
    for (int i = 0; i < t->nconstants; i++) {
        const hw_constant *c = &t->constants[i];
        if (c->has_value)
            fprintf(out, "%s\t%.10g\t%s\n", c->name, c->value, c->units ? c->units : "");
        else
            fprintf(out, "%s\t(set at run time)\t%s\n", c->name, c->units ? c->units : "");
    }
}

int list_kind(const char *name)
{
    static const char *const kinds[] = {"metrics", "events", "groups", "inputs", "constants"};
    for (int k = 0; k < 5; k++)
        if (strcmp(name, kinds[k]) == 0)
            return k;
    return -1;
}

void list_print(const hw_target *t, int kind, FILE *out)
{
    static void (*const fns[])(const hw_target *, FILE *) = {
        list_metrics, list_events, list_groups, list_inputs, list_constants};
    if (kind >= 0 && kind < 5)
        fns[kind](t, out);
}

static const cmd_option options[] = {
    {"set", 0, "SET", 0, NULL},
};

/* An Intel OA platform: its sets, or the counters of the set --set names. */
static int list_oa(const cmd_context *c, const hw_target *t, int argc)
{
    const char *name = cmd_value(c->args, "set");
    if (argc == 2)
        return cmd_usage_error("list: %s", "an Intel OA platform lists its metric sets, or "
                               "with --set SET the counters of one; it takes no kind");
    const hw_oa_set *s = name ? cmd_oa_set(t->oa, name, c->d) : NULL;
    if (name && !s)
        return EXIT_SPEC;
    cmd_oa_list(t->oa, s, stdout);
    return 0;
}

static int run_list(const cmd_context *c, int argc, char **argv)
{
    if (argc < 1 || argc > 2)
        return cmd_usage_error("list: %s", "expected SPEC and at most one kind");
    int k = argc == 2 ? list_kind(argv[1]) : 0;
    if (k < 0)
        return cmd_usage_error("list: unknown kind '%s' (%s)", argv[1], LIST_KINDS);
    hw_target *t;
    hw_plan p;
    int rc = cmd_open_one("list", argv[0], &t, &p, c->d);
    if (rc)
        return rc;
    if (t->oa || cmd_value(c->args, "set"))
        rc = t->oa ? list_oa(c, t, argc)
                   : cmd_usage_error("list: --set chooses a metric set of an Intel OA "
                                     "platform; %s is none", argv[0]);
    else
        list_print(t, k, stdout);
    plan_free(&p);
    target_free(t);
    return rc;
}

const cmd_command cmd_list = {
    "list",
    "SPEC [--set SET] [events|metrics|groups|inputs|constants]",
    "print what a spec defines",
    "Print what SPEC defines, one item per line (default: metrics). SPEC may\n"
    "be one directory of a perf pmu-events tree; a path that names several\n"
    "(an arch) is a usage error saying how many.\n"
    "\n"
    "SPEC may be an Intel OA platform (an oa-*.xml of Mesa's): it lists its\n"
    "metric sets (symbol name, GUID, counters, register writes, name), or\n"
    "with --set SET the counters of that set (symbol name, data type,\n"
    "units, semantic type, equation as the file writes it).\n",
    options, sizeof options / sizeof options[0], 0, NULL,
    run_list,
};
