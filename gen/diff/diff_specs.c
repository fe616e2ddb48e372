/* diff_specs.c - `hwcgen diff OLD NEW` over what two paths name (diff.h):
 * two specs give one report, as ever; paths that name several targets (a
 * perf tree's directories) pair their targets by id, report each pair
 * with a change, and list the targets only one side has. */
#include "diff/diff.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json.h"

#include "run/pipeline.h"

enum { DIFF_SAME = 0, DIFF_CHANGES = 1, DIFF_ERROR = 2 };

typedef struct side {
    const char *path;
    hw_target **t;
    hw_plan *p;     /* beside t: p[i] is t[i]'s plan */
    int n;
} side;

/* Anything the report lists: a change shown, or a generated file. */
static int listed(const hw_diff *df, const diff_opts *o)
{
    for (int i = 0; i < df->nchanges; i++)
        if (diff_listed(df->changes[i].cls, o->all, o->fail_on))
            return 1;
    return df->nfiles > 0;
}

/* One pair's report into `out` (when `always`, or when it lists
 * anything). DIFF_SAME, DIFF_CHANGES or DIFF_ERROR. *shown: whether it
 * was. */
static int one_pair(hw_target *a, const hw_plan *pa, hw_target *b, const hw_plan *pb,
                    const diff_opts *o, int always, hw_buf *out, cJSON *reports, int *shown,
                    hw_diag *d)
{
    hw_diff df;
    *shown = 0;
    if (diff_targets(&df, a, b) != 0) {
        diff_free(&df);
        diag_error(d, NULL, "diff: out of memory");
        return DIFF_ERROR;
    }
    int rc = DIFF_ERROR;
    /* the files each format's target generates are named for its file:
     * across formats they say nothing of the device */
    if (df.cross || diff_files(&df, a, pa, b, pb, o->templates, d) == 0) {
        if (always || listed(&df, o)) {
            if (reports && o->format == DIFF_FORMAT_JSON)
                cJSON_AddItemToArray(reports, diff_report_json(&df, o->all, o->fail_on));
            else
                diff_report(out, &df, o->format, o->all, o->fail_on);
            *shown = 1;
        }
        rc = diff_matters(&df, o->fail_on) ? DIFF_CHANGES : DIFF_SAME;
    }
    diff_free(&df);
    return rc;
}

/* The target of s with id `id`, or -1. */
static int find_id(const side *s, const char *id)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->t[i]->id, id) == 0)
            return i;
    return -1;
}

typedef struct tally {
    int compared, changed, added, removed;
    hw_buf one_sided; /* "removed x86_foo (arch/x86/foo)" lines */
    cJSON *reports, *added_list, *removed_list; /* --format json */
} tally;

static void one_side(tally *k, const diff_opts *o, const hw_target *t, int gone)
{
    const char *cls = gone ? "removed" : "added";
    if (o->format == DIFF_FORMAT_JSON) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "id", t->id);
        cJSON_AddStringToObject(e, "spec", t->spec_name);
        cJSON_AddItemToArray(gone ? k->removed_list : k->added_list, e);
    } else if (o->format == DIFF_FORMAT_MARKDOWN) {
        buf_printf(&k->one_sided, "| %s | `%s` | %s |\n", cls, t->id, t->spec_name);
    } else {
        buf_printf(&k->one_sided, "  %-11s %s (%s)\n", cls, t->id, t->spec_name);
    }
    ++*(gone ? &k->removed : &k->added);
}

/* A pair's report: as it is in text, as a member of "targets" in JSON. */
static int pair_report(tally *k, const side *sa, int i, const side *sb, int j, const diff_opts *o,
                       hw_buf *out, hw_diag *d)
{
    hw_buf one;
    buf_init(&one);
    int shown = 0;
    hw_target *a = sa->t[i], *b = sb->t[j];
    int rc = one_pair(a, &sa->p[i], b, &sb->p[j], o, 0, &one, k->reports, &shown, d);
    k->compared++;
    k->changed += shown;
    if (shown && o->format != DIFF_FORMAT_JSON)
        buf_printf(out, "%s%s", k->changed > 1 ? "\n" : "", one.data ? one.data : "");
    if (one.failed)
        rc = DIFF_ERROR;
    buf_free(&one);
    return rc;
}

static void put_summary(hw_buf *out, const tally *k, const side *a, const side *b,
                        const diff_opts *o)
{
    int same = k->compared - k->changed;
    if (o->format == DIFF_FORMAT_JSON) {
        cJSON *root = cJSON_CreateObject();
        cJSON_AddNumberToObject(root, "version", 1);
        cJSON_AddStringToObject(root, "old", a->path);
        cJSON_AddStringToObject(root, "new", b->path);
        cJSON_AddItemToObject(root, "targets", k->reports);
        cJSON_AddItemToObject(root, "added", k->added_list);
        cJSON_AddItemToObject(root, "removed", k->removed_list);
        cJSON_AddNumberToObject(root, "unchanged", same);
        char *text = json_print(root);
        cJSON_DetachItemViaPointer(root, k->reports);
        cJSON_DetachItemViaPointer(root, k->added_list);
        cJSON_DetachItemViaPointer(root, k->removed_list);
        cJSON_Delete(root);
        buf_puts(out, text ? text : "");
        buf_putc(out, '\n');
        out->failed |= !text;
        cJSON_free(text);
        return;
    }
    int md = o->format == DIFF_FORMAT_MARKDOWN;
    if (k->one_sided.len)
        buf_printf(out, "%s%s%s", k->changed ? "\n" : "",
                   md ? "## Targets\n\n| change | id | spec |\n|---|---|---|\n" : "targets:\n",
                   k->one_sided.data);
    buf_printf(out, "%s%s%d targets of %s and %s compared by id: %d changed, %d unchanged; "
               "%d added, %d removed\n", k->changed || k->one_sided.len ? "\n" : "",
               md ? "**Summary:** " : "summary: ", k->compared, a->path, b->path, k->changed,
               same, k->added, k->removed);
}

/* Every target of a paired with b's of its id; those of one side only. */
static int diff_sets(const side *a, const side *b, const diff_opts *o, hw_buf *out, hw_diag *d)
{
    tally k = {0, 0, 0, 0, {0}, cJSON_CreateArray(), cJSON_CreateArray(), cJSON_CreateArray()};
    buf_init(&k.one_sided);
    int rc = DIFF_SAME;
    for (int i = 0; i < a->n && rc != DIFF_ERROR; i++) {
        int j = find_id(b, a->t[i]->id);
        int r = j < 0 ? DIFF_SAME : pair_report(&k, a, i, b, j, o, out, d);
        if (j < 0)
            one_side(&k, o, a->t[i], 1);
        rc = r > rc ? r : rc;
    }
    for (int j = 0; j < b->n; j++)
        if (find_id(a, b->t[j]->id) < 0)
            one_side(&k, o, b->t[j], 0);
    if ((k.added && (o->fail_on & DIFF_BIT(DIFF_CLASS_ADDED))) ||
        (k.removed && (o->fail_on & DIFF_BIT(DIFF_CLASS_REMOVED))))
        rc = rc == DIFF_ERROR ? rc : DIFF_CHANGES;
    if (rc != DIFF_ERROR)
        put_summary(out, &k, a, b, o);
    buf_free(&k.one_sided);
    cJSON_Delete(k.reports);
    cJSON_Delete(k.added_list);
    cJSON_Delete(k.removed_list);
    return out->failed ? DIFF_ERROR : rc;
}

static void drop(side *s)
{
    run_free_all(s->t, s->p, s->n);
}

int diff_paths(const char *old_path, const char *new_path, const diff_opts *o, hw_buf *out,
               hw_diag *d)
{
    side a = {old_path, NULL, NULL, 0}, b = {new_path, NULL, NULL, 0};
    int ok_a = run_open_all(old_path, &a.t, &a.p, &a.n, d) == 0;
    int ok_b = run_open_all(new_path, &b.t, &b.p, &b.n, d) == 0;
    int rc = DIFF_ERROR;
    if (ok_a && ok_b && a.n == 1 && b.n == 1) {
        int shown;
        rc = one_pair(a.t[0], &a.p[0], b.t[0], &b.p[0], o, 1, out, NULL, &shown, d);
    } else if (ok_a && ok_b) {
        rc = diff_sets(&a, &b, o, out, d);
    }
    drop(&a);
    drop(&b);
    return rc;
}
