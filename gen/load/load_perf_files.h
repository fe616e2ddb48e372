/* load_perf_files.h - what hwcgen reads of a kernel's pmu-events tree: its files,
 * and the standard events of arch/arm64 that a CPU's JSON refers to. */
#ifndef HWCGEN_PERF_TREE_H
#define HWCGEN_PERF_TREE_H

#include <dirent.h>
#include <stdint.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/names.h"
#include "core/perf_lang.h"

/* Every event of the top-level JSON files of arch/arm64/, as jevents.py
 * reads them: by name, ignoring case. */
typedef struct perf_std {
    hw_arena *a;
    perf_std_event *events;
    int n;
    size_t cap;
    name_index names; /* lower-case name -> index into events */
} perf_std;

/* The standard events of the tree whose arch/arm64 directory is `arch`.
 * 0, or -1 after reporting a file that cannot be read. */
int perf_std_read(perf_std *s, const char *arch, hw_diag *d);
void perf_std_free(perf_std *s);
/* The standard event called `name` (any case), or NULL (a perf_std_find_fn
 * of perf_lang.h, with s as its `std`). */
const perf_std_event *perf_std_find(const perf_std *s, const char *name);
const perf_std_event *perf_std_lookup(const void *s, const char *name);

/* The whole of `path` into `b` (emptied first), NUL-terminated. 0; 1 when
 * there is no such file and missing_ok; -1 after reporting. */
int perf_tree_read(const char *path, hw_buf *b, int missing_ok, hw_diag *d);
/* The *.json files of `dir`, sorted by name (scandir's list); 0, or -1
 * after reporting. Free with perf_tree_free_files. */
int perf_tree_json_files(const char *dir, struct dirent ***names, int *n, hw_diag *d);
void perf_tree_free_files(struct dirent **names, int n);

#endif
