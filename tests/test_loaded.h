/* test_loaded.h - every target a path names, opened as hwcgen opens it
 * (run_open_all: loaded, checked, planned), and what that said. */
#ifndef HWCGEN_TEST_LOADED_H
#define HWCGEN_TEST_LOADED_H

#include <stdio.h>
#include <stdlib.h>

#include "core/diag.h"
#include "core/ir.h"
#include "run/pipeline.h"

typedef struct loaded {
    hw_diag d;      /* what opening said, in d.log */
    hw_target **t;  /* NULL where one is unusable */
    int n;
    int rc;         /* run_open_all's */
} loaded;

static inline loaded load_all(const char *path)
{
    loaded l;
    diag_init(&l.d, NULL);
    l.rc = run_open_all(path, &l.t, NULL, &l.n, &l.d);
    return l;
}

/* The specs `paths` loaded and checked into r as generate does, for the
 * output kinds `kinds` only (out_kinds.h). 0, or -1 (the log on stderr). */
static inline int run_load_kinds(hw_run *r, unsigned kinds, char *const *paths, int n)
{
    r->outputs = kinds;
    int rc = run_load_check(r, paths, n);
    if (rc != 0 && r->d->log.data)
        fputs(r->d->log.data, stderr);
    return rc;
}

/* What r loaded, rendered and written into dir as generate does. 0, or -1. */
static inline int run_generate_into(hw_run *r, const char *dir)
{
    int written = 0, unchanged = 0, removed = 0;
    return run_emit(r, dir, NULL) == 0 && run_commit(r, &written, &unchanged, &removed) == 0
               ? 0
               : -1;
}

/* The n targets of t (run_open_all's) and the array. */
static inline void targets_free(hw_target **t, int n)
{
    for (int i = 0; i < n; i++)
        target_free(t[i]);
    free(t);
}

static inline void loaded_free(loaded *l)
{
    targets_free(l->t, l->n);
    diag_free(&l->d);
}

#endif
