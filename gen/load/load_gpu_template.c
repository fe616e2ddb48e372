/* load_gpu_template.c - <gpu-template> specs (spec/schema/gpu-template.rng):
 * a GPU's counter blocks, raw counters and run-time constants, and the
 * analysis template (sections > groups > series) built on them.
 *
 * The document is schema-valid when we get it, so shapes and spellings are
 * settled; here we build the IR and report what only this file can see:
 * a counter in an unknown block or outside its block, numbers that do not
 * nest (series 4.3.1 in group 4.2), formulas that do not parse, a
 * database name given to two counters. Unknown names in formulas and other
 * duplicates are the checker's business.
 *
 * Semantic errors are reported and loading goes on, so one run shows them
 * all; only running out of memory stops early.
 */
#include "load/load.h"
#include "load/load_common.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "load/load_xml.h"

typedef struct gt_ctx {
    hw_target *t;
    hw_diag *d;
    const char *file;
} gt_ctx;

enum { GT_OOM = -1 };

static int oom(gt_ctx *c, const xmlNode *n)
{
    hw_loc loc = xmlu_loc(c->file, n);
    diag_error(c->d, &loc, "out of memory");
    return GT_OOM;
}

/* Whole-number attribute that the schema has already required; a value
 * beyond INT_MAX is reported by xmlu_attr_uint. */
static int int_attr(gt_ctx *c, const xmlNode *n, const char *name, int *out)
{
    uint64_t v = 0;
    if (xmlu_attr_uint(c->file, n, name, INT_MAX, &v, c->d) != 0)
        return -1;
    *out = (int)v;
    return 0;
}

/* Text of the first `name` child (white space folded), or NULL. */
static const char *child_text(gt_ctx *c, const xmlNode *n, const char *name)
{
    const xmlNode *ch = xmlu_first(n, name);
    return ch ? xmlu_text(c->t->arena, ch) : NULL;
}

/* "Load/store unit usage" -> "load_store_unit_usage". */
static char *snake_case(hw_arena *a, const char *title)
{
    size_t n = strlen(title);
    char *out = arena_alloc(a, n + 1);
    if (!out)
        return NULL;
    size_t j = 0;
    for (const unsigned char *p = (const unsigned char *)title; *p; p++) {
        if (isalnum(*p))
            out[j++] = (char)tolower(*p);
        else if (j > 0 && out[j - 1] != '_')
            out[j++] = '_';
    }
    while (j > 0 && out[j - 1] == '_')
        j--;
    out[j] = '\0';
    return out;
}

/* "3.2" inside "3"; "3.2.1" inside "3.2"; a series may also carry its
 * group's own number when the group holds only that series ("2.1"). */
static int number_within(const char *inner, const char *outer, int same_ok)
{
    size_t n = strlen(outer);
    if (strncmp(inner, outer, n) != 0)
        return 0;
    return inner[n] == '.' || (same_ok && inner[n] == '\0');
}

/* ---- hardware ----------------------------------------------------------- */

static int load_block(gt_ctx *c, const xmlNode *n)
{
    hw_block *b = IR_PUSH(c->t, blocks);
    if (!b)
        return oom(c, n);
    hw_arena *a = c->t->arena;
    b->loc = xmlu_loc(c->file, n);
    b->name = xmlu_attr(a, n, "name");
    b->title = xmlu_attr(a, n, "title");
    int_attr(c, n, "id", &b->id);
    int_attr(c, n, "size", &b->size);
    return 0;
}

/* Place counter `e` in its block; blame the counter, by name. */
static void place_counter(gt_ctx *c, hw_event *e, const xmlNode *n)
{
    const char *block = xmlu_attr(c->t->arena, n, "block");
    e->block = block ? ir_find_block(c->t, block) : -1;
    if (int_attr(c, n, "index", &e->index) != 0)
        e->index = -1;
    if (e->block < 0) {
        diag_error(c->d, &e->loc, "counter '%s': unknown block '%s'", e->name,
                   block ? block : "");
        return;
    }
    const hw_block *b = &c->t->blocks[e->block];
    if (e->index >= b->size)
        diag_error(c->d, &e->loc, "counter '%s': index %d is outside block "
                   "'%s' (size %d)", e->name, e->index, b->name, b->size);
}

/* gatord ids are "ARM_<product>_<source>"; the source part is the name the
 * hardware layout uses (GPU_ACTIVE), and the one drivers want. */
static const char *source_name(const hw_target *t, const char *id)
{
    const char *at = id && t->name ? strstr(id, t->name) : NULL;
    if (!at || at[strlen(t->name)] != '_')
        return NULL;
    return at + strlen(t->name) + 1;
}

/* Two counters cannot be one database entry: a repeated db-name is a
 * copy-and-paste slip. */
static void check_db_name(gt_ctx *c, const hw_event *e)
{
    for (int i = 0; e->db_name && i < c->t->nevents - 1; i++) {
        const hw_event *o = &c->t->events[i];
        if (o->db_name && strcmp(o->db_name, e->db_name) == 0)
            diag_error(c->d, &e->loc,
                       "counter '%s': database name '%s' already names "
                       "counter '%s' (at %s:%d)",
                       e->name, e->db_name, o->name, o->loc.file, o->loc.line);
    }
}

static int load_counter(gt_ctx *c, const xmlNode *n)
{
    hw_event *e = IR_PUSH(c->t, events);
    if (!e)
        return oom(c, n);
    hw_arena *a = c->t->arena;
    e->loc = xmlu_loc(c->file, n);
    e->name = xmlu_attr(a, n, "var");
    e->counter_id = xmlu_attr(a, n, "id");
    e->hw_name = source_name(c->t, e->counter_id);
    e->st_title = xmlu_attr(a, n, "title");
    e->st_name = xmlu_attr(a, n, "name");
    e->units = xmlu_attr(a, n, "units");
    e->description = xmlu_text(a, n);
    e->title = arena_printf(a, "%s: %s", e->st_title, e->st_name);
    if (!e->name || !e->title)
        return oom(c, n);
    uint64_t mult = 0;
    if (xmlu_attr_uint(c->file, n, "multiplier", INT_MAX, &mult, c->d) == 0)
        e->multiplier = (double)mult;
    e->advanced = xmlu_attr_bool(n, "advanced", 0);
    e->db_name = xmlu_attr(a, n, "db-name");
    place_counter(c, e, n);
    check_db_name(c, e);
    return 0;
}

static int load_constant(gt_ctx *c, const xmlNode *n)
{
    hw_constant *k = IR_PUSH(c->t, constants);
    if (!k)
        return oom(c, n);
    hw_arena *a = c->t->arena;
    k->loc = xmlu_loc(c->file, n);
    k->name = xmlu_attr(a, n, "var");
    k->title = xmlu_attr(a, n, "title");
    k->units = xmlu_attr(a, n, "units");
    k->description = xmlu_text(a, n);
    k->has_value = 0; /* the profiler reads it from the device */
    return 0;
}

/* ---- the template ------------------------------------------------------ */

/* A series of group `g` (index `gi`). Flags follow the schema's six
 * shapes: plain, corrected (expr + source-expr), derived, external,
 * missing (note only), database (number optional). */
static int load_series(gt_ctx *c, const xmlNode *n, int gi)
{
    hw_metric *m = IR_PUSH(c->t, metrics);
    if (!m)
        return oom(c, n);
    hw_arena *a = c->t->arena;
    const hw_group *g = &c->t->groups[gi];
    m->loc = xmlu_loc(c->file, n);
    m->name = xmlu_attr(a, n, "id");
    m->title = xmlu_attr(a, n, "title");
    m->number = xmlu_attr(a, n, "number");
    m->units = xmlu_attr(a, n, "units");
    m->description = child_text(c, n, "description");
    m->source_formula = child_text(c, n, "source-expr");
    m->note = child_text(c, n, "note");
    m->groups = arena_alloc(a, sizeof *m->groups);
    if (!m->name || !m->groups)
        return oom(c, n);
    m->groups[0] = g->name;
    m->ngroups = 1;
    if (xmlu_attr_bool(n, "external", 0))
        m->flags |= METRIC_EXTERNAL;
    if (xmlu_attr_bool(n, "derived", 0))
        m->flags |= METRIC_DERIVED;
    if (xmlu_attr_bool(n, "database", 0))
        m->flags |= METRIC_DATABASE;
    if (m->number && g->number && !number_within(m->number, g->number, 1))
        diag_error(c->d, &m->loc, "series '%s': number %s is not inside "
                   "group %s", m->name, m->number, g->number);
    const xmlNode *ex = xmlu_first(n, "expr");
    if (!ex)
        return 0;
    if (m->source_formula)
        m->flags |= METRIC_CORRECTED;
    const char *text = xmlu_text(a, ex);
    if (!text)
        return oom(c, ex);
    load_formula(c->t, m, "series", text, xmlu_loc(c->file, ex), c->d);
    return 0;
}

/* Group names come from titles; a repeated title gets the group number. */
static const char *group_name(gt_ctx *c, const char *title, const char *number)
{
    hw_arena *a = c->t->arena;
    char *name = snake_case(a, title ? title : "");
    if (name && ir_find_group(c->t, GROUP_METRICS, name) >= 0) {
        char *suffix = snake_case(a, number ? number : "");
        name = suffix ? arena_printf(a, "%s_%s", name, suffix) : NULL;
    }
    return name;
}

/* Room for every series of group `n`, filled in order by load_group. */
static int alloc_members(gt_ctx *c, hw_group *g, const xmlNode *n)
{
    size_t count = 0;
    XMLU_EACH(sn, n, "series")
    {
        count++;
    }
    g->members = arena_alloc(c->t->arena, count * sizeof *g->members);
    g->member_locs = arena_alloc(c->t->arena, count * sizeof *g->member_locs);
    return g->members && g->member_locs ? 0 : oom(c, n);
}

static int load_group(gt_ctx *c, const xmlNode *n, int si)
{
    hw_group *g = IR_PUSH(c->t, groups);
    if (!g)
        return oom(c, n);
    int gi = c->t->ngroups - 1;
    hw_arena *a = c->t->arena;
    const hw_section *s = &c->t->sections[si];
    g->loc = xmlu_loc(c->file, n);
    g->kind = GROUP_METRICS;
    g->title = xmlu_attr(a, n, "title");
    g->number = xmlu_attr(a, n, "number");
    g->description = child_text(c, n, "description");
    g->section = si;
    g->name = group_name(c, g->title, g->number);
    if (!g->name)
        return oom(c, n);
    if (g->number && s->number && !number_within(g->number, s->number, 0))
        diag_error(c->d, &g->loc, "group '%s': number %s is not inside "
                   "section %s", g->name, g->number, s->number);
    if (alloc_members(c, g, n) != 0)
        return GT_OOM;
    XMLU_EACH(sn, n, "series")
    {
        if (load_series(c, sn, gi) != 0)
            return GT_OOM;
        const hw_metric *m = &c->t->metrics[c->t->nmetrics - 1];
        g->members[g->nmembers] = m->name;
        g->member_locs[g->nmembers] = m->loc;
        g->nmembers++;
    }
    return 0;
}

static int load_section(gt_ctx *c, const xmlNode *n)
{
    hw_section *s = IR_PUSH(c->t, sections);
    if (!s)
        return oom(c, n);
    int si = c->t->nsections - 1;
    hw_arena *a = c->t->arena;
    s->loc = xmlu_loc(c->file, n);
    s->number = xmlu_attr(a, n, "number");
    s->title = xmlu_attr(a, n, "title");
    s->description = child_text(c, n, "description");
    XMLU_EACH(gn, n, "group")
    {
        if (load_group(c, gn, si) != 0)
            return GT_OOM;
    }
    return 0;
}

/* Run `load` on every `child` element of root's `list` element. */
static int load_list(gt_ctx *c, const xmlNode *root, const char *list,
                     const char *child, int (*load)(gt_ctx *, const xmlNode *))
{
    XMLU_EACH(n, xmlu_first(root, list), child)
    {
        if (load(c, n) != 0)
            return GT_OOM;
    }
    return 0;
}

int load_gpu_template(hw_target *t, xmlDocPtr doc, hw_diag *d)
{
    gt_ctx c = {t, d, t->spec_path};
    const xmlNode *root = xmlDocGetRootElement(doc);
    int before = d->errors;
    if (load_list(&c, root, "blocks", "block", load_block) != 0 ||
        load_list(&c, root, "counters", "counter", load_counter) != 0 ||
        load_list(&c, root, "constants", "constant", load_constant) != 0 ||
        load_list(&c, root, "template", "section", load_section) != 0)
        return -1;
    return d->errors == before ? 0 : -1;
}
