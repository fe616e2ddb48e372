/* oa_mesa.h - what the comparison with Mesa's gen_perf.py shares
 * (tests/oa-mesa/check.sh builds it): the system-value fixtures, the
 * queries gen_perf.py's code registered, random accumulators, and the
 * tally of what was compared and what differed. */
#ifndef OA_MESA_H
#define OA_MESA_H

#include <stdint.h>
#include <stdio.h>

#include "perf/intel_perf.h"

/* One system: Mesa's sys_vars and device info, and the same values for
 * hwcgen's <id>_sysvars. */
struct fixture {
    uint64_t n_eus, n_eu_slices, n_eu_sub_slices, n_eu_slice0123, n_l3_banks, n_l3_nodes,
        n_sq_idis, slice_mask, subslice_mask, gt_min_freq, gt_max_freq;
    int query_mode, revision;
    unsigned threads, compute, copy;
    uint64_t timestamp_frequency;
    uint8_t slices;
    uint64_t xecores[8];
};

extern const struct fixture fixtures[];
extern const int nfixtures;

/* Mesa's side for fixture f on a platform of verx10: perf set up, queries
 * registered by `reg` recorded in order. */
void mesa_register(const struct fixture *f, int verx10,
                   void (*reg)(struct intel_perf_config *), struct intel_perf_config *perf);
extern struct intel_perf_query_info *queries[4096];
extern int nqueries;

uint64_t rnd(void);
/* A random value of the kinds equations meet: small, large, 0, 2^k. */
uint64_t rnd_value(void);

/* Tallies; a difference is printed (the first 20). */
extern long n_sets, n_counters, n_reads, n_regs, n_avail, n_fail;
void differ(const char *chip, const char *set, const char *counter, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

enum { RANDOM_SAMPLES = 32 };

#endif
