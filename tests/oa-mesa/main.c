/* main.c - the comparison of hwcgen's OA headers with what Mesa's
 * gen_perf.py generates from the same XML (tests/oa-mesa/check.sh):
 * fixtures, the record of registered queries, random values, tallies.
 * Each platform's comparison is platform.c.in, instantiated per platform;
 * platforms.h (written by check.sh) calls them. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "oa_mesa.h"

/* Systems of different shapes: no slices, one, several with XeCores
 * fused off, every mask bit set; revisions on both sides of the
 * availability tests the files make (0x02, 0x05); query mode off and on. */
const struct fixture fixtures[] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, {0}},
    {24, 1, 3, 3, 8, 1, 2, 0x1, 0x7, 300, 1100, 0, 0, 7, 0, 0, 12500000, 0x1, {0x7}},
    {96, 1, 6, 6, 16, 4, 2, 0x1, 0x3f, 300, 1650, 1, 1, 8, 1, 1, 19200000, 0x1, {0xf, 0x3}},
    {512, 8, 32, 16, 32, 8, 4, 0xff, 0xffffffff, 100, 2400, 1, 2, 8, 4, 2, 100000000, 0xff,
     {0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf}},
    {192, 2, 12, 8, 16, 4, 2, 0x5, 0x0f0f, 300, 2000, 0, 5, 7, 2, 1, 38400000, 0x5,
     {0x9, 0, 0x6, 0, 0, 0, 0, 0}},
    {~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, 1, 0x7fffffff,
     ~0u, ~0u, ~0u, ~0ull, 0xff, {~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull}},
};
const int nfixtures = sizeof fixtures / sizeof fixtures[0];

struct intel_perf_query_info *queries[4096];
int nqueries;

void _mesa_hash_table_insert(struct hash_table *t, const void *key, void *data)
{
    (void)t;
    (void)key;
    if (nqueries < 4096)
        queries[nqueries++] = data;
}

void mesa_register(const struct fixture *f, int verx10,
                   void (*reg)(struct intel_perf_config *), struct intel_perf_config *perf)
{
    static struct intel_device_info dev;
    memset(&dev, 0, sizeof dev);
    memset(perf, 0, sizeof *perf);
    dev.verx10 = verx10;
    dev.revision = f->revision;
    dev.num_thread_per_eu = f->threads;
    dev.engine_class_supported_count[INTEL_ENGINE_CLASS_COMPUTE] = f->compute;
    dev.engine_class_supported_count[INTEL_ENGINE_CLASS_COPY] = f->copy;
    dev.timestamp_frequency = f->timestamp_frequency;
    dev.slice_masks = f->slices;
    memcpy(dev.xecore_masks, f->xecores, sizeof dev.xecore_masks);
    perf->devinfo = &dev;
    perf->sys_vars.n_eus = f->n_eus;
    perf->sys_vars.n_eu_slices = f->n_eu_slices;
    perf->sys_vars.n_eu_sub_slices = f->n_eu_sub_slices;
    perf->sys_vars.n_eu_slice0123 = f->n_eu_slice0123;
    perf->sys_vars.n_l3_banks = f->n_l3_banks;
    perf->sys_vars.n_l3_nodes = f->n_l3_nodes;
    perf->sys_vars.n_sq_idis = f->n_sq_idis;
    perf->sys_vars.slice_mask = f->slice_mask;
    perf->sys_vars.subslice_mask = f->subslice_mask;
    perf->sys_vars.gt_min_freq = f->gt_min_freq;
    perf->sys_vars.gt_max_freq = f->gt_max_freq;
    perf->sys_vars.query_mode = f->query_mode;
    nqueries = 0;
    reg(perf);
}

static uint64_t state = 0x9e3779b97f4a7c15ull;

uint64_t rnd(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

uint64_t rnd_value(void)
{
    switch (rnd() % 6) {
    case 0:
        return 0;
    case 1:
        return rnd() % 1000;
    case 2:
        return rnd() % (1ull << 40); /* what 40-bit counters accumulate */
    case 3:
        return 1ull << (rnd() % 64);
    case 4:
        return rnd();
    default:
        return rnd() % 100000000;
    }
}

long n_sets, n_counters, n_reads, n_regs, n_avail, n_fail;

void differ(const char *chip, const char *set, const char *counter, const char *fmt, ...)
{
    if (n_fail++ >= 20)
        return;
    va_list ap;
    va_start(ap, fmt);
    printf("DIFFER %s set %s%s%s: ", chip, set, counter ? " counter " : "", counter ? counter : "");
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

#include "platforms.h"

int main(void)
{
    run_platforms();
    printf("compared with gen_perf.py: %d platforms, %ld sets, %ld counters, %ld register "
           "writes; %ld availability values, %ld read and max values; %ld differences\n",
           NPLATFORMS, n_sets, n_counters, n_regs, n_avail, n_reads, n_fail);
    return n_fail ? 1 : 0;
}
