/* fuzz_files.h - a fuzzer's input as a few files in a private temporary
 * directory, for the readers that take a path (a perf tree, an output
 * directory's manifest).
 *
 * The input is the files in the order a target lists them, each ending
 * at a line "%%" (the last at the end of the input); a file the input
 * lacks is missing. The directory is made in /dev/shm when there is one,
 * else /tmp, with every directory the files need, and removed at exit.
 */
#ifndef HWCGEN_FUZZ_FILES_H
#define HWCGEN_FUZZ_FILES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct fuzz_files {
    char dir[64];
    const char *const *names; /* relative paths, in input order */
    int n;
} fuzz_files;

static fuzz_files fuzz_files_now; /* for the exit handler */

static inline void fuzz_files_path(const fuzz_files *f, char *out, size_t size, const char *rel)
{
    snprintf(out, size, "%s/%s", f->dir, rel);
}

/* Every directory of rel below f->dir, made (mkdir -p), or removed
 * (deepest first) when `remove_them`. */
static inline void fuzz_files_dirs(const fuzz_files *f, const char *rel, int remove_them)
{
    char p[256];
    fuzz_files_path(f, p, sizeof p, rel);
    size_t base = strlen(f->dir) + 1, n = strlen(p);
    if (remove_them) {
        for (size_t i = n; i > base; i--)
            if (p[i] == '/') {
                p[i] = '\0';
                rmdir(p);
            }
        return;
    }
    for (size_t i = base; i < n; i++)
        if (p[i] == '/') {
            p[i] = '\0';
            if (mkdir(p, 0700) != 0 && access(p, F_OK) != 0)
                abort();
            p[i] = '/';
        }
}

static inline void fuzz_files_remove(void)
{
    const fuzz_files *f = &fuzz_files_now;
    char p[256];
    for (int i = 0; i < f->n; i++) {
        fuzz_files_path(f, p, sizeof p, f->names[i]);
        unlink(p);
    }
    for (int i = 0; i < f->n; i++)
        fuzz_files_dirs(f, f->names[i], 1);
    rmdir(f->dir);
}

/* The directory, with every directory the n files `names` need. */
static inline fuzz_files *fuzz_files_init(const char *const *names, int n, const char *who)
{
    fuzz_files *f = &fuzz_files_now;
    f->names = names;
    f->n = n;
    const char *roots[] = {"/dev/shm", "/tmp"};
    for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++) {
        snprintf(f->dir, sizeof f->dir, "%s/hwcgen-fuzz-XXXXXX", roots[i]);
        if (mkdtemp(f->dir)) {
            for (int k = 0; k < n; k++)
                fuzz_files_dirs(f, names[k], 0);
            atexit(fuzz_files_remove);
            return f;
        }
    }
    fprintf(stderr, "%s: cannot create a temporary directory\n", who);
    abort();
}

/* The input's parts into the files, in order. */
static inline void fuzz_files_write(const fuzz_files *f, const char *text, size_t size)
{
    const char *p = text, *end = text + size;
    for (int i = 0; i < f->n; i++) {
        char path[256];
        fuzz_files_path(f, path, sizeof path, f->names[i]);
        unlink(path);
        if (!p)
            continue;
        const char *sep = strstr(p, "\n%%\n");
        const char *stop = sep ? sep + 1 : end; /* the part keeps its newline */
        FILE *fp = fopen(path, "wb");
        if (!fp || fwrite(p, 1, (size_t)(stop - p), fp) != (size_t)(stop - p) || fclose(fp) != 0)
            abort();
        p = sep ? sep + 4 : NULL;
    }
}

#endif
