/* load_model.c - <perf-model> specs (spec/schema/perf-model.rng) into the IR.
 *
 * constants -> t->constants (fixed values), inputs -> t->inputs (with their
 * valid ranges), values -> t->metrics flagged METRIC_INTERMEDIATE, outputs
 * -> t->metrics, examples -> t->examples. The document is already
 * schema-valid, so only what the schema cannot say and is local to one
 * element is checked here: numbers that overflow a double, input ranges no
 * value fits. Names (binding, duplicates, multiple-of, the inputs examples
 * set) are the checker's job.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "load/load.h"
#include "load/load_common.h"
#include "load/load_xml.h"

static int out_of_memory(hw_diag *d)
{
    diag_error(d, NULL, "out of memory");
    return -1;
}

/* A number attribute of item `what` `name`. 0 when read, 1 when absent,
 * -1 after reporting a value that is not a finite double. */
static int attr_number(hw_target *t, const xmlNode *n, const char *attr,
                       const char *what, const char *name, double *out,
                       hw_diag *d)
{
    const char *text = xmlu_attr(t->arena, n, attr);
    if (!text)
        return 1;
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno == ERANGE || !isfinite(v)) {
        hw_loc loc = xmlu_loc(t->spec_path, n);
        diag_error(d, &loc, "%s '%s': %s=\"%s\" is not a finite number",
                   what, name, attr, text);
        return -1;
    }
    *out = v;
    return 0;
}

/* What a <constant> and an <input> both say of themselves, alike: where
 * it is, its name, title, units and description (the element's text). */
static void read_about(hw_target *t, const xmlNode *n, hw_loc *loc,
                       const char **name, const char **title,
                       const char **units, const char **description)
{
    *loc = xmlu_loc(t->spec_path, n);
    *name = xmlu_attr(t->arena, n, "name");
    *title = xmlu_attr(t->arena, n, "title");
    *units = xmlu_attr(t->arena, n, "units");
    *description = xmlu_text(t->arena, n);
}

static int load_constants(hw_target *t, const xmlNode *parent, hw_diag *d)
{
    int rc = 0;
    XMLU_EACH(n, parent, "constant")
    {
        hw_constant *c = IR_PUSH(t, constants);
        if (!c)
            return out_of_memory(d);
        read_about(t, n, &c->loc, &c->name, &c->title, &c->units,
                   &c->description);
        if (attr_number(t, n, "value", "constant", c->name, &c->value, d) == 0)
            c->has_value = 1;
        else
            rc = -1;
    }
    return rc;
}

static int load_range(hw_target *t, const xmlNode *n, hw_input *in,
                      hw_diag *d)
{
    int rc = 0;
    int got = attr_number(t, n, "min", "input", in->name, &in->min, d);
    if (got < 0)
        rc = -1;
    in->has_min = got == 0;
    in->min_exclusive = in->has_min && xmlu_attr_bool(n, "min-exclusive", 0);
    got = attr_number(t, n, "max", "input", in->name, &in->max, d);
    if (got < 0)
        rc = -1;
    in->has_max = got == 0;
    in->max_exclusive = in->has_max && xmlu_attr_bool(n, "max-exclusive", 0);
    if (in->has_min && in->has_max &&
        (in->min > in->max ||
         (in->min == in->max && (in->min_exclusive || in->max_exclusive)))) {
        hw_loc loc = xmlu_loc(t->spec_path, n);
        diag_error(d, &loc, "input '%s': no value lies between min and max",
                   in->name);
        rc = -1;
    }
    return rc;
}

/* default="v": a value the input's own range takes (its multiple-of is
 * the evaluator's to check, with the other input's value). */
static int load_default(hw_target *t, const xmlNode *n, hw_input *in, hw_diag *d)
{
    int got = attr_number(t, n, "default", "input", in->name, &in->default_value, d);
    if (got < 0)
        return -1;
    in->has_default = got == 0;
    double v = in->default_value;
    if (in->has_default &&
        ((in->has_min && (v < in->min || (in->min_exclusive && v == in->min))) ||
         (in->has_max && (v > in->max || (in->max_exclusive && v == in->max))) ||
         (in->integer && v != floor(v)))) {
        hw_loc loc = xmlu_loc(t->spec_path, n);
        diag_error(d, &loc, "input '%s': default %g is outside its valid range", in->name, v);
        return -1;
    }
    return 0;
}

static int load_inputs(hw_target *t, const xmlNode *parent, hw_diag *d)
{
    int rc = 0;
    XMLU_EACH(n, parent, "input")
    {
        hw_input *in = IR_PUSH(t, inputs);
        if (!in)
            return out_of_memory(d);
        read_about(t, n, &in->loc, &in->name, &in->title, &in->units,
                   &in->description);
        in->integer = xmlu_attr_bool(n, "integer", 0);
        in->multiple_of = xmlu_attr(t->arena, n, "multiple-of");
        if (load_range(t, n, in, d) != 0 || load_default(t, n, in, d) != 0)
            rc = -1;
    }
    return rc;
}

/* The formula text of <expr> without the white space around it; *line is
 * moved down by the line breaks skipped in front. */
static const char *formula_text(hw_arena *a, const xmlNode *expr, int *line)
{
    const char *raw = xmlu_raw_text(a, expr);
    if (!raw)
        return NULL;
    const char *s = raw;
    for (; *s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'; s++)
        if (*s == '\n')
            (*line)++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' ||
                     s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    return arena_strndup(a, s, n);
}

/* <value> or <output> elements under `parent` into t->metrics. */
static int load_formulas(hw_target *t, const xmlNode *parent,
                         const char *element, unsigned flags, hw_diag *d)
{
    hw_arena *a = t->arena;
    int rc = 0;
    XMLU_EACH(n, parent, element)
    {
        hw_metric *m = IR_PUSH(t, metrics);
        if (!m)
            return out_of_memory(d);
        m->loc = xmlu_loc(t->spec_path, n);
        m->name = xmlu_attr(a, n, "name");
        m->title = xmlu_attr(a, n, "title");
        m->units = xmlu_attr(a, n, "units");
        m->flags = flags;
        const xmlNode *desc = xmlu_first(n, "description");
        if (desc)
            m->description = xmlu_text(a, desc);
        const xmlNode *expr = xmlu_first(n, "expr");
        hw_loc at = xmlu_loc(t->spec_path, expr);
        const char *text = expr ? formula_text(a, expr, &at.line) : NULL;
        if (!text)
            return out_of_memory(d); /* the schema requires <expr> */
        if (load_formula(t, m, element, text, at, d) != 0)
            rc = -1;
    }
    return rc;
}

/* The <set>s of example x. */
static int load_sets(hw_target *t, const xmlNode *example, hw_example *x,
                     hw_diag *d)
{
    int rc = 0;
    XMLU_EACH(n, example, "set")
    {
        hw_example_set *s =
            ARENA_PUSH(t->arena, x->sets, x->nsets, x->cap_sets);
        if (!s)
            return out_of_memory(d);
        s->loc = xmlu_loc(t->spec_path, n);
        s->input = xmlu_attr(t->arena, n, "input");
        if (attr_number(t, n, "value", "example", x->label, &s->value, d) != 0)
            rc = -1;
    }
    return rc;
}

static int load_examples(hw_target *t, const xmlNode *parent, hw_diag *d)
{
    int rc = 0;
    XMLU_EACH(n, parent, "example")
    {
        hw_example *x = IR_PUSH(t, examples);
        if (!x)
            return out_of_memory(d);
        x->loc = xmlu_loc(t->spec_path, n);
        x->label = xmlu_attr(t->arena, n, "label");
        x->expected = xmlu_attr(t->arena, n, "expected");
        if (load_sets(t, n, x, d) != 0)
            rc = -1;
    }
    return rc;
}

int load_model(hw_target *t, xmlDocPtr doc, hw_diag *d)
{
    const xmlNode *root = xmlDocGetRootElement(doc);
    int rc = 0;
    if (load_constants(t, xmlu_first(root, "constants"), d) != 0)
        rc = -1;
    if (load_inputs(t, xmlu_first(root, "inputs"), d) != 0)
        rc = -1;
    if (load_formulas(t, xmlu_first(root, "values"), "value",
                      METRIC_INTERMEDIATE, d) != 0)
        rc = -1;
    if (load_formulas(t, xmlu_first(root, "outputs"), "output", 0, d) != 0)
        rc = -1;
    if (load_examples(t, xmlu_first(root, "examples"), d) != 0)
        rc = -1;
    return rc;
}
