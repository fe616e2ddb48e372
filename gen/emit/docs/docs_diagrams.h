/* docs_diagrams.h - a target's diagrams drawn ahead of its pages
 * (docs_diagrams.c): the emitters' dispatch starts them first so that
 * Graphviz runs while the target's other files render. */
#ifndef HWCGEN_DOCS_DIAGRAMS_H
#define HWCGEN_DOCS_DIAGRAMS_H

#include "core/ir.h"
#include "render/render.h"

/* A target's diagrams: their DOT text rendered and, when there is a
 * program to draw with (to->dot), their drawing started, so that it runs
 * while the target's other files render. *out is NULL when t has none.
 * Give it to emit_docs() as to->drawings, then free it. 0, or -1 after
 * reporting (*out may then hold what was started: free it). */
typedef struct docs_drawings docs_drawings;
int docs_drawings_start(const hw_target *t, const emit_to *to, docs_drawings **out);
/* Stops a drawing still running (a run that failed) and frees `dd`. */
void docs_drawings_free(docs_drawings *dd);

#endif
