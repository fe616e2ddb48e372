/* test_loaded.h - every target a path names, opened as hwcgen opens it
 * (run_open_all: loaded, checked, planned), and what that said. */
#ifndef HWCGEN_TEST_LOADED_H
#define HWCGEN_TEST_LOADED_H

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

static inline void loaded_free(loaded *l)
{
    for (int i = 0; i < l->n; i++)
        target_free(l->t[i]);
    free(l->t);
    diag_free(&l->d);
}

#endif
