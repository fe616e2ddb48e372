/* output.h - a set of rendered files, written all-or-nothing.
 *
 * Emitters render into memory and add files here; nothing touches the disk
 * until every spec has loaded, checked and rendered. Then each file goes to
 * a temporary name in its own directory and is renamed into place, so a
 * reader never sees half a file and a failure leaves old outputs intact.
 */
#ifndef HWCGEN_OUTPUT_H
#define HWCGEN_OUTPUT_H

#include <stddef.h>

#include "arena.h"
#include "diag.h"

typedef struct out_file {
    char *path;  /* malloc'd */
    char *data;  /* malloc'd */
    size_t len;
    char unchanged; /* the disk already holds this content */
    char staged;    /* a temporary holds it, not yet renamed */
} out_file;

typedef struct out_set {
    out_file *files;
    int nfiles;
    int cap;
    int failed; /* an allocation failed: commit refuses */
} out_set;

void out_init(out_set *s);
/* Removes the temporaries of anything staged and not committed. */
void out_free(out_set *s);

/* Add `dir`/`name` with the buffer's contents; takes the buffer's memory
 * (the buffer is left empty). A path added twice is an internal error. */
int out_add(out_set *s, const char *dir, const char *name, hw_buf *content);

/* Write every changed file to a temporary name, then rename them all into
 * place; files whose content is already on disk are left alone; the counts
 * may be NULL. Returns 0, or -1 after reporting the failure (temporaries
 * removed); `written` then says how many files were replaced (0 unless a
 * rename failed). */
int out_commit(out_set *s, hw_diag *d, int *written, int *unchanged);

/* mkdir -p for the directory part of `path`. */
int out_mkdirs(const char *path);

#endif
