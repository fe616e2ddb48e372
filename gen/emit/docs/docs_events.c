/* docs_events.c - the page's event tables (docs.h): events by functional
 * group, else by block, then any not listed yet; each event's full row
 * once, in the first section that lists it, and a line linking to it in
 * every later one; the blocks' own table when the sections are not
 * blocks.
 */
#include <string.h>

#include "emit/docs/docs.h"

/* Label: escaped text, for remarks inside cells. */
static const char *remark(dgen *g, const char *label, const char *raw)
{
    return doc_fmt(g, "%s %s", doc_em(g, doc_esc(g, label)), raw ? raw : "");
}

/* Register fields that program event i (flexible counters). */
static const char *programmed_by(dgen *g, int i)
{
    const hw_target *t = g->t;
    hw_buf b;
    buf_init(&b);
    for (int r = 0; r < t->nregisters; r++)
        for (int f = 0; f < t->registers[r].nfields; f++) {
            const hw_field *fd = &t->registers[r].fields[f];
            if (fd->event != i)
                continue;
            buf_printf(&b, "%s%s field %s", b.len ? ", " : "",
                       doc_code_link(g, "reg-", t->registers[r].name),
                       doc_code(g, fd->name));
            if (fd->layout >= 0)
                buf_printf(
                    &b, " (%s)",
                    doc_code_link(g, "lay-", t->layouts[fd->layout].name));
        }
    if (!b.len && !b.failed) {
        buf_free(&b);
        return NULL;
    }
    return doc_take(g, &b);
}

/* Which columns the event tables have: those some event fills. */
typedef struct ev_cols {
    int code, block, index, width, reg, units;
} ev_cols;

/* The cells of event i's row. */
static void event_cells(dgen *g, cJSON *o, int i, const ev_cols *cols)
{
    const hw_target *t = g->t;
    const hw_event *e = &t->events[i];
    doc_put(o, "anchor", doc_anchor(g, "ev-", e->name));
    doc_put(o, "name", doc_code(g, e->name));
    doc_put(o, "code",
            cols->code && e->has_code ? doc_fmt(g, "0x%04X", (unsigned)e->code)
                                      : "");
    doc_put(o, "block",
            cols->block
                ? (e->block >= 0
                       ? doc_code_link(g, "blk-", t->blocks[e->block].name)
                       : "")
                : NULL);
    doc_put(o, "index", e->index >= 0 ? doc_fmt(g, "%d", e->index) : "");
    doc_put(o, "width", e->width ? doc_fmt(g, "%d", e->width) : "");
    const char *reg = NULL;
    if (e->reg_name)
        reg = e->reg_upper ? doc_fmt(g, "%s, %s", doc_code(g, e->reg_name),
                                     doc_code(g, e->reg_upper))
                           : doc_code(g, e->reg_name);
    doc_put(o, "reg", reg ? reg : "");
    doc_put(o, "units", e->units);
    doc_put(o, "title", e->title);
    doc_put(o, "description", e->description);
}

/* What else a reader must know about event i, one remark each; where the
 * row came from (a rebuilt row's provenance) is kept apart, as the HTML
 * page folds it away. */
static void event_remarks(dgen *g, cJSON *o, int i)
{
    const hw_event *e = &g->t->events[i];
    cJSON *rem = jarr(o, "remarks");
    const char *prov = NULL, *prov_text = NULL;
    if (e->flags & EVENT_RECONSTRUCTED) {
        prov = "Reconstructed";
        prov_text = e->note ? e->note : "row rebuilt from another source";
    } else if (e->note) {
        doc_item(rem, remark(g, "Note:", doc_esc(g, e->note)), NULL);
    }
    doc_put(o, "prov", prov);
    doc_put(o, "prov_text", prov_text);
    if (e->flags & EVENT_HIDDEN)
        doc_item(rem,
                 remark(g, "Hidden:",
                        doc_esc(g, "not exposed to users by profilers")),
                 NULL);
    if (e->flags & EVENT_FLEXIBLE) {
        const char *by = programmed_by(g, i);
        doc_item(
            rem,
            remark(g, "Flexible:",
                   by ? doc_fmt(g, "%s %s", doc_esc(g, "programmed by"), by)
                      : doc_esc(g, "programmable counter")),
            NULL);
    }
    if (e->multiplier != 0)
        doc_item(
            rem,
            remark(
                g, "Scaled:",
                doc_esc(g, doc_fmt(g, "gatord multiplies the raw count by %s",
                                   doc_num(g, e->multiplier)))),
            NULL);
    if (e->advanced)
        doc_item(rem,
                 remark(g, "Advanced:",
                        doc_esc(g, "hidden by default in Streamline")),
                 NULL);
}

/* Where the event tables have put each event's full row so far. */
typedef struct ev_homes {
    const char **title; /* by event: the section of its full row, or NULL */
    const char *here;   /* the section being built */
    const char *here_id; /* its anchor */
} ev_homes;

/* Event i's row in `rows`: in full the first time, else a line that links
 * to the full row, with an anchor of its own: "ref-", the section's, "--",
 * the full row's. */
static void event_row(dgen *g, cJSON *rows, int i, const ev_cols *cols,
                      ev_homes *homes)
{
    cJSON *o = jobj(rows, NULL);
    const hw_event *e = &g->t->events[i];
    if (homes->title[i]) {
        jbool(o, "is_ref", 1);
        doc_put(o, "anchor",
                doc_fmt(g, "ref-%s--%s", homes->here_id,
                        doc_anchor(g, "ev-", e->name)));
        doc_put(o, "name", doc_code_link(g, "ev-", e->name));
        doc_put(o, "title", e->title);
        doc_put(o, "home", doc_link(g, doc_anchor(g, "ev-", e->name),
                                    doc_esc(g, homes->title[i])));
        return;
    }
    homes->title[i] = homes->here;
    jbool(o, "is_ref", 0);
    event_cells(g, o, i, cols);
    event_remarks(g, o, i);
    doc_event_collect(g, o, i);
}

/* A section of the event tables; its rows go into the returned array. */
static cJSON *event_section(cJSON *arr, ev_homes *homes, const char *id,
                            const char *title, const char *name_raw,
                            const char *intro)
{
    homes->here = title;
    homes->here_id = id;
    cJSON *s = jobj(arr, NULL);
    doc_put(s, "anchor", id);
    doc_put(s, "title", title);
    doc_put(s, "name", name_raw);
    doc_put(s, "intro", intro);
    return jarr(s, "events");
}

static ev_cols event_columns(cJSON *data, const hw_target *t, int by_block)
{
    ev_cols c = {0};
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        c.code |= e->has_code;
        c.block |= e->block >= 0 && !by_block;
        c.index |= e->index >= 0;
        c.width |= e->width != 0;
        c.reg |= e->reg_name != NULL;
        c.units |= e->units != NULL;
    }
    cJSON *cols = jobj(data, "ev_cols");
    jbool(cols, "code", c.code);
    jbool(cols, "block", c.block);
    jbool(cols, "index", c.index);
    jbool(cols, "width", c.width);
    jbool(cols, "reg", c.reg);
    jbool(cols, "units", c.units);
    /* how many cells a row that only links to the full row spans */
    jnum(cols, "span", 1 + c.code + c.block + c.index + c.width + c.reg +
                           c.units);
    return c;
}

/* Blocks get their own table when the sections are not blocks. */
static void block_table(dgen *g, cJSON *data, int by_block)
{
    const hw_target *t = g->t;
    cJSON *blocks = jarr(data, "blocks");
    for (int i = 0; !by_block && i < t->nblocks; i++) {
        const hw_block *bl = &t->blocks[i];
        cJSON *o = jobj(blocks, NULL);
        doc_put(o, "anchor", doc_anchor(g, "blk-", bl->name));
        doc_put(o, "name", doc_code(g, bl->name));
        doc_put(o, "title", bl->title);
        doc_put(o, "id", doc_fmt(g, "%d", bl->id));
        doc_put(o, "size", bl->size ? doc_fmt(g, "%d", bl->size) : "");
    }
    doc_has(data, "blocks");
}

/* Functional groups in spec order, members in group order. */
static void group_sections(dgen *g, cJSON *secs, const ev_cols *c,
                           ev_homes *h)
{
    const hw_target *t = g->t;
    for (int i = 0; i < t->ngroups; i++) {
        const hw_group *gr = &t->groups[i];
        if (gr->kind != GROUP_EVENTS)
            continue;
        int titled = gr->title && strcmp(gr->title, gr->name) != 0;
        cJSON *rows = event_section(secs, h, doc_anchor(g, "eg-", gr->name),
                                    titled ? gr->title : gr->name,
                                    titled ? doc_code(g, gr->name) : NULL,
                                    gr->description);
        for (int k = 0; k < gr->nmembers; k++) {
            int e = ir_find_event(t, gr->members[k]);
            if (e >= 0)
                event_row(g, rows, e, c, h);
        }
    }
}

/* Blocks in spec order, counters in spec order. */
static void block_sections(dgen *g, cJSON *secs, const ev_cols *c,
                           ev_homes *h)
{
    const hw_target *t = g->t;
    for (int b = 0; b < t->nblocks; b++) {
        const hw_block *bl = &t->blocks[b];
        const char *intro =
            bl->size ? doc_fmt(g, "Block id %d, %d counters in the block.",
                               bl->id, bl->size)
                     : doc_fmt(g, "Block id %d.", bl->id);
        cJSON *rows = event_section(secs, h, doc_anchor(g, "blk-", bl->name),
                                    bl->title ? bl->title : bl->name,
                                    doc_code(g, bl->name), intro);
        for (int e = 0; e < t->nevents; e++)
            if (t->events[e].block == b)
                event_row(g, rows, e, c, h);
    }
}

/* Events by functional group, else by block; then any not listed yet. */
void page_events(dgen *g, cJSON *data)
{
    const hw_target *t = g->t;
    cJSON *secs = jarr(data, "event_sections");
    if (!t->nevents)
        return;
    int by_group = 0;
    for (int i = 0; i < t->ngroups; i++)
        by_group |= t->groups[i].kind == GROUP_EVENTS;
    int by_block = !by_group && t->nblocks > 0;
    ev_cols c = event_columns(data, t, by_block);
    jbool(data, "has_events", 1);
    doc_put(data, "events_title", t->nblocks ? "Counters" : "Events");
    doc_put(data, "events_intro", doc_collect_intro(g));
    block_table(g, data, by_block);
    ev_homes h = {arena_alloc(g->a, ((size_t)t->nevents + 1) * sizeof *h.title),
                  NULL, NULL};
    if (!h.title)
        return;
    if (by_group)
        group_sections(g, secs, &c, &h);
    else if (by_block)
        block_sections(g, secs, &c, &h);
    cJSON *rest = NULL;
    for (int e = 0; e < t->nevents; e++) {
        if (h.title[e])
            continue;
        if (!rest)
            rest = event_section(
                secs, &h, "other-events",
                by_group || by_block ? "Other events" : "All events", NULL,
                by_group ? "Events in no functional group." : NULL);
        event_row(g, rest, e, &c, &h);
    }
}
