/* write_files.c - all-or-nothing writing of rendered files
 * (write_files.h). */
#include "write/write_files.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One commit of a set into a directory, and where each file stands. */
typedef struct commit {
    const out_set *s;
    const char *dir;
    char *unchanged; /* per file: the disk already holds its content */
    char *staged;    /* per file: a temporary holds it, not yet renamed */
    hw_diag *d;
} commit;

/* The path of file i: dir/name. 0, or -1 after reporting one too long. */
static int file_path(char *path, size_t size, const commit *c, int i)
{
    const char *name = c->s->files[i].name;
    int n = snprintf(path, size, "%s/%s", c->dir, name);
    if (n >= 0 && (size_t)n < size)
        return 0;
    diag_error(c->d, NULL, "%s/%s: the path is too long", c->dir, name);
    return -1;
}

static void tmp_name(char *tmp, size_t size, const char *path)
{
    snprintf(tmp, size, "%s.tmp.%ld", path, (long)getpid());
}

/* Remove the temporaries of files staged but not renamed, from `from` on. */
static void unstage(commit *c, int from)
{
    char path[4096], tmp[4200];
    for (int i = from; i < c->s->nfiles; i++) {
        if (!c->staged[i] || file_path(path, sizeof path, c, i) != 0)
            continue;
        tmp_name(tmp, sizeof tmp, path);
        remove(tmp);
        c->staged[i] = 0;
    }
}

static int same_on_disk(const char *path, const out_file *f)
{
    FILE *fp = fopen(path, "rb");
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

/* mkdir -p for the directory part of `path`. */
static int make_parent_dirs(const char *path)
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

/* The whole content of file i under a temporary name beside `path`. */
static int stage_one(commit *c, int i, const char *path)
{
    const out_file *f = &c->s->files[i];
    hw_loc loc = loc_at(path, 0, 0);
    char tmp[4200];
    tmp_name(tmp, sizeof tmp, path);
    if (make_parent_dirs(path) != 0) {
        diag_error(c->d, &loc, "cannot create its directory: %s", strerror(errno));
        return -1;
    }
    FILE *fp = fopen(tmp, "wb");
    if (!fp) {
        diag_error(c->d, &loc, "cannot write: %s", strerror(errno));
        return -1;
    }
    int ok = fwrite(f->data, 1, f->len, fp) == f->len;
    ok = (fclose(fp) == 0) && ok;
    if (!ok) {
        diag_error(c->d, &loc, "cannot write: %s", strerror(errno));
        remove(tmp);
        return -1;
    }
    c->staged[i] = 1;
    return 0;
}

/* Every changed file to its temporary; on a failure, none is left. */
static int stage_all(commit *c)
{
    char path[4096];
    for (int i = 0; i < c->s->nfiles; i++) {
        if (file_path(path, sizeof path, c, i) != 0) {
            unstage(c, 0);
            return -1;
        }
        c->unchanged[i] = (char)same_on_disk(path, &c->s->files[i]);
        if (!c->unchanged[i] && stage_one(c, i, path) != 0) {
            unstage(c, 0);
            return -1;
        }
    }
    return 0;
}

/* Every staged file renamed into place; a failure removes the
 * temporaries not renamed yet. */
static int rename_all(commit *c, int *written, int *unchanged)
{
    char path[4096], tmp[4200];
    for (int i = 0; i < c->s->nfiles; i++) {
        if (c->unchanged[i]) {
            ++*unchanged;
            continue;
        }
        if (file_path(path, sizeof path, c, i) != 0) {
            unstage(c, i);
            return -1;
        }
        tmp_name(tmp, sizeof tmp, path);
        if (rename(tmp, path) != 0) {
            hw_loc loc = loc_at(path, 0, 0);
            diag_error(c->d, &loc, "cannot rename into place: %s", strerror(errno));
            unstage(c, i);
            return -1;
        }
        c->staged[i] = 0;
        ++*written;
    }
    return 0;
}

/* Every changed file is staged before any is renamed, so a failure while
 * writing (a full disk, a read-only directory) leaves the directory as it
 * was. Only a rename can fail after that, which within one directory is
 * rare. */
int out_commit(const out_set *s, const char *dir, hw_diag *d, int *written, int *unchanged)
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
    commit c = {s, dir, calloc((size_t)s->nfiles + 1, 1), calloc((size_t)s->nfiles + 1, 1), d};
    int rc = -1;
    if (!c.unchanged || !c.staged)
        diag_error(d, NULL, "out of memory; nothing written");
    else if (stage_all(&c) == 0)
        rc = rename_all(&c, written, unchanged);
    free(c.unchanged);
    free(c.staged);
    return rc;
}
