/* eval_many against eval_all, bit for bit, for one generated metrics
 * header: every value has the same bits, or both are NaN (C leaves a
 * NaN's sign and payload to the order in which the compiler puts the
 * operands of an addition, say, so only NaN-ness is compared there). Built by tests/run.sh once per header,
 * compiler, language, optimisation level and with HWCGEN_NO_V2:
 *
 *   cc -DHEADER='"hwcgen/x_metrics.h"' -DPREFIX=x -DSTRUCT=x_counters
 *      -DCOUNT=X_METRIC_COUNT many_main.c
 *
 * Every 8-byte slot of the samples is filled from values that are edges
 * read either way, as a uint64_t counter or as a double setting: zero,
 * 2^63 (-0.0), NaN and infinity patterns, 1.0, small counts, UINT64_MAX,
 * and counters equal to the slot before (ratios of 1, differences of 0).
 * eval_many runs over several lengths and offsets, odd ones included, so
 * that both its vector pairs and its one-sample tail are compared.
 * Exit status 0 when every value agrees. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include HEADER

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define EVAL_ALL CAT(PREFIX, _eval_all)
#define EVAL_MANY CAT(PREFIX, _eval_many)

typedef struct STRUCT sample;
typedef double row[COUNT];

enum { NSAMPLES = 20000, SLOTS = sizeof(sample) / 8 };

static uint64_t state = 0x9E3779B97F4A7C15ull;

static uint64_t next_random(void)
{
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ull;
}

static uint64_t pick(uint64_t before)
{
    static const uint64_t edges[] = {
        0, 0x8000000000000000ull, 0x7FF8000000000000ull, 0x7FF0000000000000ull,
        0xFFF0000000000000ull, 0x3FF0000000000000ull, 1, UINT64_MAX,
        0x4059000000000000ull /* 100.0 */};
    uint64_t r = next_random();
    switch (r & 7) {
    case 0:
    case 1:
        return edges[(r >> 8) % (sizeof edges / sizeof edges[0])];
    case 2:
        return before;
    case 3:
        return UINT64_MAX - (r >> 58);
    default:
        return (r >> 8) % 1000;
    }
}

static int compare(const sample *s, const row *many, long first, long n)
{
    int bad = 0;
    for (long i = 0; i < n; i++) {
        row one;
        EVAL_ALL(&s[first + i], one);
        for (int k = 0; k < COUNT; k++)
            if (memcmp(&one[k], &many[i][k], sizeof one[k]) != 0 &&
                !(isnan(one[k]) && isnan(many[i][k])) && bad++ < 5)
                fprintf(stderr, "sample %ld, metric %d: eval_all %.17g, eval_many %.17g\n",
                        first + i, k, one[k], many[i][k]);
    }
    return bad;
}

int main(void)
{
    sample *s = (sample *)malloc(NSAMPLES * sizeof *s);
    row *out = (row *)malloc(NSAMPLES * sizeof *out);
    if (!s || !out)
        return 1;
    for (long i = 0; i < NSAMPLES; i++) {
        uint64_t slot[SLOTS], before = 0;
        for (int k = 0; k < (int)SLOTS; k++)
            before = slot[k] = pick(before);
        memcpy(&s[i], slot, sizeof slot);
    }
    int bad = 0;
    EVAL_MANY(s, NSAMPLES, out);
    bad += compare(s, out, 0, NSAMPLES);
    static const long lengths[] = {0, 1, 2, 3, 9, 10, 11, 64, 101};
    long first = 1;
    for (size_t j = 0; j < sizeof lengths / sizeof lengths[0]; j++) {
        memset(out, 0xA5, (size_t)(lengths[j] + 1) * sizeof *out);
        EVAL_MANY(s + first, (size_t)lengths[j], out);
        bad += compare(s, out, first, lengths[j]);
        /* nothing written past n rows */
        unsigned char guard[sizeof *out];
        memset(guard, 0xA5, sizeof guard);
        if (memcmp(out[lengths[j]], guard, sizeof guard) != 0) {
            fprintf(stderr, "eval_many(%ld samples) wrote past its last row\n", lengths[j]);
            bad++;
        }
        first += lengths[j] + 1;
    }
    if (bad)
        fprintf(stderr, "many_main: %d values differ\n", bad);
    free(s);
    free(out);
    return bad != 0;
}
