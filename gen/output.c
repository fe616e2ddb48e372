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

/* A new, empty entry for dir/name; NULL when out of memory. */
static out_file *new_entry(out_set *s, const char *dir, const char *name)
{
    if (s->nfiles == s->cap) {
        int ncap = s->cap ? s->cap * 2 : 32;
        out_file *p = realloc(s->files, (size_t)ncap * sizeof *p);
        if (!p)
            return NULL;
        s->files = p;
        s->cap = ncap;
    }
    size_t n = strlen(dir) + strlen(name) + 2;
    char *path = malloc(n);
    if (!path)
        return NULL;
    snprintf(path, n, "%s/%s", dir, name);
    out_file *f = &s->files[s->nfiles++];
    memset(f, 0, sizeof *f);
    f->path = path;
    return f;
}

int out_add(out_set *s, const char *dir, const char *name, hw_buf *content)
{
    out_file *f = content->failed || s->failed ? NULL : new_entry(s, dir, name);
    if (!f) {
        s->failed = 1;
        buf_free(content);
        return -1;
    }
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

/* ---- files written while rendered ---------------------------------------- */

/* The file being written: its bytes are compared with the file on disk
 * as they come, and go to the temporary only from the first difference
 * on (the equal part before it is copied from the old file), so neither
 * the content nor the old file is ever held whole. */
typedef struct out_writer {
    out_set *s;
    int index;    /* s->files[index] */
    int old;      /* the file on disk, or -1 */
    off_t old_size;
    int tmp;      /* the temporary, once the content differs; else -1 */
    size_t at;    /* bytes taken so far */
    int failed;   /* a write failed, already reported */
    char chunk[65536];
} out_writer;

enum { WRITER_BUF = 256 * 1024 };

static void writer_fail(out_writer *w, const char *what, int err)
{
    hw_loc loc = loc_at(w->s->files[w->index].path, 0, 0);
    diag_error(w->s->d, &loc, "%s: %s", what, strerror(err));
    w->failed = 1;
}

/* How many of the n bytes at p the old file has at the same place. */
static size_t same_prefix(out_writer *w, const char *p, size_t n)
{
    size_t done = 0;
    while (w->old >= 0 && done < n) {
        size_t want = n - done < sizeof w->chunk ? n - done : sizeof w->chunk;
        ssize_t got = pread(w->old, w->chunk, want, (off_t)(w->at + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        for (size_t i = 0; i < (size_t)got; i++)
            if (w->chunk[i] != p[done + i])
                return done + i;
        done += (size_t)got;
    }
    return done;
}

/* Start the temporary with the first `keep` bytes of the old file (which
 * equal the content's). */
static int writer_start(out_writer *w, size_t keep)
{
    out_file *f = &w->s->files[w->index];
    char tmp[4200];
    tmp_name(tmp, sizeof tmp, w->s, f);
    if (make_dir_of(w->s, f->path) != 0) {
        writer_fail(w, "cannot create its directory", errno);
        return -1;
    }
    w->tmp = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (w->tmp < 0) {
        writer_fail(w, "cannot write", errno);
        return -1;
    }
    f->staged = 1;
    for (size_t done = 0; done < keep;) {
        size_t want = keep - done < sizeof w->chunk ? keep - done : sizeof w->chunk;
        ssize_t got = pread(w->old, w->chunk, want, (off_t)done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0 || write_all(w->tmp, w->chunk, (size_t)got) != 0) {
            writer_fail(w, "cannot write", got <= 0 ? EIO : errno);
            return -1;
        }
        done += (size_t)got;
    }
    return 0;
}

static void writer_take(void *ctx, const char *p, size_t n)
{
    out_writer *w = ctx;
    if (w->failed)
        return;
    if (w->tmp < 0) {
        size_t same = same_prefix(w, p, n);
        if (same == n) {
            w->at += n;
            return;
        }
        if (writer_start(w, w->at + same) != 0)
            return;
        w->at += same;
        p += same;
        n -= same;
    }
    if (write_all(w->tmp, p, n) != 0) {
        writer_fail(w, "cannot write", errno);
        return;
    }
    w->at += n;
}

/* All taken: unchanged, or the temporary complete. 0 or -1. */
static int writer_finish(out_writer *w)
{
    out_file *f = &w->s->files[w->index];
    if (!w->failed && w->tmp < 0) {
        if (w->old >= 0 && (size_t)w->old_size == w->at)
            f->unchanged = 1;
        else
            writer_start(w, w->at); /* a shorter content, or a new file */
    }
    if (w->tmp >= 0 && close(w->tmp) != 0 && !w->failed)
        writer_fail(w, "cannot write", errno);
    w->tmp = -1;
    return w->failed ? -1 : 0;
}

int out_begin(out_set *s, const char *dir, const char *name, hw_buf *content)
{
    buf_init(content);
    out_file *f = s->failed ? NULL : new_entry(s, dir, name);
    out_writer *w = f && s->stage_early ? malloc(sizeof *w) : NULL;
    if (!f || (s->stage_early && !w)) {
        s->failed = 1;
        return -1;
    }
    if (!w)
        return 0;
    f->settled = 1; /* as it is written */
    w->s = s;
    w->index = s->nfiles - 1;
    w->tmp = -1;
    w->at = 0;
    w->failed = 0;
    w->old = open(f->path, O_RDONLY);
    struct stat st;
    w->old_size = w->old >= 0 && fstat(w->old, &st) == 0 ? st.st_size : -1;
    buf_sink(content, WRITER_BUF, writer_take, w);
    return 0;
}

int out_end(out_set *s, hw_buf *content, int ok)
{
    /* A failed out_begin failed the set: then nothing here touches a file. */
    out_writer *w = content->sink == writer_take ? content->sink_ctx : NULL;
    int rc = ok == 0 && !content->failed && !s->failed ? 0 : -1;
    if (w) {
        if (rc == 0)
            buf_drain(content);
        if (rc == 0 && writer_finish(w) != 0) {
            s->write_failed = 1;
            rc = -1;
        }
        if (w->tmp >= 0)
            close(w->tmp);
        if (w->old >= 0)
            close(w->old);
        free(w);
    } else if (rc == 0) {
        out_file *f = &s->files[s->nfiles - 1];
        buf_putn(content, "", 0); /* storage even when empty */
        buf_move(&f->content, content);
        rc = f->content.failed ? -1 : 0;
    }
    buf_free(content);
    if (rc != 0)
        s->failed = 1;
    return rc;
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
