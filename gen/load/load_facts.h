/* load_facts.h - what each input format can say about a device.
 *
 * Two files in different formats describe one device in different
 * vocabularies: Arm's telemetry JSON has no perf run-time literals, a perf
 * tree no methodology, Panfrost's XML no derived counters. A fact one
 * format cannot carry is not a difference between two files, so the
 * comparisons of `hwcgen diff` and `hwcgen audit` compare only the facts
 * both formats carry. Each format declares them here, in one row of the
 * table of load_facts.c: a new format is a new row, and nothing that
 * compares needs to change.
 */
#ifndef HWCGEN_LOAD_FACTS_H
#define HWCGEN_LOAD_FACTS_H

/* X(enum suffix, name) - one kind of fact a file may state. */
#define HW_FACTS(X)                                                           \
    X(MIDR, "MIDR")                       /* CPU implementer and part */     \
    X(REVISION, "revision")               /* major and minor revision */     \
    X(ARCHITECTURE, "architecture")       /* CPU and PMU architecture */     \
    X(SLOTS, "slots")                     /* issue and bus slots */          \
    X(COUNTERS, "counters")               /* programmable counters */        \
    X(PRODUCT_ID, "product id")           /* GPU product ids */              \
    X(EVENT_CODES, "event codes")                                            \
    X(BLOCKS, "counter blocks")           /* block ids and sizes */          \
    X(PLACES, "counter places")           /* block and index of a counter */ \
    X(EVENT_CLASSES, "event classes")     /* architecture/product defined */ \
    X(EVENT_DETAILS, "event details")     /* width, registers, gatord ids */ \
    X(HW_NAMES, "hardware names")         /* a counter's hardware name */    \
    X(UNITS, "units")                                                        \
    X(METRICS, "metrics")                 /* formulas */                     \
    X(SAMPLE_EVENTS, "sample events")                                        \
    X(EVENT_GROUPS, "event groups")                                          \
    X(METRIC_GROUPS, "metric groups")                                        \
    X(METHODOLOGIES, "methodologies")                                        \
    X(ENCODINGS, "encodings")             /* enums, rules, registers */      \
    /* Intel OA: which counters there are to read (block, index, units)    \
     * and which register fields and codes program the flexible ones */    \
    X(OA_COUNTERS, "OA counters and programming")                            \
    X(OA_SETS, "metric sets")             /* Intel OA: writes, counters */   \
    X(CONSTANTS, "constants")                                                \
    X(INPUTS, "inputs")                                                      \
    X(NOTES, "notes")                                                        \
    X(TEXT, "text")                       /* titles and descriptions */

enum {
#define X(e, s) HW_FACT_BIT_##e,
    HW_FACTS(X)
#undef X
    HW_NFACTS
};

#define HW_FACT(e) (1u << HW_FACT_BIT_##e)
#define HW_FACTS_ALL ((1u << HW_NFACTS) - 1u)

typedef struct load_facts {
    const char *format;    /* hw_target.format; NULL: a format not listed */
    unsigned facts;        /* HW_FACT() bits */
    int fold_case;         /* its names are case-insensitive (perf's) */
    /* metric groups its own tool adds, not the device's facts (perf's
     * "Default": what `perf stat` shows unasked); NULL-terminated */
    const char *const *tool_groups;
    /* who names its metrics and constants: two formats whose names come
     * from different schemes (our GPU template's series ids, Arm's
     * database's MachineNames) say nothing by a name one lacks, so their
     * metrics, metric groups and constants are not compared; NULL: only
     * files of the format itself share its scheme */
    const char *metric_names;
} load_facts;

/* The row of `format`; a format with no row carries every fact, so that
 * two files of it compare as they always did. */
const load_facts *load_facts_of(const char *format);

/* The name of fact bit `bit` (HW_FACT_BIT_*). */
const char *load_fact_name(int bit);

#endif
