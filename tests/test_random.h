/* test_random.h - reproducible pseudo-random numbers for the differential
 * tests: Marsaglia's xorshift64 from a seed the test fixes, so every run
 * draws the same samples and a failure can be replayed. */
#ifndef HWCGEN_TEST_RANDOM_H
#define HWCGEN_TEST_RANDOM_H

#include <stdint.h>

/* The next number after *state (never 0 from a seed that is not 0). */
static inline uint64_t xorshift64(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    return x;
}

#endif
