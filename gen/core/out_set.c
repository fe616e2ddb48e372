/* out_set.c - the rendered files of a run, in memory (out_set.h). */
#include "core/out_set.h"

#include <stdlib.h>
#include <string.h>

void out_init(out_set *s)
{
    memset(s, 0, sizeof *s);
}

void out_free(out_set *s)
{
    for (int i = 0; i < s->nfiles; i++) {
        free(s->files[i].name);
        free(s->files[i].data);
    }
    free(s->files);
    cJSON_Delete(s->rows);
    out_init(s);
}

/* Room for one more file. 0, or -1 when out of memory. */
static int out_grow(out_set *s)
{
    if (s->nfiles < s->cap)
        return 0;
    int ncap = s->cap ? s->cap * 2 : 32;
    out_file *p = realloc(s->files, (size_t)ncap * sizeof *p);
    if (!p)
        return -1;
    s->files = p;
    s->cap = ncap;
    return 0;
}

int out_add(out_set *s, const char *name, hw_buf *content)
{
    char *copy = NULL;
    if (content->failed || s->failed || out_grow(s) != 0 || !(copy = strdup(name))) {
        s->failed = 1;
        buf_free(content);
        return -1;
    }
    out_file *f = &s->files[s->nfiles++];
    memset(f, 0, sizeof *f);
    f->name = copy;
    f->owner = s->owner;
    f->len = content->len;
    f->data = buf_steal(content);
    if (!f->data) {
        s->failed = 1;
        return -1;
    }
    return 0;
}

int out_take(out_set *into, out_set *from)
{
    into->failed |= from->failed;
    if (into->nfiles + from->nfiles > into->cap) {
        int ncap = into->nfiles + from->nfiles;
        out_file *p = realloc(into->files, (size_t)ncap * sizeof *p);
        if (!p) {
            into->failed = 1;
            return -1;
        }
        into->files = p;
        into->cap = ncap;
    }
    if (from->nfiles > 0) /* a target that writes no file of the kinds chosen */
        memcpy(into->files + into->nfiles, from->files,
               (size_t)from->nfiles * sizeof *from->files);
    into->nfiles += from->nfiles;
    from->nfiles = 0;
    if (!into->rows) {
        into->rows = from->rows;
        from->rows = NULL;
    }
    for (cJSON *row; from->rows && (row = cJSON_DetachItemFromArray(from->rows, 0)) != NULL;)
        cJSON_AddItemToArray(into->rows, row);
    return into->failed ? -1 : 0;
}

int out_row_for(out_set *s, const char *owner, const char *name, cJSON *row)
{
    cJSON *o = row ? cJSON_CreateObject() : NULL;
    if (!s->rows)
        s->rows = cJSON_CreateArray();
    if (!o || !s->rows || !cJSON_AddItemToArray(s->rows, o)) {
        cJSON_Delete(o);
        cJSON_Delete(row);
        s->failed = 1;
        return -1;
    }
    if (!cJSON_AddItemToObject(o, "row", row)) {
        cJSON_Delete(row);
        s->failed = 1;
        return -1;
    }
    if (!cJSON_AddStringToObject(o, "file", name) ||
        !cJSON_AddStringToObject(o, "spec", owner ? owner : "")) {
        s->failed = 1;
        return -1;
    }
    return 0;
}

int out_row(out_set *s, const char *name, cJSON *row)
{
    return out_row_for(s, s->owner, name, row);
}

int out_find(const out_set *s, const char *name, int from)
{
    for (int i = from; i < s->nfiles; i++)
        if (strcmp(s->files[i].name, name) == 0)
            return i;
    return -1;
}
