/* output.c - all-or-nothing writing of rendered files. */
#include "output.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void out_init(out_set *s)
{
    memset(s, 0, sizeof *s);
    s->pid = (long)getpid();
}

void out_stage_early(out_set *s, hw_diag *d)
{
    s->stage_early = 1;
    s->d = d;
}

static void tmp_name(char *tmp, size_t size, const out_set *s, const out_file *f)
{
    snprintf(tmp, size, "%s.tmp.%ld", f->path, s->pid);
}

/* Remove the temporaries of files staged but not renamed, from `from` on. */
static void unstage(out_set *s, int from)
{
    char tmp[4200];
    for (int i = from; i < s->nfiles; i++) {
        if (!s->files[i].staged)
            continue;
        tmp_name(tmp, sizeof tmp, s, &s->files[i]);
        remove(tmp);
        s->files[i].staged = 0;
    }
}

void out_free(out_set *s)
{
    unstage(s, 0);
    for (int i = 0; i < s->nfiles; i++) {
        free(s->files[i].path);
        buf_free(&s->files[i].content);
    }
    free(s->files);
    free(s->made_dir);
    out_init(s);
}

static int same_on_disk(const out_file *f)
{
    int fd = open(f->path, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat st;
    const hw_buf *c = &f->content;
    int same = fstat(fd, &st) == 0 && (size_t)st.st_size == c->len;
    char chunk[65536];
    size_t at = 0;
    while (same && at < c->len) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            same = 0;
            break;
        }
        same = at + (size_t)n <= c->len && memcmp(chunk, c->data + at, (size_t)n) == 0;
        at += (size_t)n;
    }
    close(fd);
    return same && at == c->len;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* mkdir -p, skipped when the last file went to the same directory. */
static int make_dir_of(out_set *s, const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : 0;
    if (s->made_dir && strlen(s->made_dir) == n && memcmp(s->made_dir, path, n) == 0)
        return 0;
    if (out_mkdirs(path) != 0)
        return -1;
    free(s->made_dir);
    s->made_dir = malloc(n + 1);
    if (s->made_dir) {
        memcpy(s->made_dir, path, n);
        s->made_dir[n] = '\0';
    }
    return 0;
}

/* The whole content under a temporary name beside the file. */
static int stage_one(out_set *s, out_file *f, hw_diag *d)
{
    hw_loc loc = loc_at(f->path, 0, 0);
    char tmp[4200];
    tmp_name(tmp, sizeof tmp, s, f);
    if (make_dir_of(s, f->path) != 0) {
        diag_error(d, &loc, "cannot create its directory: %s", strerror(errno));
        return -1;
    }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) {
        diag_error(d, &loc, "cannot write: %s", strerror(errno));
        return -1;
    }
    int rc = write_all(fd, f->content.data, f->content.len);
    int err = rc ? errno : 0;
    if (close(fd) != 0 && rc == 0) {
        rc = -1;
        err = errno;
    }
    if (rc != 0) {
        diag_error(d, &loc, "cannot write: %s", strerror(err));
        remove(tmp);
        return -1;
    }
    f->staged = 1;
    return 0;
}

/* Compare with the disk and stage if changed. In early mode the content
 * is dropped afterwards, so only one file is ever held in memory. */
static int settle(out_set *s, out_file *f, hw_diag *d)
{
    f->settled = 1;
    f->unchanged = same_on_disk(f);
    int rc = f->unchanged ? 0 : stage_one(s, f, d);
    if (s->stage_early)
        buf_free(&f->content);
    return rc;
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
    buf_putn(content, "", 0); /* storage even when empty */
    buf_move(&f->content, content);
    if (f->content.failed) {
        s->failed = 1;
        return -1;
    }
    if (s->stage_early && settle(s, f, s->d) != 0) {
        s->failed = s->write_failed = 1;
        return -1;
    }
    return 0;
}

int out_merge(out_set *into, out_set *from)
{
    if (from->failed)
        into->failed = 1;
    if (from->write_failed)
        into->write_failed = 1;
    if (into->nfiles > INT_MAX - from->nfiles) {
        into->failed = 1;
        return -1;
    }
    int need = into->nfiles + from->nfiles;
    if (need > into->cap) {
        out_file *p = realloc(into->files, (size_t)need * sizeof *p);
        if (!p) {
            into->failed = 1;
            return -1;
        }
        into->files = p;
        into->cap = need;
    }
    if (from->nfiles > 0)
        memcpy(into->files + into->nfiles, from->files,
               (size_t)from->nfiles * sizeof *from->files);
    into->nfiles = need;
    from->nfiles = 0; /* moved, not copied: out_free(from) leaves them */
    return 0;
}

int out_mkdirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return -1;
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
        if (!s->write_failed)
            diag_error(d, NULL, "out of memory while rendering; nothing written");
        unstage(s, 0);
        return -1;
    }
    for (int i = 0; i < s->nfiles; i++) {
        if (!s->files[i].settled && settle(s, &s->files[i], d) != 0) {
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
        tmp_name(tmp, sizeof tmp, s, f);
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
