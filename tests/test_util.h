/* test_util.h - small helpers the tests share. */
#ifndef HWCGEN_TEST_UTIL_H
#define HWCGEN_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>

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

#endif
