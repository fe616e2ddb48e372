/* emit_streamline.h - Streamline (gatord) events XML (emit_streamline.c). */
#ifndef HWCGEN_EMIT_STREAMLINE_H
#define HWCGEN_EMIT_STREAMLINE_H

#include "core/ir.h"
#include "plan/plan.h"
#include "render/render.h"

/* streamline/events-<Name>.xml, for a target gatord can count. */
int emit_streamline(const hw_target *t, const hw_plan *p, const emit_to *to);

#endif
