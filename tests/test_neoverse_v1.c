/* The generated Neoverse V1 metric evaluators (out/include/hwcgen/
 * neoverse_v1_metrics.h), checked three ways:
 *
 *  1. every one of the 36 metrics against values computed by hand from the
 *     formulas in spec/arm/neoverse-v1.json (the arithmetic is in a comment
 *     next to each expectation), with a zero denominator giving NaN;
 *  2. the header's tables: eval_all, metric_info, the topdown decision tree;
 *  3. differentially: the generated C against the interpreter (interp.h) on
 *     10,000 pseudo-random samples.
 *
 * Expectations are never computed by the generator or the interpreter.
 * Exact comparisons are used where every step is exact in binary floating
 * point (dyadic ratios); elsewhere a relative tolerance of 1e-12.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "check/check.h"
#include "core/diag.h"
#include "core/expr.h"
#include "core/interp.h"
#include "core/ir.h"
#include "load/load.h"
#include "run/pipeline.h"
#include "test_random.h"
#include "test_util.h"

#include "../out/include/hwcgen/neoverse_v1_metrics.h"

static const char SPEC[] = "spec/arm/neoverse-v1.json";

typedef struct neoverse_v1_counters counters;

/* ---- comparisons ---------------------------------------------------------- */

#define EXACT(got, want) expect_exact((got), (want), #got, __LINE__)
#define NEAR(got, want) expect_near((got), (want), #got, __LINE__)
#define IS_NAN(got) expect_nan((got), #got, __LINE__)

static void expect_exact(double got, double want, const char *what, int line)
{
    if (!(got == want))
        fail_msg("line %d: %s = %.17g, expected exactly %.17g", line, what, got, want);
}

static void expect_near(double got, double want, const char *what, int line)
{
    double tol = 1e-12 * fabs(want);
    if (!(fabs(got - want) <= tol))
        fail_msg("line %d: %s = %.17g, expected %.17g (relative 1e-12)", line, what,
                 got, want);
}

static void expect_nan(double got, const char *what, int line)
{
    if (!isnan(got))
        fail_msg("line %d: %s = %.17g, expected NaN", line, what, got);
}

/* ---- one test per metric -------------------------------------------------- */

/* STALL_SLOT_BACKEND / (8 * CPU_CYCLES) * 100 */
static void test_backend_bound(void **state)
{
    (void)state;
    counters a = {.STALL_SLOT_BACKEND = 2000, .CPU_CYCLES = 1000};
    EXACT(neoverse_v1_backend_bound(&a), 25.0); /* 2000 / 8000 = 0.25; * 100 = 25 */
    counters b = {.STALL_SLOT_BACKEND = 1234567, .CPU_CYCLES = 1000000};
    NEAR(neoverse_v1_backend_bound(&b), 15.4320875); /* 1234567 / 8e6 = 0.154320875; * 100 */
    counters none = {.STALL_SLOT_BACKEND = 0, .CPU_CYCLES = 10};
    EXACT(neoverse_v1_backend_bound(&none), 0.0); /* 0 / 80 * 100 = 0 */
    counters z = {.STALL_SLOT_BACKEND = 5, .CPU_CYCLES = 0};
    IS_NAN(neoverse_v1_backend_bound(&z)); /* 5 / (8 * 0) */
    counters zz = {0};
    IS_NAN(neoverse_v1_backend_bound(&zz)); /* 0 / 0 */
}

/* STALL_BACKEND / CPU_CYCLES * 100 */
static void test_backend_stalled_cycles(void **state)
{
    (void)state;
    counters a = {.STALL_BACKEND = 3, .CPU_CYCLES = 4};
    EXACT(neoverse_v1_backend_stalled_cycles(&a), 75.0); /* 3 / 4 = 0.75; * 100 = 75 */
    counters b = {.STALL_BACKEND = 1, .CPU_CYCLES = 3};
    NEAR(neoverse_v1_backend_stalled_cycles(&b), 33.333333333333333); /* 100 / 3 */
    counters z = {.STALL_BACKEND = 3, .CPU_CYCLES = 0};
    IS_NAN(neoverse_v1_backend_stalled_cycles(&z)); /* 3 / 0 */
}

/* 100 * ((1 - OP_RETIRED / OP_SPEC) * (1 - STALL_SLOT / (CPU_CYCLES * 8))
 *        + BR_MIS_PRED * 4 / CPU_CYCLES) */
static void test_bad_speculation(void **state)
{
    (void)state;
    counters a = {.OP_RETIRED = 3, .OP_SPEC = 4, .STALL_SLOT = 4000, .CPU_CYCLES = 1000,
                  .BR_MIS_PRED = 125};
    /* 1 - 3/4 = 0.25; 1 - 4000/8000 = 0.5; 0.25 * 0.5 = 0.125;
     * 125 * 4 / 1000 = 0.5; 0.125 + 0.5 = 0.625; * 100 = 62.5 */
    EXACT(neoverse_v1_bad_speculation(&a), 62.5);
    counters b = {.OP_RETIRED = 900, .OP_SPEC = 1000, .STALL_SLOT = 2000, .CPU_CYCLES = 1000,
                  .BR_MIS_PRED = 5};
    /* 1 - 0.9 = 0.1; 1 - 2000/8000 = 0.75; 0.1 * 0.75 = 0.075;
     * 5 * 4 / 1000 = 0.02; 0.075 + 0.02 = 0.095; * 100 = 9.5 */
    NEAR(neoverse_v1_bad_speculation(&b), 9.5);
    counters z1 = a;
    z1.OP_SPEC = 0; /* 3 / 0 is NaN and poisons the sum */
    IS_NAN(neoverse_v1_bad_speculation(&z1));
    counters z2 = a;
    z2.CPU_CYCLES = 0; /* 4000 / (0 * 8) and 500 / 0 */
    IS_NAN(neoverse_v1_bad_speculation(&z2));
}

/* BR_MIS_PRED_RETIRED / BR_RETIRED */
static void test_branch_misprediction_ratio(void **state)
{
    (void)state;
    counters a = {.BR_MIS_PRED_RETIRED = 1, .BR_RETIRED = 8};
    EXACT(neoverse_v1_branch_misprediction_ratio(&a), 0.125); /* 1 / 8 */
    counters b = {.BR_MIS_PRED_RETIRED = 7, .BR_RETIRED = 1000};
    NEAR(neoverse_v1_branch_misprediction_ratio(&b), 0.007); /* 7 / 1000 */
    counters z = {.BR_MIS_PRED_RETIRED = 7, .BR_RETIRED = 0};
    IS_NAN(neoverse_v1_branch_misprediction_ratio(&z)); /* 7 / 0 */
}

/* BR_MIS_PRED_RETIRED / INST_RETIRED * 1000 */
static void test_branch_mpki(void **state)
{
    (void)state;
    counters a = {.BR_MIS_PRED_RETIRED = 4096, .INST_RETIRED = 1048576};
    EXACT(neoverse_v1_branch_mpki(&a), 3.90625); /* 2^12 / 2^20 = 1/256; * 1000 = 3.90625 */
    counters b = {.BR_MIS_PRED_RETIRED = 7, .INST_RETIRED = 3000};
    NEAR(neoverse_v1_branch_mpki(&b), 2.3333333333333333); /* 7 / 3000 * 1000 = 7 / 3 */
    counters z = {.BR_MIS_PRED_RETIRED = 7, .INST_RETIRED = 0};
    IS_NAN(neoverse_v1_branch_mpki(&z)); /* 7 / 0 */
}

/* (BR_IMMED_SPEC + BR_INDIRECT_SPEC) / INST_SPEC * 100 */
static void test_branch_percentage(void **state)
{
    (void)state;
    counters a = {.BR_IMMED_SPEC = 3, .BR_INDIRECT_SPEC = 1, .INST_SPEC = 16};
    EXACT(neoverse_v1_branch_percentage(&a), 25.0); /* (3 + 1) / 16 = 0.25; * 100 */
    counters b = {.BR_IMMED_SPEC = 100, .BR_INDIRECT_SPEC = 23, .INST_SPEC = 1000};
    NEAR(neoverse_v1_branch_percentage(&b), 12.3); /* 123 / 1000 * 100 */
    counters z = {.BR_IMMED_SPEC = 3, .BR_INDIRECT_SPEC = 1, .INST_SPEC = 0};
    IS_NAN(neoverse_v1_branch_percentage(&z)); /* 4 / 0 */
}

/* CRYPTO_SPEC / INST_SPEC * 100 */
static void test_crypto_percentage(void **state)
{
    (void)state;
    counters a = {.CRYPTO_SPEC = 1, .INST_SPEC = 2};
    EXACT(neoverse_v1_crypto_percentage(&a), 50.0); /* 1 / 2 * 100 */
    counters b = {.CRYPTO_SPEC = 12, .INST_SPEC = 1000};
    NEAR(neoverse_v1_crypto_percentage(&b), 1.2); /* 12 / 1000 * 100 */
    counters z = {.CRYPTO_SPEC = 12, .INST_SPEC = 0};
    IS_NAN(neoverse_v1_crypto_percentage(&z)); /* 12 / 0 */
}

/* DTLB_WALK / INST_RETIRED * 1000 */
static void test_dtlb_mpki(void **state)
{
    (void)state;
    counters a = {.DTLB_WALK = 512, .INST_RETIRED = 1048576};
    EXACT(neoverse_v1_dtlb_mpki(&a), 0.48828125); /* 2^9 / 2^20 = 1/2048; * 1000 */
    counters b = {.DTLB_WALK = 33, .INST_RETIRED = 1000000};
    NEAR(neoverse_v1_dtlb_mpki(&b), 0.033); /* 33 / 1e6 * 1000 */
    counters z = {.DTLB_WALK = 33, .INST_RETIRED = 0};
    IS_NAN(neoverse_v1_dtlb_mpki(&z)); /* 33 / 0 */
}

/* DTLB_WALK / L1D_TLB */
static void test_dtlb_walk_ratio(void **state)
{
    (void)state;
    counters a = {.DTLB_WALK = 3, .L1D_TLB = 64};
    EXACT(neoverse_v1_dtlb_walk_ratio(&a), 0.046875); /* 3 / 64 */
    counters b = {.DTLB_WALK = 1, .L1D_TLB = 10};
    NEAR(neoverse_v1_dtlb_walk_ratio(&b), 0.1); /* 1 / 10 */
    counters z = {.DTLB_WALK = 1, .L1D_TLB = 0};
    IS_NAN(neoverse_v1_dtlb_walk_ratio(&z)); /* 1 / 0 */
}

/* 100 * (STALL_SLOT_FRONTEND / (CPU_CYCLES * 8) - BR_MIS_PRED * 4 / CPU_CYCLES) */
static void test_frontend_bound(void **state)
{
    (void)state;
    counters a = {.STALL_SLOT_FRONTEND = 6000, .CPU_CYCLES = 1000, .BR_MIS_PRED = 125};
    /* 6000 / 8000 = 0.75; 125 * 4 / 1000 = 0.5; 0.75 - 0.5 = 0.25; * 100 = 25 */
    EXACT(neoverse_v1_frontend_bound(&a), 25.0);
    counters b = {.STALL_SLOT_FRONTEND = 3000, .CPU_CYCLES = 1000, .BR_MIS_PRED = 10};
    /* 3000 / 8000 = 0.375; 10 * 4 / 1000 = 0.04; 0.335 * 100 = 33.5 */
    NEAR(neoverse_v1_frontend_bound(&b), 33.5);
    counters neg = {.STALL_SLOT_FRONTEND = 0, .CPU_CYCLES = 1000, .BR_MIS_PRED = 125};
    /* the formula is not clamped: 0 - 0.5 = -0.5; * 100 = -50 */
    EXACT(neoverse_v1_frontend_bound(&neg), -50.0);
    counters z = a;
    z.CPU_CYCLES = 0; /* 6000 / 0 and 500 / 0 */
    IS_NAN(neoverse_v1_frontend_bound(&z));
}

/* STALL_FRONTEND / CPU_CYCLES * 100 */
static void test_frontend_stalled_cycles(void **state)
{
    (void)state;
    counters a = {.STALL_FRONTEND = 1, .CPU_CYCLES = 4};
    EXACT(neoverse_v1_frontend_stalled_cycles(&a), 25.0); /* 1 / 4 * 100 */
    counters b = {.STALL_FRONTEND = 123, .CPU_CYCLES = 1000};
    NEAR(neoverse_v1_frontend_stalled_cycles(&b), 12.3); /* 123 / 1000 * 100 */
    counters z = {.STALL_FRONTEND = 123, .CPU_CYCLES = 0};
    IS_NAN(neoverse_v1_frontend_stalled_cycles(&z)); /* 123 / 0 */
}

/* DP_SPEC / INST_SPEC * 100 */
static void test_integer_dp_percentage(void **state)
{
    (void)state;
    counters a = {.DP_SPEC = 5, .INST_SPEC = 8};
    EXACT(neoverse_v1_integer_dp_percentage(&a), 62.5); /* 5 / 8 = 0.625; * 100 */
    counters b = {.DP_SPEC = 456, .INST_SPEC = 1000};
    NEAR(neoverse_v1_integer_dp_percentage(&b), 45.6); /* 456 / 1000 * 100 */
    counters z = {.DP_SPEC = 456, .INST_SPEC = 0};
    IS_NAN(neoverse_v1_integer_dp_percentage(&z)); /* 456 / 0 */
}

/* INST_RETIRED / CPU_CYCLES */
static void test_ipc(void **state)
{
    (void)state;
    counters a = {.INST_RETIRED = 300, .CPU_CYCLES = 200};
    EXACT(neoverse_v1_ipc(&a), 1.5); /* 300 / 200 */
    counters big = {.INST_RETIRED = (uint64_t)1 << 40, .CPU_CYCLES = (uint64_t)1 << 39};
    EXACT(neoverse_v1_ipc(&big), 2.0); /* 2^40 / 2^39: wide counters convert exactly */
    counters b = {.INST_RETIRED = 1000, .CPU_CYCLES = 3};
    NEAR(neoverse_v1_ipc(&b), 333.33333333333333); /* 1000 / 3 */
    counters idle = {.INST_RETIRED = 0, .CPU_CYCLES = 200};
    EXACT(neoverse_v1_ipc(&idle), 0.0); /* 0 / 200: a zero numerator is not NaN */
    counters z = {.INST_RETIRED = 300, .CPU_CYCLES = 0};
    IS_NAN(neoverse_v1_ipc(&z)); /* 300 / 0 */
    counters zz = {0};
    IS_NAN(neoverse_v1_ipc(&zz)); /* 0 / 0 */
}

/* ITLB_WALK / INST_RETIRED * 1000 */
static void test_itlb_mpki(void **state)
{
    (void)state;
    counters a = {.ITLB_WALK = 2048, .INST_RETIRED = 1048576};
    EXACT(neoverse_v1_itlb_mpki(&a), 1.953125); /* 2^11 / 2^20 = 1/512; * 1000 */
    counters b = {.ITLB_WALK = 1, .INST_RETIRED = 1000000};
    NEAR(neoverse_v1_itlb_mpki(&b), 0.001); /* 1 / 1e6 * 1000 */
    counters z = {.ITLB_WALK = 1, .INST_RETIRED = 0};
    IS_NAN(neoverse_v1_itlb_mpki(&z)); /* 1 / 0 */
}

/* ITLB_WALK / L1I_TLB */
static void test_itlb_walk_ratio(void **state)
{
    (void)state;
    counters a = {.ITLB_WALK = 1, .L1I_TLB = 32};
    EXACT(neoverse_v1_itlb_walk_ratio(&a), 0.03125); /* 1 / 32 */
    counters b = {.ITLB_WALK = 2, .L1I_TLB = 3};
    NEAR(neoverse_v1_itlb_walk_ratio(&b), 0.66666666666666667); /* 2 / 3 */
    counters z = {.ITLB_WALK = 2, .L1I_TLB = 0};
    IS_NAN(neoverse_v1_itlb_walk_ratio(&z)); /* 2 / 0 */
}

/* L1D_CACHE_REFILL / L1D_CACHE */
static void test_l1d_cache_miss_ratio(void **state)
{
    (void)state;
    counters a = {.L1D_CACHE_REFILL = 5, .L1D_CACHE = 128};
    EXACT(neoverse_v1_l1d_cache_miss_ratio(&a), 0.0390625); /* 5 / 128 */
    counters b = {.L1D_CACHE_REFILL = 25, .L1D_CACHE = 1000};
    NEAR(neoverse_v1_l1d_cache_miss_ratio(&b), 0.025); /* 25 / 1000 */
    counters z = {.L1D_CACHE_REFILL = 25, .L1D_CACHE = 0};
    IS_NAN(neoverse_v1_l1d_cache_miss_ratio(&z)); /* 25 / 0 */
}

/* L1D_CACHE_REFILL / INST_RETIRED * 1000 */
static void test_l1d_cache_mpki(void **state)
{
    (void)state;
    counters a = {.L1D_CACHE_REFILL = 16384, .INST_RETIRED = 1048576};
    EXACT(neoverse_v1_l1d_cache_mpki(&a), 15.625); /* 2^14 / 2^20 = 1/64; * 1000 */
    counters b = {.L1D_CACHE_REFILL = 25000, .INST_RETIRED = 1000000};
    NEAR(neoverse_v1_l1d_cache_mpki(&b), 25.0); /* 25000 / 1e6 = 0.025 (rounded); * 1000 */
    counters z = {.L1D_CACHE_REFILL = 25000, .INST_RETIRED = 0};
    IS_NAN(neoverse_v1_l1d_cache_mpki(&z)); /* 25000 / 0 */
}

/* L1D_TLB_REFILL / L1D_TLB */
static void test_l1d_tlb_miss_ratio(void **state)
{
    (void)state;
    counters a = {.L1D_TLB_REFILL = 7, .L1D_TLB = 16};
    EXACT(neoverse_v1_l1d_tlb_miss_ratio(&a), 0.4375); /* 7 / 16 */
    counters b = {.L1D_TLB_REFILL = 3, .L1D_TLB = 7};
    NEAR(neoverse_v1_l1d_tlb_miss_ratio(&b), 0.42857142857142857); /* 3 / 7 */
    counters z = {.L1D_TLB_REFILL = 3, .L1D_TLB = 0};
    IS_NAN(neoverse_v1_l1d_tlb_miss_ratio(&z)); /* 3 / 0 */
}

/* L1D_TLB_REFILL / INST_RETIRED * 1000 */
static void test_l1d_tlb_mpki(void **state)
{
    (void)state;
    counters a = {.L1D_TLB_REFILL = 3, .INST_RETIRED = 8};
    EXACT(neoverse_v1_l1d_tlb_mpki(&a), 375.0); /* 3 / 8 = 0.375; * 1000 */
    counters b = {.L1D_TLB_REFILL = 17, .INST_RETIRED = 400000};
    NEAR(neoverse_v1_l1d_tlb_mpki(&b), 0.0425); /* 17 / 400000 * 1000 = 17 / 400 */
    counters z = {.L1D_TLB_REFILL = 17, .INST_RETIRED = 0};
    IS_NAN(neoverse_v1_l1d_tlb_mpki(&z)); /* 17 / 0 */
}

/* L1I_CACHE_REFILL / L1I_CACHE */
static void test_l1i_cache_miss_ratio(void **state)
{
    (void)state;
    counters a = {.L1I_CACHE_REFILL = 9, .L1I_CACHE = 1024};
    EXACT(neoverse_v1_l1i_cache_miss_ratio(&a), 0.0087890625); /* 9 / 1024 */
    counters b = {.L1I_CACHE_REFILL = 1, .L1I_CACHE = 1000};
    NEAR(neoverse_v1_l1i_cache_miss_ratio(&b), 0.001); /* 1 / 1000 */
    counters z = {.L1I_CACHE_REFILL = 1, .L1I_CACHE = 0};
    IS_NAN(neoverse_v1_l1i_cache_miss_ratio(&z)); /* 1 / 0 */
}

/* L1I_CACHE_REFILL / INST_RETIRED * 1000 */
static void test_l1i_cache_mpki(void **state)
{
    (void)state;
    counters a = {.L1I_CACHE_REFILL = 3, .INST_RETIRED = 1024};
    EXACT(neoverse_v1_l1i_cache_mpki(&a), 2.9296875); /* 3 / 1024 * 1000 = 375 / 128 */
    counters b = {.L1I_CACHE_REFILL = 12345, .INST_RETIRED = 10000000};
    NEAR(neoverse_v1_l1i_cache_mpki(&b), 1.2345); /* 12345 / 1e7 * 1000 */
    counters z = {.L1I_CACHE_REFILL = 12345, .INST_RETIRED = 0};
    IS_NAN(neoverse_v1_l1i_cache_mpki(&z)); /* 12345 / 0 */
}

/* L1I_TLB_REFILL / L1I_TLB */
static void test_l1i_tlb_miss_ratio(void **state)
{
    (void)state;
    counters a = {.L1I_TLB_REFILL = 1, .L1I_TLB = 2};
    EXACT(neoverse_v1_l1i_tlb_miss_ratio(&a), 0.5); /* 1 / 2 */
    counters b = {.L1I_TLB_REFILL = 11, .L1I_TLB = 3000};
    NEAR(neoverse_v1_l1i_tlb_miss_ratio(&b), 0.0036666666666666667); /* 11 / 3000 */
    counters z = {.L1I_TLB_REFILL = 11, .L1I_TLB = 0};
    IS_NAN(neoverse_v1_l1i_tlb_miss_ratio(&z)); /* 11 / 0 */
}

/* L1I_TLB_REFILL / INST_RETIRED * 1000 */
static void test_l1i_tlb_mpki(void **state)
{
    (void)state;
    counters a = {.L1I_TLB_REFILL = 1, .INST_RETIRED = 8};
    EXACT(neoverse_v1_l1i_tlb_mpki(&a), 125.0); /* 1 / 8 * 1000 */
    counters b = {.L1I_TLB_REFILL = 5, .INST_RETIRED = 2000000};
    NEAR(neoverse_v1_l1i_tlb_mpki(&b), 0.0025); /* 5 / 2e6 * 1000 = 1 / 400 */
    counters z = {.L1I_TLB_REFILL = 5, .INST_RETIRED = 0};
    IS_NAN(neoverse_v1_l1i_tlb_mpki(&z)); /* 5 / 0 */
}

/* L2D_CACHE_REFILL / L2D_CACHE */
static void test_l2_cache_miss_ratio(void **state)
{
    (void)state;
    counters a = {.L2D_CACHE_REFILL = 3, .L2D_CACHE = 4};
    EXACT(neoverse_v1_l2_cache_miss_ratio(&a), 0.75); /* 3 / 4 */
    counters b = {.L2D_CACHE_REFILL = 100, .L2D_CACHE = 700};
    NEAR(neoverse_v1_l2_cache_miss_ratio(&b), 0.14285714285714286); /* 1 / 7 */
    counters z = {.L2D_CACHE_REFILL = 100, .L2D_CACHE = 0};
    IS_NAN(neoverse_v1_l2_cache_miss_ratio(&z)); /* 100 / 0 */
}

/* L2D_CACHE_REFILL / INST_RETIRED * 1000 */
static void test_l2_cache_mpki(void **state)
{
    (void)state;
    counters a = {.L2D_CACHE_REFILL = 5, .INST_RETIRED = 16};
    EXACT(neoverse_v1_l2_cache_mpki(&a), 312.5); /* 5 / 16 = 0.3125; * 1000 */
    counters b = {.L2D_CACHE_REFILL = 4321, .INST_RETIRED = 1000000};
    NEAR(neoverse_v1_l2_cache_mpki(&b), 4.321); /* 4321 / 1e6 * 1000 */
    counters z = {.L2D_CACHE_REFILL = 4321, .INST_RETIRED = 0};
    IS_NAN(neoverse_v1_l2_cache_mpki(&z)); /* 4321 / 0 */
}

/* L2D_TLB_REFILL / L2D_TLB */
static void test_l2_tlb_miss_ratio(void **state)
{
    (void)state;
    counters a = {.L2D_TLB_REFILL = 13, .L2D_TLB = 32};
    EXACT(neoverse_v1_l2_tlb_miss_ratio(&a), 0.40625); /* 13 / 32 */
    counters b = {.L2D_TLB_REFILL = 1, .L2D_TLB = 9};
    NEAR(neoverse_v1_l2_tlb_miss_ratio(&b), 0.11111111111111111); /* 1 / 9 */
    counters z = {.L2D_TLB_REFILL = 1, .L2D_TLB = 0};
    IS_NAN(neoverse_v1_l2_tlb_miss_ratio(&z)); /* 1 / 0 */
}

/* L2D_TLB_REFILL / INST_RETIRED * 1000 */
static void test_l2_tlb_mpki(void **state)
{
    (void)state;
    counters a = {.L2D_TLB_REFILL = 1, .INST_RETIRED = 16};
    EXACT(neoverse_v1_l2_tlb_mpki(&a), 62.5); /* 1 / 16 * 1000 */
    counters b = {.L2D_TLB_REFILL = 2, .INST_RETIRED = 3000000};
    NEAR(neoverse_v1_l2_tlb_mpki(&b), 0.00066666666666666667); /* 2 / 3e6 * 1000 = 1 / 1500 */
    counters z = {.L2D_TLB_REFILL = 2, .INST_RETIRED = 0};
    IS_NAN(neoverse_v1_l2_tlb_mpki(&z)); /* 2 / 0 */
}

/* (LL_CACHE_RD - LL_CACHE_MISS_RD) / LL_CACHE_RD */
static void test_ll_cache_read_hit_ratio(void **state)
{
    (void)state;
    counters a = {.LL_CACHE_RD = 8, .LL_CACHE_MISS_RD = 2};
    EXACT(neoverse_v1_ll_cache_read_hit_ratio(&a), 0.75); /* (8 - 2) / 8 */
    counters b = {.LL_CACHE_RD = 1000, .LL_CACHE_MISS_RD = 333};
    NEAR(neoverse_v1_ll_cache_read_hit_ratio(&b), 0.667); /* 667 / 1000 */
    counters odd = {.LL_CACHE_RD = 4, .LL_CACHE_MISS_RD = 6};
    /* counts from different moments can give more misses than reads: the
     * subtraction is done in double, not uint64_t, so no wrap-around:
     * (4 - 6) / 4 = -0.5 */
    EXACT(neoverse_v1_ll_cache_read_hit_ratio(&odd), -0.5);
    counters z = {.LL_CACHE_RD = 0, .LL_CACHE_MISS_RD = 5};
    IS_NAN(neoverse_v1_ll_cache_read_hit_ratio(&z)); /* -5 / 0 */
    counters zz = {0};
    IS_NAN(neoverse_v1_ll_cache_read_hit_ratio(&zz)); /* 0 / 0 */
}

/* LL_CACHE_MISS_RD / LL_CACHE_RD */
static void test_ll_cache_read_miss_ratio(void **state)
{
    (void)state;
    counters a = {.LL_CACHE_MISS_RD = 2, .LL_CACHE_RD = 8};
    EXACT(neoverse_v1_ll_cache_read_miss_ratio(&a), 0.25); /* 2 / 8 */
    counters b = {.LL_CACHE_MISS_RD = 333, .LL_CACHE_RD = 1000};
    NEAR(neoverse_v1_ll_cache_read_miss_ratio(&b), 0.333); /* 333 / 1000 */
    counters z = {.LL_CACHE_MISS_RD = 333, .LL_CACHE_RD = 0};
    IS_NAN(neoverse_v1_ll_cache_read_miss_ratio(&z)); /* 333 / 0 */
}

/* LL_CACHE_MISS_RD / INST_RETIRED * 1000 */
static void test_ll_cache_read_mpki(void **state)
{
    (void)state;
    counters a = {.LL_CACHE_MISS_RD = 1, .INST_RETIRED = 32};
    EXACT(neoverse_v1_ll_cache_read_mpki(&a), 31.25); /* 1 / 32 * 1000 */
    counters b = {.LL_CACHE_MISS_RD = 333, .INST_RETIRED = 1000000};
    NEAR(neoverse_v1_ll_cache_read_mpki(&b), 0.333); /* 333 / 1e6 * 1000 */
    counters z = {.LL_CACHE_MISS_RD = 333, .INST_RETIRED = 0};
    IS_NAN(neoverse_v1_ll_cache_read_mpki(&z)); /* 333 / 0 */
}

/* LD_SPEC / INST_SPEC * 100 */
static void test_load_percentage(void **state)
{
    (void)state;
    counters a = {.LD_SPEC = 3, .INST_SPEC = 8};
    EXACT(neoverse_v1_load_percentage(&a), 37.5); /* 3 / 8 = 0.375; * 100 */
    counters b = {.LD_SPEC = 2501, .INST_SPEC = 10000};
    NEAR(neoverse_v1_load_percentage(&b), 25.01); /* 2501 / 10000 * 100 */
    counters z = {.LD_SPEC = 2501, .INST_SPEC = 0};
    IS_NAN(neoverse_v1_load_percentage(&z)); /* 2501 / 0 */
}

/* (1 - STALL_SLOT / (CPU_CYCLES * 8)) * (OP_RETIRED / OP_SPEC) * 100 */
static void test_retiring(void **state)
{
    (void)state;
    counters a = {.STALL_SLOT = 2000, .CPU_CYCLES = 1000, .OP_RETIRED = 1, .OP_SPEC = 2};
    /* 2000 / 8000 = 0.25; 1 - 0.25 = 0.75; 1 / 2 = 0.5; 0.75 * 0.5 = 0.375; * 100 */
    EXACT(neoverse_v1_retiring(&a), 37.5);
    counters b = {.STALL_SLOT = 800, .CPU_CYCLES = 1000, .OP_RETIRED = 900, .OP_SPEC = 1000};
    /* 800 / 8000 = 0.1; 1 - 0.1 = 0.9; 900 / 1000 = 0.9; 0.81 * 100 = 81 */
    NEAR(neoverse_v1_retiring(&b), 81.0);
    counters z1 = a;
    z1.CPU_CYCLES = 0; /* 2000 / (0 * 8) */
    IS_NAN(neoverse_v1_retiring(&z1));
    counters z2 = a;
    z2.OP_SPEC = 0; /* 1 / 0 */
    IS_NAN(neoverse_v1_retiring(&z2));
}

/* VFP_SPEC / INST_SPEC * 100 */
static void test_scalar_fp_percentage(void **state)
{
    (void)state;
    counters a = {.VFP_SPEC = 1, .INST_SPEC = 16};
    EXACT(neoverse_v1_scalar_fp_percentage(&a), 6.25); /* 1 / 16 * 100 */
    counters b = {.VFP_SPEC = 7, .INST_SPEC = 300};
    NEAR(neoverse_v1_scalar_fp_percentage(&b), 2.3333333333333333); /* 7 / 300 * 100 = 7 / 3 */
    counters z = {.VFP_SPEC = 7, .INST_SPEC = 0};
    IS_NAN(neoverse_v1_scalar_fp_percentage(&z)); /* 7 / 0 */
}

/* ASE_SPEC / INST_SPEC * 100 */
static void test_simd_percentage(void **state)
{
    (void)state;
    counters a = {.ASE_SPEC = 3, .INST_SPEC = 32};
    EXACT(neoverse_v1_simd_percentage(&a), 9.375); /* 3 / 32 = 0.09375; * 100 */
    counters b = {.ASE_SPEC = 45, .INST_SPEC = 1000};
    NEAR(neoverse_v1_simd_percentage(&b), 4.5); /* 45 / 1000 = 0.045 (rounded); * 100 */
    counters z = {.ASE_SPEC = 45, .INST_SPEC = 0};
    IS_NAN(neoverse_v1_simd_percentage(&z)); /* 45 / 0 */
}

/* ST_SPEC / INST_SPEC * 100 */
static void test_store_percentage(void **state)
{
    (void)state;
    counters a = {.ST_SPEC = 7, .INST_SPEC = 64};
    EXACT(neoverse_v1_store_percentage(&a), 10.9375); /* 7 / 64 = 0.109375; * 100 */
    counters b = {.ST_SPEC = 15, .INST_SPEC = 100};
    NEAR(neoverse_v1_store_percentage(&b), 15.0); /* 15 / 100 = 0.15 (rounded); * 100 */
    counters z = {.ST_SPEC = 15, .INST_SPEC = 0};
    IS_NAN(neoverse_v1_store_percentage(&z)); /* 15 / 0 */
}

/* SVE_INST_SPEC / INST_SPEC * 100 */
static void test_sve_all_percentage(void **state)
{
    (void)state;
    counters a = {.SVE_INST_SPEC = 9, .INST_SPEC = 16};
    EXACT(neoverse_v1_sve_all_percentage(&a), 56.25); /* 9 / 16 = 0.5625; * 100 */
    counters b = {.SVE_INST_SPEC = 333, .INST_SPEC = 1000};
    NEAR(neoverse_v1_sve_all_percentage(&b), 33.3); /* 333 / 1000 * 100 */
    counters z = {.SVE_INST_SPEC = 333, .INST_SPEC = 0};
    IS_NAN(neoverse_v1_sve_all_percentage(&z)); /* 333 / 0 */
}

/* ---- the header's tables --------------------------------------------------- */

typedef double (*metric_fn)(const counters *);

/* Every metric, written out by hand from the spec: enum, evaluator, units,
 * and its metric groups in the order the spec's groups.metrics lists them. */
static const struct {
    int id;
    const char *name;
    metric_fn fn;
    const char *units;
    const char *groups;
} METRICS[] = {
#define M(UP, low, units, groups) {NEOVERSE_V1_METRIC_##UP, #low, neoverse_v1_##low, units, groups}
    M(BACKEND_BOUND, backend_bound, "percent of slots", "Topdown_L1"),
    M(BACKEND_STALLED_CYCLES, backend_stalled_cycles, "percent of cycles", "Cycle_Accounting"),
    M(BAD_SPECULATION, bad_speculation, "percent of slots", "Topdown_L1"),
    M(BRANCH_MISPREDICTION_RATIO, branch_misprediction_ratio, "per branch",
      "Miss_Ratio;Branch_Effectiveness"),
    M(BRANCH_MPKI, branch_mpki, "MPKI", "MPKI;Branch_Effectiveness"),
    M(BRANCH_PERCENTAGE, branch_percentage, "percent of operations", "Operation_Mix"),
    M(CRYPTO_PERCENTAGE, crypto_percentage, "percent of operations", "Operation_Mix"),
    M(DTLB_MPKI, dtlb_mpki, "MPKI", "MPKI;DTLB_Effectiveness"),
    M(DTLB_WALK_RATIO, dtlb_walk_ratio, "per TLB access", "Miss_Ratio;DTLB_Effectiveness"),
    M(FRONTEND_BOUND, frontend_bound, "percent of slots", "Topdown_L1"),
    M(FRONTEND_STALLED_CYCLES, frontend_stalled_cycles, "percent of cycles", "Cycle_Accounting"),
    M(INTEGER_DP_PERCENTAGE, integer_dp_percentage, "percent of operations", "Operation_Mix"),
    M(IPC, ipc, "per cycle", "General"),
    M(ITLB_MPKI, itlb_mpki, "MPKI", "MPKI;ITLB_Effectiveness"),
    M(ITLB_WALK_RATIO, itlb_walk_ratio, "per TLB access", "Miss_Ratio;ITLB_Effectiveness"),
    M(L1D_CACHE_MISS_RATIO, l1d_cache_miss_ratio, "per cache access",
      "Miss_Ratio;L1D_Cache_Effectiveness"),
    M(L1D_CACHE_MPKI, l1d_cache_mpki, "MPKI", "MPKI;L1D_Cache_Effectiveness"),
    M(L1D_TLB_MISS_RATIO, l1d_tlb_miss_ratio, "per TLB access", "Miss_Ratio;DTLB_Effectiveness"),
    M(L1D_TLB_MPKI, l1d_tlb_mpki, "MPKI", "MPKI;DTLB_Effectiveness"),
    M(L1I_CACHE_MISS_RATIO, l1i_cache_miss_ratio, "per cache access",
      "Miss_Ratio;L1I_Cache_Effectiveness"),
    M(L1I_CACHE_MPKI, l1i_cache_mpki, "MPKI", "MPKI;L1I_Cache_Effectiveness"),
    M(L1I_TLB_MISS_RATIO, l1i_tlb_miss_ratio, "per TLB access", "Miss_Ratio;ITLB_Effectiveness"),
    M(L1I_TLB_MPKI, l1i_tlb_mpki, "MPKI", "MPKI;ITLB_Effectiveness"),
    M(L2_CACHE_MISS_RATIO, l2_cache_miss_ratio, "per cache access",
      "Miss_Ratio;L2_Cache_Effectiveness"),
    M(L2_CACHE_MPKI, l2_cache_mpki, "MPKI", "MPKI;L2_Cache_Effectiveness"),
    M(L2_TLB_MISS_RATIO, l2_tlb_miss_ratio, "per TLB access",
      "Miss_Ratio;ITLB_Effectiveness;DTLB_Effectiveness"),
    M(L2_TLB_MPKI, l2_tlb_mpki, "MPKI", "MPKI;ITLB_Effectiveness;DTLB_Effectiveness"),
    M(LL_CACHE_READ_HIT_RATIO, ll_cache_read_hit_ratio, "per cache access",
      "LL_Cache_Effectiveness"),
    M(LL_CACHE_READ_MISS_RATIO, ll_cache_read_miss_ratio, "per cache access",
      "Miss_Ratio;LL_Cache_Effectiveness"),
    M(LL_CACHE_READ_MPKI, ll_cache_read_mpki, "MPKI", "MPKI;LL_Cache_Effectiveness"),
    M(LOAD_PERCENTAGE, load_percentage, "percent of operations", "Operation_Mix"),
    M(RETIRING, retiring, "percent of slots", "Topdown_L1"),
    M(SCALAR_FP_PERCENTAGE, scalar_fp_percentage, "percent of operations", "Operation_Mix"),
    M(SIMD_PERCENTAGE, simd_percentage, "percent of operations", "Operation_Mix"),
    M(STORE_PERCENTAGE, store_percentage, "percent of operations", "Operation_Mix"),
    M(SVE_ALL_PERCENTAGE, sve_all_percentage, "percent of operations", "Operation_Mix"),
#undef M
};
enum { NMETRICS = sizeof METRICS / sizeof METRICS[0] };

/* Every field of struct neoverse_v1_counters, as the generated header
 * declares them; each is also the spec's event name. */
#define COUNTER_FIELDS(X)                                                     \
    X(L1I_CACHE_REFILL) X(L1I_TLB_REFILL) X(L1D_CACHE_REFILL) X(L1D_CACHE)    \
    X(L1D_TLB_REFILL) X(INST_RETIRED) X(BR_MIS_PRED) X(CPU_CYCLES)            \
    X(L1I_CACHE) X(L2D_CACHE) X(L2D_CACHE_REFILL) X(INST_SPEC) X(BR_RETIRED)  \
    X(BR_MIS_PRED_RETIRED) X(STALL_FRONTEND) X(STALL_BACKEND) X(L1D_TLB)      \
    X(L1I_TLB) X(L2D_TLB_REFILL) X(L2D_TLB) X(DTLB_WALK) X(ITLB_WALK)         \
    X(LL_CACHE_RD) X(LL_CACHE_MISS_RD) X(OP_RETIRED) X(OP_SPEC)               \
    X(STALL_SLOT_BACKEND) X(STALL_SLOT_FRONTEND) X(STALL_SLOT) X(LD_SPEC)     \
    X(ST_SPEC) X(DP_SPEC) X(ASE_SPEC) X(VFP_SPEC) X(CRYPTO_SPEC)              \
    X(BR_IMMED_SPEC) X(BR_INDIRECT_SPEC) X(SVE_INST_SPEC)

static const struct {
    const char *name;
    size_t offset;
} FIELDS[] = {
#define X(f) {#f, offsetof(counters, f)},
    COUNTER_FIELDS(X)
#undef X
};
enum { NFIELDS = sizeof FIELDS / sizeof FIELDS[0] };

static uint64_t *field(counters *c, int k)
{
    return (uint64_t *)(void *)((char *)c + FIELDS[k].offset);
}

/* Same value, both NaN: 2 when bitwise equal, 1 when equal as numbers
 * (+0 and -0) or one ulp apart, 0 otherwise. */
static int close_enough(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b) ? 2 : 0;
    if (memcmp(&a, &b, sizeof a) == 0)
        return 2;
    return a == b || nextafter(a, b) == b;
}

/* What a test that loads the spec holds, freed by cleanup() even when an
 * assertion fails and jumps out of the test. */
static hw_diag diag;
static int diag_live;
static hw_target *spec;
static double *events, *interp;
static char *seen;

static int cleanup(void **state)
{
    (void)state;
    target_free(spec);
    spec = NULL;
    if (diag_live)
        diag_free(&diag);
    diag_live = 0;
    free(events);
    free(interp);
    free(seen);
    events = interp = NULL;
    seen = NULL;
    return 0;
}

static hw_target *load_checked_spec(void)
{
    diag_init(&diag, NULL);
    diag_live = 1;
    spec = run_open(SPEC, NULL, &diag);
    if (!spec)
        fail_msg("%s does not load: %s", SPEC, diag.log.data ? diag.log.data : "");
    return spec;
}

static void test_table_covers_every_metric(void **state)
{
    (void)state;
    assert_int_equal(NEOVERSE_V1_METRIC_COUNT, 36);
    assert_int_equal(NMETRICS, 36);
    /* the hand-written list names each enum value once, in enum order */
    for (int i = 0; i < NMETRICS; i++)
        assert_int_equal(METRICS[i].id, i);
    /* every field of the struct is in the X-macro list, and only those */
    assert_int_equal(NFIELDS * sizeof(uint64_t), sizeof(counters));
}

static void fill_distinct(counters *c)
{
    /* distinct non-zero values, so no two fields can be confused */
    for (int k = 0; k < NFIELDS; k++)
        *field(c, k) = (uint64_t)(1000 + 37 * k + k * k);
}

static void test_eval_all_matches_single_functions(void **state)
{
    (void)state;
    counters c;
    memset(&c, 0, sizeof c);
    fill_distinct(&c);
    for (int pass = 0; pass < 3; pass++) {
        if (pass == 1)
            c.CPU_CYCLES = 0; /* NaN in every slot that divides by cycles */
        if (pass == 2)
            memset(&c, 0, sizeof c); /* everything 0 / 0 */
        double out[NEOVERSE_V1_METRIC_COUNT];
        for (int i = 0; i < NEOVERSE_V1_METRIC_COUNT; i++)
            out[i] = 12345.0; /* a value no slot may keep */
        neoverse_v1_eval_all(&c, out);
        for (int i = 0; i < NMETRICS; i++) {
            double one = METRICS[i].fn(&c);
            double all = out[METRICS[i].id];
            int same = isnan(one) ? isnan(all) : memcmp(&one, &all, sizeof one) == 0;
            if (!same)
                fail_msg("pass %d: %s: eval_all %.17g, single function %.17g", pass,
                         METRICS[i].name, all, one);
            if (all == 12345.0)
                fail_msg("pass %d: eval_all left slot %s unset", pass, METRICS[i].name);
        }
    }
    /* with every counter zero, every metric divides 0 by 0 */
    double out[NEOVERSE_V1_METRIC_COUNT];
    neoverse_v1_eval_all(&c, out);
    for (int i = 0; i < NEOVERSE_V1_METRIC_COUNT; i++)
        if (!isnan(out[i]))
            fail_msg("all-zero sample: slot %d = %.17g, expected NaN", i, out[i]);
}

static void test_metric_info(void **state)
{
    (void)state;
    for (int i = 0; i < NMETRICS; i++) {
        const struct neoverse_v1_metric_info *mi = neoverse_v1_metric_info(METRICS[i].id);
        assert_non_null(mi);
        assert_string_equal(mi->name, METRICS[i].name);
        assert_string_equal(mi->units, METRICS[i].units);
        assert_string_equal(mi->groups, METRICS[i].groups);
        assert_non_null(mi->title);
        assert_non_null(mi->section);
        assert_non_null(mi->formula);
    }
    assert_null(neoverse_v1_metric_info(NEOVERSE_V1_METRIC_COUNT));
    assert_null(neoverse_v1_metric_info(NEOVERSE_V1_METRIC_COUNT + 1));
    assert_null(neoverse_v1_metric_info(-1));

    /* titles and formulas are the spec's own text */
    hw_target *t = load_checked_spec();
    for (int i = 0; i < NMETRICS; i++) {
        const struct neoverse_v1_metric_info *mi = neoverse_v1_metric_info(i);
        int m = ir_find_metric(t, mi->name);
        assert_true(m >= 0);
        assert_string_equal(mi->title, t->metrics[m].title);
        assert_string_equal(mi->formula, t->metrics[m].formula);
        assert_string_equal(mi->section, ""); /* the telemetry format has none */
    }
}

static void expect_node(int i, const char *name, const char *const *next)
{
    const struct neoverse_v1_topdown_methodology_node *n =
        neoverse_v1_topdown_methodology_node(i);
    assert_non_null(n);
    assert_string_equal(n->name, name);
    assert_string_equal(n->group, "Topdown_L1");
    assert_int_equal(n->is_root, 1);
    int k = 0;
    for (; next[k]; k++) {
        assert_true(k < (int)(sizeof n->next / sizeof n->next[0]));
        assert_non_null(n->next[k]);
        assert_string_equal(n->next[k], next[k]);
    }
    assert_true(k < (int)(sizeof n->next / sizeof n->next[0]));
    assert_null(n->next[k]);
}

/* The decision tree of methodologies.topdown_methodology, node by node. */
static void test_topdown_decision_tree(void **state)
{
    (void)state;
    static const char *const fe[] = {"Branch_Effectiveness", "ITLB_Effectiveness",
                                     "L1I_Cache_Effectiveness", "L2_Cache_Effectiveness",
                                     "LL_Cache_Effectiveness", NULL};
    static const char *const be[] = {"DTLB_Effectiveness", "L1D_Cache_Effectiveness",
                                     "L2_Cache_Effectiveness", "LL_Cache_Effectiveness",
                                     "Operation_Mix", NULL};
    static const char *const bs[] = {"Branch_Effectiveness", NULL};
    static const char *const rt[] = {"Operation_Mix", NULL};
    expect_node(0, "frontend_bound", fe);
    expect_node(1, "backend_bound", be);
    expect_node(2, "bad_speculation", bs);
    expect_node(3, "retiring", rt);
    assert_null(neoverse_v1_topdown_methodology_node(4));
    assert_null(neoverse_v1_topdown_methodology_node(-1));
}

/* ---- differential: generated C against the interpreter --------------------- */

static uint64_t rng = 0x9E3779B97F4A7C15ull;

/* 0 (one in eight, to reach the NaN paths), small, up to 2^20, up to 2^40. */
static uint64_t random_count(void)
{
    uint64_t r = xorshift64(&rng);
    switch (r & 7) {
    case 0:
        return 0;
    case 1:
    case 2:
        return 1 + (r >> 3) % 16;
    case 3:
    case 4:
        return (r >> 3) % ((uint64_t)1 << 20);
    case 5:
        return (uint64_t)1 << 40;
    default:
        return (r >> 3) % (((uint64_t)1 << 40) + 1);
    }
}

typedef struct {
    const char *missing; /* an event a formula reads that FIELDS lacks */
    const char *seen;    /* events covered by FIELDS, by event index */
} coverage;

static int find_unmapped(void *ctx, hw_expr *ref)
{
    coverage *cv = ctx;
    if (ref->ref == REF_EVENT && !cv->seen[ref->index] && !cv->missing)
        cv->missing = ref->text;
    return 0;
}

/* Both evaluate the same expression trees in double, operator by operator
 * in the same order, so with make's flags (gcc -std=c11: no contraction;
 * x86-64: SSE2 doubles) they agree bit for bit. Evaluation can still
 * differ because C gives the compiler freedom the interpreter (a separate,
 * already compiled object) does not take: it may contract a * b + c into
 * one fused multiply-add, rounding once instead of twice (clang does so by
 * default within an expression on any FMA target, Arm64 included), or on
 * FLT_EVAL_METHOD != 0 targets (x87) keep intermediates in extended
 * precision. One ulp is the allowance for such a changed rounding of a
 * well-conditioned result. It is not enough when a sum cancels: clang
 * -O2 -mfma contracts bad_speculation's (1 - a) * (1 - b) + c, and on
 * samples where the terms have opposite signs the results differ by up to
 * about 80 ulps. Then this test fails on purpose: the generated header
 * gives results that depend on compiler flags, which the shared semantics
 * (interp.h) rule out. */
static void test_differential_against_interpreter(void **state)
{
    (void)state;
    hw_target *t = load_checked_spec();
    assert_int_equal(t->nmetrics, NEOVERSE_V1_METRIC_COUNT);

    /* struct field -> event index, by name */
    int ev[NFIELDS];
    seen = calloc((size_t)t->nevents, 1);
    assert_non_null(seen);
    for (int k = 0; k < NFIELDS; k++) {
        ev[k] = ir_find_event(t, FIELDS[k].name);
        if (ev[k] < 0)
            fail_msg("struct field %s is not an event of the spec", FIELDS[k].name);
        seen[ev[k]] = 1;
    }
    /* every event a formula reads has a field (no silent zeros) */
    coverage cv = {NULL, seen};
    for (int i = 0; i < t->nmetrics; i++)
        if (t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, find_unmapped, &cv);
    if (cv.missing)
        fail_msg("a formula reads event %s, which has no struct field", cv.missing);

    /* enum slot -> interpreter slot, by name */
    int slot[NEOVERSE_V1_METRIC_COUNT];
    for (int i = 0; i < NEOVERSE_V1_METRIC_COUNT; i++) {
        slot[i] = ir_find_metric(t, neoverse_v1_metric_info(i)->name);
        assert_true(slot[i] >= 0);
    }

    events = calloc((size_t)t->nevents, sizeof *events);
    interp = calloc((size_t)t->nmetrics, sizeof *interp);
    assert_non_null(events);
    assert_non_null(interp);
    hw_values v = {events, NULL, NULL};
    long exact = 0, ulp = 0, nan = 0, total = 0;
    for (int s = 0; s < 10000; s++) {
        counters c;
        memset(&c, 0, sizeof c);
        for (int k = 0; k < NFIELDS; k++) {
            uint64_t x = random_count();
            *field(&c, k) = x;
            events[ev[k]] = (double)x; /* exact: x <= 2^40 < 2^53 */
        }
        double gen[NEOVERSE_V1_METRIC_COUNT];
        neoverse_v1_eval_all(&c, gen);
        interp_all(t, &v, interp);
        for (int i = 0; i < NEOVERSE_V1_METRIC_COUNT; i++) {
            double a = gen[i], b = interp[slot[i]];
            int r = close_enough(a, b);
            if (!r)
                fail_msg("sample %d, %s: generated %.17g, interpreter %.17g", s,
                         neoverse_v1_metric_info(i)->name, a, b);
            total++;
            if (isnan(a))
                nan++;
            else if (r == 2)
                exact++;
            else
                ulp++;
        }
    }
    print_message("differential: %ld results: %ld bitwise equal, %ld within one ulp, "
                  "%ld NaN in both\n", total, exact, ulp, nan);
    /* the samples reach both kinds of path */
    assert_true(nan > total / 20);
    assert_true(exact + ulp > total / 2);
}

/* The spec follows Arm's facts: event titles as Arm's Neoverse V1 data
 * gives them, the revision as Arm writes it (strings "1" and "2"), and no
 * num_counters, which the table of cores gives (gatord 9.7.2's pmus.xml:
 * 6 for Neoverse V1). */
static void test_arm_facts(void **state)
{
    (void)state;
    const hw_target *t = load_checked_spec();
    static const struct {
        const char *event, *title;
    } titles[] = {
        {"CPU_CYCLES", "Cycle"},
        {"INST_RETIRED", "Instruction architecturally executed"},
        {"BR_PRED", "Predictable branch instruction speculatively executed"},
        {"LD_SPEC", "Operation speculatively executed, load"},
        {"FP_SCALE_OPS_SPEC", "Scalable floating-point element ALU operations speculatively executed"},
        {"STALL_SLOT", "No operation sent for execution on a Slot"},
    };
    for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++) {
        int e = ir_find_event(t, titles[i].event);
        assert_true(e >= 0);
        assert_string_equal(t->events[e].title, titles[i].title);
    }
    assert_true(t->has_revision);
    assert_string_equal(t->revision, "r1p2");
    assert_false(t->revision_named);
    assert_int_equal(t->num_counters, 6);
    assert_non_null(t->facts);
    char *text = read_file(SPEC, NULL);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"major_revision\": \"1\""));
    assert_non_null(strstr(text, "\"minor_revision\": \"2\""));
    assert_null(strstr(text, "num_counters"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_backend_bound),
        cmocka_unit_test(test_backend_stalled_cycles),
        cmocka_unit_test(test_bad_speculation),
        cmocka_unit_test(test_branch_misprediction_ratio),
        cmocka_unit_test(test_branch_mpki),
        cmocka_unit_test(test_branch_percentage),
        cmocka_unit_test(test_crypto_percentage),
        cmocka_unit_test(test_dtlb_mpki),
        cmocka_unit_test(test_dtlb_walk_ratio),
        cmocka_unit_test(test_frontend_bound),
        cmocka_unit_test(test_frontend_stalled_cycles),
        cmocka_unit_test(test_integer_dp_percentage),
        cmocka_unit_test(test_ipc),
        cmocka_unit_test(test_itlb_mpki),
        cmocka_unit_test(test_itlb_walk_ratio),
        cmocka_unit_test(test_l1d_cache_miss_ratio),
        cmocka_unit_test(test_l1d_cache_mpki),
        cmocka_unit_test(test_l1d_tlb_miss_ratio),
        cmocka_unit_test(test_l1d_tlb_mpki),
        cmocka_unit_test(test_l1i_cache_miss_ratio),
        cmocka_unit_test(test_l1i_cache_mpki),
        cmocka_unit_test(test_l1i_tlb_miss_ratio),
        cmocka_unit_test(test_l1i_tlb_mpki),
        cmocka_unit_test(test_l2_cache_miss_ratio),
        cmocka_unit_test(test_l2_cache_mpki),
        cmocka_unit_test(test_l2_tlb_miss_ratio),
        cmocka_unit_test(test_l2_tlb_mpki),
        cmocka_unit_test(test_ll_cache_read_hit_ratio),
        cmocka_unit_test(test_ll_cache_read_miss_ratio),
        cmocka_unit_test(test_ll_cache_read_mpki),
        cmocka_unit_test(test_load_percentage),
        cmocka_unit_test(test_retiring),
        cmocka_unit_test(test_scalar_fp_percentage),
        cmocka_unit_test(test_simd_percentage),
        cmocka_unit_test(test_store_percentage),
        cmocka_unit_test(test_sve_all_percentage),
        cmocka_unit_test(test_table_covers_every_metric),
        cmocka_unit_test(test_eval_all_matches_single_functions),
        cmocka_unit_test_teardown(test_metric_info, cleanup),
        cmocka_unit_test(test_topdown_decision_tree),
        cmocka_unit_test_teardown(test_differential_against_interpreter, cleanup),
        cmocka_unit_test_teardown(test_arm_facts, cleanup),
    };
    return cmocka_run_group_tests_name("neoverse_v1", tests, NULL, NULL);
}
