/* plan_c_perf_tables.c - the plan of a perf tree directory's driver header:
 * tables, columns and row names (plan_c_perf_tables.h).
 */
#include "plan/plan_c_perf_tables.h"

#include <ctype.h>
#include <string.h>

#include "plan/plan_c_names.h"
#include "core/names.h"

/* ---- names ------------------------------------------------------------------ */

/* prefix_name (or name alone) upper case, anything but a letter or digit
 * '_', runs of '_' folded and none at the end: no name with "__", which
 * C++ reserves. */
static char *upper_name(hw_arena *a, const char *prefix, const char *name)
{
    size_t np = prefix ? strlen(prefix) : 0, nn = strlen(name);
    char *s = arena_alloc(a, np + nn + 2);
    if (!s)
        return NULL;
    char *w = s;
    for (int part = 0; part < 2; part++) {
        const char *p = part ? name : prefix;
        for (; p && *p; p++) {
            unsigned char u = (unsigned char)*p;
            char c = u < 0x80 && isalnum(u) ? (char)toupper(u) : '_';
            if (c != '_' || (w > s && w[-1] != '_'))
                *w++ = c;
        }
        if (!part && w > s && w[-1] != '_')
            *w++ = '_';
    }
    while (w > s && w[-1] == '_')
        w--;
    *w = '\0';
    return s;
}

/* `name`, or name_2, name_3... : the first that `taken` lacks, now taken
 * by `owner`. *first gets the owner of `name` when it was taken (else -1).
 * NULL when out of memory. */
static const char *unique(hw_arena *a, name_index *taken, const char *name, int owner,
                          int *first)
{
    *first = name ? name_index_get(taken, name) : -1;
    const char *s = name;
    for (int k = 2; s && name_index_get(taken, s) >= 0; k++)
        s = arena_printf(a, "%s_%d", name, k);
    if (!s || name_index_put(taken, s, owner) == -2)
        return NULL;
    return s;
}

/* ---- tables -------------------------------------------------------------------- */

static cpt_table *new_table(hw_arena *a, cpt_plan *p, const char *pmu, name_index *stems)
{
    cpt_table *tb = ARENA_PUSH(a, p->tables, p->ntables, p->cap_tables);
    if (!tb)
        return NULL;
    int first;
    tb->pmu = pmu;
    /* jevents.py's default_core is the core PMU: "cpu" on most arches */
    tb->stem = unique(a, stems, upper_name(a, NULL, strcmp(pmu, "default_core") ? pmu : "cpu"),
                      p->ntables - 1, &first);
    if (!tb->stem)
        return NULL;
    tb->macro = arena_printf(a, "%s_%s_EVENTS", p->ID, tb->stem);
    tb->count = arena_printf(a, "%s_%s_EVENT_COUNT", p->ID, tb->stem);
    return tb->macro && tb->count ? tb : NULL;
}

/* Every event into its PMU's table, with its row's name. */
static int place_rows(const hw_target *t, hw_arena *a, cpt_plan *p)
{
    name_index pmus = {0}, stems = {0}, rows = {0};
    int rc = name_index_init(&pmus, 16) | name_index_init(&stems, 16) |
             name_index_init(&rows, (size_t)t->nevents);
    for (int i = 0; rc == 0 && i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        const char *pmu = e->pmu ? e->pmu : "default_core";
        int k = name_index_get(&pmus, pmu);
        if (k < 0 && (!new_table(a, p, pmu, &stems) ||
                      name_index_put(&pmus, pmu, k = p->ntables - 1) == -2)) {
            rc = -1;
            break;
        }
        cpt_table *tb = &p->tables[k];
        int *slot = ARENA_PUSH(a, tb->rows, tb->nrows, tb->cap_rows);
        const char *row = upper_name(a, tb->stem, e->name ? e->name : "");
        p->row[i] = row ? unique(a, &rows, row, i, &p->renamed[i]) : NULL;
        if (!slot || !p->row[i])
            rc = -1;
        else
            *slot = i;
        p->table[i] = k;
    }
    name_index_free(&pmus);
    name_index_free(&stems);
    name_index_free(&rows);
    return rc;
}

/* ---- columns ---------------------------------------------------------------- */

/* What the rows of one table give: per key and item, and the Filter terms. */
typedef struct seen_cols {
    char has[PERF_ENC_COUNT][2];
    char wide[PERF_ENC_COUNT][2];
    const char *terms[32]; /* more terms than this are left out */
    size_t term_len[32];
    char term_wide[32];
    int nterms;
} seen_cols;

static int see_term(void *ctx, const char *term, size_t n, const char *value, size_t vn)
{
    seen_cols *s = ctx;
    char num[64];
    uint64_t v;
    if (vn >= sizeof num)
        return 0;
    memcpy(num, value, vn);
    num[vn] = '\0';
    if (perf_enc_item(num, 0, &v, NULL) != 1)
        return 0;
    int k = 0;
    while (k < s->nterms && !(s->term_len[k] == n && memcmp(s->terms[k], term, n) == 0))
        k++;
    if (k == s->nterms) {
        if (k == (int)(sizeof s->terms / sizeof s->terms[0]))
            return 0;
        s->terms[k] = term;
        s->term_len[k] = n;
        s->nterms++;
    }
    s->term_wide[k] |= v > UINT32_MAX;
    return 0;
}

static void see_event(const hw_event *e, seen_cols *s)
{
    const char *text[PERF_ENC_COUNT];
    perf_enc_read(e, text);
    for (int k = 0; k < PERF_ENC_COUNT; k++) {
        int arity = perf_enc_arity((perf_enc_id)k);
        if (!text[k] || k == PERF_ENC_EXT_SEL)
            continue;
        if (arity == 0) {
            perf_enc_filter(text[k], see_term, s);
            continue;
        }
        for (int item = 0; item < arity; item++) {
            cpt_col c = {(perf_enc_id)k, item, NULL, 0};
            uint64_t v;
            if (cpt_value(e, text, &c, &v, NULL)) {
                s->has[k][item] = 1;
                s->wide[k][item] |= v > UINT32_MAX;
            }
        }
    }
}

static int add_col(hw_arena *a, cpt_table *tb, cpt_col c)
{
    cpt_col *slot = ARENA_PUSH(a, tb->cols, tb->ncols, tb->cap_cols);
    if (slot)
        *slot = c;
    return slot ? 0 : -1;
}

static int table_columns(const hw_target *t, hw_arena *a, cpt_table *tb)
{
    seen_cols s;
    memset(&s, 0, sizeof s);
    for (int r = 0; r < tb->nrows; r++)
        see_event(&t->events[tb->rows[r]], &s);
    int rc = 0;
    for (int k = 0; k < PERF_ENC_COUNT && rc == 0; k++) {
        for (int item = 0; item < 2 && rc == 0; item++)
            if (s.has[k][item])
                rc = add_col(a, tb, (cpt_col){(perf_enc_id)k, item, NULL, s.wide[k][item]});
        for (int n = 0; k == PERF_ENC_FILTER && n < s.nterms && rc == 0; n++) {
            const char *term = arena_strndup(a, s.terms[n], s.term_len[n]);
            rc = term ? add_col(a, tb, (cpt_col){PERF_ENC_FILTER, 0, term, s.term_wide[n]})
                      : -1;
        }
    }
    return rc;
}

/* ---- the plan -------------------------------------------------------------- */

int cpt_plan_build(const hw_target *t, hw_arena *a, cpt_plan *p)
{
    memset(p, 0, sizeof *p);
    size_t n = (size_t)t->nevents + 1;
    p->ID = name_c(a, t->id ? t->id : "", CASE_UPPER);
    p->pmus = p->ID ? arena_printf(a, "%s_PMUS", p->ID) : NULL;
    p->row = arena_alloc(a, n * sizeof *p->row);
    p->table = arena_alloc(a, n * sizeof *p->table);
    p->renamed = arena_alloc(a, n * sizeof *p->renamed);
    if (!p->pmus || !p->row || !p->table || !p->renamed || place_rows(t, a, p) != 0)
        return -1;
    for (int k = 0; k < p->ntables; k++)
        if (table_columns(t, a, &p->tables[k]) != 0)
            return -1;
    return 0;
}

/* Filter term `want` of a Filter, as a number. */
typedef struct term_find {
    const char *want;
    uint64_t v;
    int hex;
    int found;
} term_find;

static int find_term(void *ctx, const char *term, size_t n, const char *value, size_t vn)
{
    term_find *f = ctx;
    char num[64];
    if (strlen(f->want) != n || memcmp(f->want, term, n) != 0 || vn >= sizeof num)
        return 0;
    memcpy(num, value, vn);
    num[vn] = '\0';
    f->found = perf_enc_item(num, 0, &f->v, &f->hex) == 1;
    return 1; /* the first of a term, as for perf */
}

int cpt_value(const hw_event *e, const char *const text[], const cpt_col *c, uint64_t *v,
              int *hex)
{
    const char *s = text[c->key];
    int h = 0, got = 0;
    *v = 0;
    if (!s) {
        got = 0;
    } else if (c->term) {
        term_find f = {c->term, 0, 0, 0};
        perf_enc_filter(s, find_term, &f);
        got = f.found;
        *v = f.v;
        h = f.hex;
    } else if (c->key == PERF_ENC_EVENT_CODE && c->item == 0) {
        /* the code jevents.py reads, ExtSel included (load_perf_interp.c) */
        uint64_t ignored;
        got = e->has_code;
        *v = e->code;
        perf_enc_item(s, 0, &ignored, &h);
    } else if (perf_enc_arity(c->key) == 1 && strchr(s, ',')) {
        got = 0; /* not one number: the loader said so */
    } else {
        got = perf_enc_item(s, c->item, v, &h) == 1;
    }
    if (!got)
        *v = 0;
    if (hex)
        *hex = got && h;
    return got;
}

const char *cpt_col_label(hw_arena *a, const cpt_col *c)
{
    if (c->term)
        return arena_printf(a, "Filter %s", c->term);
    if (c->item)
        return arena_printf(a, "%s (second)", perf_enc_key(c->key));
    return perf_enc_key(c->key);
}

/* ---- the names the header defines ------------------------------------------ */

int cpt_plan_names(const hw_target *t, const cpt_plan *p, hw_arena *a, c_name_fn *fn,
                   void *ctx)
{
    c_owner top = {"the list of PMUs", NULL};
    fn(ctx, p->pmus, &top);
    for (int k = 0; k < p->ntables; k++) {
        const cpt_table *tb = &p->tables[k];
        c_owner o = {arena_printf(a, "the table of PMU '%s'", tb->pmu),
                     &t->events[tb->rows[0]].loc};
        if (!o.what)
            return -1;
        fn(ctx, tb->macro, &o);
        fn(ctx, tb->count, &o);
    }
    return arena_failed(a) ? -1 : 0;
}
