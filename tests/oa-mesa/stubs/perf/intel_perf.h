/* Stand-in for Mesa 25.0.7's perf/intel_perf.h and what it takes from
 * intel_device_info.h: the types, fields and helpers that gen_perf.py's
 * generated code and Mesa's own perf/intel_perf_setup.h use, with the
 * types Mesa gives them (sys_vars all uint64_t but query_mode, a bool;
 * device info's num_thread_per_eu and engine counts unsigned, revision
 * int, timestamp_frequency uint64_t; the slice functions bool). */
#ifndef STUB_INTEL_PERF_H
#define STUB_INTEL_PERF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/ralloc.h"

#define UNUSED __attribute__((unused))
#define ATTRIBUTE_NOINLINE __attribute__((noinline))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

enum intel_engine_class {
    INTEL_ENGINE_CLASS_RENDER, INTEL_ENGINE_CLASS_COPY, INTEL_ENGINE_CLASS_VIDEO,
    INTEL_ENGINE_CLASS_VIDEO_ENHANCE, INTEL_ENGINE_CLASS_COMPUTE, INTEL_ENGINE_CLASS_INVALID,
};

struct intel_device_info {
    int verx10;
    int revision;
    unsigned num_thread_per_eu;
    unsigned engine_class_supported_count[INTEL_ENGINE_CLASS_INVALID];
    uint64_t timestamp_frequency;
    uint8_t slice_masks;
    uint64_t xecore_masks[8]; /* the test's: XeCores of each slice */
};

static inline bool intel_device_info_slice_available(const struct intel_device_info *d, int s)
{
    return (d->slice_masks >> s) & 1;
}

static inline bool intel_device_info_subslice_available(const struct intel_device_info *d,
                                                        int s, int ss)
{
    return (d->xecore_masks[s] >> ss) & 1;
}

enum intel_perf_counter_type {
    INTEL_PERF_COUNTER_TYPE_EVENT, INTEL_PERF_COUNTER_TYPE_DURATION_NORM,
    INTEL_PERF_COUNTER_TYPE_DURATION_RAW, INTEL_PERF_COUNTER_TYPE_THROUGHPUT,
    INTEL_PERF_COUNTER_TYPE_RAW, INTEL_PERF_COUNTER_TYPE_TIMESTAMP,
};

enum intel_perf_counter_data_type {
    INTEL_PERF_COUNTER_DATA_TYPE_BOOL32, INTEL_PERF_COUNTER_DATA_TYPE_UINT32,
    INTEL_PERF_COUNTER_DATA_TYPE_UINT64, INTEL_PERF_COUNTER_DATA_TYPE_FLOAT,
    INTEL_PERF_COUNTER_DATA_TYPE_DOUBLE,
};

enum intel_perf_counter_units {
    INTEL_PERF_COUNTER_UNITS_BYTES, INTEL_PERF_COUNTER_UNITS_GBPS,
    INTEL_PERF_COUNTER_UNITS_HZ, INTEL_PERF_COUNTER_UNITS_NS, INTEL_PERF_COUNTER_UNITS_US,
    INTEL_PERF_COUNTER_UNITS_PIXELS, INTEL_PERF_COUNTER_UNITS_TEXELS,
    INTEL_PERF_COUNTER_UNITS_THREADS, INTEL_PERF_COUNTER_UNITS_PERCENT,
    INTEL_PERF_COUNTER_UNITS_MESSAGES, INTEL_PERF_COUNTER_UNITS_NUMBER,
    INTEL_PERF_COUNTER_UNITS_CYCLES, INTEL_PERF_COUNTER_UNITS_EVENTS,
    INTEL_PERF_COUNTER_UNITS_UTILIZATION, INTEL_PERF_COUNTER_UNITS_EU_SENDS_TO_L3_CACHE_LINES,
    INTEL_PERF_COUNTER_UNITS_EU_ATOMIC_REQUESTS_TO_L3_CACHE_LINES,
    INTEL_PERF_COUNTER_UNITS_EU_REQUESTS_TO_L3_CACHE_LINES,
    INTEL_PERF_COUNTER_UNITS_EU_BYTES_PER_L3_CACHE_LINE,
};

/* Large enough for the test's layout of every field READ takes. */
#define MAX_OA_REPORT_COUNTERS 160

struct intel_perf_query_result {
    uint64_t accumulator[MAX_OA_REPORT_COUNTERS];
};

struct intel_perf_config;
struct intel_perf_query_info;

typedef uint64_t (*intel_counter_read_uint64_t)(struct intel_perf_config *perf,
                                                const struct intel_perf_query_info *query,
                                                const struct intel_perf_query_result *results);
typedef float (*intel_counter_read_float_t)(struct intel_perf_config *perf,
                                            const struct intel_perf_query_info *query,
                                            const struct intel_perf_query_result *results);

struct intel_perf_query_counter {
    const char *name, *desc, *symbol_name, *category;
    enum intel_perf_counter_type type;
    enum intel_perf_counter_data_type data_type;
    enum intel_perf_counter_units units;
    size_t offset;
    union {
        intel_counter_read_uint64_t oa_counter_max_uint64;
        intel_counter_read_float_t oa_counter_max_float;
    };
    union {
        intel_counter_read_uint64_t oa_counter_read_uint64;
        intel_counter_read_float_t oa_counter_read_float;
    };
};

struct intel_perf_query_register_prog {
    uint32_t reg;
    uint32_t val;
};

struct intel_perf_registers {
    const struct intel_perf_query_register_prog *flex_regs;
    uint32_t n_flex_regs;
    const struct intel_perf_query_register_prog *mux_regs;
    uint32_t n_mux_regs;
    const struct intel_perf_query_register_prog *b_counter_regs;
    uint32_t n_b_counter_regs;
};

enum intel_perf_query_type { INTEL_PERF_QUERY_TYPE_OA, INTEL_PERF_QUERY_TYPE_RAW };

struct intel_perf_query_info {
    struct intel_perf_config *perf;
    enum intel_perf_query_type kind;
    const char *name, *symbol_name, *guid;
    struct intel_perf_query_counter *counters;
    int n_counters;
    size_t data_size;
    uint64_t oa_metrics_set_id, oa_format;
    int gpu_time_offset, gpu_clock_offset, a_offset, b_offset, c_offset, perfcnt_offset,
        rpstat_offset, pec_offset;
    struct intel_perf_registers config;
};

struct intel_perf_config {
    struct {
        uint64_t n_eus, n_eu_slices, n_eu_sub_slices, n_eu_slice0123, n_l3_banks, n_l3_nodes,
            n_sq_idis, slice_mask, subslice_mask, gt_min_freq, gt_max_freq;
        bool query_mode;
    } sys_vars;
    const struct intel_device_info *devinfo;
    struct hash_table *oa_metrics_table;
};

static inline uint64_t intel_perf_get_oa_format(struct intel_perf_config *perf)
{
    (void)perf;
    return 0;
}

static inline size_t intel_perf_query_counter_get_size(const struct intel_perf_query_counter *c)
{
    return c->data_type == INTEL_PERF_COUNTER_DATA_TYPE_FLOAT ? 4 : 8;
}

#endif
