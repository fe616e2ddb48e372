/* diff_files.c - which generated files two versions of a spec change: both
 * targets are rendered in memory, as `hwcgen generate` would write them
 * alone, and their files compared byte for byte (diff.h). */
#include "diff/diff.h"

#include <stdlib.h>
#include <string.h>

#include "emit/emit.h"

static int add_file(hw_diff *df, const char *name, const char *how)
{
    diff_file *f = ARENA_PUSH(df->arena, df->files, df->nfiles, df->cap_files);
    if (!f)
        return -1;
    f->name = arena_strdup(df->arena, name);
    f->how = how;
    return f->name ? 0 : -1;
}

static int by_name(const void *pa, const void *pb)
{
    const diff_file *a = pa, *b = pb;
    return strcmp(a->name, b->name);
}

/* Every output of t alone, named as generate would write them below its
 * output directory; its diagrams are not drawn (the DOT files show what
 * changed in them, and the pages are compared as they would link none). */
static int render(hw_target *t, const hw_plan *p, out_set *out, const char *templates,
                  hw_diag *d)
{
    emit_to to = {out, templates, d, NULL, NULL};
    return emit_all(&t, p, 1, &to);
}

int diff_files(hw_diff *df, hw_target *old_t, const hw_plan *old_p, hw_target *new_t,
               const hw_plan *new_p, const char *templates, hw_diag *d)
{
    out_set a, b;
    out_init(&a);
    out_init(&b);
    /* the spec's path appears in what is generated: NEW is rendered as if
     * it had replaced OLD */
    const char *new_name = new_t->spec_name;
    new_t->spec_name = old_t->spec_name;
    int rc = render(old_t, old_p, &a, templates, d) == 0 &&
                     render(new_t, new_p, &b, templates, d) == 0 &&
                     !a.failed && !b.failed ? 0 : -1;
    new_t->spec_name = new_name;
    for (int i = 0; i < a.nfiles && rc == 0; i++) {
        const out_file *x = &a.files[i];
        int j = out_find(&b, x->name, 0);
        if (j < 0)
            rc = add_file(df, x->name, "removed");
        else if (x->len != b.files[j].len || memcmp(x->data, b.files[j].data, x->len) != 0)
            rc = add_file(df, x->name, "changed");
    }
    for (int j = 0; j < b.nfiles && rc == 0; j++)
        if (out_find(&a, b.files[j].name, 0) < 0)
            rc = add_file(df, b.files[j].name, "added");
    if (rc == 0 && df->nfiles > 1)
        qsort(df->files, (size_t)df->nfiles, sizeof *df->files, by_name);
    out_free(&a);
    out_free(&b);
    if (rc != 0 && d->errors == 0)
        diag_error(d, NULL, "diff: out of memory rendering the generated files");
    return rc;
}
