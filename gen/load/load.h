/* load.h - spec loaders. Loaders only build the IR: they report syntax and
 * shape errors (with file:line or JSON path) and parse formulas; every
 * cross-reference check lives in the checker (check.h).
 */
#ifndef HWCGEN_LOAD_H
#define HWCGEN_LOAD_H

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/ir.h"

/* Any spec: *.json is the Arm telemetry format; *.xml is dispatched on its
 * root element after validation against that format's schema. NULL after
 * reporting errors. The caller runs check_target() next. */
hw_target *load_spec(const char *path, hw_diag *d);

/* Arm Telemetry Solution JSON, v1.0 (load_telemetry.c). */
int load_telemetry(hw_target *t, const char *text, size_t len, hw_diag *d);

/* Our XML formats; `doc` is already validated against the schema. */
int load_gpu_template(hw_target *t, xmlDocPtr doc, hw_diag *d); /* <gpu-template> */
int load_oa(hw_target *t, xmlDocPtr doc, hw_diag *d);           /* <oa-counters> */
int load_model(hw_target *t, xmlDocPtr doc, hw_diag *d);        /* <perf-model> */
/* Intel OA metric sets (<metrics>, Mesa's oa-*.xml; no schema of ours:
 * load_oa_metrics.c checks what it reads). */
int load_oa_metrics(hw_target *t, xmlDocPtr doc, hw_diag *d);
/* The same from t->spec_path read as a stream, with no document: 0 or -1
 * as a loader; 1 when the file is for the general way (xmlu_read, then
 * the loader of its root), which then reports whatever is wrong with it
 * as XML (load/load_oa_read.h). */
int load_oa_metrics_stream(hw_target *t, hw_diag *d);

#endif
