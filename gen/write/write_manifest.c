/* write_manifest.c - the record of what generate wrote (see write_manifest.h). */
#include "write/write_manifest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/json.h"
#include "core/json_lines.h"
#include "core/out_kinds.h"

static const char *text_of(const cJSON *o, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* A name below the output directory that stays below it. */
static int safe_name(const char *s)
{
    if (!s || !*s || *s == '/' || strstr(s, "//"))
        return 0;
    for (const char *p = s; p; p = strchr(p, '/'), p = p ? p + 1 : NULL)
        if (strncmp(p, "..", 2) == 0 && (p[2] == '/' || p[2] == '\0'))
            return 0;
    return 1;
}

/* What an entry must hold: a spec, its files, its rows. NULL when right. */
static const char *entry_problem(const cJSON *e)
{
    const cJSON *files = cJSON_GetObjectItemCaseSensitive(e, "files");
    const cJSON *rows = cJSON_GetObjectItemCaseSensitive(e, "rows");
    if (!cJSON_IsObject(e) || !text_of(e, "spec") || !cJSON_IsArray(files) ||
        !cJSON_IsArray(rows))
        return "each target needs 'spec', 'files' and 'rows'";
    const cJSON *x;
    cJSON_ArrayForEach(x, files)
        if (!safe_name(cJSON_GetStringValue(x)))
            return "a file name leaves the output directory";
    cJSON_ArrayForEach(x, rows)
        if (!safe_name(text_of(x, "file")) ||
            !cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(x, "row")))
            return "each row needs a 'file' and a 'row' object";
    return NULL;
}

static cJSON *parse_manifest(const char *path, const char *text, size_t len, hw_diag *d)
{
    const char *end = NULL;
    cJSON *m = json_parse(text, len, &end);
    if (!m) {
        int line = 0, col = 0;
        if (end && end >= text && end <= text + len)
            json_line_col(text, len, (size_t)(end - text), &line, &col);
        hw_loc loc = loc_at(path, line, col);
        diag_error(d, &loc, "manifest: JSON syntax error; remove the file to start over");
        return NULL;
    }
    const cJSON *targets = cJSON_GetObjectItemCaseSensitive(m, "targets");
    const char *why = cJSON_IsArray(targets) ? NULL : "no 'targets' list";
    const cJSON *e;
    cJSON_ArrayForEach(e, targets)
        if (!why)
            why = entry_problem(e);
    if (why) {
        hw_loc loc = loc_at(path, 0, 0);
        diag_error(d, &loc, "manifest: %s; remove the file to start over", why);
        cJSON_Delete(m);
        return NULL;
    }
    return m;
}

cJSON *manifest_read(const char *dir, hw_diag *d)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, MANIFEST_NAME);
    hw_buf b;
    buf_init(&b);
    if (buf_read_file(&b, path, (size_t)-1) != 0 && errno == ENOENT) {
        buf_free(&b);
        cJSON *m = cJSON_CreateObject();
        if (!m || !cJSON_AddArrayToObject(m, "targets")) {
            cJSON_Delete(m);
            diag_error(d, NULL, "out of memory");
            return NULL;
        }
        return m;
    }
    hw_loc loc = loc_at(path, 0, 0);
    cJSON *m = NULL;
    if (errno)
        diag_error(d, &loc, "cannot read: %s", strerror(errno));
    else
        m = parse_manifest(path, b.data ? b.data : "", b.len, d);
    buf_free(&b);
    return m;
}

/* ---- ownership ------------------------------------------------------------ */

/* The target of this run whose spec is `spec`, or NULL. */
static const hw_target *target_of(hw_target *const *targets, int n, const char *spec)
{
    for (int i = 0; i < n; i++)
        if (strcmp(targets[i]->spec_name, spec) == 0)
            return targets[i];
    return NULL;
}

/* Reported at the target of this run: `count` files, `first` among them,
 * are also `other`'s. */
static void clash(hw_target *const *targets, int n, const char *spec, const char *other,
                  int count, const char *first, const char *how, hw_diag *d)
{
    const hw_target *t = target_of(targets, n, spec);
    hw_loc loc = t ? t->loc : loc_at(spec, 0, 0);
    diag_error(d, &loc, "target '%s' would write %d file%s that %s %s, %s among them; "
               "give one of them another id, slug or name", t && t->name ? t->name : spec,
               count, count == 1 ? "" : "s", other, how, first);
}

/* A file some spec writes: in this run or, for a kept target, in an
 * earlier one. `order` keeps the specs' order among equal names. */
typedef struct claim {
    const char *name, *owner;
    int kept, order;
} claim;

/* Files written by one spec of this run that `other` writes too. */
typedef struct clash_pair {
    const char *owner, *other, *first;
    int kept, count;
} clash_pair;

static int by_name(const void *pa, const void *pb)
{
    const claim *a = pa, *b = pb;
    int c = strcmp(a->name, b->name);
    return c ? c : a->order - b->order;
}

/* Count `c` against the pair (c's owner, `other`), which is added on first
 * sight. -1 when out of memory. */
static int tally(clash_pair **pairs, int *n, const claim *c, const claim *other)
{
    for (int i = 0; i < *n; i++)
        if ((*pairs)[i].owner == c->owner && (*pairs)[i].other == other->owner) {
            (*pairs)[i].count++;
            return 0;
        }
    clash_pair *p = realloc(*pairs, ((size_t)*n + 1) * sizeof *p);
    if (!p)
        return -1;
    *pairs = p;
    p[(*n)++] = (clash_pair){c->owner, other->owner, c->name, other->kept, 1};
    return 0;
}

/* Every file two specs claim, reported once per pair of specs at the spec
 * of this run (the later one when both are): one sort of the claims finds
 * them all. */
static int clashes(claim *claims, int n, hw_target *const *targets, int nt, const char *dir,
                   hw_diag *d)
{
    qsort(claims, (size_t)n, sizeof *claims, by_name);
    clash_pair *pairs = NULL;
    int npairs = 0, rc = 0;
    for (int lo = 0, hi; lo < n && rc == 0; lo = hi) { /* claims[lo..hi): one name */
        for (hi = lo + 1; hi < n && strcmp(claims[hi].name, claims[lo].name) == 0; hi++)
            ;
        for (int i = lo; i < hi && rc == 0; i++)
            for (int j = lo; j < hi && rc == 0; j++) {
                const claim *c = &claims[i], *o = &claims[j];
                /* a spec of this run against a kept one, or against an
                 * earlier spec of this run */
                if (!c->kept && (o->kept || o->order < c->order) &&
                    strcmp(o->owner, c->owner) != 0)
                    rc = tally(&pairs, &npairs, c, o);
            }
    }
    if (rc != 0)
        diag_error(d, NULL, "out of memory");
    char how[4200];
    snprintf(how, sizeof how, "wrote into %s in an earlier run (generate both at once to "
             "replace it)", dir ? dir : "the output directory");
    for (int i = 0; i < npairs; i++) {
        clash(targets, nt, pairs[i].owner, pairs[i].other, pairs[i].count, pairs[i].first,
              pairs[i].kept ? how : "also writes", d);
        rc = -1;
    }
    free(pairs);
    return rc;
}

static int given(hw_target *const *targets, int n, const char *spec)
{
    return target_of(targets, n, spec) != NULL;
}

/* The claims of this run's files (those of a spec) and of the kept
 * entries' files; NULL when out of memory. */
static claim *claims_of(const out_set *out, const cJSON *kept, int *n)
{
    int cap = out->nfiles + 1;
    const cJSON *e, *x;
    cJSON_ArrayForEach(e, kept)
        cap += cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(e, "files"));
    claim *c = calloc((size_t)cap, sizeof *c);
    *n = 0;
    for (int i = 0; c && i < out->nfiles; i++)
        if (out->files[i].owner)
            c[*n] = (claim){out->files[i].name, out->files[i].owner, 0, *n},
            ++*n;
    cJSON_ArrayForEach(e, kept)
        cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(e, "files"))
            if (c)
                c[*n] = (claim){cJSON_GetStringValue(x), text_of(e, "spec"), 1, *n},
                ++*n;
    return c;
}

/* A kept entry's rows join this run's. */
static int keep_rows(const cJSON *e, out_set *out)
{
    const char *spec = text_of(e, "spec");
    int rc = 0;
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(e, "rows"))
        if (out_row_for(out, spec, text_of(x, "file"),
                        cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(x, "row"), 1)) != 0)
            rc = -1;
    return rc;
}

/* Whether this run leaves the file `name` (in an entry's files, or a
 * row's "file") as it is: it is of a kind the run does not write. */
static int left_alone(const char *name, unsigned kinds)
{
    unsigned kind = out_kind_of(name);
    return kind && !(kind & kinds);
}

/* The part of entry `e` of kinds the run does not write, carried over as
 * it is (its rows stay out of this run's: only the files of the chosen
 * kinds are rendered). 0, with *part NULL when there is none; -1 when out
 * of memory. */
static int carry(const cJSON *e, unsigned kinds, cJSON **part)
{
    *part = NULL;
    if ((kinds & OUT_ALL) == OUT_ALL)
        return 0;
    cJSON *p = cJSON_CreateObject();
    cJSON *files = cJSON_AddArrayToObject(p, "files");
    cJSON *rows = cJSON_AddArrayToObject(p, "rows");
    int ok = files && rows;
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(e, "files"))
        if (ok && left_alone(cJSON_GetStringValue(x), kinds))
            ok = cJSON_AddItemToArray(files, cJSON_Duplicate(x, 1));
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(e, "rows"))
        if (ok && left_alone(text_of(x, "file"), kinds))
            ok = cJSON_AddItemToArray(rows, cJSON_Duplicate(x, 1));
    if (!ok || !cJSON_AddStringToObject(p, "spec", text_of(e, "spec"))) {
        cJSON_Delete(p);
        return -1;
    }
    if (cJSON_GetArraySize(files) + cJSON_GetArraySize(rows) == 0)
        cJSON_Delete(p);
    else
        *part = p;
    return 0;
}

/* What `before` says of one spec that this run keeps: all of it for a
 * target not given (its rows join this run's, for the shared files);
 * the part of kinds not written for the others. */
static int keep_entry(const cJSON *e, out_set *out, hw_target *const *targets, int n,
                      int full, unsigned kinds, cJSON *kept)
{
    cJSON *part;
    if (!full && !given(targets, n, text_of(e, "spec"))) {
        part = cJSON_Duplicate(e, 1);
        if (!part || keep_rows(e, out) != 0) {
            cJSON_Delete(part);
            return -1;
        }
    } else if (carry(e, kinds, &part) != 0) {
        return -1;
    }
    if (part && !cJSON_AddItemToArray(kept, part)) {
        cJSON_Delete(part);
        return -1;
    }
    return 0;
}

int manifest_keep(const cJSON *before, out_set *out, hw_target *const *targets,
                  int n, int full, unsigned kinds, const char *dir, cJSON **kept,
                  hw_diag *d)
{
    *kept = cJSON_CreateArray();
    if (!*kept) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    int rc = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(before, "targets"))
        if (keep_entry(e, out, targets, n, full, kinds, *kept) != 0)
            rc = -1;
    int nclaims;
    claim *claims = claims_of(out, *kept, &nclaims);
    if (!claims || rc != 0 || out->failed) {
        diag_error(d, NULL, "out of memory");
        rc = -1;
    } else {
        rc = clashes(claims, nclaims, targets, n, dir, d);
    }
    free(claims);
    return rc;
}

/* ---- the new manifest ------------------------------------------------------ */

static int by_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int by_spec(const void *a, const void *b)
{
    return strcmp(text_of(*(const cJSON *const *)a, "spec"),
                  text_of(*(const cJSON *const *)b, "spec"));
}

/* Rows of `spec` of one kind into `rows`: this run's, then those of
 * `carried` (one of the two has none: a kind is written or left alone). */
static void rows_of_kind(cJSON *rows, const out_set *out, const char *spec,
                         const cJSON *carried, unsigned kind)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, out->rows)
        if (strcmp(text_of(r, "spec"), spec) == 0 && out_kind_of(text_of(r, "file")) == kind) {
            cJSON *x = cJSON_CreateObject();
            cJSON_AddStringToObject(x, "file", text_of(r, "file"));
            cJSON_AddItemToObject(x, "row",
                                  cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(r, "row"), 1));
            cJSON_AddItemToArray(rows, x);
        }
    cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(carried, "rows"))
        if (out_kind_of(text_of(r, "file")) == kind)
            cJSON_AddItemToArray(rows, cJSON_Duplicate(r, 1));
}

/* The entry of `spec`: its files by name, this run's and those `carried`
 * (NULL, or the part of the earlier entry of kinds not written); its rows
 * by kind, in the order the emitters run (out_kinds.h), and within a kind
 * in the order made. So runs of some kinds each record what one run of
 * them all would. NULL when out of memory (a part lost to it shows in
 * json_print()). */
static cJSON *entry(const out_set *out, const char *spec, const cJSON *carried)
{
    const cJSON *kept_files = cJSON_GetObjectItemCaseSensitive(carried, "files"), *x;
    int cap = out->nfiles + cJSON_GetArraySize(kept_files) + 1, k = 0;
    const char **names = calloc((size_t)cap, sizeof *names);
    if (!names)
        return NULL;
    cJSON *e = cJSON_CreateObject();
    cJSON *files = cJSON_AddArrayToObject(e, "files");
    cJSON *rows = cJSON_AddArrayToObject(e, "rows");
    for (int i = 0; i < out->nfiles; i++)
        if (out->files[i].owner && strcmp(out->files[i].owner, spec) == 0)
            names[k++] = out->files[i].name;
    cJSON_ArrayForEach(x, kept_files)
        names[k++] = cJSON_GetStringValue(x);
    qsort(names, (size_t)k, sizeof *names, by_text);
    for (int i = 0; i < k; i++)
        cJSON_AddItemToArray(files, cJSON_CreateString(names[i]));
    for (int i = 0; i <= OUT_KINDS; i++) /* last: rows of no kind */
        rows_of_kind(rows, out, spec, carried, i < OUT_KINDS ? out_kind_bit(i) : 0);
    cJSON_AddStringToObject(e, "spec", spec);
    free(names);
    return e;
}

/* The kept entry of `spec` not yet taken, taken; NULL when there is none. */
static const cJSON *take_kept(const cJSON *kept, const char *spec, char *taken)
{
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, kept) {
        if (!taken[i] && strcmp(text_of(e, "spec"), spec) == 0) {
            taken[i] = 1;
            return e;
        }
        i++;
    }
    return NULL;
}

/* One entry per spec, by spec: this run's, each with what it carried of
 * its earlier entry, and the other kept ones. NULL when out of memory. */
static cJSON *entries(const out_set *out, const cJSON *kept)
{
    int nkept = cJSON_GetArraySize(kept), cap = out->nfiles + nkept + 1, n = 0;
    cJSON **all = calloc((size_t)cap, sizeof *all);
    char *taken = calloc((size_t)nkept + 1, 1);
    if (!all || !taken) {
        free(all);
        free(taken);
        return NULL;
    }
    for (int i = 0; i < out->nfiles; i++) {
        const char *owner = out->files[i].owner;
        int seen = !owner;
        for (int k = 0; k < n && !seen; k++)
            seen = strcmp(text_of(all[k], "spec"), owner) == 0;
        if (!seen)
            all[n++] = entry(out, owner, take_kept(kept, owner, taken));
    }
    int k = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, kept)
        if (!taken[k++])
            all[n++] = cJSON_Duplicate(e, 1);
    free(taken);
    cJSON *list = cJSON_CreateArray();
    int ok = list != NULL;
    for (int i = 0; i < n; i++)
        ok = ok && all[i];
    if (ok)
        qsort(all, (size_t)n, sizeof *all, by_spec);
    for (int i = 0; i < n; i++)
        if (!ok || !cJSON_AddItemToArray(list, all[i]))
            cJSON_Delete(all[i]), ok = 0;
    free(all);
    if (!ok)
        cJSON_Delete(list);
    return ok ? list : NULL;
}

int manifest_add(out_set *out, const cJSON *kept, hw_diag *d)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "about", "What hwcgen generate wrote into this directory, per "
                            "spec, and each spec's rows in the shared files; it reads this "
                            "to keep or remove them. Do not edit.");
    cJSON *list = entries(out, kept);
    int whole = list && cJSON_AddItemToObject(m, "targets", list);
    if (!whole)
        cJSON_Delete(list);
    char *text = json_print(m); /* NULL when a part of m was lost */
    if (!whole) {
        cJSON_free(text);
        text = NULL;
    }
    cJSON_Delete(m);
    hw_buf b;
    buf_init(&b);
    if (text) {
        buf_puts(&b, text);
        buf_putc(&b, '\n');
    }
    cJSON_free(text);
    const char *owner = out->owner;
    out->owner = NULL;
    int rc = text ? out_add(out, MANIFEST_NAME, &b) : -1;
    out->owner = owner;
    buf_free(&b);
    if (rc != 0)
        diag_error(d, NULL, "out of memory writing %s", MANIFEST_NAME);
    return rc;
}

/* ---- removing what is no longer written ------------------------------------ */

static int kept_file(const cJSON *kept, const char *name)
{
    const cJSON *e, *x;
    cJSON_ArrayForEach(e, kept)
        cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(e, "files"))
            if (strcmp(cJSON_GetStringValue(x), name) == 0)
                return 1;
    return 0;
}

/* Remove dir/name, then each directory above it up to dir that is left
 * empty (rmdir refuses the others). */
static int remove_file(const char *dir, const char *name, hw_diag *d)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (remove(path) != 0 && errno != ENOENT) {
        hw_loc loc = loc_at(path, 0, 0);
        diag_error(d, &loc, "cannot remove this file, which is no longer generated: %s",
                   strerror(errno));
        return -1;
    }
    size_t keep = strlen(dir);
    for (char *slash = strrchr(path, '/'); slash && (size_t)(slash - path) > keep;
         slash = strrchr(path, '/')) {
        *slash = '\0';
        if (rmdir(path) != 0)
            break;
    }
    return 0;
}

int manifest_prune(const cJSON *before, const out_set *out, const cJSON *kept,
                   const char *dir, int *removed, hw_diag *d)
{
    int rc = 0, count = 0;
    const cJSON *e, *x;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(before, "targets"))
        cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(e, "files")) {
            const char *name = cJSON_GetStringValue(x);
            if (out_find(out, name, 0) >= 0 || kept_file(kept, name))
                continue;
            if (remove_file(dir, name, d) != 0)
                rc = -1;
            else
                count++;
        }
    if (removed)
        *removed = count;
    return rc;
}
