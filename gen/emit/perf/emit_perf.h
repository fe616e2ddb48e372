/* emit_perf.h - the perf pmu-events JSON of one CPU.
 *
 * `generate` writes it under out/perf/arch/arm64/<vendor>/<slug>/ with the
 * rest of emit_perf(); `perf-merge` writes it into a kernel tree's
 * directory for the CPU (merge_perf.h). One function makes both, so the
 * two never drift apart; they differ only in what the tree defines for
 * every CPU already.
 */
#ifndef HWCGEN_EMIT_PERF_H
#define HWCGEN_EMIT_PERF_H

#include "core/ir.h"
#include "core/perf_lang.h"
#include "plan/plan.h"
#include "render/render.h"

/* Add to to->out one JSON file per functional group, cpu_dir/<group>.json,
 * and cpu_dir/metrics.json (below the output directory).
 *
 * With `std` NULL every event is written whole, with its EventCode. With
 * the standard event of a kernel tree each event is (perf_plan_std(),
 * plan_perf.h), such an event is written as upstream writes it,
 * {"ArchStdEvent": "NAME"}, with a PublicDescription only where ours says
 * more than the tree's.
 *
 * Metrics always carry their own MetricExpr and ScaleUnit; the topdown
 * level 1 ones are in perf's Default group (MetricGroup "Default;TopdownL1",
 * DefaultMetricgroupName "TopdownL1"), so plain `perf stat` shows them.
 * 0, or -1 after reporting. */
int emit_perf_cpu(const hw_target *t, const hw_plan *p, const perf_std_event *const *std,
                  const emit_to *to, const char *cpu_dir);

/* perf/arch/arm64/<vendor>/<slug>/ JSON, perf/<slug>.aliases and a row of
 * the mapfile, for a CPU. */
int emit_perf(const hw_target *t, const hw_plan *p, const emit_to *to);
/* perf/arch/arm64/mapfile.csv, from every row in to->out (none: no file). */
int emit_perf_mapfile(const emit_to *to);

#endif
