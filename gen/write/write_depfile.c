/* write_depfile.c - the dependency file of a run (write_depfile.h). */
#include "write/write_depfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* `path` as Make reads one word: a space or '#' after a backslash, '$'
 * doubled. A backslash before a space is doubled too (Make would take
 * "a\ b" for the escape). */
static int put_path(hw_buf *b, const char *path, hw_diag *d)
{
    if (strpbrk(path, "\n\r")) {
        diag_error(d, NULL, "%s: a path with a line break cannot be named in a "
                   "dependency file", path);
        return -1;
    }
    for (const char *p = path; *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '#') {
            for (const char *q = p - 1; q >= path && *q == '\\'; q--)
                buf_putc(b, '\\');
            buf_putc(b, '\\');
        } else if (*p == '$') {
            buf_putc(b, '$');
        }
        buf_putc(b, *p);
    }
    return 0;
}

/* The length of dir without its trailing '/'s ("out/" and "out" name
 * the same directory). */
static size_t dir_len(const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    return n;
}

/* dir/name. */
static void out_path(hw_buf *b, const char *dir, const char *name)
{
    buf_putn(b, dir, dir_len(dir));
    buf_putc(b, '/');
    buf_puts(b, name);
}

/* Whether `path` is one of the set's own files (read back from dir: the
 * manifest). */
static int is_output(const char *path, const out_set *s, const char *dir)
{
    size_t n = dir_len(dir);
    if (strncmp(path, dir, n) != 0 || path[n] != '/')
        return 0;
    const char *name = path + n;
    while (*name == '/') /* "out/" given: read as "out//name" */
        name++;
    for (int i = 0; i < s->nfiles; i++)
        if (strcmp(name, s->files[i].name) == 0)
            return 1;
    return 0;
}

static int put_out_name(hw_buf *b, const char *dir, const char *name, hw_diag *d)
{
    hw_buf full;
    buf_init(&full);
    out_path(&full, dir, name);
    buf_putc(&full, '\0');
    int rc = full.failed ? -1 : put_path(b, full.data, d);
    buf_free(&full);
    return rc;
}

int depfile_text(hw_buf *b, const out_set *s, const char *dir, const char *program,
                 char *const *reads, int nreads, hw_diag *d)
{
    int bad = 0;
    for (int i = 0; i < s->nfiles; i++) {
        buf_puts(b, i ? " \\\n " : "");
        bad |= put_out_name(b, dir, s->files[i].name, d);
    }
    buf_puts(b, ": \\\n ");
    bad |= put_path(b, program, d);
    for (int i = 0; i < nreads; i++)
        if (!is_output(reads[i], s, dir)) {
            buf_puts(b, " \\\n ");
            bad |= put_path(b, reads[i], d);
        }
    buf_putc(b, '\n');
    for (int i = 0; i < nreads; i++)
        if (!is_output(reads[i], s, dir)) {
            buf_putc(b, '\n');
            bad |= put_path(b, reads[i], d);
            buf_puts(b, ":\n");
        }
    if (b->failed)
        diag_error(d, NULL, "out of memory");
    return bad || b->failed ? -1 : 0;
}

/* The whole of `b` to a temporary beside `path`, renamed into place. */
static int write_atomically(const char *path, const hw_buf *b, hw_diag *d)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    hw_loc loc = loc_at(path, 0, 0);
    FILE *fp = fopen(tmp, "wb");
    if (!fp) {
        diag_error(d, &loc, "cannot write the dependency file: %s", strerror(errno));
        return -1;
    }
    int ok = fwrite(b->data ? b->data : "", 1, b->len, fp) == b->len;
    ok = fclose(fp) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        diag_error(d, &loc, "cannot write the dependency file: %s", strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

/* Every file of the set in dir given the time of now. */
static int touch_outputs(const out_set *s, const char *dir, hw_diag *d)
{
    for (int i = 0; i < s->nfiles; i++) {
        hw_buf full;
        buf_init(&full);
        out_path(&full, dir, s->files[i].name);
        buf_putc(&full, '\0');
        int ok = !full.failed && utimensat(AT_FDCWD, full.data, NULL, 0) == 0;
        if (!ok) {
            hw_loc loc = loc_at(full.data ? full.data : s->files[i].name, 0, 0);
            diag_error(d, &loc, "cannot update its time: %s", strerror(errno));
        }
        buf_free(&full);
        if (!ok)
            return -1;
    }
    return 0;
}

int depfile_write(const char *path, const out_set *s, const char *dir, const char *program,
                  char *const *reads, int nreads, hw_diag *d)
{
    hw_buf b;
    buf_init(&b);
    int rc = depfile_text(&b, s, dir, program, reads, nreads, d);
    if (rc == 0)
        rc = touch_outputs(s, dir, d);
    if (rc == 0)
        rc = write_atomically(path, &b, d);
    buf_free(&b);
    return rc;
}
