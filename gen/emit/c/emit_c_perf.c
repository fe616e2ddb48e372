/* emit_c_perf.c - the driver header <id>.h of a directory of perf's
 * pmu-events tree (emit.h): every event's encoding as integers, one
 * X-macro table per PMU (plan_c_perf_tables.h), through c_header.h's template
 * like every other driver header.
 *
 * Macros only, no storage: a table costs nothing until a driver expands
 * it, where static const arrays would warn in every file that includes
 * the header and uses none (-Wunused-const-variable).
 */
#include <assert.h>
#include <inttypes.h>
#include <string.h>

#include "plan/plan_c_names.h"
#include "plan/plan_c_perf_tables.h"
#include "emit/c/emit_c_perf.h"
#include "core/names.h"
#include "render/render.h"

typedef struct pgen {
    const hw_target *t;
    hw_arena *a;
    cpt_plan p;
} pgen;

/* What the tables hold, said once above them; then the table of tables,
 * %s its name. */
static const char intro[] =
    "/*\n"
    " * Events: one X-macro table per PMU, <ID>_<PMU>_EVENTS(X) below, which\n"
    " * calls X(row, name, columns...) for each of its events in the order of\n"
    " * the files. row is a C name unique in this header, name the event as\n"
    " * perf lists it (lower case), and each column a number the event's JSON\n"
    " * object gives for the key of the column's name, as an integer constant\n"
    " * (UINT64_C() in a column that needs 64 bits); 0 where it gives none,\n"
    " * which is how perf reads a missing key. ConfigCode and EventidCode,\n"
    " * where given, stand in for EventCode (perf's config= and eventid=).\n"
    " * Each row's comment is its BriefDescription.\n"
    " *\n"
    " * This one calls X(stem, pmu, table, count) for each PMU: pmu is its\n"
    " * name as perf's jevents.py gives it (default_core: the core PMU).\n"
    " */\n"
    "#define %s(X) \\\n";

static void put_value(hw_buf *b, const cpt_col *c, uint64_t v, int hex)
{
    const char *open = c->wide ? "UINT64_C(" : "", *close = c->wide ? ")" : "";
    if (hex)
        buf_printf(b, "%s0x%" PRIX64 "%s", open, v, close);
    else
        buf_printf(b, "%s%" PRIu64 "%s", open, v, close);
}

/* The row's comment: its title on one line, safe inside a comment. */
static void put_comment(hw_buf *b, const hw_event *e)
{
    const char *mark = (e->flags & EVENT_DEPRECATED)     ? "[deprecated] "
                       : (e->flags & EVENT_EXPERIMENTAL) ? "[experimental] "
                                                         : "";
    if (!e->title && !*mark)
        return;
    buf_printf(b, " /* %s", mark);
    size_t at = b->len;
    mu_escape_append(b, e->title, MU_ESCAPE_C_COMMENT);
    for (size_t i = at; b->data && i < b->len; i++)
        if (b->data[i] == '\n' || b->data[i] == '\r' || b->data[i] == '\t')
            b->data[i] = ' ';
    buf_puts(b, " */");
}

static void put_row(pgen *g, hw_buf *b, const cpt_table *tb, int i)
{
    const hw_event *e = &g->t->events[i];
    const char *text[PERF_ENC_COUNT];
    perf_enc_read(e, text);
    buf_printf(b, "    X(%s, \"", g->p.row[i]);
    /* jevents.py lower-cases names; perf lists them so */
    char *lower = arena_strdup(g->a, e->name ? e->name : "");
    for (char *p = lower; p && *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
    mu_escape_append(b, lower, MU_ESCAPE_C_STRING);
    buf_putc(b, '"');
    for (int k = 0; k < tb->ncols; k++) {
        uint64_t v;
        int hex;
        cpt_value(e, text, &tb->cols[k], &v, &hex);
        buf_puts(b, ", ");
        put_value(b, &tb->cols[k], v, hex);
    }
    buf_putc(b, ')');
    put_comment(b, e);
}

/* Words into a comment's lines of at most 79 columns, after `line` (the
 * length of the current line so far). */
static size_t put_word(hw_buf *b, size_t line, const char *word)
{
    size_t n = strlen(word);
    if (line + 1 + n > 79) {
        buf_puts(b, "\n *");
        line = 2;
    }
    buf_printf(b, " %s", word);
    return line + 1 + n;
}

/* "PMU cpu_core: 309 events. X(row, name, EventCode, ...)", wrapped. */
static void table_comment(pgen *g, hw_buf *b, const cpt_table *tb)
{
    buf_printf(b, "/* PMU %s%s: %d event%s.", tb->pmu,
               strcmp(tb->pmu, "default_core") == 0 ? " (the core PMU)" : "", tb->nrows,
               tb->nrows == 1 ? "" : "s");
    size_t line = b->len;
    line = put_word(b, line, tb->ncols ? "X(row, name," : "X(row, name)");
    for (int k = 0; k < tb->ncols; k++)
        line = put_word(b, line, arena_printf(g->a, "%s%s", cpt_col_label(g->a, &tb->cols[k]),
                                              k + 1 < tb->ncols ? "," : ")"));
    buf_puts(b, line + 3 > 79 ? "\n */\n" : " */\n");
}

static const char *table_text(pgen *g, const cpt_table *tb)
{
    hw_buf b;
    buf_init(&b);
    table_comment(g, &b, tb);
    buf_printf(&b, "#define %s %d\n#define %s(X) \\\n", tb->count, tb->nrows, tb->macro);
    for (int r = 0; r < tb->nrows; r++) {
        put_row(g, &b, tb, tb->rows[r]);
        buf_puts(&b, r + 1 < tb->nrows ? " \\\n" : "");
    }
    const char *s = arena_take(g->a, &b);
    return s ? s : "";
}

static const char *pmus_text(pgen *g)
{
    hw_buf b;
    buf_init(&b);
    buf_printf(&b, intro, g->p.pmus);
    for (int k = 0; k < g->p.ntables; k++) {
        const cpt_table *tb = &g->p.tables[k];
        buf_printf(&b, "    X(%s, \"", tb->stem);
        mu_escape_append(&b, tb->pmu, MU_ESCAPE_C_STRING);
        buf_printf(&b, "\", %s, %s)%s", tb->macro, tb->count,
                   k + 1 < g->p.ntables ? " \\\n" : "");
    }
    const char *s = arena_take(g->a, &b);
    return s ? s : "";
}

int emit_c_perf(const hw_target *t, const hw_plan *p, const emit_to *to)
{
    assert(p->c_tables); /* planned for every directory with events */
    pgen g = {t, arena_create(), *p->c_tables}; /* read only: a copy of the
                                                   plan's pointers */
    if (!g.a) {
        diag_error(to->d, NULL, "out of memory writing the C header of %s", t->spec_name);
        return -1;
    }
    cJSON *data = cJSON_CreateObject();
    c_banner(data, t, "hardware counter facts for drivers");
    jbool(data, "c99", 1);
    jstr(data, "guard", c_guard(g.a, g.p.ID));
    jarr(data, "sections");
    cJSON *code = jarr(data, "code");
    jstr(jobj(code, NULL), "text", pmus_text(&g));
    for (int k = 0; k < g.p.ntables; k++)
        jstr(jobj(code, NULL), "text", table_text(&g, &g.p.tables[k]));
    int rc = -1;
    if (arena_failed(g.a))
        diag_error(to->d, NULL, "out of memory writing the C header of %s", t->spec_name);
    else
        rc = render_file(to, "c_header.h", data, MU_ESCAPE_C_COMMENT,
                         arena_printf(g.a, "include/hwcgen/%s.h", t->id));
    cJSON_Delete(data);
    arena_free(g.a);
    return rc;
}
