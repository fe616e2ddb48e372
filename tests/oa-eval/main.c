/* main.c - hwcgen eval of an Intel OA set against hwcgen's generated C.
 *
 * Built against one platform's metrics header (-DID=intel_oa_metrics_<chip>,
 * -include hwcgen/<id>_metrics.h). Given a set's symbol name and a seed, it
 * fills the accumulator and the system values with pseudo-random values
 * (spread so that divisors are sometimes 0 and products sometimes wrap),
 * then prints to stdout every counter of the set as the generated read
 * function gives it, in `hwcgen eval`'s format ("Symbol value", an
 * integer, or a float with %.9g), and to stderr the NAME=VALUE words that
 * give `hwcgen eval` the same inputs. check.sh compares the two.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define SYSVARS struct CAT(ID, _sysvars)
#define ACC struct CAT(ID, _accumulator)
#define SET struct CAT(ID, _set)
#define COUNTER struct CAT(ID, _counter)

static uint64_t state;

static uint64_t next(void)
{
    state = state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    uint64_t r = state >> 11;
    switch (r % 4) {
    case 0:
        return 0;
    case 1:
        return r % 16;
    case 2:
        return r % 1000000;
    default:
        return r;
    }
}

static void word(const char *name, int index, uint64_t v)
{
    if (index < 0)
        fprintf(stderr, "%s=%" PRIu64 "\n", name, v);
    else
        fprintf(stderr, "%s%d=%" PRIu64 "\n", name, index, v);
}

static void fill_acc(ACC *acc)
{
#define BLOCK(m, name)                                                         \
    for (int i = 0; i < (int)(sizeof acc->m / sizeof acc->m[0]); i++)          \
        word(name, sizeof acc->m / sizeof acc->m[0] > 1 ? i : -1, acc->m[i] = next());
    BLOCK(gpu_time, "GPU_TIME")
    BLOCK(gpu_clock, "GPU_CLOCK")
    BLOCK(a, "A")
    BLOCK(b, "B")
    BLOCK(c, "C")
    BLOCK(pec, "PEC")
    BLOCK(perfcnt, "PERFCNT")
#undef BLOCK
}

/* Each member, set from the generator and given by one of its $Names. */
static void fill_sysvars(SYSVARS *sv)
{
#define F(m, name) word(name, -1, (uint64_t)(sv->m = next()));
    F(n_eus, "$EuCoresTotalCount")
    F(n_eu_slices, "$EuSlicesTotalCount")
    F(n_eu_sub_slices, "$EuSubslicesTotalCount")
    F(n_eu_slice0123, "$EuDualSubslicesSlice0123Count")
    F(num_thread_per_eu, "$EuThreadsCount")
    F(slice_mask, "$SliceMask")
    F(subslice_mask, "$SubsliceMask")
    F(timestamp_frequency, "$GpuTimestampFrequency")
    F(gt_min_freq, "$GpuMinFrequency")
    F(gt_max_freq, "$GpuMaxFrequency")
    F(revision, "$SkuRevisionId")
    F(query_mode, "$QueryMode")
    F(compute_engines, "$ComputeEngineTotalCount")
    F(copy_engines, "$CopyEngineTotalCount")
    F(n_l3_banks, "$L3BankTotalCount")
    F(n_l3_nodes, "$L3NodeTotalCount")
    F(n_sq_idis, "$SqidiTotalCount")
    F(n_geom_pipes, "$GeometryPipeTotalCount")
    F(n_depth_pipes, "$DepthPipeTotalCount")
    F(n_color_pipes, "$ColorPipeTotalCount")
#undef F
    for (int s = 0; s < 8; s++) {
        uint64_t bit = next() & 1;
        sv->gt_slice_mask |= bit << s;
        fprintf(stderr, "$GtSlice%d=%" PRIu64 "\n", s, bit);
        for (int x = 0; x < 32; x++) {
            bit = next() & 1;
            sv->gt_xecore_mask[s] |= bit << x;
            fprintf(stderr, "$GtSlice%dXeCore%d=%" PRIu64 "\n", s, x, bit);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s SET SEED\n", argv[0]);
        return 2;
    }
    int n;
    const SET *sets = CAT(ID, _sets)(&n), *set = NULL;
    for (int i = 0; i < n; i++)
        if (strcmp(sets[i].symbol_name, argv[1]) == 0)
            set = &sets[i];
    if (!set) {
        fprintf(stderr, "no set %s\n", argv[1]);
        return 1;
    }
    state = strtoull(argv[2], NULL, 10);
    static SYSVARS sv;
    static ACC acc;
    fill_acc(&acc);
    fill_sysvars(&sv);
    for (int i = 0; i < set->ncounters; i++) {
        const COUNTER *c = &set->counters[i];
        if (c->read_float)
            printf("%s %.9g\n", c->symbol_name, (double)c->read_float(&sv, &acc));
        else
            printf("%s %" PRIu64 "\n", c->symbol_name, (uint64_t)c->read_uint64(&sv, &acc));
    }
    return 0;
}
