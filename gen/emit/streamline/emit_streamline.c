/* emit_streamline.c - Streamline (gatord) events XML.
 *
 * streamline/events-<Name>.xml, a complete <events> document shaped for
 * gatord 9.7.2's -E FILE (append to the built-in events), whose merge
 * moves only the FIRST category of FILE that gatord lacks into its tree,
 * merges a category gatord has into the LAST built-in one of that name
 * (an event whose title and name match a built-in one replaces it, others
 * are appended), and replaces counter sets by name (README, "Streamline"):
 *   - a CPU gatord has built in (its plan's categories, plan_streamline.h): gatord's
 *     own counter set and category, and each event under gatord's own title
 *     and name, with gatord's units, so -E updates gatord's events in place:
 *     every code once, no second group of the same counters. An event whose
 *     label gatord repeats for a later event is left to gatord (its merge
 *     can only replace the later one). Events gatord lacks are appended
 *     under labels of the plan's that no built-in event of the core has;
 *   - a CPU gatord lacks: one category of its own on a counter set of its
 *     own;
 *   - an arm64 model directory of a perf tree: gatord's category for each
 *     of its cores that gatord has (hw_core; a category once when two
 *     cores share it, as Cortex-A78 and A78C do), the directory's events
 *     in each, so one file serves every core perf gives the directory
 *     (gatord takes one -E file; it shows a category only on a CPU whose
 *     PMU counts on its counter set). The events are those of the core's
 *     own PMU, each code once; one gatord lacks is titled by the core and
 *     named by perf's EventName;
 *   - a target whose counters have gatord ids (Mali): one category for the
 *     whole device, named so that no built-in category has the name: a
 *     second new category would be dropped, and a shared name ("Mali CSF"
 *     exists once per GPU) would merge into another GPU's category. A
 *     GPU of Arm's counter database that gatord knows gets only the
 *     counters gatord counts and its built-in events do not show
 *     (EVENT_GATORD_BUILTIN): the others would show a second time; one
 *     whose counters gatord all shows gets no file. Its file is named by
 *     its slug, as our own spec of the same GPU has its product name.
 * The cycle counter (event 0x11 on the _ccnt counter) comes first; hidden
 * events (CHAIN) are left out, as gatord's own CPU files do. Targets with
 * neither events nor ids (models, Intel OA) get no file.
 *
 * Streamline names a series "$" + the words of title and name; formulas
 * use those names, so every $-reference of a formula must come out of the
 * file as exactly one event. The title and name are the spec's own; the
 * checker rejects a spec where they do not give the formulas' name, and
 * the plan appends the second's name where two counters share a label.
 *
 * Which events each category carries, and under which labels, is the
 * plan's (plan_streamline.h), which the docs show too: this file writes
 * them as they are.
 *
 * The document is built with libxml2's tree API, which does the escaping;
 * text libxml2 would write but no parser could read (control characters,
 * bad UTF-8) is refused with a diagnostic instead.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/chvalid.h>
#include <libxml/tree.h>

#include "emit/streamline/emit_streamline.h"
#include "core/expr.h"
#include "core/names.h"
#include "core/spdx.h"
#include "core/version.h"

/* The merge rules every file is shaped for (README). */
#define ST_GATORD "gatord 9.7.2"

/* One core's category (plan_streamline.h): a telemetry CPU's, or one of a
 * perf tree's model directory. */
typedef st_category st_core;

typedef struct st_gen {
    const hw_target *t;
    hw_arena *a;         /* scratch, freed when the target is done */
    hw_diag *d;
    xmlDocPtr doc;
    xmlNodePtr root;
} st_gen;

/* ---- document building ----------------------------------------------------- */

static void st_prop(st_gen *g, xmlNodePtr n, const char *name, const char *value)
{
    if (n && value && !xmlNewProp(n, BAD_CAST name, BAD_CAST value))
        arena_fail(g->a);
}

static xmlNodePtr st_child(st_gen *g, xmlNodePtr parent, const char *name)
{
    xmlNodePtr n = parent ? xmlNewChild(parent, NULL, BAD_CAST name, NULL) : NULL;
    if (!n)
        arena_fail(g->a);
    return n;
}

/* Comments may not hold "--" nor end in '-'. */
static const char *st_comment_text(st_gen *g, const char *s)
{
    char *c = arena_printf(g->a, " %s ", s);
    for (char *p = c; p && *p; p++)
        if (p[0] == '-' && p[1] == '-')
            p[1] = '_';
    return c;
}

/* A comment before the root, after those added before it. */
static int st_comment(st_gen *g, const char *text)
{
    xmlNodePtr c = text ? xmlNewDocComment(g->doc, BAD_CAST text) : NULL;
    if (!c || !xmlAddPrevSibling(g->root, c)) {
        xmlFreeNode(c);
        return -1;
    }
    return 0;
}

static int st_begin(st_gen *g, const char *how)
{
    g->doc = xmlNewDoc(BAD_CAST "1.0");
    g->root = g->doc ? xmlNewNode(NULL, BAD_CAST "events") : NULL;
    if (!g->root)
        return -1;
    xmlDocSetRootElement(g->doc, g->root);
    const char *spdx = arena_printf(g->a, " SPDX-License-Identifier: %s ", spdx_of(g->t));
    if (st_comment(g, spdx) != 0 ||
        st_comment(g, st_comment_text(g, arena_printf(g->a,
            "Streamline (gatord) events of %s, generated by hwcgen %s from %s; do not edit. "
            "For %s -E (append): %s.", g->t->name, HWCGEN_VERSION, g->t->spec_name,
            ST_GATORD, how))) != 0)
        return -1;
    return 0;
}

/* "events-Neoverse-V1.xml": the product name, spaces (and anything a file
 * name should not hold) turned into '-'. */
static const char *st_file_name(st_gen *g)
{
    char *name = arena_strdup(g->a, g->t->nproduct_ids > 0 ? g->t->slug : g->t->name);
    for (char *p = name; p && *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("-_.", *p))
            *p = '-';
    return name ? arena_printf(g->a, "streamline/events-%s.xml", name) : NULL;
}

static int st_finish(st_gen *g, out_set *out)
{
    xmlChar *mem = NULL;
    int size = 0;
    xmlDocDumpFormatMemoryEnc(g->doc, &mem, &size, "UTF-8", 1);
    const char *file = st_file_name(g);
    if (!mem || !file) {
        xmlFree(mem);
        diag_error(g->d, NULL, "out of memory writing Streamline XML of %s", g->t->spec_name);
        return -1;
    }
    hw_buf b;
    buf_init(&b);
    buf_putn(&b, (const char *)mem, (size_t)size);
    xmlFree(mem);
    int rc = out_add(out, file, &b);
    buf_free(&b);
    if (rc != 0)
        diag_error(g->d, NULL, "out of memory adding %s", file);
    return rc;
}

/* ---- CPU PMU ------------------------------------------------------------------ */

/* A perf tree's event may have only its BriefDescription. */
static const char *st_description(const st_gen *g, const hw_event *e)
{
    return e->description || !target_is_perf_tree(g->t) ? e->description : e->title;
}

/* Event i under the label the plan gives it in core c's category: gatord's
 * own (the event replaces gatord's) or one of ours. */
static void st_cpu_event(st_gen *g, xmlNodePtr cat, const st_core *c, int i, const char *ccnt)
{
    const hw_event *e = &g->t->events[i];
    const st_label *l = &c->labels[i];
    xmlNodePtr n = st_child(g, cat, "event");
    if (!n)
        return;
    st_prop(g, n, "counter", ccnt);
    st_prop(g, n, "event", arena_printf(g->a, "0x%02x", (unsigned)e->code));
    st_prop(g, n, "title", l->title);
    st_prop(g, n, "name", l->name);
    st_prop(g, n, "description", st_description(g, e));
    st_prop(g, n, "units", ccnt ? "cycles" : l->units);
}

/* The events the plan puts in the category, the cycle counter first. */
static void st_cpu_events(st_gen *g, xmlNodePtr cat, const st_core *c)
{
    const hw_target *t = g->t;
    for (int i = 0; i < t->nevents; i++)
        if (t->events[i].code == GATORD_CYCLE_EVENT && c->labels[i].in_file)
            st_cpu_event(g, cat, c, i, c->cycle_counter);
    for (int i = 0; i < t->nevents; i++)
        if (t->events[i].code != GATORD_CYCLE_EVENT && c->labels[i].in_file)
            st_cpu_event(g, cat, c, i, NULL);
}

static void st_cpu_category(st_gen *g, const st_core *c)
{
    xmlNodePtr cs = st_child(g, g->root, "counter_set");
    st_prop(g, cs, "name", c->counter_set);
    st_prop(g, cs, "count", arena_printf(g->a, "%d", c->num_counters));
    xmlNodePtr cat = st_child(g, g->root, "category");
    st_prop(g, cat, "name", c->category);
    st_prop(g, cat, "counter_set", c->counter_set);
    st_prop(g, cat, "per_cpu", "yes");
    st_prop(g, cat, "supports_event_based_sampling", "yes");
    st_cpu_events(g, cat, c);
}

/* The cores of the file, one per category (plan_streamline.h): a
 * telemetry CPU's own; of a perf tree's directory, each core gatord has,
 * the first of cores that share a category. Their number; *out in g->a. */
static int st_cpu_cores(st_gen *g, const st_plan *p, const st_core ***out)
{
    const hw_target *t = g->t;
    int n = 0;
    const st_core **c = *out = arena_alloc(g->a, ((size_t)p->ncores + 1) * sizeof *c);
    if (!c)
        return 0;
    if (!target_is_perf_tree(t)) {
        const st_core *k = &p->cpu;
        c[0] = k;
        n = k->num_counters > 0 && k->category && k->counter_set && k->cycle_counter;
    }
    for (int i = 0; target_is_perf_tree(t) && i < p->ncores; i++) {
        const st_core *k = &p->cores[i];
        int first = k->category && k->num_counters > 0;
        for (int j = 0; first && j < n; j++)
            first = strcmp(c[j]->category, k->category) != 0;
        if (first)
            c[n++] = k;
    }
    return n;
}

/* "category 'Cortex-A57' and category 'Cortex-A72'" */
static const char *st_categories(st_gen *g, const st_core *const *c, int n)
{
    const char *text = arena_printf(g->a, "category '%s'", c[0]->category);
    for (int i = 1; text && i < n; i++)
        text = arena_printf(g->a, "%s%s category '%s'", text, i + 1 < n ? "," : " and",
                            c[i]->category);
    return text;
}

static const char *st_cpu_how(st_gen *g, const st_core *const *c, int n)
{
    if (c[0]->gatord)
        return arena_printf(g->a, "updates in place the events gatord has built in for "
                            "%s (labels of %s), and adds those it lacks",
                            st_categories(g, c, n), c[0]->gatord);
    return arena_printf(g->a, "adds category '%s' on counter set %s; gatord needs the core "
                        "in its PMU list too (-P)", c[0]->category, c[0]->counter_set);
}

/* ---- counters with gatord ids (GPU) -------------------------------------------- */

static void st_gpu_event(st_gen *g, xmlNodePtr cat, const hw_event *e, const st_label *l)
{
    xmlNodePtr n = st_child(g, cat, "event");
    if (!n)
        return;
    st_prop(g, n, "counter", e->counter_id);
    st_prop(g, n, "title", l->title);
    st_prop(g, n, "name", l->name);
    st_prop(g, n, "description", e->description);
    st_prop(g, n, "units", e->units);
    if (e->multiplier != 0) {
        char num[40];
        expr_format_number(num, sizeof num, e->multiplier);
        st_prop(g, n, "multiplier", num);
    }
    if (e->advanced)
        st_prop(g, n, "advanced", "yes");
}

/* The GPU's one category (plan_streamline.h), its counters in the order
 * the plan gave them labels: block by block, in block order, then the
 * counters in no block. */
static void st_gpu_doc(st_gen *g, const st_core *c)
{
    const hw_target *t = g->t;
    xmlNodePtr cat = st_child(g, g->root, "category");
    st_prop(g, cat, "name", c->category);
    st_prop(g, cat, "per_cpu", "no");
    for (int b = 0; b <= t->nblocks; b++)
        for (int i = 0; i < t->nevents; i++) {
            const hw_event *e = &t->events[i];
            int in = b == t->nblocks ? e->block < 0 || e->block >= t->nblocks : e->block == b;
            if (c->labels[i].in_file && in)
                st_gpu_event(g, cat, e, &c->labels[i]);
        }
}

static const char *st_gpu_how(st_gen *g, const st_core *c)
{
    if (g->t->nproduct_ids > 0)
        return arena_printf(g->a, "adds category '%s', the counters gatord counts for the "
                            "GPU and its built-in events do not show; its own events stay "
                            "as they are", c->category);
    return arena_printf(g->a, "adds category '%s'; where gatord knows the device, its "
                        "counters then show a second time, under these labels",
                        c->category);
}

/* ---- one target ------------------------------------------------------------------ */

static int st_target(const hw_target *t, const st_plan *p, out_set *out, hw_diag *d)
{
    st_gen g = {t, arena_create(), d, NULL, NULL};
    int rc = -1;
    const st_core **cores = NULL;
    int cpu = target_is_cpu_pmu(t), n = g.a && cpu ? st_cpu_cores(&g, p, &cores) : 0;
    if (cpu && n == 0) { /* no category to give the file */
        rc = g.a && !arena_failed(g.a) ? 0 : -1;
        if (rc != 0)
            diag_error(d, NULL, "out of memory");
        arena_free(g.a);
        return rc;
    }
    if (g.a && st_begin(&g, cpu ? st_cpu_how(&g, cores, n) : st_gpu_how(&g, &p->gpu)) == 0) {
        for (int i = 0; i < n; i++)
            st_cpu_category(&g, cores[i]);
        if (!cpu)
            st_gpu_doc(&g, &p->gpu);
        if (arena_failed(g.a))
            diag_error(d, NULL, "out of memory building Streamline XML of %s", t->spec_name);
        else
            rc = st_finish(&g, out);
    } else {
        diag_error(d, NULL, "out of memory");
    }
    xmlFreeDoc(g.doc);
    arena_free(g.a);
    return rc;
}

/* A CPU may have a category to give (st_target() asks st_cpu_cores(): a
 * counter count, by which gatord sizes the counter set, and a Streamline
 * identity; the checker and the plan note a CPU without them). A GPU has
 * one when the plan found counters of gatord ids for it. */
static int st_wanted(const hw_target *t, const st_plan *p)
{
    return target_is_cpu_pmu(t) || p->gpu.category;
}

int emit_streamline(const hw_target *t, const hw_plan *p, const emit_to *to)
{
    return st_wanted(t, &p->streamline) ? st_target(t, &p->streamline, to->out, to->d) : 0;
}
