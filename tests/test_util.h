/* test_util.h - small helpers the tests share. */
#ifndef HWCGEN_TEST_UTIL_H
#define HWCGEN_TEST_UTIL_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The whole file, NUL-terminated, malloc'd; NULL if it cannot be read.
 * `len` (may be NULL) gets its size, which may include NUL bytes. */
static inline char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0, got;
    char *data = malloc(cap + 1);
    while (data && (got = fread(data + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n < cap)
            continue;
        char *bigger = realloc(data, cap * 2 + 1);
        if (!bigger) {
            free(data);
            data = NULL;
            break;
        }
        data = bigger;
        cap *= 2;
    }
    fclose(f);
    if (data)
        data[n] = '\0';
    if (len)
        *len = n;
    return data;
}

/* The hwcgen binary a test runs: $HWCGEN, else ./hwcgen (make check runs
 * tests from the top of the tree). NULL, after saying so on stderr, when
 * there is no such executable; `test` names the caller. */
/* A malloc'd copy of text with the first `from` replaced by `to`; NULL
 * when text has no `from`. */
static inline char *replace_once(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    if (!at)
        return NULL;
    size_t head = (size_t)(at - text), nfrom = strlen(from), nto = strlen(to);
    char *out = malloc(strlen(text) - nfrom + nto + 1);
    if (out) {
        memcpy(out, text, head);
        memcpy(out + head, to, nto);
        strcpy(out + head + nto, at + nfrom);
    }
    return out;
}

static inline const char *hwcgen_binary(const char *test)
{
    const char *path = getenv("HWCGEN");
    if (!path || !*path)
        path = "./hwcgen";
    if (access(path, X_OK) == 0)
        return path;
    fprintf(stderr, "%s: no hwcgen binary at %s (set HWCGEN)\n", test, path);
    return NULL;
}

/* ---- directory trees --------------------------------------------------------- */

/* out = dir/name; 0, or -1 when it does not fit. */
static inline int path_join(char *out, size_t size, const char *dir, const char *name)
{
    int n = snprintf(out, size, "%s/%s", dir, name);
    return n >= 0 && (size_t)n < size ? 0 : -1;
}

/* rm -rf: `path` and everything below it (made writable on the way). */
static inline void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (!d) {
        unlink(path);
        return;
    }
    chmod(path, 0755);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char sub[4096];
        struct stat st;
        if (path_join(sub, sizeof sub, path, e->d_name) != 0)
            continue;
        if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
            remove_tree(sub);
        else
            unlink(sub);
    }
    closedir(d);
    rmdir(path);
}

/* A copy of the regular file `from` at `to`. 0, or -1. */
static inline int copy_file(const char *from, const char *to)
{
    size_t len = 0;
    char *data = read_file(from, &len);
    FILE *f = data ? fopen(to, "wb") : NULL;
    int ok = f && fwrite(data, 1, len, f) == len;
    if (f)
        ok = fclose(f) == 0 && ok;
    free(data);
    return ok ? 0 : -1;
}

/* cp -r of the directories and regular files below `from` into `to`,
 * which must not exist yet. 0, or -1 when anything could not be copied. */
static inline int copy_tree(const char *from, const char *to)
{
    DIR *d = opendir(from);
    if (!d)
        return -1;
    int rc = mkdir(to, 0755);
    for (struct dirent *e; rc == 0 && (e = readdir(d)) != NULL;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char src[4096], dst[4096];
        struct stat st;
        if (path_join(src, sizeof src, from, e->d_name) != 0 ||
            path_join(dst, sizeof dst, to, e->d_name) != 0 || lstat(src, &st) != 0)
            rc = -1;
        else if (S_ISDIR(st.st_mode))
            rc = copy_tree(src, dst);
        else if (S_ISREG(st.st_mode))
            rc = copy_file(src, dst);
    }
    closedir(d);
    return rc;
}

/* What a tree holds: every file's path and bytes, every directory's path,
 * sorted; the names that contain ".tmp." (a temporary left behind). */
typedef struct snap_entry {
    char *path;
    char *data; /* NULL for a directory */
    size_t len;
} snap_entry;

typedef struct snapshot {
    snap_entry *items; /* files */
    size_t n, cap;
    snap_entry *dirs;  /* directories below the top */
    size_t ndirs, cap_dirs;
    int tmp_files;
    int failed;        /* something could not be read */
} snapshot;

static inline void snap_push(snap_entry **items, size_t *n, size_t *cap, snap_entry e,
                             int *failed)
{
    if (*n == *cap) {
        size_t ncap = *cap ? *cap * 2 : 64;
        snap_entry *p = realloc(*items, ncap * sizeof *p);
        if (!p) {
            *failed = 1;
            free(e.path);
            free(e.data);
            return;
        }
        *items = p;
        *cap = ncap;
    }
    (*items)[(*n)++] = e;
}

static inline void snap_dir(snapshot *s, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        s->failed = 1;
        return;
    }
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char path[4096];
        struct stat st;
        if (path_join(path, sizeof path, dir, e->d_name) != 0 || lstat(path, &st) != 0) {
            s->failed = 1;
            continue;
        }
        if (strstr(e->d_name, ".tmp."))
            s->tmp_files++;
        snap_entry it = {strdup(path), NULL, 0};
        if (S_ISDIR(st.st_mode)) {
            snap_push(&s->dirs, &s->ndirs, &s->cap_dirs, it, &s->failed);
            snap_dir(s, path);
            continue;
        }
        if (!(it.data = read_file(path, &it.len)))
            s->failed = 1;
        snap_push(&s->items, &s->n, &s->cap, it, &s->failed);
    }
    closedir(d);
}

static inline int snap_by_path(const void *a, const void *b)
{
    return strcmp(((const snap_entry *)a)->path, ((const snap_entry *)b)->path);
}

static inline snapshot snap(const char *dir)
{
    snapshot s = {0};
    snap_dir(&s, dir);
    if (s.n)
        qsort(s.items, s.n, sizeof *s.items, snap_by_path);
    if (s.ndirs)
        qsort(s.dirs, s.ndirs, sizeof *s.dirs, snap_by_path);
    return s;
}

static inline void snap_free(snapshot *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->items[i].path);
        free(s->items[i].data);
    }
    for (size_t i = 0; i < s->ndirs; i++)
        free(s->dirs[i].path);
    free(s->items);
    free(s->dirs);
    memset(s, 0, sizeof *s);
}

/* The same paths in a and b, `what` they are; prints the first difference. */
static inline int snap_same_paths(const snap_entry *a, size_t na, const snap_entry *b,
                                  size_t nb, const char *what)
{
    for (size_t i = 0; i < na || i < nb; i++)
        if (i >= na || i >= nb || strcmp(a[i].path, b[i].path) != 0) {
            printf("  %s %s before, %s after\n", what, i < na ? a[i].path : "(none)",
                   i < nb ? b[i].path : "(none)");
            return 0;
        }
    return 1;
}

/* Identical trees: the same directories, the same files with the same
 * bytes; prints the first difference. */
static inline int same(const snapshot *a, const snapshot *b)
{
    if (a->failed || b->failed) {
        printf("  a tree could not be read whole\n");
        return 0;
    }
    if (!snap_same_paths(a->dirs, a->ndirs, b->dirs, b->ndirs, "directory") ||
        !snap_same_paths(a->items, a->n, b->items, b->n, "file"))
        return 0;
    for (size_t i = 0; i < a->n; i++) {
        const snap_entry *x = &a->items[i], *y = &b->items[i];
        if (x->len != y->len || memcmp(x->data, y->data, x->len) != 0) {
            printf("  %s changed\n", x->path);
            return 0;
        }
    }
    return 1;
}

/* ---- a scratch directory per test ------------------------------------------- */

typedef struct scratch {
    char root[64];
} scratch;

/* A new zeroed fixture of `size` bytes whose first member is a scratch,
 * with a new, empty directory /tmp/<prefix>-XXXXXX in it; NULL when
 * either cannot be made. */
static inline void *scratch_new(size_t size, const char *prefix)
{
    scratch *s = size >= sizeof *s ? calloc(1, size) : NULL;
    if (!s)
        return NULL;
    snprintf(s->root, sizeof s->root, "/tmp/%s-XXXXXX", prefix);
    if (!mkdtemp(s->root)) {
        free(s);
        return NULL;
    }
    return s;
}

/* The directory of a fixture scratch_new() made, all below it, and the
 * fixture. */
static inline void scratch_free(void *fixture)
{
    scratch *s = fixture;
    remove_tree(s->root);
    free(s);
}

/* For a cmocka setup: *state is a new, empty directory /tmp/<prefix>-XXXXXX;
 * -1 when it cannot be made. */
static inline int scratch_make(void **state, const char *prefix)
{
    *state = scratch_new(sizeof(scratch), prefix);
    return *state ? 0 : -1;
}

/* The cmocka teardown of scratch_make: the directory and all below it. */
static inline int scratch_teardown(void **state)
{
    scratch_free(*state);
    return 0;
}

/* ---- the kernel's perf tree --------------------------------------------------- */

/* The Debian package whose tools/perf/pmu-events make check extracts and
 * names in $HWCGEN_PMU_EVENTS. */
#define KERNEL_PKG "linux-source-6.12"

/* $HWCGEN_PMU_EVENTS/arch, in buf; NULL, after a SKIP line that names the
 * package, when it is no directory. */
static inline const char *kernel_arch(char *buf, size_t size)
{
    const char *src = getenv("HWCGEN_PMU_EVENTS");
    struct stat st;
    if (!src || !*src || (size_t)snprintf(buf, size, "%s/arch", src) >= size ||
        stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("SKIP: the kernel's perf pmu-events tree is missing: %s is not installed "
               "(make check installs it as root: apt-get install %s)\n", KERNEL_PKG, KERNEL_PKG);
        return NULL;
    }
    return buf;
}

#endif
