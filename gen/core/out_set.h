/* out_set.h - the files a run renders, held in memory.
 *
 * Emitters render into memory and add files here; nothing touches the disk
 * until every spec has loaded, checked and rendered. A file is named by its
 * path below the output directory: where that directory is, only writing
 * the set (write/write_files.h) and the manifest on disk (write/write_manifest.h)
 * know, so the same set can be checked in memory, compared (diff) or
 * written into any directory.
 */
#ifndef HWCGEN_OUT_SET_H
#define HWCGEN_OUT_SET_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/arena.h"

typedef struct out_file {
    char *name;        /* malloc'd: the path below the output directory */
    const char *owner; /* spec the file is written for; NULL: shared */
    char *data;        /* malloc'd */
    size_t len;
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
void out_free(out_set *s);

/* Add the file `name` (below the output directory) with the buffer's
 * contents; takes the buffer's memory (the buffer is left empty). A name
 * added twice is an internal error. */
int out_add(out_set *s, const char *name, hw_buf *content);

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

#endif
