/* perf_lang.h - what the names of perf's metric language mean: its '#'
 * literals, its tool events, and its symbols taken apart into event, PMU,
 * terms and modifiers (the way perf turns a symbol into an event).
 *
 * The parser (expr_parse_perf) asks for literals and splits symbols; the
 * checker's binding (check_perf.c) matches events by PMU; the C emitter and
 * the docs describe the run-time values with these words.
 */
#ifndef HWCGEN_PERF_LANG_H
#define HWCGEN_PERF_LANG_H

#include <stddef.h>
#include <stdint.h>

#include "core/arena.h"
#include "core/ir.h"
#include "core/names.h"

/* A '#' literal of perf 6.12 (tools/perf/util/expr.c). */
typedef struct perf_literal {
    const char *name; /* lower case, with its '#': "#smt_on" */
    int any_case;     /* perf reads it in any case ("#SMT_on") */
    const char *what; /* for people */
} perf_literal;

/* The literal `text` (len bytes, with its '#') names; NULL when perf knows
 * none by that spelling. *known_in_case (may be NULL) is set when it names
 * a literal perf reads only in lower case ("#NUM_CPUS"). */
const perf_literal *perf_literal_find(const char *text, size_t len,
                                      int *known_in_case);

/* Every literal's name, ", " between them, into out (size bytes, cut
 * short if it must be). */
void perf_literal_names(char *out, size_t size);

/* perf's tool events (6.12: duration_time, user_time, system_time): what
 * the one named `name` measures, or NULL when it is none. Metrics read
 * them in seconds. */
const char *perf_tool_event(const char *name);

/* Take a symbol apart as written (backslash escapes included): the term's
 * strings come from `a`, unescaped. "pmu@event,terms@mods": the part
 * before the first '@' is a PMU when the first term inside names an event
 * (has no '='); with only terms inside, it is a PMU when it looks like one
 * (no '.', no upper-case letter: Linux names PMUs in lower case), else the
 * event those terms refine ("UNC_ARB_DAT_OCCUPANCY.RD@cmask\=1@").
 * Without '@': "event:mods" and "event\,terms". NULL when out of memory. */
hw_term *perf_term_split(hw_arena *a, const char *text);

/* Does the PMU a term names (as a user types it: "cha", "imx9_ddr0",
 * "cpu") name the PMU an event is on (as jevents names it from Unit:
 * "uncore_cha", "imx9_ddr"; the core PMU: see perf_pmu_or_cpu)? perf
 * matches a name without its "uncore_" prefix and an instance by its
 * number. */
int perf_pmu_matches(const char *term_pmu, const char *event_pmu);

/* The PMU of an event or metric as perf compares them: the core PMU, NULL
 * or jevents.py's "default_core" (no Unit), is "cpu". */
const char *perf_pmu_or_cpu(const char *pmu);

/* jevents.py keys events and metrics by name in lower case. The key of
 * `name` in `a` (NULL without memory), and the index `keys` holds for
 * `name` in any case (-1 when absent). */
const char *perf_name_key(hw_arena *a, const char *name);
int perf_name_find(const name_index *keys, const char *name);

/* An event a kernel's tree defines for every CPU of an arch (arch/arm64's
 * top-level JSON files, load_perf_files.h), which a CPU's JSON may name
 * as its ArchStdEvent. */
typedef struct perf_std_event {
    const char *name;  /* as the tree spells it */
    uint32_t code;
    const char *brief; /* BriefDescription, or NULL */
    const char *desc;  /* PublicDescription, or NULL */
} perf_std_event;

/* The standard event called `name` (any case) of the tree's events `std`,
 * or NULL: how a stage that does not read trees asks one. */
typedef const perf_std_event *perf_std_find_fn(const void *std, const char *name);

#endif
