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
 *     under labels no built-in event of the core has;
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
 * two counters that share a label get the second's name appended.
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
    name_index seen;     /* "title\nname" labels used in the category */
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

/* Event i as core c labels it. */
static st_label st_label_of(const st_core *c, int i)
{
    return c->labels[i];
}

/* A new category (core c; NULL for a GPU): no label used yet but gatord's,
 * those of its events that stay and those ours take over, which a label
 * of our own (for an event gatord lacks) may match none of. */
static int st_seen_reset(st_gen *g, const st_core *c)
{
    name_index_free(&g->seen);
    if (name_index_init(&g->seen, 2 * (size_t)g->t->nevents + (size_t)(c ? c->ntaken : 0)) != 0)
        return -1;
    for (int i = 0; c && i < c->ntaken; i++)
        if (name_index_put(&g->seen, c->taken[i], 0) == -2)
            return -1;
    for (int i = 0; c && i < g->t->nevents; i++) {
        st_label l = st_label_of(c, i);
        const char *key = l.gd_title ? arena_printf(g->a, "%s\n%s", l.gd_title, l.gd_name) : NULL;
        if (l.gd_title && (!key || name_index_put(&g->seen, key, 0) == -2))
            return -1;
    }
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

/* A title+name already used in this category gets the event's own name
 * appended, so Streamline never shows two series under one label. */
static const char *st_unique_name(st_gen *g, const hw_event *e,
                                  const char *title, const char *name)
{
    const char *key = arena_printf(g->a, "%s\n%s", title, name);
    int old = key ? name_index_put(&g->seen, key, 0) : -2;
    if (old == -1)
        return name;
    if (old == -2) {
        arena_fail(g->a);
        return name;
    }
    name = arena_printf(g->a, "%s (%s)", name, e->name);
    key = name ? arena_printf(g->a, "%s\n%s", title, name) : NULL;
    if (!key || name_index_put(&g->seen, key, 0) == -2)
        arena_fail(g->a);
    return name;
}


/* ---- CPU PMU ------------------------------------------------------------------ */

/* Title of an event gatord lacks: the first functional group that lists
 * it, as gatord titles CPU events by topic; the core's product name
 * otherwise. */
static const char **st_cpu_titles(st_gen *g, const st_core *c)
{
    const hw_target *t = g->t;
    const char **titles = arena_alloc(g->a, ((size_t)t->nevents + 1) * sizeof *titles);
    for (int i = 0; titles && i < t->ngroups; i++) {
        const hw_group *gr = &t->groups[i];
        if (gr->kind != GROUP_EVENTS)
            continue;
        for (int k = 0; k < gr->nmembers; k++) {
            int ei = ir_find_event(t, gr->members[k]);
            if (ei >= 0 && !titles[ei])
                titles[ei] = gr->title ? gr->title : gr->name;
        }
    }
    for (int i = 0; titles && i < t->nevents; i++)
        if (!titles[i])
            titles[i] = c->name;
    return titles;
}

/* The name of an event gatord lacks: its title; in a perf tree, whose
 * title is a sentence (BriefDescription), the EventName perf users know. */
static const char *st_own_name(const st_gen *g, const hw_event *e)
{
    if (target_is_perf_tree(g->t) || !e->title)
        return e->name;
    return e->title;
}

/* A perf tree's event may have only its BriefDescription. */
static const char *st_description(const st_gen *g, const hw_event *e)
{
    return e->description || !target_is_perf_tree(g->t) ? e->description : e->title;
}

static void st_cpu_event(st_gen *g, xmlNodePtr cat, const st_core *c, int i, const char *title,
                         const char *ccnt)
{
    const hw_event *e = &g->t->events[i];
    st_label l = st_label_of(c, i);
    const char *name;
    if (l.gd_title) { /* gatord's own label: the event replaces gatord's */
        title = l.gd_title;
        name = l.gd_name;
    } else {
        name = st_unique_name(g, e, title, st_own_name(g, e));
    }
    xmlNodePtr n = st_child(g, cat, "event");
    if (!n)
        return;
    st_prop(g, n, "counter", ccnt);
    st_prop(g, n, "event", arena_printf(g->a, "0x%02x", (unsigned)e->code));
    st_prop(g, n, "title", title);
    st_prop(g, n, "name", name);
    st_prop(g, n, "description", st_description(g, e));
    st_prop(g, n, "units", ccnt ? "cycles" : l.units);
}

/* In the category: an event of the core's PMU, shown to users, not an
 * event of gatord's that its merge cannot replace, and the first of its
 * code (a category counts a code once; a perf tree may give two names
 * one code). `codes` marks the codes taken. */
static int st_cpu_wanted(const st_gen *g, const st_core *c, int i, unsigned char *codes)
{
    const hw_event *e = &g->t->events[i];
    if (!st_event_wanted(e) || st_label_of(c, i).gd_shadowed ||
        (codes[e->code / 8] & 1u << e->code % 8))
        return 0;
    codes[e->code / 8] |= (unsigned char)(1u << e->code % 8);
    return 1;
}

static void st_cpu_events(st_gen *g, xmlNodePtr cat, const st_core *c)
{
    const hw_target *t = g->t;
    const char **titles = st_cpu_titles(g, c);
    unsigned char *codes = arena_alloc(g->a, 0x10000 / 8);
    if (!titles || !codes)
        return;
    for (int i = 0; i < t->nevents; i++)
        if (t->events[i].code == GATORD_CYCLE_EVENT && st_cpu_wanted(g, c, i, codes))
            st_cpu_event(g, cat, c, i, titles[i], c->cycle_counter);
    for (int i = 0; i < t->nevents; i++)
        if (t->events[i].code != GATORD_CYCLE_EVENT && st_cpu_wanted(g, c, i, codes))
            st_cpu_event(g, cat, c, i, titles[i], NULL);
}

static void st_cpu_category(st_gen *g, const st_core *c)
{
    if (st_seen_reset(g, c) != 0) {
        arena_fail(g->a);
        return;
    }
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

/* A counter the GPU's file carries: one with a gatord id that gatord
 * does not already show. */
static int st_gpu_wanted(const hw_event *e)
{
    return e->counter_id && !(e->flags & EVENT_GATORD_BUILTIN);
}

static int st_has_ids(const hw_target *t)
{
    for (int i = 0; i < t->nevents; i++)
        if (st_gpu_wanted(&t->events[i]))
            return 1;
    return 0;
}

static void st_gpu_event(st_gen *g, xmlNodePtr cat, const hw_event *e)
{
    const char *title = e->st_title ? e->st_title : g->t->name;
    const char *name = st_unique_name(g, e, title, e->st_name ? e->st_name : e->name);
    xmlNodePtr n = st_child(g, cat, "event");
    if (!n)
        return;
    st_prop(g, n, "counter", e->counter_id);
    st_prop(g, n, "title", title);
    st_prop(g, n, "name", name);
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

/* One category for every counter: gatord keeps only the first new
 * category of a file. Named after the device and hwcgen, a name no
 * built-in category has. */
static const char *st_gpu_category(st_gen *g)
{
    return arena_printf(g->a, "%s (hwcgen)", g->t->name);
}

static void st_gpu_doc(st_gen *g)
{
    const hw_target *t = g->t;
    if (st_seen_reset(g, NULL) != 0) {
        arena_fail(g->a);
        return;
    }
    xmlNodePtr cat = st_child(g, g->root, "category");
    st_prop(g, cat, "name", st_gpu_category(g));
    st_prop(g, cat, "per_cpu", "no");
    /* block by block, in block order, then counters in no block */
    for (int b = 0; b <= t->nblocks; b++)
        for (int i = 0; i < t->nevents; i++) {
            const hw_event *e = &t->events[i];
            int in = b == t->nblocks ? e->block < 0 || e->block >= t->nblocks : e->block == b;
            if (st_gpu_wanted(e) && in)
                st_gpu_event(g, cat, e);
        }
}

static const char *st_gpu_how(st_gen *g)
{
    if (g->t->nproduct_ids > 0)
        return arena_printf(g->a, "adds category '%s', the counters gatord counts for the "
                            "GPU and its built-in events do not show; its own events stay "
                            "as they are", st_gpu_category(g));
    return arena_printf(g->a, "adds category '%s'; where gatord knows the device, its "
                        "counters then show a second time, under these labels",
                        st_gpu_category(g));
}

/* ---- one target ------------------------------------------------------------------ */

static int st_target(const hw_target *t, const st_plan *p, out_set *out, hw_diag *d)
{
    st_gen g = {t, arena_create(), d, NULL, NULL, {0}};
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
    if (g.a && st_begin(&g, cpu ? st_cpu_how(&g, cores, n) : st_gpu_how(&g)) == 0) {
        for (int i = 0; i < n; i++)
            st_cpu_category(&g, cores[i]);
        if (!cpu)
            st_gpu_doc(&g);
        if (arena_failed(g.a))
            diag_error(d, NULL, "out of memory building Streamline XML of %s", t->spec_name);
        else
            rc = st_finish(&g, out);
    } else {
        diag_error(d, NULL, "out of memory");
    }
    name_index_free(&g.seen);
    xmlFreeDoc(g.doc);
    arena_free(g.a);
    return rc;
}

/* A CPU may have a category to give (st_target() asks st_cpu_cores(): a
 * counter count, by which gatord sizes the counter set, and a Streamline
 * identity; the checker and the plan note a CPU without them). A GPU needs gatord's
 * counter ids. */
static int st_wanted(const hw_target *t)
{
    if (target_is_cpu_pmu(t))
        return 1;
    return t->kind && strcmp(t->kind, "model") != 0 && st_has_ids(t);
}

int emit_streamline(const hw_target *t, const hw_plan *p, const emit_to *to)
{
    return st_wanted(t) ? st_target(t, &p->streamline, to->out, to->d) : 0;
}
