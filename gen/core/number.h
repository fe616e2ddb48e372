/* number.h - whole numbers as specs and command lines write them. */
#ifndef HWCGEN_NUMBER_H
#define HWCGEN_NUMBER_H

#include <stdint.h>

/* Decimal, 0x hex or 0b binary, digits only after the prefix (no sign, no
 * space, no second prefix: "0x0x11" is not 0x11). 0, or -1 when malformed
 * or above `max`. */
int number_parse_uint(const char *s, uint64_t max, uint64_t *out);

/* 1 when `s` is written as number_parse_uint reads one but is above
 * 2^64 - 1 (2^70 written out): a whole number, too big, not malformed. */
int number_too_big(const char *s);

#endif
