/* docs.h - the insides of the docs emitter (emit_docs(), emit.h).
 *
 * emit_docs.c builds each target's page and calls the other docs files;
 * none of them calls back:
 *
 *   emit_docs.c       the entry, the page and its smaller parts
 *   docs_events.c     page parts: the event tables
 *   docs_metrics.c    page parts: metrics, series to read with care,
 *                     worked examples
 *   docs_registers.c  page parts: registers, field layouts, encodings,
 *                     supported combinations, report layouts
 *   docs_collect.c    page parts: how to collect each event and metric
 *                     (perf, Streamline, C names), what reads each event
 *   docs_perf.c       page parts of a directory of perf's events tree:
 *                     its PMUs, events by file, perf's and C's names
 *   docs_oa.c         page parts of an Intel OA platform: its metric
 *                     sets, counters, formulas and C names
 *   docs_diagrams.c   the Graphviz files: decision trees
 *   docs_index.c      the index of every target
 *   docs_common.c       what they all build with (below)
 *
 * One builder serves both page formats. Plain text goes into the template
 * data as is and the template escapes it (MU_ESCAPE_MARKDOWN or
 * MU_ESCAPE_HTML); the few fragments that carry markup - code spans, links,
 * formulas with linked names - are built per format from escaped pieces and
 * are rendered raw ({{{x}}}). Anchors are made of [A-Za-z0-9_-] only, so
 * they are safe raw in both formats.
 */
#ifndef HWCGEN_DOCS_H
#define HWCGEN_DOCS_H

#include <cjson/cJSON.h>

#include "core/ir.h"
#include "plan/plan.h"
#include "render/render.h"

/* What a list of the things one metric reads has named already: a mark
 * per event, constant, input and metric, holding the number of the list
 * that named it. A new list forgets the old one's marks by counting on, so
 * the docs stay linear in the size of the spec. */
typedef struct ref_seen {
    int *mark[REF_METRIC + 1]; /* by hw_ref_kind, then index */
    int list;                  /* the list being built, from 1 */
} ref_seen;

/* The state of one docs file being built. Every piece of it lives in the
 * arena `a`; a failed allocation there is remembered by the arena, and
 * doc_render() checks arena_failed() once before the file renders. */
typedef struct dgen {
    const hw_target *t; /* NULL while building the index */
    hw_arena *a;        /* strings that live until rendering is done */
    int html;           /* building the HTML page (else Markdown) */
    const char **m_home; /* by metric: the heading its full row is under */
    ref_seen seen;      /* what a metric's list of reads has named */
    struct doc_collect *col; /* docs_collect.c's tables; NULL until built */
    struct doc_perf *perf;   /* docs_perf.c's, for a perf tree's directory;
                                NULL for any other target */
    /* A perf tree's page: the anchor of each event and metric, unique per
     * PMU (doc_perf_page() sets them); NULL: the anchors of their names. */
    const char **ref_anchor[REF_METRIC + 1];
    const hw_plan *plan; /* the target's (plan.h); NULL for the index */
    int drawn; /* the diagrams are drawn: an SVG beside each DOT file */
} dgen;

/* ---- docs_common.c: the shared builder ------------------------------------- */

/* Render `data` (then freed) with template `name` into `file`, unless an
 * allocation in g's arena failed: then report it and return -1.
 * render_template() checks the allocations of `data`. */
int doc_render(dgen *g, const emit_to *to, const char *name, cJSON *data,
               mu_escape escape, const char *file);

/* Strings. Every one returns text, never NULL: after an allocation failure
 * it yields "", and the file is not rendered. */
const char *doc_take(dgen *g, hw_buf *b); /* the buffer's text; frees it */
const char *doc_fmt(dgen *g, const char *f, ...)
    __attribute__((format(printf, 2, 3)));
/* A number as formulas print it (expr_format_number): "100", "0.5". */
const char *doc_num(dgen *g, double v);

/* Template data. doc_put: a missing string becomes null, which is falsy
 * and, unlike a missing key, stops Mustache from finding the name further
 * out. doc_has: has_<key> says the list `key` is not empty (Mustache has
 * no index lookups). doc_item: an item of a list the template joins; it
 * knows whether it is first. */
void doc_put(cJSON *o, const char *key, const char *s);
/* doc_put() of a literal key and a string that lives until the data is
 * rendered (the page's arena, the target's), neither copied: for rows.
 * doc_item() and doc_pair() take theirs so too. */
void doc_ref(cJSON *o, const char *key, const char *s);
void doc_has(cJSON *obj, const char *key);
cJSON *doc_item(cJSON *arr, const char *raw, const char *detail);
/* A row of a list of labelled values ("label", "value" as markup, "first"),
 * none when `raw` is NULL. */
void doc_pair(cJSON *arr, const char *label, const char *raw);

/* Markup for the page's format, from plain text. doc_code: a code span
 * (NULL for NULL). doc_em: `raw` is markup already. doc_anchor: an id for
 * prefix + name, '-' for anything outside [A-Za-z0-9_-]. */
const char *doc_esc(dgen *g, const char *s);
const char *doc_code(dgen *g, const char *s);
/* A name for HTML outside a code span (a perf tree directory's): escaped,
 * may break after '/' only. */
const char *doc_name_html(dgen *g, const char *s);
/* A formula as a source prints it, for HTML: escaped, may break after
 * '(', '/' and ',' (a name in it sits between those). */
const char *doc_printed_html(dgen *g, const char *s);
/* Spec text that may hold `code spans`: escaped, the spans as code; a span
 * naming a field of the spec itself becomes what the page shows for it. */
const char *doc_text(dgen *g, const char *s);
const char *doc_em(dgen *g, const char *raw);
const char *doc_anchor(dgen *g, const char *prefix, const char *name);
/* doc_anchor() appended to b, for pages that write many links into one
 * buffer. */
void doc_anchor_to(hw_buf *b, const char *prefix, const char *name);
const char *doc_link(dgen *g, const char *id, const char *raw);
/* `name` as code, linked to the anchor prefix + name. */
const char *doc_code_link(dgen *g, const char *prefix, const char *name);
/* doc_code() and doc_code_link() appended to b, for long lists built in one
 * buffer rather than string by string. */
void doc_code_to(dgen *g, hw_buf *b, const char *s);
void doc_code_link_to(dgen *g, hw_buf *b, const char *prefix,
                      const char *name);
const char *doc_event_link(dgen *g, int i);
/* doc_code_to() that in HTML may also break after any character of
 * `more` (the ',' between perf's terms, the '-' of a file name). */
void doc_code_breaks_to(dgen *g, hw_buf *b, const char *s, const char *more);
/* The anchor of the row of item i of kind k (event, constant, input,
 * metric): prefix and name, or for a perf tree's events and metrics, whose
 * names are unique per PMU only, docs_perf.c's. doc_ref_link: its name as
 * code, linked there. */
const char *doc_ref_anchor(dgen *g, hw_ref_kind k, int i);
const char *doc_ref_link(dgen *g, hw_ref_kind k, int i);

/* What a target is and has, in the words of the page and the index. */
const char *doc_kind_label(const char *kind);
/* "arm" -> "Arm": a vendor as it spells its name; unknown ones as given. */
const char *doc_vendor(const char *vendor);
/* A metric group's name as the page shows it: for a CPU's PMU, exactly
 * what perf users type (perf stat -M TopdownL1); else the spec's. */
const char *doc_group_name(dgen *g, const char *name);
/* Whether line i of a perf tree arch's mapfile.csv maps a CPU: perf's
 * jevents.py skips the first line and those starting with '#'. */
int doc_mapfile_row(const hw_target *t, int i);
/* "132 events, 36 metrics": what the target has, zero counts left out. */
const char *doc_contents(dgen *g, const hw_target *t);
/* File stem of a methodology's diagram: "topdown_methodology" ->
 * "<slug>-topdown". */
const char *doc_method_stem(dgen *g, const hw_methodology *m);
/* "stage_1" -> "Stage 1". */
const char *doc_stage_title(dgen *g, const char *name);

/* What a metric reads. doc_ref_count: how many things of kind k the target
 * has. doc_ref_prefix: the prefix of their anchors ("ev-", "c-", "in-",
 * "m-"). doc_ref_bound: the checker bound the reference to an event,
 * constant, input or metric. doc_seen_init: marks for all of them, in g's
 * arena; count g->seen.list on before each list. doc_first_sight: mark
 * item i of kind k as named by the current list; 1 when it was new (a name
 * belongs to one item, so marking the item marks the name). */
size_t doc_ref_count(const hw_target *t, hw_ref_kind k);
const char *doc_ref_prefix(hw_ref_kind k);
int doc_ref_bound(const hw_expr *ref);
void doc_seen_init(dgen *g, ref_seen *s);
int doc_first_sight(ref_seen *s, hw_ref_kind k, int i);

/* ---- the parts emit_docs.c puts together --------------------------------- */

/* docs_events.c */
void page_events(dgen *g, cJSON *data);

/* docs_metrics.c */
void page_metrics(dgen *g, cJSON *data);
void page_attention(dgen *g, cJSON *data);
void page_examples(dgen *g, cJSON *data);

/* docs_collect.c: doc_collect_init() builds g->col (before the parts
 * below); then doc_event_collect() gives event i's "collect" lines
 * (label, value) and "used_by" (the metrics that read it), and
 * doc_metric_collect() metric i's "collect" lines. */
void doc_collect_init(dgen *g);
void doc_event_collect(dgen *g, cJSON *o, int i);
/* The sentence above a target's events: what collects them on this kind
 * of device, and what each label of the "Collect with" lists means. */
const char *doc_collect_intro(dgen *g);
void doc_metric_collect(dgen *g, cJSON *o, int i);

/* docs_perf.c, for a directory of a perf tree: doc_perf_build() makes
 * what both its pages share (the anchors of its events and metrics, the
 * driver header's tables, the members of each metric group) in `a`, NULL
 * when out of memory; doc_perf_page() gives it to page g (before the parts
 * below and doc_ref_anchor()). Then perf_page_identity() adds its PMUs,
 * perf_page_events() its events file by file, perf_metric_collect() metric
 * i's "collect" lines, and doc_perf_members() gives the metrics of group
 * `group` (an index into t->groups) as their MetricGroup keys say, every
 * PMU's alike. */
struct doc_perf *doc_perf_build(const hw_target *t, const hw_plan *plan, hw_arena *a);
void doc_perf_page(dgen *g, struct doc_perf *p);
void perf_page_identity(dgen *g, cJSON *rows);
void perf_page_events(dgen *g, cJSON *data);
/* The arch's own page: the rows of its mapfile.csv that perf reads. */
void perf_page_mapfile(dgen *g, cJSON *data);
void perf_metric_collect(dgen *g, cJSON *o, int i);
const int *doc_perf_members(dgen *g, int group, int *n);

/* docs_oa.c: an Intel OA platform's parts (has_oa false for any other
 * target): what its equations read ("oa_acc", "oa_sv") and its metric
 * sets ("oa_sets", each with its register lists and counters). */
void page_oa(dgen *g, cJSON *data);

/* docs_registers.c */
void page_registers(dgen *g, cJSON *data);
void page_layouts(dgen *g, cJSON *data);
void page_enums(dgen *g, cJSON *data);
void page_rules(dgen *g, cJSON *data);
void page_reports(dgen *g, cJSON *data);

/* docs_diagrams.c: docs/<slug>-<method>.dot per methodology: its stages,
 * decision tree and a legend, each node linked to its row of the page;
 * and its drawing, docs/<slug>-<method>.svg, collected from
 * to->drawings (or drawn now when that is NULL). */
int docs_diagrams(const hw_target *t, const emit_to *to);

/* docs_index.c: t's rows of docs/index.md and docs/index.html, into the
 * output set's rows (the index is shared by every target). */
int docs_index_rows(const hw_target *t, const emit_to *to);
/* docs/index.md or docs/index.html: every row the output set holds, by
 * slug (targets of this run and targets kept from an earlier one). */
int docs_index(int html, const emit_to *to);

#endif
