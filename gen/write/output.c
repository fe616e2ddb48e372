/* output.c - all-or-nothing writing of rendered files. */
#include "write/output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void out_init(out_set *s)
{
    memset(s, 0, sizeof *s);
}

static void tmp_name(char *tmp, size_t size, const out_file *f)
{
    snprintf(tmp, size, "%s.tmp.%ld", f->path, (long)getpid());
}

/* Remove the temporaries of files staged but not renamed, from `from` on. */
static void unstage(out_set *s, int from)
{
    char tmp[4200];
    for (int i = from; i < s->nfiles; i++) {
        if (!s->files[i].staged)
            continue;
        tmp_name(tmp, sizeof tmp, &s->files[i]);
        remove(tmp);
        s->files[i].staged = 0;
    }
}

void out_free(out_set *s)
{
    unstage(s, 0);
    for (int i = 0; i < s->nfiles; i++) {
        free(s->files[i].path);
        free(s->files[i].data);
    }
    free(s->files);
    cJSON_Delete(s->rows);
    out_init(s);
}

static int same_on_disk(const out_file *f)
{
    FILE *fp = fopen(f->path, "rb");
    if (!fp)
        return 0;
    int same = 1;
    char chunk[65536];
    size_t at = 0, n;
    while (same && (n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        same = at + n <= f->len && memcmp(chunk, f->data + at, n) == 0;
        at += n;
    }
    fclose(fp);
    return same && at == f->len;
}

/* The whole content under a temporary name beside the file. */
static int stage_one(out_file *f, hw_diag *d)
{
    hw_loc loc = loc_at(f->path, 0, 0);
    char tmp[4200];
    tmp_name(tmp, sizeof tmp, f);
    if (out_mkdirs(f->path) != 0) {
        diag_error(d, &loc, "cannot create its directory: %s", strerror(errno));
        return -1;
    }
    FILE *fp = fopen(tmp, "wb");
    if (!fp) {
        diag_error(d, &loc, "cannot write: %s", strerror(errno));
        return -1;
    }
    int ok = fwrite(f->data, 1, f->len, fp) == f->len;
    ok = (fclose(fp) == 0) && ok;
    if (!ok) {
        diag_error(d, &loc, "cannot write: %s", strerror(errno));
        remove(tmp);
        return -1;
    }
    f->staged = 1;
    return 0;
}

int out_add(out_set *s, const char *dir, const char *name, hw_buf *content)
{
    if (content->failed || s->failed) {
        s->failed = 1;
        buf_free(content);
        return -1;
    }
    if (s->nfiles == s->cap) {
        int ncap = s->cap ? s->cap * 2 : 32;
        out_file *p = realloc(s->files, (size_t)ncap * sizeof *p);
        if (!p) {
            s->failed = 1;
            buf_free(content);
            return -1;
        }
        s->files = p;
        s->cap = ncap;
    }
    size_t n = strlen(dir) + strlen(name) + 2;
    char *path = malloc(n);
    if (!path) {
        s->failed = 1;
        buf_free(content);
        return -1;
    }
    snprintf(path, n, "%s/%s", dir, name);
    out_file *f = &s->files[s->nfiles++];
    memset(f, 0, sizeof *f);
    f->path = path;
    f->name = path + strlen(dir) + 1;
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

int out_mkdirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return -1;
    /* Mostly the directory is there already (a file's siblings made it):
     * one mkdir of it says so, rather than one for each level. */
    char *last = strrchr(buf, '/');
    if (last && last > buf) {
        *last = '\0';
        int there = mkdir(buf, 0777) == 0 || errno == EEXIST;
        *last = '/';
        if (there)
            return 0;
    }
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return 0;
}

/* Every changed file is staged before any is renamed, so a failure while
 * writing (a full disk, a read-only directory) leaves out/ as it was. Only
 * a rename can fail after that, which within one directory is rare. */
int out_commit(out_set *s, hw_diag *d, int *written, int *unchanged)
{
    int ignored[2];
    if (!written)
        written = &ignored[0];
    if (!unchanged)
        unchanged = &ignored[1];
    *written = *unchanged = 0;
    if (s->failed) {
        diag_error(d, NULL, "out of memory while rendering; nothing written");
        return -1;
    }
    for (int i = 0; i < s->nfiles; i++) {
        out_file *f = &s->files[i];
        f->unchanged = same_on_disk(f);
        if (!f->unchanged && stage_one(f, d) != 0) {
            unstage(s, 0);
            return -1;
        }
    }
    char tmp[4200];
    for (int i = 0; i < s->nfiles; i++) {
        out_file *f = &s->files[i];
        if (f->unchanged) {
            ++*unchanged;
            continue;
        }
        tmp_name(tmp, sizeof tmp, f);
        if (rename(tmp, f->path) != 0) {
            hw_loc loc = loc_at(f->path, 0, 0);
            diag_error(d, &loc, "cannot rename into place: %s", strerror(errno));
            unstage(s, i);
            return -1;
        }
        f->staged = 0;
        ++*written;
    }
    return 0;
}
