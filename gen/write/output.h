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

#include <cjson/cJSON.h>

#include "core/arena.h"
#include "core/diag.h"

typedef struct out_file {
    char *path;  /* malloc'd */
    const char *name;  /* the path below the output directory, in path */
    const char *owner; /* spec the file is written for; NULL: shared */
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
    const char *owner; /* the spec whose files are being added, NULL for
                          files shared by every target; must outlive the set */
    cJSON *rows; /* [{"file", "spec", "row"}]: what each target puts in the
                    shared files (docs index, perf mapfile) */
} out_set;

void out_init(out_set *s);
/* Removes the temporaries of anything staged and not committed. */
void out_free(out_set *s);

/* Add `dir`/`name` with the buffer's contents; takes the buffer's memory
 * (the buffer is left empty). A path added twice is an internal error. */
int out_add(out_set *s, const char *dir, const char *name, hw_buf *content);

/* Move every file and row of `from` to the end of `into`, leaving `from`
 * empty. 0, or -1 when either set has failed (into->failed is set). */
int out_take(out_set *into, out_set *from);

/* Add what the current owner puts in the shared file `name` (a docs index
 * row, a mapfile row); takes `row`. 0, or -1 when out of memory. */
int out_row(out_set *s, const char *name, cJSON *row);

/* Add a row as owned by `owner` (a target kept from an earlier run). */
int out_row_for(out_set *s, const char *owner, const char *name, cJSON *row);

/* The i-th file of the set whose name is `name`, from index `from` on;
 * -1 when there is none. */
int out_find(const out_set *s, const char *name, int from);

/* Write every changed file to a temporary name, then rename them all into
 * place; files whose content is already on disk are left alone; the counts
 * may be NULL. Returns 0, or -1 after reporting the failure (temporaries
 * removed); `written` then says how many files were replaced (0 unless a
 * rename failed). */
int out_commit(out_set *s, hw_diag *d, int *written, int *unchanged);

/* mkdir -p for the directory part of `path`. */
int out_mkdirs(const char *path);

#endif
