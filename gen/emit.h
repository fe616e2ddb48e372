/* emit.h - emitters: each reads checked targets and adds rendered files
 * to an output set. None writes to disk or changes the IR. */
#ifndef HWCGEN_EMIT_H
#define HWCGEN_EMIT_H

#include "diag.h"
#include "ir.h"
#include "output.h"

/* include/hwcgen/<id>.h (freestanding) and <id>_metrics.h (evaluators). */
int emit_c_headers(const hw_target *t, out_set *out, const char *dir,
                   hw_diag *d);

int emit_docs(hw_target *const *targets, int n, out_set *out, const char *dir, hw_diag *d);
/* The parts of emit_docs, in its order: per target the Markdown page, the
 * HTML page and the diagrams; then the indexes. */
int emit_docs_page(const hw_target *t, int html, out_set *out, const char *dir, hw_diag *d);
int emit_docs_diagrams(const hw_target *t, out_set *out, const char *dir, hw_diag *d);
int emit_docs_index(hw_target *const *targets, int n, out_set *out, const char *dir, hw_diag *d);
int emit_perf(hw_target *const *targets, int n, out_set *out, const char *dir, hw_diag *d);
int emit_streamline(hw_target *const *targets, int n, out_set *out, const char *dir, hw_diag *d);

/* Every output of every target (C headers, perf JSON, Streamline XML,
 * docs), including files that cover all targets (mapfile.csv, indexes).
 * With `jobs` >= 2 two threads share the work; files and diagnostics are
 * the same either way. */
int emit_all(hw_target *const *targets, int n, out_set *out, const char *dir,
             hw_diag *d, int jobs);


#endif
