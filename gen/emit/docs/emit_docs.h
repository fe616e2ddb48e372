/* emit_docs.h - the reference docs (emit_docs.c): a target's pages and the index every target shares. */
#ifndef HWCGEN_EMIT_DOCS_H
#define HWCGEN_EMIT_DOCS_H

#include "core/ir.h"
#include "plan/plan.h"
#include "render/render.h"

/* docs/<slug>.md and .html, diagrams, and rows of the docs index. */
int emit_docs(const hw_target *t, const hw_plan *p, const emit_to *to);
/* docs/index.md and .html, from every row in to->out. */
int emit_docs_index(const emit_to *to);

#endif
