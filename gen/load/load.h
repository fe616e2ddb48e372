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

/* Shared by the loaders (load_common.c). */

/* Parse `text` as m's formula; a syntax error is reported at `loc` as
 * "<what> 'name': formula column N: message near 'token'". Sets m->formula,
 * m->formula_loc, m->expr. Returns 0 or -1. */
int load_formula(hw_target *t, hw_metric *m, const char *what,
                 const char *text, hw_loc loc, hw_diag *d);

/* Read common root attributes of our XML formats into t: id, slug, vendor,
 * name, kind, source, and the <description> and <note> children. */
int load_xml_identity(hw_target *t, const xmlNode *root, hw_diag *d);

#endif
