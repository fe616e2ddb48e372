/* Mali-G720 generated metric evaluators (out/include/hwcgen/mali_g720_metrics.h).
 *
 * 1. Every evaluator with an expression (112 of the 114 series; the other
 *    two are external series) is called with hand-chosen counter values and
 *    compared with a value computed by hand from the guide's expression, or
 *    for the series marked from the database, from the formula of Arm's
 *    counter database (libGPUCounters); the arithmetic is in the comments. Inputs are chosen so that every quotient
 *    is a dyadic fraction, so the expected values are exact in double and
 *    are compared with ==.
 * 2. Clamp boundaries of every max(min(x * 100, 100), 0) series: above 100,
 *    exactly 100, below 0 (where the expression can go negative) and a zero
 *    denominator (NaN: NaN propagates through min and max).
 * 3. mali_g720_eval_all against the single functions, and
 *    mali_g720_metric_info against the loaded spec.
 * 4. A differential test: 10,000 pseudo-random samples through the IR
 *    interpreter (gen/interp.h) and through the generated C.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "../out/include/hwcgen/mali_g720_metrics.h"
#include "check/check.h"
#include "core/expr.h"
#include "core/interp.h"
#include "load/load.h"
#include "run/pipeline.h"
#include "test_random.h"

#define SPEC "spec/mali/mali-g720.xml"

/* ---- hand-written lists ------------------------------------------------ */

/* Every counter field of struct mali_g720_counters, in struct order. */
#define G720_EVENTS(X) \
    X(MaliGPUCyclesGPUActive) \
    X(MaliGPUCyclesMCUActive) \
    X(MaliGPUCyclesGPUInterruptActive) \
    X(MaliGPUCyclesBinningPhaseQueued) \
    X(MaliGPUCyclesBinningPhaseEndpointStall) \
    X(MaliGPUCyclesComputeQueued) \
    X(MaliGPUCyclesComputeEndpointStall) \
    X(MaliGPUCyclesMainPhaseQueued) \
    X(MaliGPUTasksFragmentTasks) \
    X(MaliGPUCyclesMainPhaseEndpointStall) \
    X(MaliPrimitiveCullingVisiblePrimitives) \
    X(MaliPrimitiveCullingFacingTestCulledPrimitives) \
    X(MaliPrimitiveCullingFrustumTestCulledPrimitives) \
    X(MaliPrimitiveCullingSampleTestCulledPrimitives) \
    X(MaliTilerShadingRequestsPositionShadingRequests) \
    X(MaliTilerShadingRequestsVaryingShadingRequests) \
    X(MaliPrimitiveCullingScissorTestCulledPrimitives) \
    X(MaliExternalBusBeatsReadBeats) \
    X(MaliExternalBusStallsReadStallCycles) \
    X(MaliExternalBusReadLatency0127Cycles) \
    X(MaliExternalBusReadLatency128191Cycles) \
    X(MaliExternalBusReadLatency192255Cycles) \
    X(MaliExternalBusReadLatency256319Cycles) \
    X(MaliExternalBusReadLatency320383Cycles) \
    X(MaliExternalBusBeatsWriteBeats) \
    X(MaliExternalBusStallsWriteStallCycles) \
    X(MaliCoreCyclesFragmentActive) \
    X(MaliCoreInstructionsNarrowInstructions) \
    X(MaliCoreCyclesFragmentFPKBActive) \
    X(MaliCoreWarpsFragmentWarps) \
    X(MaliCoreQuadsPartialRasterizedFineQuads) \
    X(MaliCoreQuadsRasterizedFineQuads) \
    X(MaliCoreQuadsEarlyZSTestedQuads) \
    X(MaliCoreQuadsEarlyZSUpdatedQuads) \
    X(MaliCoreQuadsEarlyZSKilledQuads) \
    X(MaliCoreQuadsLateZSTestedQuads) \
    X(MaliCoreQuadsLateZSKilledQuads) \
    X(MaliCoreWarpsAllRegisterWarps) \
    X(MaliCoreTilesTiles) \
    X(MaliCoreTilesUnchangedTilesKilled) \
    X(MaliCoreWarpsFullQuadWarps) \
    X(MaliCoreCyclesNonFragmentActive) \
    X(MaliCoreWarpsNonFragmentWarps) \
    X(MaliCoreCyclesExecutionCoreActive) \
    X(MaliCoreInstructionsFMAInstructions) \
    X(MaliCoreInstructionsCVTInstructions) \
    X(MaliCoreInstructionsSFUInstructions) \
    X(MaliCoreInstructionsDivergedInstructions) \
    X(MaliCoreInstructionsBlendShaderCalls) \
    X(MaliTextureBusInputBeats) \
    X(MaliCoreTextureCyclesTexturingActive) \
    X(MaliCoreTextureQuadsTextureMessages) \
    X(MaliTextureBusOutputBeats) \
    X(MaliCoreLoadStoreCyclesFullReadCycles) \
    X(MaliCoreLoadStoreCyclesPartialReadCycles) \
    X(MaliCoreLoadStoreCyclesFullWriteCycles) \
    X(MaliCoreLoadStoreCyclesPartialWriteCycles) \
    X(MaliCoreLoadStoreCyclesAtomicAccessCycles) \
    X(MaliCoreVaryingIssues32BitInterpolationSlots) \
    X(MaliCoreVaryingIssues16BitInterpolationSlots) \
    X(MaliCoreCyclesAnyActive) \
    X(MaliCoreL2ReadsFragmentL2ReadBeats) \
    X(MaliCoreExternalReadsFragmentExternalReadBeats) \
    X(MaliCoreL2ReadsLoadStoreL2ReadBeats) \
    X(MaliCoreExternalReadsLoadStoreExternalReadBeats) \
    X(MaliCoreL2ReadsTextureL2ReadBeats) \
    X(MaliCoreExternalReadsTextureExternalReadBeats) \
    X(MaliCoreWritesLoadStoreOtherWriteBeats) \
    X(MaliCoreWritesTileBufferWriteBeats) \
    X(MaliCoreWritesLoadStoreWriteBackWriteBeats) \
    X(MaliCoreQuadsRasterizedCoarseQuads) \
    X(MaliCoreThreadsFragmentThreads) \
    X(MaliRayTracingTriangleTestUsageTriangleBatchesWith14Rays) \
    X(MaliRayTracingTriangleTestUsageTriangleBatchesWith58Rays) \
    X(MaliRayTracingTriangleTestUsageTriangleBatchesWith912Rays) \
    X(MaliRayTracingTriangleTestUsageTriangleBatchesWith1316Rays) \
    X(MaliRayTracingBoxTestUsageBoxNodesWith14Rays) \
    X(MaliRayTracingBoxTestUsageBoxNodesWith58Rays) \
    X(MaliRayTracingBoxTestUsageBoxNodesWith912Rays) \
    X(MaliRayTracingBoxTestUsageBoxNodesWith1316Rays) \
    X(MaliRayTracingIntersectionsOpaqueTriangleHits) \
    X(MaliRayTracingIntersectionsNonOpaqueTriangleHits) \
    X(MaliRayTracingIntersectionsTerminationsOnFirstTriangleHit) \
    X(MaliRayTracingIntersectionsRayMisses) \
    X(MaliRayTracingRaysStarted) \
    X(MaliRayTracingCyclesBoxTesterActive) \
    X(MaliRayTracingCyclesTriangleTesterActive) \
    X(MaliCoreTextureCacheCyclesSimpleLoad) \
    X(MaliCoreTextureCacheCyclesL1OutputActive) \
    X(MaliCoreTextureCacheCyclesL1LookupActive) \
    X(MaliCoreTextureQuadsTextureMessagesWithSingleQuad) \
    X(MaliCoreTextureCacheCyclesCacheLookup) \
    X(MaliCoreTextureCacheCyclesComplexLoad) \
    X(MaliCoreTextureCyclesIndexCalculation)

/* The run-time constants (double fields of the struct). */
#define G720_CONSTANTS(X) \
    X(MaliConstantsShaderCoreCount) \
    X(MaliConstantsL2SliceCount) \
    X(MaliConstantsBusWidthBits)

/* Every series in enum order: X(function/id suffix, ENUM suffix, has an
 * expression). The two without one are external series. */
#define G720_METRICS(X) \
    X(cpu_activity, CPU_ACTIVITY, 0) \
    X(cpu_cycles, CPU_CYCLES, 0) \
    X(gpu_active_cycles, GPU_ACTIVE_CYCLES, 1) \
    X(mcu_active_cycles, MCU_ACTIVE_CYCLES, 1) \
    X(binning_phase_iterator_issue_cycles, BINNING_PHASE_ITERATOR_ISSUE_CYCLES, 1) \
    X(main_phase_iterator_issue_cycles, MAIN_PHASE_ITERATOR_ISSUE_CYCLES, 1) \
    X(compute_iterator_issue_cycles, COMPUTE_ITERATOR_ISSUE_CYCLES, 1) \
    X(gpu_interrupt_pending_cycles, GPU_INTERRUPT_PENDING_CYCLES, 1) \
    X(microcontroller_utilization, MICROCONTROLLER_UTILIZATION, 1) \
    X(binning_phase_iterator_utilization, BINNING_PHASE_ITERATOR_UTILIZATION, 1) \
    X(main_phase_iterator_utilization, MAIN_PHASE_ITERATOR_UTILIZATION, 1) \
    X(compute_iterator_utilization, COMPUTE_ITERATOR_UTILIZATION, 1) \
    X(interrupt_pending_utilization, INTERRUPT_PENDING_UTILIZATION, 1) \
    X(output_external_read_bytes, OUTPUT_EXTERNAL_READ_BYTES, 1) \
    X(output_external_write_bytes, OUTPUT_EXTERNAL_WRITE_BYTES, 1) \
    X(output_external_read_stall_rate, OUTPUT_EXTERNAL_READ_STALL_RATE, 1) \
    X(output_external_write_stall_rate, OUTPUT_EXTERNAL_WRITE_STALL_RATE, 1) \
    X(output_external_read_latency_0_127_cycles, OUTPUT_EXTERNAL_READ_LATENCY_0_127_CYCLES, 1) \
    X(output_external_read_latency_128_191_cycles, OUTPUT_EXTERNAL_READ_LATENCY_128_191_CYCLES, 1) \
    X(output_external_read_latency_192_255_cycles, OUTPUT_EXTERNAL_READ_LATENCY_192_255_CYCLES, 1) \
    X(output_external_read_latency_256_319_cycles, OUTPUT_EXTERNAL_READ_LATENCY_256_319_CYCLES, 1) \
    X(output_external_read_latency_320_383_cycles, OUTPUT_EXTERNAL_READ_LATENCY_320_383_CYCLES, 1) \
    X(output_external_read_latency_384_cycles, OUTPUT_EXTERNAL_READ_LATENCY_384_CYCLES, 1) \
    X(total_input_primitives, TOTAL_INPUT_PRIMITIVES, 1) \
    X(culled_primitives, CULLED_PRIMITIVES, 1) \
    X(visible_primitives, VISIBLE_PRIMITIVES, 1) \
    X(visible_primitives_rate, VISIBLE_PRIMITIVES_RATE, 1) \
    X(frustum_test_cull_rate, FRUSTUM_TEST_CULL_RATE, 1) \
    X(scissor_test_cull_rate, SCISSOR_TEST_CULL_RATE, 1) \
    X(facing_plane_test_cull_rate, FACING_PLANE_TEST_CULL_RATE, 1) \
    X(sample_test_cull_rate, SAMPLE_TEST_CULL_RATE, 1) \
    X(position_shader_thread_invocations, POSITION_SHADER_THREAD_INVOCATIONS, 1) \
    X(varying_shader_thread_invocations, VARYING_SHADER_THREAD_INVOCATIONS, 1) \
    X(position_threads_per_input_primitive, POSITION_THREADS_PER_INPUT_PRIMITIVE, 1) \
    X(pixels, PIXELS, 1) \
    X(cycles_per_pixel, CYCLES_PER_PIXEL, 1) \
    X(fragments_per_pixel, FRAGMENTS_PER_PIXEL, 1) \
    X(early_zs_tested_quad_percentage, EARLY_ZS_TESTED_QUAD_PERCENTAGE, 1) \
    X(early_zs_updated_quad_percentage, EARLY_ZS_UPDATED_QUAD_PERCENTAGE, 1) \
    X(early_zs_killed_quad_percentage, EARLY_ZS_KILLED_QUAD_PERCENTAGE, 1) \
    X(fpk_killed_quad_percentage, FPK_KILLED_QUAD_PERCENTAGE, 1) \
    X(late_zs_tested_quad_percentage, LATE_ZS_TESTED_QUAD_PERCENTAGE, 1) \
    X(late_zs_killed_quad_percentage, LATE_ZS_KILLED_QUAD_PERCENTAGE, 1) \
    X(fragment_shading_rate, FRAGMENT_SHADING_RATE, 1) \
    X(non_fragment_warps, NON_FRAGMENT_WARPS, 1) \
    X(fragment_warps, FRAGMENT_WARPS, 1) \
    X(non_fragment_cycles_per_thread, NON_FRAGMENT_CYCLES_PER_THREAD, 1) \
    X(fragment_cycles_per_thread, FRAGMENT_CYCLES_PER_THREAD, 1) \
    X(shader_core_usage, SHADER_CORE_USAGE, 1) \
    X(non_fragment_utilization, NON_FRAGMENT_UTILIZATION, 1) \
    X(fragment_utilization, FRAGMENT_UTILIZATION, 1) \
    X(fragment_fpk_buffer_utilization, FRAGMENT_FPK_BUFFER_UTILIZATION, 1) \
    X(execution_core_utilization, EXECUTION_CORE_UTILIZATION, 1) \
    X(arithmetic_unit_utilization, ARITHMETIC_UNIT_UTILIZATION, 1) \
    X(arithmetic_unit_utilization_database, ARITHMETIC_UNIT_UTILIZATION_DATABASE, 1) \
    X(arithmetic_unit_issue_cycles, ARITHMETIC_UNIT_ISSUE_CYCLES, 1) \
    X(varying_unit_utilization, VARYING_UNIT_UTILIZATION, 1) \
    X(texture_unit_utilization, TEXTURE_UNIT_UTILIZATION, 1) \
    X(load_store_unit_utilization, LOAD_STORE_UNIT_UTILIZATION, 1) \
    X(ray_tracing_unit_utilization, RAY_TRACING_UNIT_UTILIZATION, 1) \
    X(narrow_arithmetic_percentage, NARROW_ARITHMETIC_PERCENTAGE, 1) \
    X(warp_divergence_percentage, WARP_DIVERGENCE_PERCENTAGE, 1) \
    X(all_registers_warp_rate, ALL_REGISTERS_WARP_RATE, 1) \
    X(shader_blend_path_percentage, SHADER_BLEND_PATH_PERCENTAGE, 1) \
    X(partial_coverage_rate, PARTIAL_COVERAGE_RATE, 1) \
    X(fragment_warp_occupancy, FRAGMENT_WARP_OCCUPANCY, 1) \
    X(full_quad_warp_rate, FULL_QUAD_WARP_RATE, 1) \
    X(fragment_shading_rate_6_3_4, FRAGMENT_SHADING_RATE_6_3_4, 1) \
    X(unchanged_tile_kill_rate, UNCHANGED_TILE_KILL_RATE, 1) \
    X(varying_cycles, VARYING_CYCLES, 1) \
    X(16_bit_interpolation_cycles, 16_BIT_INTERPOLATION_CYCLES, 1) \
    X(32_bit_interpolation_cycles, 32_BIT_INTERPOLATION_CYCLES, 1) \
    X(texture_filtering_cycles, TEXTURE_FILTERING_CYCLES, 1) \
    X(texture_filtering_cycles_per_instruction, TEXTURE_FILTERING_CYCLES_PER_INSTRUCTION, 1) \
    X(texture_unit_issue_cycles, TEXTURE_UNIT_ISSUE_CYCLES, 1) \
    X(texture_quads, TEXTURE_QUADS, 1) \
    X(texture_samples, TEXTURE_SAMPLES, 1) \
    X(texture_bytes_read_from_l2_per_texture_cycle, TEXTURE_BYTES_READ_FROM_L2_PER_TEXTURE_CYCLE, 1) \
    X(texture_bytes_read_from_external_memory_per_texture_cycle, TEXTURE_BYTES_READ_FROM_EXTERNAL_MEMORY_PER_TEXTURE_CYCLE, 1) \
    X(load_store_total_issues, LOAD_STORE_TOTAL_ISSUES, 1) \
    X(load_store_full_read_issues, LOAD_STORE_FULL_READ_ISSUES, 1) \
    X(load_store_partial_read_issues, LOAD_STORE_PARTIAL_READ_ISSUES, 1) \
    X(load_store_full_write_issues, LOAD_STORE_FULL_WRITE_ISSUES, 1) \
    X(load_store_partial_write_issues, LOAD_STORE_PARTIAL_WRITE_ISSUES, 1) \
    X(load_store_atomic_issues, LOAD_STORE_ATOMIC_ISSUES, 1) \
    X(load_store_bytes_read_from_l2_per_access_cycle, LOAD_STORE_BYTES_READ_FROM_L2_PER_ACCESS_CYCLE, 1) \
    X(load_store_bytes_read_from_external_memory_per_access_cycle, LOAD_STORE_BYTES_READ_FROM_EXTERNAL_MEMORY_PER_ACCESS_CYCLE, 1) \
    X(load_store_bytes_written_to_l2_per_access_cycle, LOAD_STORE_BYTES_WRITTEN_TO_L2_PER_ACCESS_CYCLE, 1) \
    X(ray_tracing_box_tester_issue_cycles, RAY_TRACING_BOX_TESTER_ISSUE_CYCLES, 1) \
    X(ray_tracing_triangle_tester_issue_cycles, RAY_TRACING_TRIANGLE_TESTER_ISSUE_CYCLES, 1) \
    X(ray_tracing_rays_started, RAY_TRACING_RAYS_STARTED, 1) \
    X(ray_tracing_opaque_triangle_hits, RAY_TRACING_OPAQUE_TRIANGLE_HITS, 1) \
    X(ray_tracing_non_opaque_triangle_hits, RAY_TRACING_NON_OPAQUE_TRIANGLE_HITS, 1) \
    X(ray_tracing_miss, RAY_TRACING_MISS, 1) \
    X(ray_tracing_first_hit_terminations, RAY_TRACING_FIRST_HIT_TERMINATIONS, 1) \
    X(ray_tracing_box_nodes_tested_with_13_16_rays, RAY_TRACING_BOX_NODES_TESTED_WITH_13_16_RAYS, 1) \
    X(ray_tracing_box_nodes_tested_with_9_12_rays, RAY_TRACING_BOX_NODES_TESTED_WITH_9_12_RAYS, 1) \
    X(ray_tracing_box_nodes_tested_with_5_8_rays, RAY_TRACING_BOX_NODES_TESTED_WITH_5_8_RAYS, 1) \
    X(ray_tracing_box_nodes_tested_with_1_4_rays, RAY_TRACING_BOX_NODES_TESTED_WITH_1_4_RAYS, 1) \
    X(ray_tracing_triangle_batches_tested_with_13_16_rays, RAY_TRACING_TRIANGLE_BATCHES_TESTED_WITH_13_16_RAYS, 1) \
    X(ray_tracing_triangle_batches_tested_with_9_12_rays, RAY_TRACING_TRIANGLE_BATCHES_TESTED_WITH_9_12_RAYS, 1) \
    X(ray_tracing_triangle_batches_tested_with_5_8_rays, RAY_TRACING_TRIANGLE_BATCHES_TESTED_WITH_5_8_RAYS, 1) \
    X(ray_tracing_triangle_batches_tested_with_1_4_rays, RAY_TRACING_TRIANGLE_BATCHES_TESTED_WITH_1_4_RAYS, 1) \
    X(front_end_read_bytes_from_l2_cache, FRONT_END_READ_BYTES_FROM_L2_CACHE, 1) \
    X(load_store_read_bytes_from_l2_cache, LOAD_STORE_READ_BYTES_FROM_L2_CACHE, 1) \
    X(texture_read_bytes_from_l2_cache, TEXTURE_READ_BYTES_FROM_L2_CACHE, 1) \
    X(front_end_read_bytes_from_external_memory, FRONT_END_READ_BYTES_FROM_EXTERNAL_MEMORY, 1) \
    X(load_store_read_bytes_from_external_memory, LOAD_STORE_READ_BYTES_FROM_EXTERNAL_MEMORY, 1) \
    X(texture_read_bytes_from_external_memory, TEXTURE_READ_BYTES_FROM_EXTERNAL_MEMORY, 1) \
    X(load_store_write_bytes, LOAD_STORE_WRITE_BYTES, 1) \
    X(tile_buffer_write_bytes, TILE_BUFFER_WRITE_BYTES, 1) \
    X(shader_core_count, SHADER_CORE_COUNT, 1) \
    X(l2_cache_slice_count, L2_CACHE_SLICE_COUNT, 1) \
    X(external_bus_beat_size, EXTERNAL_BUS_BEAT_SIZE, 1)

/* ---- helpers ----------------------------------------------------------- */

typedef double (*g720_fn)(const struct mali_g720_counters *);

static const struct g720_metric {
    const char *name;
    int index; /* enum value */
    g720_fn fn;
    int has_expr;
} metrics[] = {
#define X(id, ID, e) {#id, MALI_G720_METRIC_##ID, mali_g720_##id, e},
    G720_METRICS(X)
#undef X
};
#define NMETRICS ((int)(sizeof metrics / sizeof metrics[0]))

static const char *const event_names[] = {
#define X(f) #f,
    G720_EVENTS(X)
#undef X
};
#define NEVENTS ((int)(sizeof event_names / sizeof event_names[0]))

static const char *const constant_names[] = {
#define X(f) #f,
    G720_CONSTANTS(X)
#undef X
};
#define NCONSTANTS ((int)(sizeof constant_names / sizeof constant_names[0]))

/* Evaluators asserted against a hand-computed value (enum index). */
static int covered[MALI_G720_METRIC_COUNT];

static int metric_of(g720_fn fn, const char *name)
{
    for (int i = 0; i < NMETRICS; i++)
        if (metrics[i].fn == fn)
            return i;
    fail_msg("%s is not in G720_METRICS", name);
    return -1;
}

/* want is NaN: the result must be NaN; otherwise exactly want. */
static void check_value(g720_fn fn, const char *name,
                        const struct mali_g720_counters *c, double want, int line)
{
    double got = fn(c);
    covered[metrics[metric_of(fn, name)].index] = 1;
    if (isnan(want)) {
        if (!isnan(got))
            fail_msg("line %d: mali_g720_%s = %.17g, expected NaN", line, name, got);
    } else if (!(got == want)) {
        fail_msg("line %d: mali_g720_%s = %.17g, expected %.17g", line, name, got, want);
    }
}

#define EXPECT(id, c, want) check_value(mali_g720_##id, #id, &(c), (want), __LINE__)
#define EXPECT_NAN(id, c) check_value(mali_g720_##id, #id, &(c), NAN, __LINE__)

/* ---- 3.2.1: the issue's example ----------------------------------------- */

static void test_issue_example(void **state)
{
    (void)state;
    struct mali_g720_counters c = {.MaliGPUCyclesGPUActive = 1000, .MaliGPUCyclesMCUActive = 250};
    /* max(min((250 / 1000) * 100, 100), 0) = max(min(25, 100), 0) = 25 */
    EXPECT(microcontroller_utilization, c, 25.0);
}

/* ---- section 3: GPU activity ------------------------------------------- */

static const struct mali_g720_counters g3 = {
    .MaliGPUCyclesGPUActive = 1000,
    .MaliGPUCyclesMCUActive = 250,
    .MaliGPUCyclesBinningPhaseQueued = 600,
    .MaliGPUCyclesBinningPhaseEndpointStall = 100,
    .MaliGPUCyclesMainPhaseQueued = 900,
    .MaliGPUCyclesMainPhaseEndpointStall = 150,
    .MaliGPUCyclesComputeQueued = 300,
    .MaliGPUCyclesComputeEndpointStall = 175,
    .MaliGPUCyclesGPUInterruptActive = 625,
    .MaliExternalBusBeatsReadBeats = 1024,
    .MaliExternalBusBeatsWriteBeats = 300,
    .MaliExternalBusStallsReadStallCycles = 500,
    .MaliExternalBusStallsWriteStallCycles = 1500,
    .MaliExternalBusReadLatency0127Cycles = 400,
    .MaliExternalBusReadLatency128191Cycles = 250,
    .MaliExternalBusReadLatency192255Cycles = 150,
    .MaliExternalBusReadLatency256319Cycles = 100,
    .MaliExternalBusReadLatency320383Cycles = 50,
    .MaliConstantsShaderCoreCount = 6,
    .MaliConstantsL2SliceCount = 2,
    .MaliConstantsBusWidthBits = 128,
};

static void test_gpu_activity(void **state)
{
    (void)state;
    const struct mali_g720_counters c = g3;
    /* 3.1 GPU usage */
    EXPECT(gpu_active_cycles, c, 1000.0);
    EXPECT(mcu_active_cycles, c, 250.0);
    EXPECT(binning_phase_iterator_issue_cycles, c, 500.0); /* 600 - 100 */
    EXPECT(main_phase_iterator_issue_cycles, c, 750.0);    /* 900 - 150 */
    EXPECT(compute_iterator_issue_cycles, c, 125.0);       /* 300 - 175 */
    EXPECT(gpu_interrupt_pending_cycles, c, 625.0);
    /* 3.2 GPU utilization: x / 1000 * 100 */
    EXPECT(microcontroller_utilization, c, 25.0);         /* 250/1000 = .25 */
    EXPECT(binning_phase_iterator_utilization, c, 50.0);  /* 500/1000 = .5 */
    EXPECT(main_phase_iterator_utilization, c, 75.0);     /* 750/1000 = .75 */
    EXPECT(compute_iterator_utilization, c, 12.5);        /* 125/1000 = .125 */
    EXPECT(interrupt_pending_utilization, c, 62.5);       /* 625/1000 = .625 */
    /* 3.3 bandwidth: beats * (128 / 8 = 16) */
    EXPECT(output_external_read_bytes, c, 16384.0);       /* 1024 * 16 */
    EXPECT(output_external_write_bytes, c, 4800.0);       /* 300 * 16 */
    /* 3.4 stalls: stall / (2 slices * 1000) * 100 */
    EXPECT(output_external_read_stall_rate, c, 25.0);     /* 500/2000 = .25 */
    EXPECT(output_external_write_stall_rate, c, 75.0);    /* 1500/2000 = .75 */
    /* 3.5 latency histogram */
    EXPECT(output_external_read_latency_0_127_cycles, c, 400.0);
    EXPECT(output_external_read_latency_128_191_cycles, c, 250.0);
    EXPECT(output_external_read_latency_192_255_cycles, c, 150.0);
    EXPECT(output_external_read_latency_256_319_cycles, c, 100.0);
    EXPECT(output_external_read_latency_320_383_cycles, c, 50.0);
    /* 1024 - 400 - 250 - 150 - 100 - 50 = 74 */
    EXPECT(output_external_read_latency_384_cycles, c, 74.0);
}

static void test_gpu_activity_clamps(void **state)
{
    (void)state;
    struct mali_g720_counters c;

    /* 3.2.1 MCU / GPU active: above, at, at the lower end, zero denominator.
     * No subtraction in the formula, so it cannot go negative. */
    c = g3;
    c.MaliGPUCyclesMCUActive = 1500; /* 1.5 * 100 = 150 -> 100 */
    EXPECT(microcontroller_utilization, c, 100.0);
    c.MaliGPUCyclesMCUActive = 1000; /* 1 * 100 = 100 exactly */
    EXPECT(microcontroller_utilization, c, 100.0);
    c.MaliGPUCyclesMCUActive = 0;    /* 0 / 1000 = 0 */
    EXPECT(microcontroller_utilization, c, 0.0);
    c.MaliGPUCyclesGPUActive = 0;    /* 0 / 0 -> NaN */
    EXPECT_NAN(microcontroller_utilization, c);
    c.MaliGPUCyclesMCUActive = 250;  /* 250 / 0 -> NaN, through min and max */
    EXPECT_NAN(microcontroller_utilization, c);

    /* 3.2.2-3.2.4: queued - stall can be negative. */
    c = g3;
    c.MaliGPUCyclesBinningPhaseQueued = 100; /* (100 - 300) = -200 */
    c.MaliGPUCyclesBinningPhaseEndpointStall = 300;
    c.MaliGPUCyclesMainPhaseQueued = 0;      /* (0 - 1) = -1 */
    c.MaliGPUCyclesMainPhaseEndpointStall = 1;
    c.MaliGPUCyclesComputeQueued = 50;       /* (50 - 1050) = -1000 */
    c.MaliGPUCyclesComputeEndpointStall = 1050;
    EXPECT(binning_phase_iterator_issue_cycles, c, -200.0); /* not clamped */
    EXPECT(main_phase_iterator_issue_cycles, c, -1.0);
    EXPECT(compute_iterator_issue_cycles, c, -1000.0);
    EXPECT(binning_phase_iterator_utilization, c, 0.0); /* -200/1000*100 = -20 -> 0 */
    EXPECT(main_phase_iterator_utilization, c, 0.0);    /* -1/1000*100 = -0.1 -> 0 */
    EXPECT(compute_iterator_utilization, c, 0.0);       /* -1000/1000*100 = -100 -> 0 */
    c.MaliGPUCyclesBinningPhaseQueued = 3000; /* 2500/1000*100 = 250 -> 100 */
    c.MaliGPUCyclesBinningPhaseEndpointStall = 500;
    c.MaliGPUCyclesMainPhaseQueued = 1001;    /* 1000/1000*100 = 100 exactly */
    c.MaliGPUCyclesMainPhaseEndpointStall = 1;
    c.MaliGPUCyclesComputeQueued = 1051;      /* 1001/1000*100 = 100.1 -> 100 */
    c.MaliGPUCyclesComputeEndpointStall = 50;
    EXPECT(binning_phase_iterator_utilization, c, 100.0);
    EXPECT(main_phase_iterator_utilization, c, 100.0);
    EXPECT(compute_iterator_utilization, c, 100.0);
    c.MaliGPUCyclesBinningPhaseQueued = 1500; /* 1000/1000*100 = 100 exactly */
    EXPECT(binning_phase_iterator_utilization, c, 100.0);
    c.MaliGPUCyclesGPUActive = 0;             /* x / 0 -> NaN */
    EXPECT_NAN(binning_phase_iterator_utilization, c);
    EXPECT_NAN(main_phase_iterator_utilization, c);
    EXPECT_NAN(compute_iterator_utilization, c);
    c.MaliGPUCyclesBinningPhaseQueued = 100;  /* negative / 0 is NaN, not 0 */
    c.MaliGPUCyclesBinningPhaseEndpointStall = 300;
    EXPECT_NAN(binning_phase_iterator_utilization, c);

    /* 3.2.5: one counter over GPU active; cannot be negative. */
    c = g3;
    c.MaliGPUCyclesGPUInterruptActive = 4000; /* 400 -> 100 */
    EXPECT(interrupt_pending_utilization, c, 100.0);
    c.MaliGPUCyclesGPUInterruptActive = 1000; /* 100 exactly */
    EXPECT(interrupt_pending_utilization, c, 100.0);
    c.MaliGPUCyclesGPUActive = 0;
    EXPECT_NAN(interrupt_pending_utilization, c);

    /* 3.4: stall / (slices * GPU active). Counters cannot make it negative;
     * the slice count is a run-time double, so a negative one can. */
    c = g3;
    c.MaliExternalBusStallsReadStallCycles = 5000;  /* 5000/2000*100 = 250 -> 100 */
    c.MaliExternalBusStallsWriteStallCycles = 2000; /* 2000/2000*100 = 100 exactly */
    EXPECT(output_external_read_stall_rate, c, 100.0);
    EXPECT(output_external_write_stall_rate, c, 100.0);
    c.MaliExternalBusStallsReadStallCycles = 2000;
    c.MaliExternalBusStallsWriteStallCycles = 5000;
    EXPECT(output_external_read_stall_rate, c, 100.0);
    EXPECT(output_external_write_stall_rate, c, 100.0);
    c.MaliConstantsL2SliceCount = -2; /* 2000 / -2000 * 100 = -100 -> 0 */
    EXPECT(output_external_read_stall_rate, c, 0.0);
    EXPECT(output_external_write_stall_rate, c, 0.0);
    c.MaliConstantsL2SliceCount = 0;  /* x / (0 * 1000) -> NaN */
    EXPECT_NAN(output_external_read_stall_rate, c);
    EXPECT_NAN(output_external_write_stall_rate, c);
    c.MaliConstantsL2SliceCount = 2;
    c.MaliGPUCyclesGPUActive = 0;     /* x / (2 * 0) -> NaN */
    EXPECT_NAN(output_external_read_stall_rate, c);
    EXPECT_NAN(output_external_write_stall_rate, c);

    /* 3.3: bus width / 8 divides by the literal 8, never by zero. */
    c = g3;
    c.MaliConstantsBusWidthBits = 0; /* 1024 * (0 / 8) = 0 */
    EXPECT(output_external_read_bytes, c, 0.0);
    EXPECT(output_external_write_bytes, c, 0.0);
    c.MaliConstantsBusWidthBits = 36; /* 36 / 8 = 4.5; 1024 * 4.5 = 4608; 300 * 4.5 = 1350 */
    EXPECT(output_external_read_bytes, c, 4608.0);
    EXPECT(output_external_write_bytes, c, 1350.0);

    /* 3.5.6 is unclamped: bins above the total make it negative. */
    c = g3;
    c.MaliExternalBusBeatsReadBeats = 900; /* 900 - 950 = -50 */
    EXPECT(output_external_read_latency_384_cycles, c, -50.0);
}

/* ---- section 4: content behavior --------------------------------------- */

/* Culling: frustum 64, scissor 48, facing 8, sample 2, visible 6 -> 128 in. */
static const struct mali_g720_counters g4 = {
    .MaliPrimitiveCullingFrustumTestCulledPrimitives = 64,
    .MaliPrimitiveCullingScissorTestCulledPrimitives = 48,
    .MaliPrimitiveCullingFacingTestCulledPrimitives = 8,
    .MaliPrimitiveCullingSampleTestCulledPrimitives = 2,
    .MaliPrimitiveCullingVisiblePrimitives = 6,
    .MaliTilerShadingRequestsPositionShadingRequests = 80,
    .MaliTilerShadingRequestsVaryingShadingRequests = 30,
    .MaliGPUTasksFragmentTasks = 2,
    .MaliGPUCyclesGPUActive = 1000,
    .MaliCoreThreadsFragmentThreads = 4096,
    .MaliConstantsShaderCoreCount = 6,
    .MaliCoreQuadsRasterizedFineQuads = 400,
    .MaliCoreQuadsEarlyZSTestedQuads = 300,
    .MaliCoreQuadsEarlyZSUpdatedQuads = 100,
    .MaliCoreQuadsEarlyZSKilledQuads = 50,
    .MaliCoreWarpsFragmentWarps = 50,
    .MaliCoreQuadsLateZSTestedQuads = 125,
    .MaliCoreQuadsLateZSKilledQuads = 75,
    .MaliCoreQuadsRasterizedCoarseQuads = 200,
};

static void test_content_behavior(void **state)
{
    (void)state;
    const struct mali_g720_counters c = g4;
    /* 4.1: facing + frustum + sample + scissor (+ visible) */
    EXPECT(total_input_primitives, c, 128.0); /* 8 + 64 + 2 + 48 + 6 */
    EXPECT(culled_primitives, c, 122.0);      /* 8 + 64 + 2 + 48 */
    EXPECT(visible_primitives, c, 6.0);
    /* 4.2: each stage's culls over its own input */
    EXPECT(visible_primitives_rate, c, 4.6875); /* 6/128 = .046875 */
    EXPECT(frustum_test_cull_rate, c, 50.0);    /* 64/128 = .5 */
    EXPECT(scissor_test_cull_rate, c, 75.0);    /* 48/(128-64) = 48/64 */
    EXPECT(facing_plane_test_cull_rate, c, 50.0); /* 8/(128-64-48) = 8/16 */
    EXPECT(sample_test_cull_rate, c, 25.0);     /* 2/(128-64-48-8) = 2/8 */
    /* 4.3: four threads per request */
    EXPECT(position_shader_thread_invocations, c, 320.0); /* 80 * 4 */
    EXPECT(varying_shader_thread_invocations, c, 120.0);  /* 30 * 4 */
    EXPECT(position_threads_per_input_primitive, c, 2.5); /* 320 / 128 */
    /* 4.4: 2 tasks * 4096 = 8192 pixels */
    EXPECT(pixels, c, 8192.0);
    EXPECT(cycles_per_pixel, c, 0.1220703125);  /* 1000 / 8192 */
    EXPECT(fragments_per_pixel, c, 3.0);        /* 4096 * 6 / 8192 = 24576/8192 */
    /* 4.5: over 400 rasterized fine quads */
    EXPECT(early_zs_tested_quad_percentage, c, 75.0);  /* 300/400 */
    EXPECT(early_zs_updated_quad_percentage, c, 25.0); /* 100/400 */
    EXPECT(early_zs_killed_quad_percentage, c, 12.5);  /* 50/400 */
    /* (400 - 50 - (50 * 16) / 4) / 400 = (400 - 50 - 200) / 400 = 150/400 = .375 */
    EXPECT(fpk_killed_quad_percentage, c, 37.5);
    EXPECT(late_zs_tested_quad_percentage, c, 31.25);  /* 125/400 = .3125 */
    EXPECT(late_zs_killed_quad_percentage, c, 18.75);  /* 75/400 = .1875 */
    /* 4.6 */
    EXPECT(fragment_shading_rate, c, 50.0);            /* 200/400 */
}

static void test_content_behavior_clamps(void **state)
{
    (void)state;
    struct mali_g720_counters c, z = {0};

    /* 4.2: each denominator contains its numerator and subtracts only parts
     * of the total, so with counters >= 0 no rate exceeds 100 or drops below
     * 0; those two clamps cannot be reached. 100, 0 and NaN can. (Only past
     * 2^53, where the sum of the culling counters rounds, can total - culls
     * come out smaller than the numerator, or 0: frustum 2^53 and scissor 1
     * give 2^53 + 1 -> 2^53, so scissor rate 1/0 = NaN. Not asserted: that is
     * double arithmetic, not the generator.) */
    c = z; /* no primitives: every rate is 0/0 */
    EXPECT(total_input_primitives, c, 0.0);
    EXPECT(culled_primitives, c, 0.0);
    EXPECT_NAN(visible_primitives_rate, c);
    EXPECT_NAN(frustum_test_cull_rate, c);
    EXPECT_NAN(scissor_test_cull_rate, c);
    EXPECT_NAN(facing_plane_test_cull_rate, c);
    EXPECT_NAN(sample_test_cull_rate, c);
    EXPECT_NAN(position_threads_per_input_primitive, c);

    c = z; c.MaliPrimitiveCullingVisiblePrimitives = 10; /* all visible */
    EXPECT(visible_primitives_rate, c, 100.0);  /* 10/10 */
    EXPECT(frustum_test_cull_rate, c, 0.0);     /* 0/10 */
    EXPECT(scissor_test_cull_rate, c, 0.0);     /* 0/(10-0) */
    EXPECT(facing_plane_test_cull_rate, c, 0.0);
    EXPECT(sample_test_cull_rate, c, 0.0);

    c = z; c.MaliPrimitiveCullingFrustumTestCulledPrimitives = 10;
    EXPECT(visible_primitives_rate, c, 0.0);
    EXPECT(frustum_test_cull_rate, c, 100.0);   /* 10/10 */
    EXPECT_NAN(scissor_test_cull_rate, c);      /* 0/(10-10) */
    EXPECT_NAN(facing_plane_test_cull_rate, c); /* 0/(10-10-0) */
    EXPECT_NAN(sample_test_cull_rate, c);

    c = z; c.MaliPrimitiveCullingFrustumTestCulledPrimitives = 30;
    c.MaliPrimitiveCullingScissorTestCulledPrimitives = 10;
    EXPECT(frustum_test_cull_rate, c, 75.0);    /* 30/40 */
    EXPECT(scissor_test_cull_rate, c, 100.0);   /* 10/(40-30) */
    EXPECT_NAN(facing_plane_test_cull_rate, c); /* 0/(40-30-10) */
    EXPECT_NAN(sample_test_cull_rate, c);

    c = z; c.MaliPrimitiveCullingFacingTestCulledPrimitives = 10;
    EXPECT(facing_plane_test_cull_rate, c, 100.0); /* 10/10 */
    EXPECT_NAN(sample_test_cull_rate, c);          /* 0/(10-0-0-10) */

    c = z; c.MaliPrimitiveCullingSampleTestCulledPrimitives = 10;
    EXPECT(sample_test_cull_rate, c, 100.0);       /* 10/10 */
    EXPECT(facing_plane_test_cull_rate, c, 0.0);   /* 0/10 */

    /* 4.4: no fragment tasks */
    c = g4; c.MaliGPUTasksFragmentTasks = 0;
    EXPECT(pixels, c, 0.0);
    EXPECT_NAN(cycles_per_pixel, c);
    EXPECT_NAN(fragments_per_pixel, c);
    c = g4; c.MaliConstantsShaderCoreCount = 0; /* 4096 * 0 / 8192 */
    EXPECT(fragments_per_pixel, c, 0.0);

    /* 4.5.1-4.5.3, 4.5.5, 4.5.6, 4.6.1: one counter over fine quads; no
     * subtraction, so never negative. Above 100 (500/400), exactly 100
     * (400/400), zero denominator. */
    c = g4;
    c.MaliCoreQuadsEarlyZSTestedQuads = 500;
    c.MaliCoreQuadsEarlyZSUpdatedQuads = 500;
    c.MaliCoreQuadsEarlyZSKilledQuads = 500;
    c.MaliCoreQuadsLateZSTestedQuads = 500;
    c.MaliCoreQuadsLateZSKilledQuads = 500;
    c.MaliCoreQuadsRasterizedCoarseQuads = 800; /* sample-rate shading: 200% */
    EXPECT(early_zs_tested_quad_percentage, c, 100.0);
    EXPECT(early_zs_updated_quad_percentage, c, 100.0);
    EXPECT(early_zs_killed_quad_percentage, c, 100.0);
    EXPECT(late_zs_tested_quad_percentage, c, 100.0);
    EXPECT(late_zs_killed_quad_percentage, c, 100.0);
    EXPECT(fragment_shading_rate, c, 100.0);
    c.MaliCoreQuadsEarlyZSTestedQuads = 400;
    c.MaliCoreQuadsEarlyZSUpdatedQuads = 400;
    c.MaliCoreQuadsEarlyZSKilledQuads = 400;
    c.MaliCoreQuadsLateZSTestedQuads = 400;
    c.MaliCoreQuadsLateZSKilledQuads = 400;
    c.MaliCoreQuadsRasterizedCoarseQuads = 400;
    EXPECT(early_zs_tested_quad_percentage, c, 100.0);
    EXPECT(early_zs_updated_quad_percentage, c, 100.0);
    EXPECT(early_zs_killed_quad_percentage, c, 100.0);
    EXPECT(late_zs_tested_quad_percentage, c, 100.0);
    EXPECT(late_zs_killed_quad_percentage, c, 100.0);
    EXPECT(fragment_shading_rate, c, 100.0);
    c.MaliCoreQuadsRasterizedFineQuads = 0;
    EXPECT_NAN(early_zs_tested_quad_percentage, c);
    EXPECT_NAN(early_zs_updated_quad_percentage, c);
    EXPECT_NAN(early_zs_killed_quad_percentage, c);
    EXPECT_NAN(late_zs_tested_quad_percentage, c);
    EXPECT_NAN(late_zs_killed_quad_percentage, c);
    EXPECT_NAN(fragment_shading_rate, c);
    EXPECT_NAN(fpk_killed_quad_percentage, c);

    /* 4.5.4 FPK: fine - killed - warps*4 over fine. It cannot exceed 100
     * (only subtractions of counts from the denominator), but goes negative
     * when more quads are shaded or killed than rasterized. */
    c = z;
    c.MaliCoreQuadsRasterizedFineQuads = 100;
    c.MaliCoreQuadsEarlyZSKilledQuads = 50;
    c.MaliCoreWarpsFragmentWarps = 100; /* (100 - 50 - 400) / 100 = -3.5 -> -350 -> 0 */
    EXPECT(fpk_killed_quad_percentage, c, 0.0);
    c.MaliCoreQuadsEarlyZSKilledQuads = 0;
    c.MaliCoreWarpsFragmentWarps = 0;   /* (100 - 0 - 0) / 100 -> 100 exactly */
    EXPECT(fpk_killed_quad_percentage, c, 100.0);
    c.MaliCoreQuadsEarlyZSKilledQuads = 20;
    c.MaliCoreWarpsFragmentWarps = 20;  /* (100 - 20 - 80) / 100 = 0 */
    EXPECT(fpk_killed_quad_percentage, c, 0.0);
}

/* ---- section 5: shader core data path ---------------------------------- */

static const struct mali_g720_counters g5 = {
    .MaliGPUCyclesGPUActive = 1024,
    .MaliCoreCyclesAnyActive = 768,
    .MaliCoreCyclesNonFragmentActive = 192,
    .MaliCoreCyclesFragmentActive = 576,
    .MaliCoreCyclesExecutionCoreActive = 384,
    .MaliCoreWarpsNonFragmentWarps = 4,
    .MaliCoreWarpsFragmentWarps = 50,
    .MaliCoreThreadsFragmentThreads = 2304,
};

static void test_shader_core_data_path(void **state)
{
    (void)state;
    const struct mali_g720_counters c = g5;
    EXPECT(non_fragment_warps, c, 4.0);
    EXPECT(fragment_warps, c, 50.0);
    EXPECT(non_fragment_cycles_per_thread, c, 3.0);  /* 192 / (4 * 16) = 192/64 */
    EXPECT(fragment_cycles_per_thread, c, 0.25);     /* 576 / 2304 */
    EXPECT(shader_core_usage, c, 75.0);              /* 768/1024 = .75 */
    EXPECT(non_fragment_utilization, c, 25.0);       /* 192/768 = .25 */
    EXPECT(fragment_utilization, c, 75.0);           /* 576/768 = .75 */
    EXPECT(execution_core_utilization, c, 50.0);     /* 384/768 = .5 */
}

static void test_shader_core_data_path_clamps(void **state)
{
    (void)state;
    struct mali_g720_counters c;
    /* 5.3.x: one counter over another, no subtraction: never negative. */
    c = g5;
    c.MaliCoreCyclesAnyActive = 2048;          /* 2048/1024 = 2 -> 200 -> 100 */
    c.MaliCoreCyclesNonFragmentActive = 4096;  /* over 2048: 200 -> 100 */
    c.MaliCoreCyclesFragmentActive = 2049;     /* just above: 100.04.. -> 100 */
    c.MaliCoreCyclesExecutionCoreActive = 3072; /* 150 -> 100 */
    EXPECT(shader_core_usage, c, 100.0);
    EXPECT(non_fragment_utilization, c, 100.0);
    EXPECT(fragment_utilization, c, 100.0);
    EXPECT(execution_core_utilization, c, 100.0);
    c.MaliCoreCyclesAnyActive = 1024; /* every ratio exactly 1 -> 100 */
    c.MaliCoreCyclesNonFragmentActive = 1024;
    c.MaliCoreCyclesFragmentActive = 1024;
    c.MaliCoreCyclesExecutionCoreActive = 1024;
    EXPECT(shader_core_usage, c, 100.0);
    EXPECT(non_fragment_utilization, c, 100.0);
    EXPECT(fragment_utilization, c, 100.0);
    EXPECT(execution_core_utilization, c, 100.0);
    c.MaliGPUCyclesGPUActive = 0;
    EXPECT_NAN(shader_core_usage, c);
    c.MaliCoreCyclesAnyActive = 0;
    EXPECT_NAN(non_fragment_utilization, c);
    EXPECT_NAN(fragment_utilization, c);
    EXPECT_NAN(execution_core_utilization, c);
    /* 5.2: zero warps or threads */
    c = g5;
    c.MaliCoreWarpsNonFragmentWarps = 0;  /* 192 / (0 * 16) */
    c.MaliCoreThreadsFragmentThreads = 0; /* 576 / 0 */
    EXPECT_NAN(non_fragment_cycles_per_thread, c);
    EXPECT_NAN(fragment_cycles_per_thread, c);
}

/* ---- section 6: shader core functional units --------------------------- */

static const struct mali_g720_counters g6 = {
    .MaliCoreCyclesExecutionCoreActive = 800,
    .MaliCoreInstructionsFMAInstructions = 250,
    .MaliCoreInstructionsCVTInstructions = 100,
    .MaliCoreInstructionsSFUInstructions = 50,
    .MaliCoreInstructionsNarrowInstructions = 100,
    .MaliCoreInstructionsDivergedInstructions = 50,
    .MaliCoreVaryingIssues32BitInterpolationSlots = 400,
    .MaliCoreVaryingIssues16BitInterpolationSlots = 800,
    .MaliCoreTextureCyclesTexturingActive = 100,
    .MaliCoreTextureCacheCyclesCacheLookup = 200,
    .MaliCoreTextureCacheCyclesSimpleLoad = 50,
    .MaliCoreTextureCacheCyclesComplexLoad = 60,
    .MaliTextureBusInputBeats = 70,
    .MaliTextureBusOutputBeats = 80,
    .MaliCoreTextureCacheCyclesL1OutputActive = 90,
    .MaliCoreTextureCacheCyclesL1LookupActive = 110,
    .MaliCoreTextureCyclesIndexCalculation = 120,
    .MaliCoreLoadStoreCyclesFullReadCycles = 100,
    .MaliCoreLoadStoreCyclesPartialReadCycles = 60,
    .MaliCoreLoadStoreCyclesFullWriteCycles = 25,
    .MaliCoreLoadStoreCyclesPartialWriteCycles = 7,
    .MaliCoreLoadStoreCyclesAtomicAccessCycles = 8,
    .MaliRayTracingCyclesBoxTesterActive = 400,
    .MaliRayTracingCyclesTriangleTesterActive = 100,
    .MaliCoreWarpsNonFragmentWarps = 64,
    .MaliCoreWarpsFragmentWarps = 64,
    .MaliCoreWarpsAllRegisterWarps = 32,
    .MaliCoreWarpsFullQuadWarps = 96,
    .MaliCoreInstructionsBlendShaderCalls = 2,
    .MaliCoreQuadsPartialRasterizedFineQuads = 100,
    .MaliCoreQuadsRasterizedFineQuads = 400,
    .MaliCoreThreadsFragmentThreads = 768,
    .MaliCoreQuadsRasterizedCoarseQuads = 300,
    .MaliCoreTilesTiles = 100,
    .MaliCoreTilesUnchangedTilesKilled = 100,
};

static void test_functional_units(void **state)
{
    (void)state;
    const struct mali_g720_counters c = g6;
    /* 6.1.1: CVT + SFU = 150; min(250 - 150, 0) = 0; (250 - 0) / 2 = 125;
     * max(150 + 125, 50 * 4) = max(275, 200) = 275; 275/800 = .34375 */
    EXPECT(arithmetic_unit_utilization, c, 34.375);
    /* 6.1.2: (400/4 + 800/4) / 800 = (100 + 200) / 800 = .375 */
    EXPECT(varying_unit_utilization, c, 37.5);
    /* 6.1.3: max(100, 200, 50, 60, 70, 80, 90, 110, 120) = 200; 200/800 */
    EXPECT(texture_unit_utilization, c, 25.0);
    /* 6.1.4: (100 + 60 + 25 + 7 + 8) / 800 = 200/800 */
    EXPECT(load_store_unit_utilization, c, 25.0);
    /* 6.1.5: max(400, 100) / 800 */
    EXPECT(ray_tracing_unit_utilization, c, 50.0);
}

/* The nine texture pipeline stages of 6.1.3's max(), in its order, with
 * stage k at `top` and the others at 10, 20, ... 90. */
static void set_texture_stages(struct mali_g720_counters *c, int k,
                               uint64_t top)
{
    uint64_t v[9];
    for (int j = 0; j < 9; j++)
        v[j] = j == k ? top : 10 * (uint64_t)(j + 1);
    c->MaliCoreTextureCyclesTexturingActive = v[0];
    c->MaliCoreTextureCacheCyclesCacheLookup = v[1];
    c->MaliCoreTextureCacheCyclesSimpleLoad = v[2];
    c->MaliCoreTextureCacheCyclesComplexLoad = v[3];
    c->MaliTextureBusInputBeats = v[4];
    c->MaliTextureBusOutputBeats = v[5];
    c->MaliCoreTextureCacheCyclesL1OutputActive = v[6];
    c->MaliCoreTextureCacheCyclesL1LookupActive = v[7];
    c->MaliCoreTextureCyclesIndexCalculation = v[8];
}

/* 6.1.1 in its three regimes, and 6.1.3 / 6.1.5 with each argument the
 * largest, so a mis-nested max() shows. */
static void test_functional_units_cases(void **state)
{
    (void)state;
    struct mali_g720_counters c = g6;
    /* FMA < CVT + SFU: CVT + SFU = 300; min(100 - 300, 0) = -200;
     * (100 - -200) / 2 = 150; max(300 + 150, 100 * 4) = max(450, 400) = 450;
     * 450/800 = .5625 */
    c.MaliCoreInstructionsFMAInstructions = 100;
    c.MaliCoreInstructionsCVTInstructions = 200;
    c.MaliCoreInstructionsSFUInstructions = 100;
    EXPECT(arithmetic_unit_utilization, c, 56.25);
    /* SFU bound: CVT + SFU = 200; min(0 - 200, 0) = -200; (0 + 200) / 2 = 100;
     * max(200 + 100, 200 * 4) = 800; 800/800 -> exactly 100 */
    c.MaliCoreInstructionsFMAInstructions = 0;
    c.MaliCoreInstructionsCVTInstructions = 0;
    c.MaliCoreInstructionsSFUInstructions = 200;
    EXPECT(arithmetic_unit_utilization, c, 100.0);
    /* FMA only: max(0 + 0 + (400 - 0) / 2, 0) = 200; 200/800 = .25 */
    c.MaliCoreInstructionsFMAInstructions = 400;
    c.MaliCoreInstructionsSFUInstructions = 0;
    EXPECT(arithmetic_unit_utilization, c, 25.0);
    /* nothing issued: 0/800 = 0 */
    c.MaliCoreInstructionsFMAInstructions = 0;
    EXPECT(arithmetic_unit_utilization, c, 0.0);

    /* 6.1.3: each of the nine stages in turn is 600, the others 10..90;
     * 600/800 = .75 -> 75 every time. */
    for (int k = 0; k < 9; k++) {
        c = g6;
        set_texture_stages(&c, k, 600);
        EXPECT(texture_unit_utilization, c, 75.0);
    }
    /* 6.1.5: the triangle tester the busier one: max(100, 600)/800 = .75 */
    c = g6;
    c.MaliRayTracingCyclesBoxTesterActive = 100;
    c.MaliRayTracingCyclesTriangleTesterActive = 600;
    EXPECT(ray_tracing_unit_utilization, c, 75.0);
}

/* The series from Arm's counter database, worked by hand from its
 * formulas: MaliALUIssueCy = max(CVT + SFU + ((FMA - min(FMA, CVT + SFU))
 * / 2), SFU * 4), MaliALUUtil = MaliALUIssueCy / MaliCoreActiveCy * 100,
 * MaliFragFPKBUtil = MaliFragFPKActiveCy / MaliMainActiveCy * 100,
 * MaliTexIssueCy = max of the nine texture stages, MaliTexQuads =
 * MaliTexOutMsg * 2 - MaliTexOutSingleMsg, MaliTexSample = MaliTexQuads * 4,
 * MaliTexCPI = MaliTexIssueCy / MaliTexSample. None is clamped. */
static void test_database_series(void **state)
{
    (void)state;
    struct mali_g720_counters c = {
        .MaliCoreInstructionsCVTInstructions = 50,
        .MaliCoreCyclesExecutionCoreActive = 100,
    };
    /* CVT = 50, FMA = SFU = 0 over 100 cycles. Guide: min(0 - 50, 0) = -50;
     * (0 + 50) / 2 = 25; max(50 + 25, 0) = 75 -> 75 %. Database:
     * min(0, 50) = 0; (0 - 0) / 2 = 0; max(50 + 0, 0) = 50 -> 50 %. */
    EXPECT(arithmetic_unit_utilization, c, 75.0);
    EXPECT(arithmetic_unit_issue_cycles, c, 50.0);
    EXPECT(arithmetic_unit_utilization_database, c, 50.0);
    /* g6: FMA 250, CVT 100, SFU 50 over 800. Database: CVT + SFU = 150;
     * min(250, 150) = 150; (250 - 150) / 2 = 50; max(200, 200) = 200;
     * 200/800 = .25 (the guide gives 34.375, test_functional_units). */
    c = g6;
    EXPECT(arithmetic_unit_issue_cycles, c, 200.0);
    EXPECT(arithmetic_unit_utilization_database, c, 25.0);
    /* SFU bound: SFU = 100: max(100 + 0, 400) = 400; 400/100 = 4 -> 400 %,
     * not clamped */
    c.MaliCoreInstructionsFMAInstructions = 0;
    c.MaliCoreInstructionsCVTInstructions = 0;
    c.MaliCoreInstructionsSFUInstructions = 100;
    c.MaliCoreCyclesExecutionCoreActive = 100;
    EXPECT(arithmetic_unit_issue_cycles, c, 400.0);
    EXPECT(arithmetic_unit_utilization_database, c, 400.0);
    c.MaliCoreCyclesExecutionCoreActive = 0;
    EXPECT_NAN(arithmetic_unit_utilization_database, c);

    /* 5.3.4: 144/576 = .25; 1152/576 = 2 -> 200, not clamped */
    c = (struct mali_g720_counters){.MaliCoreCyclesFragmentFPKBActive = 144,
                                    .MaliCoreCyclesFragmentActive = 576};
    EXPECT(fragment_fpk_buffer_utilization, c, 25.0);
    c.MaliCoreCyclesFragmentFPKBActive = 1152;
    EXPECT(fragment_fpk_buffer_utilization, c, 200.0);
    c.MaliCoreCyclesFragmentActive = 0;
    EXPECT_NAN(fragment_fpk_buffer_utilization, c);

    /* 8.1.2: stages 400, 10..80; 100 messages, 40 with a single quad:
     * quads 100 * 2 - 40 = 160, samples 640, 400/640 = .625 */
    c = (struct mali_g720_counters){
        .MaliCoreTextureCyclesTexturingActive = 400,
        .MaliCoreTextureCacheCyclesCacheLookup = 10,
        .MaliCoreTextureCacheCyclesSimpleLoad = 20,
        .MaliCoreTextureCacheCyclesComplexLoad = 30,
        .MaliTextureBusInputBeats = 40,
        .MaliTextureBusOutputBeats = 50,
        .MaliCoreTextureCacheCyclesL1OutputActive = 60,
        .MaliCoreTextureCacheCyclesL1LookupActive = 70,
        .MaliCoreTextureCyclesIndexCalculation = 80,
        .MaliCoreTextureQuadsTextureMessages = 100,
        .MaliCoreTextureQuadsTextureMessagesWithSingleQuad = 40,
    };
    EXPECT(texture_unit_issue_cycles, c, 400.0);
    EXPECT(texture_quads, c, 160.0);
    EXPECT(texture_samples, c, 640.0);
    EXPECT(texture_filtering_cycles_per_instruction, c, 0.625);
    /* each of the nine stages in turn the largest (320): 320/640 = .5 */
    for (int k = 0; k < 9; k++) {
        set_texture_stages(&c, k, 320);
        EXPECT(texture_unit_issue_cycles, c, 320.0);
        EXPECT(texture_filtering_cycles_per_instruction, c, 0.5);
    }
    /* every message a single quad: 40 * 2 - 40 = 40 quads, 160 samples */
    c.MaliCoreTextureQuadsTextureMessages = 40;
    EXPECT(texture_quads, c, 40.0);
    EXPECT(texture_filtering_cycles_per_instruction, c, 2.0); /* 320/160 */
    c.MaliCoreTextureQuadsTextureMessages = 0;
    c.MaliCoreTextureQuadsTextureMessagesWithSingleQuad = 0;
    EXPECT_NAN(texture_filtering_cycles_per_instruction, c); /* 320/0 */
}

static void test_functional_units_clamps(void **state)
{
    (void)state;
    struct mali_g720_counters c;
    /* All of 6.1 divide by execution core active. Numerators: 6.1.1's
     * FMA - min(FMA - X, 0) is FMA when FMA >= X and X otherwise, never
     * negative; the others are sums and max() of counters. So 0 is the
     * lowest value and the negative clamp cannot be reached. */
    c = g6;
    c.MaliCoreCyclesExecutionCoreActive = 100;
    EXPECT(arithmetic_unit_utilization, c, 100.0);  /* 275/100 -> 275 -> 100 */
    EXPECT(varying_unit_utilization, c, 100.0);     /* 300/100 -> 300 -> 100 */
    EXPECT(texture_unit_utilization, c, 100.0);     /* 200/100 -> 200 -> 100 */
    EXPECT(load_store_unit_utilization, c, 100.0);  /* 200/100 -> 200 -> 100 */
    EXPECT(ray_tracing_unit_utilization, c, 100.0); /* 400/100 -> 400 -> 100 */
    c.MaliCoreCyclesExecutionCoreActive = 275;
    EXPECT(arithmetic_unit_utilization, c, 100.0);  /* 275/275 exactly */
    c.MaliCoreCyclesExecutionCoreActive = 300;
    EXPECT(varying_unit_utilization, c, 100.0);     /* 300/300 */
    c.MaliCoreCyclesExecutionCoreActive = 200;
    EXPECT(texture_unit_utilization, c, 100.0);     /* 200/200 */
    EXPECT(load_store_unit_utilization, c, 100.0);  /* 200/200 */
    c.MaliCoreCyclesExecutionCoreActive = 400;
    EXPECT(ray_tracing_unit_utilization, c, 100.0); /* 400/400 */
    c.MaliCoreCyclesExecutionCoreActive = 0;
    EXPECT_NAN(arithmetic_unit_utilization, c);
    EXPECT_NAN(varying_unit_utilization, c);
    EXPECT_NAN(texture_unit_utilization, c);
    EXPECT_NAN(load_store_unit_utilization, c);
    EXPECT_NAN(ray_tracing_unit_utilization, c);
}

static void test_shader_program_properties(void **state)
{
    (void)state;
    const struct mali_g720_counters c = g6;
    /* 6.2: FMA + CVT + SFU = 250 + 100 + 50 = 400; warps 64 + 64 = 128 */
    EXPECT(narrow_arithmetic_percentage, c, 25.0);   /* 100/400 */
    EXPECT(warp_divergence_percentage, c, 12.5);     /* 50/400 */
    EXPECT(all_registers_warp_rate, c, 25.0);        /* 32/128 */
    EXPECT(shader_blend_path_percentage, c, 12.5);   /* (2 * 4)/64 = .125 */
    /* 6.3 */
    EXPECT(partial_coverage_rate, c, 25.0);          /* 100/400 */
    EXPECT(fragment_warp_occupancy, c, 75.0);        /* 768/(64 * 16) = 768/1024 */
    EXPECT(full_quad_warp_rate, c, 75.0);            /* 96/128 */
    EXPECT(fragment_shading_rate_6_3_4, c, 75.0);    /* 300/400 */
    EXPECT(unchanged_tile_kill_rate, c, 25.0);       /* 100/(4 * 100) */
}

static void test_shader_program_properties_clamps(void **state)
{
    (void)state;
    struct mali_g720_counters c;
    /* None of 6.2/6.3 subtracts: the negative clamp cannot be reached. */
    c = g6; /* above 100 */
    c.MaliCoreInstructionsNarrowInstructions = 500;   /* 500/400 -> 125 -> 100 */
    c.MaliCoreInstructionsDivergedInstructions = 401; /* 100.25 -> 100 */
    c.MaliCoreWarpsAllRegisterWarps = 256;            /* 256/128 -> 200 -> 100 */
    c.MaliCoreInstructionsBlendShaderCalls = 32;      /* 128/64 -> 200 -> 100 */
    c.MaliCoreQuadsPartialRasterizedFineQuads = 800;  /* 200 -> 100 */
    c.MaliCoreThreadsFragmentThreads = 2048;          /* 2048/1024 -> 200 -> 100 */
    c.MaliCoreWarpsFullQuadWarps = 129;               /* 129/128 -> 100.78 -> 100 */
    c.MaliCoreQuadsRasterizedCoarseQuads = 1600;      /* 400 -> 100 */
    c.MaliCoreTilesUnchangedTilesKilled = 800;        /* 800/400 -> 200 -> 100 */
    EXPECT(narrow_arithmetic_percentage, c, 100.0);
    EXPECT(warp_divergence_percentage, c, 100.0);
    EXPECT(all_registers_warp_rate, c, 100.0);
    EXPECT(shader_blend_path_percentage, c, 100.0);
    EXPECT(partial_coverage_rate, c, 100.0);
    EXPECT(fragment_warp_occupancy, c, 100.0);
    EXPECT(full_quad_warp_rate, c, 100.0);
    EXPECT(fragment_shading_rate_6_3_4, c, 100.0);
    EXPECT(unchanged_tile_kill_rate, c, 100.0);
    c = g6; /* exactly 100 */
    c.MaliCoreInstructionsNarrowInstructions = 400;
    c.MaliCoreInstructionsDivergedInstructions = 400;
    c.MaliCoreWarpsAllRegisterWarps = 128;
    c.MaliCoreInstructionsBlendShaderCalls = 16;      /* 64/64 */
    c.MaliCoreQuadsPartialRasterizedFineQuads = 400;
    c.MaliCoreThreadsFragmentThreads = 1024;
    c.MaliCoreWarpsFullQuadWarps = 128;
    c.MaliCoreQuadsRasterizedCoarseQuads = 400;
    c.MaliCoreTilesUnchangedTilesKilled = 400;
    EXPECT(narrow_arithmetic_percentage, c, 100.0);
    EXPECT(warp_divergence_percentage, c, 100.0);
    EXPECT(all_registers_warp_rate, c, 100.0);
    EXPECT(shader_blend_path_percentage, c, 100.0);
    EXPECT(partial_coverage_rate, c, 100.0);
    EXPECT(fragment_warp_occupancy, c, 100.0);
    EXPECT(full_quad_warp_rate, c, 100.0);
    EXPECT(fragment_shading_rate_6_3_4, c, 100.0);
    EXPECT(unchanged_tile_kill_rate, c, 100.0);
    c = g6; /* zero denominators */
    c.MaliCoreInstructionsFMAInstructions = 0;
    c.MaliCoreInstructionsCVTInstructions = 0;
    c.MaliCoreInstructionsSFUInstructions = 0;
    c.MaliCoreWarpsNonFragmentWarps = 0;
    c.MaliCoreWarpsFragmentWarps = 0;
    c.MaliCoreQuadsRasterizedFineQuads = 0;
    c.MaliCoreTilesTiles = 0;
    EXPECT_NAN(narrow_arithmetic_percentage, c);
    EXPECT_NAN(warp_divergence_percentage, c);
    EXPECT_NAN(all_registers_warp_rate, c);
    EXPECT_NAN(shader_blend_path_percentage, c);
    EXPECT_NAN(partial_coverage_rate, c);
    EXPECT_NAN(fragment_warp_occupancy, c);
    EXPECT_NAN(full_quad_warp_rate, c);
    EXPECT_NAN(fragment_shading_rate_6_3_4, c);
    EXPECT_NAN(unchanged_tile_kill_rate, c);
    /* 0/0 too: a zero numerator does not rescue a zero denominator */
    c.MaliCoreInstructionsNarrowInstructions = 0;
    c.MaliCoreTilesUnchangedTilesKilled = 0;
    EXPECT_NAN(narrow_arithmetic_percentage, c);
    EXPECT_NAN(unchanged_tile_kill_rate, c);
}

/* ---- sections 7-12 ------------------------------------------------------ */

static void test_varying_unit(void **state)
{
    (void)state;
    struct mali_g720_counters c = g6;
    EXPECT(varying_cycles, c, 300.0);              /* 400/4 + 800/4 = 100 + 200 */
    EXPECT(16_bit_interpolation_cycles, c, 200.0); /* 800/4 */
    EXPECT(32_bit_interpolation_cycles, c, 100.0); /* 400/4 */
    c.MaliCoreVaryingIssues32BitInterpolationSlots = 5; /* 5/4 = 1.25 */
    c.MaliCoreVaryingIssues16BitInterpolationSlots = 3; /* 3/4 = .75 */
    EXPECT(varying_cycles, c, 2.0);
    EXPECT(16_bit_interpolation_cycles, c, 0.75);
    EXPECT(32_bit_interpolation_cycles, c, 1.25);
}

static void test_texture_unit(void **state)
{
    (void)state;
    struct mali_g720_counters c = {
        .MaliCoreTextureCyclesTexturingActive = 400,
        .MaliCoreL2ReadsTextureL2ReadBeats = 100,
        .MaliCoreExternalReadsTextureExternalReadBeats = 25,
    };
    EXPECT(texture_filtering_cycles, c, 400.0);
    EXPECT(texture_bytes_read_from_l2_per_texture_cycle, c, 4.0); /* 100*16/400 */
    EXPECT(texture_bytes_read_from_external_memory_per_texture_cycle, c, 1.0); /* 25*16/400 */
    c.MaliCoreTextureCyclesTexturingActive = 0;
    EXPECT(texture_filtering_cycles, c, 0.0);
    EXPECT_NAN(texture_bytes_read_from_l2_per_texture_cycle, c);
    EXPECT_NAN(texture_bytes_read_from_external_memory_per_texture_cycle, c);
}

static void test_load_store_unit(void **state)
{
    (void)state;
    struct mali_g720_counters c = g6;
    c.MaliCoreL2ReadsLoadStoreL2ReadBeats = 30;
    c.MaliCoreExternalReadsLoadStoreExternalReadBeats = 5;
    c.MaliCoreWritesLoadStoreWriteBackWriteBeats = 10;
    c.MaliCoreWritesLoadStoreOtherWriteBeats = 6;
    EXPECT(load_store_total_issues, c, 200.0); /* 100 + 60 + 25 + 7 + 8 */
    EXPECT(load_store_full_read_issues, c, 100.0);
    EXPECT(load_store_partial_read_issues, c, 60.0);
    EXPECT(load_store_full_write_issues, c, 25.0);
    EXPECT(load_store_partial_write_issues, c, 7.0);
    EXPECT(load_store_atomic_issues, c, 8.0);
    /* 30*16 / (100 + 60) = 480/160 */
    EXPECT(load_store_bytes_read_from_l2_per_access_cycle, c, 3.0);
    /* 5*16 / 160 = 80/160 */
    EXPECT(load_store_bytes_read_from_external_memory_per_access_cycle, c, 0.5);
    /* (10 + 6)*16 / (25 + 7) = 256/32 */
    EXPECT(load_store_bytes_written_to_l2_per_access_cycle, c, 8.0);
    c.MaliCoreLoadStoreCyclesFullReadCycles = 0;
    c.MaliCoreLoadStoreCyclesPartialReadCycles = 0;
    c.MaliCoreLoadStoreCyclesFullWriteCycles = 0;
    c.MaliCoreLoadStoreCyclesPartialWriteCycles = 0;
    EXPECT(load_store_total_issues, c, 8.0); /* only the atomics left */
    EXPECT_NAN(load_store_bytes_read_from_l2_per_access_cycle, c);
    EXPECT_NAN(load_store_bytes_read_from_external_memory_per_access_cycle, c);
    EXPECT_NAN(load_store_bytes_written_to_l2_per_access_cycle, c);
}

static void test_ray_tracing_unit(void **state)
{
    (void)state;
    const struct mali_g720_counters c = {
        .MaliRayTracingCyclesBoxTesterActive = 101,
        .MaliRayTracingCyclesTriangleTesterActive = 102,
        .MaliRayTracingRaysStarted = 103,
        .MaliRayTracingIntersectionsOpaqueTriangleHits = 104,
        .MaliRayTracingIntersectionsNonOpaqueTriangleHits = 105,
        .MaliRayTracingIntersectionsRayMisses = 106,
        .MaliRayTracingIntersectionsTerminationsOnFirstTriangleHit = 107,
        .MaliRayTracingBoxTestUsageBoxNodesWith1316Rays = 108,
        .MaliRayTracingBoxTestUsageBoxNodesWith912Rays = 109,
        .MaliRayTracingBoxTestUsageBoxNodesWith58Rays = 110,
        .MaliRayTracingBoxTestUsageBoxNodesWith14Rays = 111,
        .MaliRayTracingTriangleTestUsageTriangleBatchesWith1316Rays = 112,
        .MaliRayTracingTriangleTestUsageTriangleBatchesWith912Rays = 113,
        .MaliRayTracingTriangleTestUsageTriangleBatchesWith58Rays = 114,
        .MaliRayTracingTriangleTestUsageTriangleBatchesWith14Rays = 115,
    };
    EXPECT(ray_tracing_box_tester_issue_cycles, c, 101.0);
    EXPECT(ray_tracing_triangle_tester_issue_cycles, c, 102.0);
    EXPECT(ray_tracing_rays_started, c, 103.0);
    EXPECT(ray_tracing_opaque_triangle_hits, c, 104.0);
    EXPECT(ray_tracing_non_opaque_triangle_hits, c, 105.0);
    EXPECT(ray_tracing_miss, c, 106.0);
    EXPECT(ray_tracing_first_hit_terminations, c, 107.0);
    EXPECT(ray_tracing_box_nodes_tested_with_13_16_rays, c, 108.0);
    EXPECT(ray_tracing_box_nodes_tested_with_9_12_rays, c, 109.0);
    EXPECT(ray_tracing_box_nodes_tested_with_5_8_rays, c, 110.0);
    EXPECT(ray_tracing_box_nodes_tested_with_1_4_rays, c, 111.0);
    EXPECT(ray_tracing_triangle_batches_tested_with_13_16_rays, c, 112.0);
    EXPECT(ray_tracing_triangle_batches_tested_with_9_12_rays, c, 113.0);
    EXPECT(ray_tracing_triangle_batches_tested_with_5_8_rays, c, 114.0);
    EXPECT(ray_tracing_triangle_batches_tested_with_1_4_rays, c, 115.0);
}

static void test_memory_traffic(void **state)
{
    (void)state;
    const struct mali_g720_counters c = {
        .MaliCoreL2ReadsFragmentL2ReadBeats = 10,
        .MaliCoreL2ReadsLoadStoreL2ReadBeats = 30,
        .MaliCoreL2ReadsTextureL2ReadBeats = 100,
        .MaliCoreExternalReadsFragmentExternalReadBeats = 3,
        .MaliCoreExternalReadsLoadStoreExternalReadBeats = 5,
        .MaliCoreExternalReadsTextureExternalReadBeats = 25,
        .MaliCoreWritesLoadStoreWriteBackWriteBeats = 10,
        .MaliCoreWritesLoadStoreOtherWriteBeats = 6,
        .MaliCoreWritesTileBufferWriteBeats = 7,
    };
    /* 16 bytes per beat */
    EXPECT(front_end_read_bytes_from_l2_cache, c, 160.0);        /* 10 * 16 */
    EXPECT(load_store_read_bytes_from_l2_cache, c, 480.0);       /* 30 * 16 */
    EXPECT(texture_read_bytes_from_l2_cache, c, 1600.0);         /* 100 * 16 */
    EXPECT(front_end_read_bytes_from_external_memory, c, 48.0);  /* 3 * 16 */
    EXPECT(load_store_read_bytes_from_external_memory, c, 80.0); /* 5 * 16 */
    EXPECT(texture_read_bytes_from_external_memory, c, 400.0);   /* 25 * 16 */
    EXPECT(load_store_write_bytes, c, 256.0);                    /* (10 + 6) * 16 */
    EXPECT(tile_buffer_write_bytes, c, 112.0);                   /* 7 * 16 */
}

static void test_gpu_configuration(void **state)
{
    (void)state;
    struct mali_g720_counters c = g3; /* 6 cores, 2 slices, 128-bit bus */
    EXPECT(shader_core_count, c, 6.0);
    EXPECT(l2_cache_slice_count, c, 2.0);
    EXPECT(external_bus_beat_size, c, 16.0);  /* 128 / 8 */
    c.MaliConstantsShaderCoreCount = 0;
    c.MaliConstantsL2SliceCount = 0.5;        /* doubles pass through */
    c.MaliConstantsBusWidthBits = 12;         /* 12 / 8 = 1.5 */
    EXPECT(shader_core_count, c, 0.0);
    EXPECT(l2_cache_slice_count, c, 0.5);
    EXPECT(external_bus_beat_size, c, 1.5);
    c.MaliConstantsBusWidthBits = 0;          /* 0 / 8: the divisor is 8 */
    EXPECT(external_bus_beat_size, c, 0.0);
}

/* Bitwise equal, or both NaN. */
static int same_double(double a, double b)
{
    if (isnan(a) && isnan(b))
        return 1;
    return memcmp(&a, &b, sizeof a) == 0;
}

/* The header's min and max: ties give the second operand, as
 * `a < b ? a : b` does, which the sign of zero shows; NaN in either
 * operand gives NaN; infinities order as numbers. */
static void test_min_max_helpers(void **state)
{
    (void)state;
    assert_true(signbit(hwcgen_min(-0.0, 0.0)) == 0);
    assert_true(signbit(hwcgen_min(0.0, -0.0)) != 0);
    assert_true(signbit(hwcgen_max(-0.0, 0.0)) == 0);
    assert_true(signbit(hwcgen_max(0.0, -0.0)) != 0);
    assert_true(isnan(hwcgen_min(NAN, 1.0)));
    assert_true(isnan(hwcgen_min(1.0, NAN)));
    assert_true(isnan(hwcgen_max(NAN, 1.0)));
    assert_true(isnan(hwcgen_max(1.0, NAN)));
    assert_true(hwcgen_min(-INFINITY, 3.0) == -INFINITY);
    assert_true(hwcgen_max(-INFINITY, 3.0) == 3.0);
    assert_true(hwcgen_min(2.5, 7.0) == 2.5);
    assert_true(hwcgen_max(2.5, 7.0) == 7.0);
    assert_true(hwcgen_max(hwcgen_min(250.0, 100.0), 0.0) == 100.0);
    assert_true(hwcgen_max(hwcgen_min(-5.0, 100.0), 0.0) == 0.0);
}

/* Counters are uint64_t; the evaluators convert to double. */
static void test_large_counters(void **state)
{
    (void)state;
    struct mali_g720_counters c = {0};
    c.MaliGPUCyclesGPUActive = (uint64_t)1 << 40;
    EXPECT(gpu_active_cycles, c, 1099511627776.0);            /* 2^40 */
    c.MaliGPUCyclesGPUActive = ((uint64_t)1 << 53) + 1;       /* rounds to even */
    EXPECT(gpu_active_cycles, c, 9007199254740992.0);         /* 2^53 */
    c.MaliGPUCyclesGPUActive = UINT64_MAX;                    /* 2^64 - 1 -> 2^64 */
    EXPECT(gpu_active_cycles, c, 18446744073709551616.0);
    c.MaliGPUCyclesMCUActive = UINT64_MAX / 2; /* 2^63 - 1 -> 2^63; 2^63/2^64 = .5 */
    EXPECT(microcontroller_utilization, c, 50.0);
    c.MaliCoreL2ReadsTextureL2ReadBeats = (uint64_t)1 << 40;  /* 2^40 * 16 = 2^44 */
    EXPECT(texture_read_bytes_from_l2_cache, c, 17592186044416.0);
}

static void test_external_series_are_nan(void **state)
{
    (void)state;
    const struct mali_g720_counters c = g3;
    assert_true(isnan(mali_g720_cpu_activity(&c)));
    assert_true(isnan(mali_g720_cpu_cycles(&c)));
    assert_true(isnan(mali_g720_fragment_fpk_buffer_utilization(&c)));
    assert_true(isnan(mali_g720_texture_filtering_cycles_per_instruction(&c)));
}

/* Runs after every hand-computed test: each of the evaluators with an
 * expression was asserted at least once. */
static void test_every_evaluator_covered(void **state)
{
    (void)state;
    int with_expr = 0, missing = 0;
    assert_int_equal(NMETRICS, MALI_G720_METRIC_COUNT);
    for (int i = 0; i < NMETRICS; i++) {
        assert_int_equal(metrics[i].index, i); /* the list is in enum order */
        if (!metrics[i].has_expr)
            continue;
        with_expr++;
        if (!covered[i]) {
            print_error("not asserted: mali_g720_%s\n", metrics[i].name);
            missing++;
        }
    }
    assert_int_equal(with_expr, 112);
    assert_int_equal(missing, 0);
}

/* ---- eval_all and metric_info ------------------------------------------ */

#define UNWRITTEN (-7777.25)

/* eval_all writes every slot, each equal to its single function; the
 * external series are NaN. */
static void check_eval_all(const struct mali_g720_counters *c, const char *what)
{
    double out[MALI_G720_METRIC_COUNT];
    for (int i = 0; i < MALI_G720_METRIC_COUNT; i++)
        out[i] = UNWRITTEN;
    mali_g720_eval_all(c, out);
    for (int i = 0; i < NMETRICS; i++) {
        double one = metrics[i].fn(c);
        double all = out[metrics[i].index];
        if (all == UNWRITTEN)
            fail_msg("%s: eval_all did not write %s", what, metrics[i].name);
        if (!metrics[i].has_expr && !isnan(all))
            fail_msg("%s: external %s is %.17g, not NaN", what, metrics[i].name, all);
        if (!same_double(one, all))
            fail_msg("%s: %s: eval_all %.17g, single function %.17g", what,
                     metrics[i].name, all, one);
    }
}

static void test_eval_all(void **state)
{
    (void)state;
    const struct mali_g720_counters zero = {0};
    struct mali_g720_counters mixed = g6, big;
    /* everything set at once, with the other sections' values */
    mixed.MaliGPUCyclesGPUActive = g3.MaliGPUCyclesGPUActive;
    mixed.MaliGPUCyclesMCUActive = g3.MaliGPUCyclesMCUActive;
    mixed.MaliGPUCyclesBinningPhaseQueued = 100; /* negative issue cycles */
    mixed.MaliGPUCyclesBinningPhaseEndpointStall = 300;
    mixed.MaliExternalBusBeatsReadBeats = g3.MaliExternalBusBeatsReadBeats;
    mixed.MaliPrimitiveCullingFrustumTestCulledPrimitives = 64;
    mixed.MaliPrimitiveCullingScissorTestCulledPrimitives = 48;
    mixed.MaliPrimitiveCullingFacingTestCulledPrimitives = 8;
    mixed.MaliPrimitiveCullingSampleTestCulledPrimitives = 2;
    mixed.MaliPrimitiveCullingVisiblePrimitives = 6;
    mixed.MaliCoreCyclesAnyActive = 2000;
    mixed.MaliConstantsShaderCoreCount = 6;
    mixed.MaliConstantsL2SliceCount = 2;
    mixed.MaliConstantsBusWidthBits = 128;
    memset(&big, 0xff, sizeof big); /* every counter UINT64_MAX */
    big.MaliConstantsShaderCoreCount = 1e6;
    big.MaliConstantsL2SliceCount = 3;
    big.MaliConstantsBusWidthBits = 256;

    check_eval_all(&g3, "section 3 sample");
    check_eval_all(&g4, "section 4 sample");
    check_eval_all(&g5, "section 5 sample");
    check_eval_all(&g6, "section 6 sample");
    check_eval_all(&zero, "all zero");
    check_eval_all(&mixed, "mixed");
    check_eval_all(&big, "all counters at UINT64_MAX");

    /* and a few slots by hand: the issue's example through eval_all */
    double out[MALI_G720_METRIC_COUNT];
    mali_g720_eval_all(&g3, out);
    assert_true(out[MALI_G720_METRIC_MICROCONTROLLER_UTILIZATION] == 25.0);
    assert_true(out[MALI_G720_METRIC_OUTPUT_EXTERNAL_READ_LATENCY_384_CYCLES] == 74.0);
    assert_true(out[MALI_G720_METRIC_EXTERNAL_BUS_BEAT_SIZE] == 16.0);
    assert_true(isnan(out[MALI_G720_METRIC_CPU_ACTIVITY]));
    assert_true(isnan(out[MALI_G720_METRIC_CPU_CYCLES]));
    assert_true(isnan(out[MALI_G720_METRIC_FRAGMENT_FPK_BUFFER_UTILIZATION]));
    assert_true(isnan(out[MALI_G720_METRIC_TEXTURE_FILTERING_CYCLES_PER_INSTRUCTION]));
    mali_g720_eval_all(&zero, out);
    assert_true(isnan(out[MALI_G720_METRIC_MICROCONTROLLER_UTILIZATION]));
    assert_true(out[MALI_G720_METRIC_GPU_ACTIVE_CYCLES] == 0.0);
}

static hw_target *load_g720(hw_diag *d)
{
    diag_init(d, NULL);
    hw_target *t = run_open(SPEC, NULL, d);
    if (!t)
        fail_msg("%s is not usable: %s", SPEC, d->log.data ? d->log.data : "");
    return t;
}

static void join_groups(const hw_metric *m, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int k = 0; k < m->ngroups; k++)
        n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", k ? ";" : "",
                              m->groups[k]);
    assert_true(n < size);
}

static void test_metric_info(void **state)
{
    (void)state;
    hw_diag d;
    hw_target *t = load_g720(&d);
    assert_int_equal(t->nmetrics, MALI_G720_METRIC_COUNT);
    int with_formula = 0;
    for (int i = 0; i < MALI_G720_METRIC_COUNT; i++) {
        const struct mali_g720_metric_info *info = mali_g720_metric_info(i);
        assert_non_null(info);
        assert_int_equal(metrics[i].index, i);
        assert_string_equal(info->name, metrics[i].name);
        int m = ir_find_metric(t, info->name);
        assert_true(m >= 0);
        const hw_metric *hm = &t->metrics[m];
        char groups[512];
        join_groups(hm, groups, sizeof groups);
        assert_string_equal(info->title, hm->title);
        assert_string_equal(info->units, hm->units ? hm->units : "");
        assert_string_equal(info->groups, groups);
        assert_string_equal(info->section, hm->number ? hm->number : "");
        assert_string_equal(info->formula, hm->formula ? hm->formula : "");
        /* a formula exactly when there is an evaluator with an expression */
        assert_int_equal(info->formula[0] != '\0', metrics[i].has_expr);
        assert_int_equal(hm->expr != NULL, metrics[i].has_expr);
        /* external="yes" only for 2.1 and 2.2; 5.3.4 and 8.1.2 have no
         * expression in the guide and take the database's */
        assert_int_equal((hm->flags & METRIC_EXTERNAL) != 0,
                         i == MALI_G720_METRIC_CPU_ACTIVITY || i == MALI_G720_METRIC_CPU_CYCLES);
        assert_int_equal((hm->flags & METRIC_DERIVED) != 0,
                         i == MALI_G720_METRIC_FACING_PLANE_TEST_CULL_RATE ||
                             i == MALI_G720_METRIC_SAMPLE_TEST_CULL_RATE);
        assert_int_equal((hm->flags & METRIC_CORRECTED) != 0,
                         i == MALI_G720_METRIC_TEXTURE_UNIT_UTILIZATION);
        assert_int_equal((hm->flags & METRIC_DATABASE) != 0,
                         i == MALI_G720_METRIC_FRAGMENT_FPK_BUFFER_UTILIZATION ||
                             i == MALI_G720_METRIC_ARITHMETIC_UNIT_UTILIZATION_DATABASE ||
                             i == MALI_G720_METRIC_ARITHMETIC_UNIT_ISSUE_CYCLES ||
                             i == MALI_G720_METRIC_TEXTURE_FILTERING_CYCLES_PER_INSTRUCTION ||
                             i == MALI_G720_METRIC_TEXTURE_UNIT_ISSUE_CYCLES ||
                             i == MALI_G720_METRIC_TEXTURE_QUADS ||
                             i == MALI_G720_METRIC_TEXTURE_SAMPLES);
        with_formula += info->formula[0] != '\0';
    }
    assert_int_equal(with_formula, 112);
    assert_null(mali_g720_metric_info(MALI_G720_METRIC_COUNT));
    assert_null(mali_g720_metric_info(-1));

    /* a few entries against the guide, by hand */
    const struct mali_g720_metric_info *mi;
    mi = mali_g720_metric_info(MALI_G720_METRIC_MICROCONTROLLER_UTILIZATION);
    assert_string_equal(mi->name, "microcontroller_utilization");
    assert_string_equal(mi->title, "Microcontroller utilization");
    assert_string_equal(mi->units, "percent");
    assert_string_equal(mi->groups, "gpu_utilization");
    assert_string_equal(mi->section, "3.2.1");
    assert_string_equal(mi->formula,
                        "max(min(($MaliGPUCyclesMCUActive / $MaliGPUCyclesGPUActive) * 100, 100), 0)");
    /* a database step has no place in the guide: no section number */
    mi = mali_g720_metric_info(MALI_G720_METRIC_TEXTURE_SAMPLES);
    assert_string_equal(mi->section, "");
    assert_string_equal(mi->formula, "texture_quads * 4");
    mi = mali_g720_metric_info(MALI_G720_METRIC_CPU_ACTIVITY);
    assert_string_equal(mi->section, "2.1");
    assert_string_equal(mi->formula, "");
    mi = mali_g720_metric_info(MALI_G720_METRIC_FRAGMENT_SHADING_RATE_6_3_4);
    assert_string_equal(mi->title, "Fragment shading rate");
    assert_string_equal(mi->section, "6.3.4");
    mi = mali_g720_metric_info(MALI_G720_METRIC_16_BIT_INTERPOLATION_CYCLES);
    assert_string_equal(mi->name, "16_bit_interpolation_cycles");
    assert_string_equal(mi->formula, "$MaliCoreVaryingIssues16BitInterpolationSlots / 4");
    /* 6.1.3: the corrected text, eight ')' after the last counter, not nine */
    mi = mali_g720_metric_info(MALI_G720_METRIC_TEXTURE_UNIT_UTILIZATION);
    assert_non_null(strstr(mi->formula, "$MaliCoreTextureCyclesIndexCalculation))))))))/ "));
    assert_null(strstr(mi->formula, "$MaliCoreTextureCyclesIndexCalculation)))))))))"));
    /* The guide's printed 6.1.3 does not parse; the spec's expression is
     * the printed text with exactly one ')' removed. */
    static const char printed_6_1_3[] =
        "max(min((max($MaliCoreTextureCyclesTexturingActive, "
        "max($MaliCoreTextureCacheCyclesCacheLookup, "
        "max($MaliCoreTextureCacheCyclesSimpleLoad, "
        "max($MaliCoreTextureCacheCyclesComplexLoad, max($MaliTextureBusInputBeats, "
        "max($MaliTextureBusOutputBeats, max($MaliCoreTextureCacheCyclesL1OutputActive, "
        "max($MaliCoreTextureCacheCyclesL1LookupActive, "
        "$MaliCoreTextureCyclesIndexCalculation)))))))))/ "
        "$MaliCoreCyclesExecutionCoreActive) * 100, 100), 0)";
    const hw_metric *tex = &t->metrics[ir_find_metric(t, "texture_unit_utilization")];
    assert_string_equal(tex->source_formula, printed_6_1_3);
    expr_error err;
    assert_null(expr_parse(t->arena, printed_6_1_3, &err));
    size_t len = strlen(mi->formula), removed = 0;
    assert_int_equal(strlen(printed_6_1_3), len + 1);
    while (removed < len && printed_6_1_3[removed] == mi->formula[removed])
        removed++;
    assert_int_equal(printed_6_1_3[removed], ')');
    assert_string_equal(printed_6_1_3 + removed + 1, mi->formula + removed);

    mi = mali_g720_metric_info(MALI_G720_METRIC_EXTERNAL_BUS_BEAT_SIZE);
    assert_string_equal(mi->units, "bytes");
    assert_string_equal(mi->groups, "gpu_configuration_counters");
    assert_string_equal(mi->formula, "($MaliConstantsBusWidthBits / 8)");

    target_free(t);
    diag_free(&d);
}

/* ---- differential: interpreter vs generated C --------------------------- */

static uint64_t rng = 0x2545F4914F6CDD1DULL; /* fixed seed */

static uint64_t random_count(void)
{
    switch (xorshift64(&rng) % 8) {
    case 0:
    case 1:
        return 0;
    case 2:
        return xorshift64(&rng) % 4;                 /* tiny: 0..3 */
    case 3:
        return xorshift64(&rng) % 64;                /* small */
    case 4:
        return xorshift64(&rng) % 10000;
    case 5:
        return xorshift64(&rng) % 100000000;
    case 6:
        return xorshift64(&rng) & (((uint64_t)1 << 40) - 1); /* up to 2^40 */
    default:
        return ((uint64_t)1 << 40) - xorshift64(&rng) % 3;   /* at 2^40 */
    }
}

static double random_constant(void)
{
    switch (xorshift64(&rng) % 6) {
    case 0:
        return 0;
    case 1:
        return (double)(1 + xorshift64(&rng) % 32);
    case 2:
        return (double)(32u << (xorshift64(&rng) % 4)); /* 32..256-bit bus */
    case 3:
        return (double)(xorshift64(&rng) % 1000) / 7.0;  /* not an integer */
    case 4:
        return -(double)(xorshift64(&rng) % 8);         /* nonsense, but a double */
    default:
        return (double)(xorshift64(&rng) & (((uint64_t)1 << 40) - 1));
    }
}

static void random_sample(struct mali_g720_counters *c)
{
    unsigned mode = (unsigned)(xorshift64(&rng) % 8);
    memset(c, 0, sizeof *c);
    /* mode 0: mostly zeros, to reach the NaN and 0/0 paths often */
#define X(f) c->f = mode == 0 ? (xorshift64(&rng) % 4 == 0 ? random_count() : 0) : random_count();
    G720_EVENTS(X)
#undef X
#define X(f) c->f = random_constant();
    G720_CONSTANTS(X)
#undef X
}

/* Distance in units in the last place; +0 and -0 are 0 apart. */
static uint64_t ulp_distance(double a, double b)
{
    int64_t ia, ib;
    memcpy(&ia, &a, sizeof ia);
    memcpy(&ib, &b, sizeof ib);
    if (ia < 0)
        ia = INT64_MIN - ia;
    if (ib < 0)
        ib = INT64_MIN - ib;
    return ia > ib ? (uint64_t)ia - (uint64_t)ib : (uint64_t)ib - (uint64_t)ia;
}

#define MAX_SLOTS 256

static void test_differential_interp(void **state)
{
    (void)state;
    hw_diag d;
    hw_target *t = load_g720(&d);

    /* struct fields -> IR indices, from the hand-written lists */
    int ev_ir[NEVENTS], k_ir[NCONSTANTS], m_ir[NMETRICS];
    assert_int_equal(t->nevents, NEVENTS);
    assert_int_equal(t->nconstants, NCONSTANTS);
    assert_int_equal(t->nmetrics, NMETRICS);
    assert_true(t->nevents <= MAX_SLOTS && t->nconstants <= MAX_SLOTS && t->nmetrics <= MAX_SLOTS);
    int seen[MAX_SLOTS] = {0};
    for (int i = 0; i < NEVENTS; i++) {
        ev_ir[i] = ir_find_event(t, event_names[i]);
        if (ev_ir[i] < 0)
            fail_msg("no event %s in the IR", event_names[i]);
        assert_false(seen[ev_ir[i]]++);
    }
    for (int i = 0; i < NCONSTANTS; i++) {
        k_ir[i] = ir_find_constant(t, constant_names[i]);
        if (k_ir[i] < 0)
            fail_msg("no constant %s in the IR", constant_names[i]);
        assert_false(t->constants[k_ir[i]].has_value); /* set at run time */
    }
    for (int i = 0; i < NMETRICS; i++) {
        m_ir[i] = ir_find_metric(t, metrics[i].name);
        if (m_ir[i] < 0)
            fail_msg("no metric %s in the IR", metrics[i].name);
        assert_int_equal(t->metrics[m_ir[i]].expr != NULL, metrics[i].has_expr);
    }

    long bitwise = 0, both_nan = 0, one_ulp = 0, clamped = 0;
    for (int s = 0; s < 10000; s++) {
        struct mali_g720_counters c;
        random_sample(&c);

        double ev[MAX_SLOTS], k[MAX_SLOTS], interp[MAX_SLOTS];
        double gen[MALI_G720_METRIC_COUNT];
        for (int i = 0; i < MAX_SLOTS; i++)
            ev[i] = k[i] = NAN;
        int n = 0;
#define X(f) ev[ev_ir[n++]] = (double)c.f;
        G720_EVENTS(X)
#undef X
        n = 0;
#define X(f) k[k_ir[n++]] = c.f;
        G720_CONSTANTS(X)
#undef X
        hw_values v = {ev, k, NULL};
        interp_all(t, &v, interp);
        mali_g720_eval_all(&c, gen);

        for (int i = 0; i < NMETRICS; i++) {
            double a = interp[m_ir[i]], b = gen[metrics[i].index];
            double one = metrics[i].fn(&c);
            if (!same_double(b, one))
                fail_msg("sample %d: %s: eval_all %.17g, single function %.17g", s,
                         metrics[i].name, b, one);
            if (isnan(a) && isnan(b)) {
                both_nan++;
            } else if (same_double(a, b)) {
                bitwise++;
            } else if (!isnan(a) && !isnan(b) && ulp_distance(a, b) <= 1) {
                one_ulp++;
            } else {
                fail_msg("sample %d: %s: interpreter %.17g, generated %.17g", s,
                         metrics[i].name, a, b);
            }
            if (metrics[i].has_expr && (b == 100.0 || b == 0.0) &&
                t->metrics[m_ir[i]].units && strcmp(t->metrics[m_ir[i]].units, "percent") == 0)
                clamped++;
        }
    }
    print_message("differential: 10000 samples x %d series: %ld bitwise equal, "
                  "%ld both NaN, %ld within 1 ulp; %ld percent values at 0 or 100\n",
                  NMETRICS, bitwise, both_nan, one_ulp, clamped);
    assert_int_equal(bitwise + both_nan + one_ulp, 10000L * NMETRICS);
    assert_true(both_nan > 10000L * 4); /* the external series, and more */
    assert_true(clamped > 0);

    target_free(t);
    diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_issue_example),
        cmocka_unit_test(test_gpu_activity),
        cmocka_unit_test(test_gpu_activity_clamps),
        cmocka_unit_test(test_content_behavior),
        cmocka_unit_test(test_content_behavior_clamps),
        cmocka_unit_test(test_shader_core_data_path),
        cmocka_unit_test(test_shader_core_data_path_clamps),
        cmocka_unit_test(test_functional_units),
        cmocka_unit_test(test_functional_units_cases),
        cmocka_unit_test(test_database_series),
        cmocka_unit_test(test_functional_units_clamps),
        cmocka_unit_test(test_shader_program_properties),
        cmocka_unit_test(test_shader_program_properties_clamps),
        cmocka_unit_test(test_varying_unit),
        cmocka_unit_test(test_texture_unit),
        cmocka_unit_test(test_load_store_unit),
        cmocka_unit_test(test_ray_tracing_unit),
        cmocka_unit_test(test_memory_traffic),
        cmocka_unit_test(test_gpu_configuration),
        cmocka_unit_test(test_min_max_helpers),
        cmocka_unit_test(test_large_counters),
        cmocka_unit_test(test_external_series_are_nan),
        cmocka_unit_test(test_every_evaluator_covered),
        cmocka_unit_test(test_eval_all),
        cmocka_unit_test(test_metric_info),
        cmocka_unit_test(test_differential_interp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
