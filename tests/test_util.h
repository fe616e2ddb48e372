/* test_util.h - small helpers the tests share. */
#ifndef HWCGEN_TEST_UTIL_H
#define HWCGEN_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
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

#endif
