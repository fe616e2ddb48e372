/* check_perf.h - the formulas of a perf tree bound by perf's rules. */
#ifndef HWCGEN_CHECK_PERF_H
#define HWCGEN_CHECK_PERF_H

#include "core/diag.h"
#include "core/ir.h"

/* The formulas of a perf tree (format "pmu-events": m->expr and
 * m->threshold_expr, parsed with expr_parse_perf) bound by perf's rules
 * (check_perf.c): each REF to a metric, an event, or an entry of
 * t->runtime that it adds (hw_runtime: counters outside the target, tool
 * events, '#' literals, has_event, strcmp_cpuid_str, source_count). An
 * unknown name is never an error there; a call perf's grammar could not
 * have made (a value where a name belongs, min of three, ceil) is.
 * check_target() calls it for that format in place of the name lookup of
 * our own formats; call it alone only on a target check_target() does not
 * see. 0, or -1 after reporting. */
int check_perf_formulas(hw_target *t, hw_diag *d);

#endif
