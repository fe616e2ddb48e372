/* emit_docs.c - reference documentation generated from the IR (emit.h).
 *
 * For every target: docs/<slug>.md and docs/<slug>.html (one page each,
 * the same content) and its diagrams (docs_diagrams.c); for all targets
 * together: docs/index.md and docs/index.html (docs_index.c). How the
 * docs files divide the work, and the one builder both page formats share,
 * is in docs.h.
 *
 * The page is generic over the IR: each part appears when the target has
 * what it shows (events, constants, inputs, metrics, worked examples,
 * methodologies, registers, layouts, enums and their rules, report
 * layouts, notes). This file builds the parts that describe the target,
 * its constants, inputs, methodologies and notes, and the contents;
 * docs_events.c, docs_metrics.c and docs_registers.c build the rest. Every
 * list is in spec order, or in an order stated where it is built.
 */
#include <string.h>

#include "emit/docs/docs.h"
#include "emit/docs/emit_docs.h"
#include "core/spdx.h"
#include "core/version.h"

/* ---- descriptions -------------------------------------------------------
 *
 * Text split into blocks at blank lines; a block whose lines all start with
 * "- " is a list. Anything else keeps its words (newlines become spaces when
 * escaped for Markdown, and are plain whitespace in HTML). Code spans are
 * code (doc_text). A one-line block ending in ':' just before a list is that
 * list's heading: in HTML the list is folded under it (<details>), as such
 * lists say how the spec was made rather than what the hardware does. */
static void desc_blocks(dgen *g, cJSON *parent, const char *key,
                        const char *text)
{
    cJSON *arr = jarr(parent, key);
    cJSON *heading = NULL; /* the block before, if it may head a list */
    if (!text)
        return;
    const char *p = text;
    while (*p) {
        while (*p == '\n' || *p == '\r')
            p++;
        if (!*p)
            break;
        const char *end = strstr(p, "\n\n");
        size_t len = end ? (size_t)(end - p) : strlen(p), n = len;
        while (n > 0 && (p[n - 1] == '\n' || p[n - 1] == '\r'))
            n--;
        char *block = arena_strndup(g->a, p, n);
        if (!block)
            return;
        int list = block[0] == '-' && block[1] == ' ';
        for (const char *q = strchr(block, '\n'); list && q;
             q = strchr(q + 1, '\n'))
            list = q[1] == '-' && q[2] == ' ';
        cJSON *o = jobj(arr, NULL);
        jbool(o, "is_list", list);
        if (list) {
            doc_put(o, "text", NULL);
            cJSON *items = jarr(o, "items");
            for (char *line = block; line;) {
                char *nl = strchr(line, '\n');
                if (nl)
                    *nl = '\0';
                cJSON *it = jobj(items, NULL);
                doc_put(it, "text", doc_text(g, line + 2));
                line = nl ? nl + 1 : NULL;
            }
            if (heading) { /* the heading moves into the list */
                doc_put(o, "summary", cJSON_GetStringValue(
                                          cJSON_GetObjectItem(heading, "text")));
                jbool(heading, "is_heading", 1);
            }
            heading = NULL;
        } else {
            doc_put(o, "text", doc_text(g, block));
            jarr(o, "items");
            heading = n > 1 && block[n - 1] == ':' && !strchr(block, '\n')
                          ? o
                          : NULL;
        }
        p += len;
    }
}

/* ---- links to things on the page ----------------------------------------- */

static int find_register(const hw_target *t, const char *name)
{
    for (int i = 0; name && i < t->nregisters; i++)
        if (strcmp(t->registers[i].name, name) == 0)
            return i;
    return -1;
}

static int find_layout(const hw_target *t, const char *name)
{
    for (int i = 0; name && i < t->nlayouts; i++)
        if (strcmp(t->layouts[i].name, name) == 0)
            return i;
    return -1;
}

static int find_report(const hw_target *t, const char *name)
{
    for (int i = 0; name && i < t->nreports; i++)
        if (strcmp(t->reports[i].name, name) == 0)
            return i;
    return -1;
}

/* A group name to a link: metric groups first (stages and decision trees
 * name those), then event groups, then metrics. Unknown: code text. */
static const char *group_or_metric_link(dgen *g, const char *name)
{
    const hw_target *t = g->t;
    if (ir_find_group(t, GROUP_METRICS, name) >= 0)
        return doc_code_link(g, "mg-", doc_group_name(g, name));
    if (ir_find_group(t, GROUP_EVENTS, name) >= 0)
        return doc_code_link(g, "eg-", name);
    if (ir_find_metric(t, name) >= 0)
        return doc_code_link(g, "m-", name);
    return doc_code(g, name);
}

/* What a note's subject names, linked when it is something on the page. */
static const char *subject_link(dgen *g, const char *s)
{
    const hw_target *t = g->t;
    if (!s)
        return NULL;
    int i;
    if ((i = ir_find_event(t, s)) >= 0)
        return doc_event_link(g, i);
    for (i = 0; i < t->nevents; i++)
        if (t->events[i].counter_id && strcmp(t->events[i].counter_id, s) == 0)
            return doc_link(g, doc_anchor(g, "ev-", t->events[i].name),
                            doc_code(g, s));
    if ((i = ir_find_metric(t, s)) >= 0)
        return doc_code_link(g, "m-", s);
    if ((i = ir_find_constant(t, s)) >= 0)
        return doc_code_link(g, "c-", s);
    if ((i = ir_find_input(t, s)) >= 0)
        return doc_code_link(g, "in-", s);
    if ((i = ir_find_enum(t, s)) >= 0)
        return doc_code_link(g, "enum-", s);
    if ((i = ir_find_block(t, s)) >= 0)
        return doc_code_link(g, "blk-", s);
    if (find_layout(t, s) >= 0)
        return doc_code_link(g, "lay-", s);
    if (find_register(t, s) >= 0)
        return doc_code_link(g, "reg-", s);
    if (find_report(t, s) >= 0)
        return doc_code_link(g, "rep-", s);
    if (ir_find_group(t, GROUP_METRICS, s) >= 0 ||
        ir_find_group(t, GROUP_EVENTS, s) >= 0)
        return group_or_metric_link(g, s);
    return doc_esc(g, s);
}

/* ---- identity ------------------------------------------------------------ */

/* A GPU known by product ids: the ids (GPU_ID's product field) and the
 * other names it is sold under. */
static void product_rows(dgen *g, cJSON *rows)
{
    const hw_target *t = g->t;
    if (t->nproduct_ids == 0)
        return;
    hw_buf b;
    buf_init(&b);
    for (int i = 0; i < t->nproduct_ids; i++) {
        if (i)
            buf_puts(&b, ", ");
        doc_code_to(g, &b, doc_fmt(g, "0x%04X", (unsigned)t->product_ids[i]));
    }
    doc_pair(rows, "Product ids", doc_take(g, &b));
    buf_init(&b);
    for (int i = 0; i < t->naliases; i++)
        buf_printf(&b, "%s%s", i ? ", " : "", doc_esc(g, t->aliases[i]));
    if (t->naliases)
        doc_pair(rows, "Also sold as", doc_take(g, &b));
    buf_free(&b);
}

static void identity(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(data, "identity");
    doc_pair(rows, "Product", doc_esc(g, t->name));
    doc_pair(rows, "Kind", doc_esc(g, doc_kind_label(t->kind)));
    doc_pair(rows, "Vendor", doc_esc(g, doc_vendor(t->vendor)));
    doc_pair(rows, "Source", doc_esc(g, t->source));
    doc_pair(rows, "Spec", doc_code(g, t->spec_name));
    doc_pair(rows, "Spec format", doc_esc(g, t->format));
    doc_pair(rows, "Identifier in generated code", doc_code(g, t->id));
    if (t->kind && strcmp(t->kind, "cpu") == 0 && t->implementer) {
        uint32_t midr = target_midr(t);
        doc_pair(
            rows, "Implementer",
            doc_code(g, doc_fmt(g, "0x%02X", (unsigned)t->implementer)));
        doc_pair(rows, "Part number",
                     doc_code(g, doc_fmt(g, "0x%03X", (unsigned)t->part_num)));
        doc_pair(
            rows, "MIDR_EL1",
            doc_fmt(
                g, "%s %s", doc_code(g, doc_fmt(g, "0x%08X", (unsigned)midr)),
                doc_esc(
                    g,
                    "(implementer << 24 | 0xF << 16 | part number << 4; "
                    "variant and revision 0; compare under mask 0xFF0FFFF0)")));
        doc_pair(rows, "Revision",
                     doc_esc(g, doc_fmt(g, "r%dp%d", t->major_revision,
                                        t->minor_revision)));
    }
    if (t->architecture)
        doc_pair(rows, "Architecture", doc_esc(g, t->architecture));
    product_rows(g, rows);
    if (t->pmu_architecture)
        doc_pair(rows, "PMU architecture", doc_esc(g, t->pmu_architecture));
    if (t->num_counters)
        doc_pair(rows, "Programmable counters",
                     doc_esc(g, doc_fmt(g, "%d (besides any cycle counter)",
                                        t->num_counters)));
    if (t->num_slots)
        doc_pair(
            rows, "Slots",
            doc_esc(g, doc_fmt(g, "%d operation slots per cycle (topdown)",
                               t->num_slots)));
    if (t->kind && strcmp(t->kind, "cpu") == 0 && !target_is_perf_tree(t))
        doc_pair(rows, "Bus slots",
                     doc_esc(g, doc_fmt(g, "%d", t->num_bus_slots)));
    perf_page_identity(g, rows);
    doc_pair(rows, "Contents", doc_esc(g, doc_contents(g, t)));
    cJSON *o;
    cJSON_ArrayForEach(o, rows)
        doc_put(o, "anchor",
                doc_anchor(g, "ident-",
                           cJSON_GetStringValue(cJSON_GetObjectItem(o, "label"))));
}

/* ---- constants and inputs ------------------------------------------------ */

static void constants(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(data, "constants");
    for (int i = 0; i < t->nconstants; i++) {
        const hw_constant *k = &t->constants[i];
        cJSON *o = jobj(rows, NULL);
        doc_put(o, "anchor", doc_anchor(g, "c-", k->name));
        doc_put(o, "name", doc_code(g, k->name));
        doc_put(o, "title", k->title);
        doc_put(o, "value",
                k->has_value ? doc_num(g, k->value) : "set at run time");
        doc_put(o, "units", k->units);
        doc_put(o, "description", k->description);
    }
}

static const char *input_range(dgen *g, const hw_input *in)
{
    hw_buf b;
    buf_init(&b);
    const char *n = doc_code(g, in->name);
    if (in->has_min && in->has_max)
        buf_printf(&b, "%s %s %s %s %s", doc_num(g, in->min),
                   in->min_exclusive ? "<" : "≤", n,
                   in->max_exclusive ? "<" : "≤", doc_num(g, in->max));
    else if (in->has_min)
        buf_printf(&b, "%s %s %s", n, in->min_exclusive ? ">" : "≥",
                   doc_num(g, in->min));
    else if (in->has_max)
        buf_printf(&b, "%s %s %s", n, in->max_exclusive ? "<" : "≤",
                   doc_num(g, in->max));
    else
        buf_puts(&b, doc_esc(g, "any number"));
    if (in->integer)
        buf_printf(&b, "; %s", doc_esc(g, "a whole number"));
    if (in->multiple_of) {
        const char *m = ir_find_input(g->t, in->multiple_of) >= 0
                            ? doc_code_link(g, "in-", in->multiple_of)
                            : doc_code(g, in->multiple_of);
        buf_printf(&b, "; %s %s", doc_esc(g, "a whole multiple of"), m);
    }
    return doc_take(g, &b);
}

static void inputs(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *rows = jarr(data, "inputs");
    for (int i = 0; i < t->ninputs; i++) {
        const hw_input *in = &t->inputs[i];
        cJSON *o = jobj(rows, NULL);
        doc_put(o, "anchor", doc_anchor(g, "in-", in->name));
        doc_put(o, "name", doc_code(g, in->name));
        doc_put(o, "title", in->title);
        doc_put(o, "units", in->units);
        doc_put(o, "range", input_range(g, in));
        doc_put(o, "description", in->description);
    }
}

/* ---- methodologies ------------------------------------------------------- */

static void methodologies(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "methodologies");
    for (int i = 0; i < t->nmethodologies; i++) {
        const hw_methodology *m = &t->methodologies[i];
        cJSON *o = jobj(arr, NULL);
        doc_put(o, "anchor", doc_anchor(g, "meth-", m->name));
        doc_put(o, "title", m->title ? m->title : m->name);
        doc_put(o, "name", doc_code(g, m->name));
        doc_put(o, "description", m->description);
        const char *stem = doc_method_stem(g, m);
        /* linked only when drawn: a page never links a file not written */
        doc_put(o, "svg_file", doc_fmt(g, "%s.svg", stem));
        doc_put(o, "svg", g->drawn ? doc_fmt(g, "%s.svg", stem) : NULL);
        doc_put(o, "dot", doc_fmt(g, "%s.dot", stem));
        cJSON *stages = jarr(o, "stages");
        for (int s = 0; s < m->nstages; s++) {
            cJSON *so = jobj(stages, NULL);
            doc_put(so, "anchor",
                    doc_anchor(g, "stage-",
                               doc_fmt(g, "%s-%s", m->name,
                                       m->stages[s].name)));
            doc_put(so, "title", doc_stage_title(g, m->stages[s].name));
            cJSON *gl = jarr(so, "groups");
            for (int k = 0; k < m->stages[s].ngroups; k++)
                doc_item(gl, group_or_metric_link(g, m->stages[s].groups[k]),
                         NULL);
        }
        cJSON *nodes = jarr(o, "nodes");
        for (int k = 0; k < m->nnodes; k++) {
            const hw_tree_node *n = &m->nodes[k];
            cJSON *no = jobj(nodes, NULL);
            doc_put(no, "anchor",
                    doc_anchor(g, "tree-",
                               doc_fmt(g, "%s-%s", m->name, n->name)));
            doc_put(no, "node", group_or_metric_link(g, n->name));
            int root = 0;
            for (int r = 0; r < m->nroots; r++)
                root |= strcmp(m->roots[r], n->name) == 0;
            jbool(no, "root", root);
            doc_put(no, "group",
                    n->group ? group_or_metric_link(g, n->group) : "");
            cJSON *next = jarr(no, "next");
            for (int x = 0; x < n->nnext; x++)
                doc_item(next, group_or_metric_link(g, n->next[x]), NULL);
            cJSON *samples = jarr(no, "samples");
            for (int x = 0; x < n->nsample_events; x++) {
                int e = ir_find_event(t, n->sample_events[x]);
                doc_item(samples,
                         e >= 0 ? doc_event_link(g, e)
                                : doc_code(g, n->sample_events[x]),
                         NULL);
            }
        }
        cJSON *roots = jarr(o, "roots");
        for (int r = 0; r < m->nroots; r++)
            doc_item(roots, group_or_metric_link(g, m->roots[r]), NULL);
    }
}

/* ---- notes --------------------------------------------------------------- */

static const struct {
    const char *kind;
    const char *title;
    const char *intro;
} note_kinds[] = {
    {"oddity", "Oddities of the source",
     "Where the source contradicts itself or is incomplete, and what the spec "
     "keeps."},
    {"reading", "How we read the source",
     "Where the source is ambiguous or has typos, the reading the spec "
     "follows."},
    {"limit", "Limits",
     "What the facts do not cover, and where they are known to be wrong."},
    {"source", "Sources and provenance",
     "Where facts come from besides the source document."},
};

static void note_kind(dgen *g, cJSON *arr, const char *kind, const char *title,
                      const char *intro)
{
    const hw_target *t = g->t;
    cJSON *o = NULL, *list = NULL;
    for (int i = 0; i < t->nnotes; i++) {
        const hw_note *n = &t->notes[i];
        if (!n->kind || strcmp(n->kind, kind) != 0)
            continue;
        if (!o) {
            o = jobj(arr, NULL);
            doc_put(o, "anchor", doc_anchor(g, "notes-", kind));
            doc_put(o, "kind", kind);
            doc_put(o, "title", title);
            doc_put(o, "intro", intro);
            /* where facts come from: folded away in HTML */
            doc_put(o, "fold",
                    strcmp(kind, "source") == 0 ? "Show the notes" : NULL);
            list = jarr(o, "notes");
        }
        cJSON *no = jobj(list, NULL);
        doc_put(no, "subject", subject_link(g, n->subject));
        doc_put(no, "text", n->text);
    }
}

/* Known kinds in a fixed order, then any other kind by name. */
static void notes(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *arr = jarr(data, "note_kinds");
    size_t nk = sizeof note_kinds / sizeof note_kinds[0];
    for (size_t k = 0; k < nk; k++)
        note_kind(g, arr, note_kinds[k].kind, note_kinds[k].title,
                  note_kinds[k].intro);
    const char *last = NULL;
    for (;;) {
        const char *next = NULL;
        for (int i = 0; i < t->nnotes; i++) {
            const char *k = t->notes[i].kind;
            int known = 0;
            for (size_t j = 0; k && j < nk; j++)
                known |= strcmp(k, note_kinds[j].kind) == 0;
            if (!k || known || (last && strcmp(k, last) <= 0))
                continue;
            if (!next || strcmp(k, next) < 0)
                next = k;
        }
        if (!next)
            break;
        note_kind(g, arr, next, doc_fmt(g, "Notes: %s", next), NULL);
        last = next;
    }
}

/* ---- the page ------------------------------------------------------------ */

static cJSON *toc(cJSON *arr, int show, const char *id, const char *title)
{
    if (!show)
        return NULL;
    cJSON *o = jobj(arr, NULL);
    doc_put(o, "id", id);
    doc_put(o, "title", title);
    jbool(o, "first", arr && arr->child == o); /* O(1): arrays get long */
    jarr(o, "subs");
    return o;
}

static const char *str_of(const cJSON *o, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItem(o, key));
}

/* "4.2 Title" or "Title": a heading of the page as the contents list it. */
static const char *heading(dgen *g, const cJSON *o)
{
    const char *number = str_of(o, "number"), *title = str_of(o, "title");
    return number ? doc_fmt(g, "%s %s", number, title ? title : "")
                  : (title ? title : "");
}

/* Into `subs` of an entry of the contents: each item of `list` that has an
 * anchor, and the items of each one's `sub` list (the groups of a part;
 * those of a part with no anchor go straight into `subs`). */
static void toc_list(dgen *g, cJSON *subs, const cJSON *list, const char *sub)
{
    const cJSON *it;
    if (!subs)
        return;
    cJSON_ArrayForEach(it, list)
    {
        cJSON *target = subs;
        const char *id = str_of(it, "anchor");
        if (id)
            target = cJSON_GetObjectItem(toc(subs, 1, id, heading(g, it)),
                                         "subs");
        if (sub)
            toc_list(g, target, cJSON_GetObjectItem(it, sub), NULL);
    }
}

/* has_subs on every entry, once the contents are complete. */
static void toc_flags(cJSON *arr)
{
    cJSON *it;
    cJSON_ArrayForEach(it, arr)
    {
        doc_has(it, "subs");
        toc_flags(cJSON_GetObjectItem(it, "subs"));
    }
}

static cJSON *subs_of(cJSON *entry)
{
    return entry ? cJSON_GetObjectItem(entry, "subs") : NULL;
}

/* The contents: a heading for each part the page has, and under the
 * events, metrics, methodologies and notes the sections of each. */
static void page_contents(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *c = jarr(data, "toc");
    toc(c, 1, "identity", "Identity");
    toc(c, cJSON_IsTrue(cJSON_GetObjectItem(data, "has_mapfile")), "cpus", "CPUs");
    toc_list(g,
             subs_of(toc(c, t->nevents > 0, "events",
                         t->nblocks ? "Counters" : "Events")),
             cJSON_GetObjectItem(data, "event_sections"), NULL);
    toc(c, t->nconstants > 0, "constants", "Constants");
    toc(c, t->ninputs > 0, "inputs", "Inputs");
    toc_list(g,
             subs_of(toc(c, t->nmetrics > 0, "metrics",
                         str_of(data, "metrics_title"))),
             cJSON_GetObjectItem(data, "metric_parts"), "groups");
    toc(c, cJSON_GetArraySize(cJSON_GetObjectItem(data, "attention")) > 0,
        "attention", "Series to read with care");
    toc(c, cJSON_IsTrue(cJSON_GetObjectItem(data, "has_examples")), "examples",
        "Worked examples");
    toc_list(g,
             subs_of(toc(c, t->nmethodologies > 0, "methodologies",
                         "Methodologies")),
             cJSON_GetObjectItem(data, "methodologies"), NULL);
    toc(c, cJSON_IsTrue(cJSON_GetObjectItem(data, "has_oa")), "oa-inputs",
        "What the equations read");
    toc_list(g, subs_of(toc(c, t->oa != NULL, "oa-sets", "Metric sets")),
             cJSON_GetObjectItem(data, "oa_sets"), NULL);
    toc(c, t->nregisters > 0, "registers", "Registers");
    toc(c, t->nlayouts > 0, "layouts", "Field layouts");
    toc(c, t->nenums > 0, "enums", "Encodings");
    toc(c, t->nrules > 0, "rules", "Supported combinations");
    toc(c, t->nreports > 0, "reports", "Report layouts");
    toc_list(g, subs_of(toc(c, t->nnotes > 0, "notes", "Notes")),
             cJSON_GetObjectItem(data, "note_kinds"), NULL);
    toc_flags(c);
}

static cJSON *page_data(dgen *g)
{
    const hw_target *t = g->t;
    cJSON *data = cJSON_CreateObject();
    doc_put(data, "version", HWCGEN_VERSION);
    doc_put(data, "spec", t->spec_name);
    doc_put(data, "license", spdx_of(t));
    doc_put(data, "name", t->name ? t->name : t->id);
    doc_put(data, "slug", t->slug);
    doc_put(data, "kind", doc_kind_label(t->kind));
    doc_put(data, "vendor", doc_vendor(t->vendor));
    doc_put(data, "source", t->source);
    desc_blocks(g, data, "desc", t->description);
    /* a perf tree's directory: its events file by file, named per PMU */
    int tree = g->perf != NULL;
    if (tree) { /* its name breaks after '/', its page's long words anywhere */
        doc_put(data, "name_html", doc_name_html(g, t->name));
        jbool(data, "perf_tree", 1);
    } else {
        doc_collect_init(g);
    }
    identity(g, data);
    if (tree) {
        perf_page_mapfile(g, data);
        perf_page_events(g, data);
    } else {
        page_events(g, data);
    }
    constants(g, data);
    inputs(g, data);
    page_metrics(g, data);
    page_attention(g, data);
    page_examples(g, data);
    methodologies(g, data);
    page_oa(g, data);
    page_registers(g, data);
    page_layouts(g, data);
    page_enums(g, data);
    page_rules(g, data);
    page_reports(g, data);
    notes(g, data);
    static const char *const lists[] = {
        "constants", "inputs", "attention", "methodologies", "registers",
        "layouts",   "enums",  "rules",     "reports",       "note_kinds"};
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
        doc_has(data, lists[i]);
    page_contents(g, data);
    return data;
}

static int emit_page(const hw_target *t, const hw_plan *plan, int html, struct doc_perf *perf,
                     const emit_to *to)
{
    dgen g = {t, arena_create(), html, NULL, {{NULL}, 0}, NULL, NULL, {NULL}, plan,
              to->dot != NULL};
    if (!g.a) {
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    doc_perf_page(&g, perf);
    g.m_home = arena_alloc(g.a, ((size_t)t->nmetrics + 1) * sizeof *g.m_home);
    doc_seen_init(&g, &g.seen);
    const char *file = doc_fmt(&g, "docs/%s.%s", t->slug, html ? "html" : "md");
    /* the parts of the page need the arrays above */
    cJSON *data = arena_failed(g.a) ? NULL : page_data(&g);
    int rc = doc_render(&g, to, html ? "docs_target.html" : "docs_target.md",
                        data, html ? MU_ESCAPE_HTML : MU_ESCAPE_MARKDOWN, file);
    arena_free(g.a);
    return rc;
}

int emit_docs(const hw_target *t, const hw_plan *p, const emit_to *to)
{
    /* a perf tree's directory: what both its pages share, made once */
    hw_arena *shared = target_is_perf_tree(t) ? arena_create() : NULL;
    struct doc_perf *perf = shared ? doc_perf_build(t, p, shared) : NULL;
    if (target_is_perf_tree(t) && !perf) {
        arena_free(shared);
        diag_error(to->d, NULL, "out of memory building the docs of %s", t->spec_name);
        return -1;
    }
    int rc = emit_page(t, p, 0, perf, to) != 0 || emit_page(t, p, 1, perf, to) != 0 ||
                     docs_diagrams(t, to) != 0
                 ? -1
                 : docs_index_rows(t, to);
    arena_free(shared);
    return rc;
}

int emit_docs_index(const emit_to *to)
{
    if (docs_index(0, to) != 0)
        return -1;
    return docs_index(1, to);
}
