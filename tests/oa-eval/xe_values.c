/* xe_values.c - the generated C of tests/oa-metrics/oa-xe-igt.xml (the
 * system variables only IGT's xe generator knows) on inputs whose values
 * are worked out by hand, the same as test_oa_metrics.c expects of
 * `hwcgen eval`'s evaluator. Built by run.sh against the fixture's two
 * headers (-I its include dir); exit 0 when every value is as expected,
 * else each wrong one is printed. */
#include <stdio.h>
#include <string.h>

#include "hwcgen/intel_oa_metrics_xetest.h"
#include "hwcgen/intel_oa_metrics_xetest_metrics.h"

static int failures;

static void expect(const char *what, double got, double want)
{
    if (got != want) {
        printf("FAIL: %s: %.9g, expected %.9g\n", what, got, want);
        failures++;
    }
}

int main(void)
{
    static struct intel_oa_metrics_xetest_sysvars sv;
    static struct intel_oa_metrics_xetest_accumulator acc;
    int n = 0;
    const struct intel_oa_metrics_xetest_set *set = intel_oa_metrics_xetest_sets(&n);
    const struct intel_oa_metrics_xetest_counter *c = set[0].counters;
    acc.gpu_clock[0] = 400;
    acc.pec[35] = 52;
    acc.pec[43] = 81;
    acc.pec[45] = 10;
    sv.n_geom_pipes = 5;
    sv.n_depth_pipes = 4;
    sv.n_color_pipes = 3;
    sv.gt_xecore_mask[0] = 0x1; /* $GtXeCore0: XeCore 0 of slice 0 */
    sv.gt_xecore_mask[1] = 0x2; /* XeCore 1 of slice 1: not what $GtXeCore1 reads */
    expect("sets", n, 1);
    /* 52 / 5 = 10 (integer), * 100 = 1000, / 400. = 2.5 */
    expect("CLIPPER_INPUT_AVAILABLE", c[1].read_float(&sv, &acc), 2.5);
    /* 81 / 4 = 20, * 100 = 2000, / 400. = 5 */
    expect("IZ_OUTPUT_READY", c[2].read_float(&sv, &acc), 5.0);
    /* 10 / 3 = 3, * 100 = 300, / 400. = 0.75 */
    expect("PIXEL_POST_PROCESS_INPUT_AVAILABLE", c[3].read_float(&sv, &acc), 0.75);
    /* 500 + 40 + 3 + 1 * 1000 + 0 * 2000 + (no slice 9) 0 * 4000 */
    expect("Pipes", (double)c[4].read_uint64(&sv, &acc), 1543);
    expect("$GtXeCore0 available", c[5].available(&sv), 1);
    expect("$GtXeCore1 available", c[6].available(&sv), 0);
    expect("$GtXeCore1 (driver macro)", INTEL_OA_METRICS_XETEST_AVAIL_1(&sv), 0);
    sv.gt_xecore_mask[1] = 0x1;
    expect("$GtXeCore1 available with XeCore 0 of slice 1", c[6].available(&sv), 1);
    expect("Pipes with XeCore 0 of slice 1", (double)c[4].read_uint64(&sv, &acc), 3543);
    memset(sv.gt_xecore_mask, 0xff, sizeof sv.gt_xecore_mask);
    expect("$GtXeCore9 available", c[7].available(&sv), 0);
    /* the pipe counts are unsigned int, as IGT's uint32_t: 2^31 * 100
     * wraps to 0 in 32 bits before it is stored in a uint64_t */
    memset(&sv, 0, sizeof sv);
    sv.n_geom_pipes = 0x80000000u;
    expect("Pipes with 2^31 geometry pipes", (double)c[4].read_uint64(&sv, &acc), 0);
    return failures ? 1 : 0;
}
