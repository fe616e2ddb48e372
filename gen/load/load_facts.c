/* load_facts.c - the facts each input format carries (load_facts.h). */
#include "load/load_facts.h"

#include <stddef.h>
#include <string.h>

#define F(e) HW_FACT(e)

/* perf's `perf stat` runs its "Default" group unasked: a choice of the
 * tool, which a file of another format has no word for. */
static const char *const perf_tool_groups[] = {"Default", NULL};

static const load_facts formats[] = {
    /* Arm's telemetry JSON (and hwcgen's own JSON specs, its superset) */
    {"telemetry",
     F(MIDR) | F(REVISION) | F(ARCHITECTURE) | F(SLOTS) | F(COUNTERS) | F(EVENT_CODES) |
         F(EVENT_CLASSES) | F(EVENT_DETAILS) | F(UNITS) | F(METRICS) | F(SAMPLE_EVENTS) |
         F(EVENT_GROUPS) | F(METRIC_GROUPS) | F(METHODOLOGIES) | F(CONSTANTS) | F(NOTES) |
         F(TEXT),
     0, NULL, "arm-telemetry"},
    /* a directory of perf's pmu-events tree: its MIDRs are its arch's
     * mapfile.csv rows; names are case-insensitive, as perf matches them;
     * Arm's cores' metrics carry the telemetry names (the kernel's files
     * are made from Arm's telemetry data) */
    {"pmu-events", F(MIDR) | F(EVENT_CODES) | F(UNITS) | F(METRICS) | F(METRIC_GROUPS) | F(TEXT),
     1, perf_tool_groups, "arm-telemetry"},
    /* hwcgen's GPU template XML */
    {"gpu-template",
     F(BLOCKS) | F(PLACES) | F(EVENT_DETAILS) | F(HW_NAMES) | F(UNITS) | F(METRICS) |
         F(EVENT_GROUPS) | F(METRIC_GROUPS) | F(CONSTANTS) | F(NOTES) | F(TEXT),
     0, NULL, NULL},
    /* hwcgen's Intel OA XML: the counters, and the registers, codes and
     * support rules that program the flexible ones (from Intel's PRM) */
    {"oa-counters",
     F(EVENT_CODES) | F(BLOCKS) | F(PLACES) | F(EVENT_DETAILS) | F(UNITS) | F(METRICS) |
         F(METRIC_GROUPS) | F(ENCODINGS) | F(OA_COUNTERS) | F(CONSTANTS) | F(NOTES) |
         F(TEXT),
     0, NULL, NULL},
    /* Mesa's and IGT's Intel OA metric XML: metric sets (their register
     * writes, counters, equations, places in Mesa's query data); their
     * FLEX writes program the flexible counters, and their equations read
     * counters by block and index (diff/diff_oa.h) */
    {"oa-metrics", F(OA_COUNTERS) | F(OA_SETS), 0, NULL, NULL},
    /* hwcgen's performance models */
    {"perf-model", F(METRICS) | F(METHODOLOGIES) | F(CONSTANTS) | F(INPUTS) | F(NOTES) | F(TEXT),
     0, NULL, NULL},
    /* Arm's Mali counter database: counters by layout name, derived
     * counters, no groups (not read yet) */
    {"mali-db",
     F(PRODUCT_ID) | F(BLOCKS) | F(PLACES) | F(HW_NAMES) | F(UNITS) | F(METRICS) |
         F(CONSTANTS) | F(TEXT),
     0, NULL, NULL},
    /* Mesa's Panfrost counter XML: counters by hardware name, block and
     * offset; no derived counters; product ids from the table of
     * core/mali_products.c */
    {"panfrost", F(PRODUCT_ID) | F(PLACES) | F(HW_NAMES) | F(UNITS) | F(TEXT), 0, NULL, NULL},
};

static const load_facts unlisted = {NULL, HW_FACTS_ALL, 0, NULL, NULL};

const load_facts *load_facts_of(const char *format)
{
    for (size_t i = 0; format && i < sizeof formats / sizeof formats[0]; i++)
        if (strcmp(formats[i].format, format) == 0)
            return &formats[i];
    return &unlisted;
}

const char *load_fact_name(int bit)
{
    static const char *const names[] = {
#define X(e, s) s,
        HW_FACTS(X)
#undef X
    };
    return bit >= 0 && bit < HW_NFACTS ? names[bit] : "";
}
