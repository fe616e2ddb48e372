/* diff_audit.h - `hwcgen audit SOURCE...`: where files that describe one
 * device disagree.
 *
 * Every source is loaded and checked (any path the loaders accept: spec
 * files, Arm's telemetry JSON, perf trees, Arm's Mali database, Panfrost
 * XML, Intel OA metric XML). Targets are grouped by the device they
 * describe, known by its identity alone (diff_audit.c, device_keys): a
 * CPU by its MIDR (implementer and part, or a perf directory's mapfile
 * rows), a GPU by its product ids, Intel OA by its platform
 * (diff_oa.h). A loader that fills these fields plugs in with no
 * change here. Each pair of a group's targets from different sources is
 * compared as `hwcgen diff` compares two formats (only the facts both
 * carry, load_facts.h), and where three or more describe one counter, the
 * report says which agree on its code or place.
 */
#ifndef HWCGEN_DIFF_AUDIT_H
#define HWCGEN_DIFF_AUDIT_H

#include "core/arena.h"
#include "core/diag.h"
#include "diff/diff.h"

/* Audit `paths`; the report goes to `out`. 0 no disagreement that
 * matters, 1 disagreements that matter, 2 an error (reported). */
int audit_paths(char **paths, int npaths, const diff_opts *o, hw_buf *out, hw_diag *d);

#endif
