/* number.c - strict whole-number parsing shared by loaders and the CLI. */
#include "core/number.h"

#include <string.h>

static int digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

int number_parse_uint(const char *s, uint64_t max, uint64_t *out)
{
    unsigned base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, s += 2;
    else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        base = 2, s += 2;
    if (!*s)
        return -1;
    uint64_t v = 0;
    for (; *s; s++) {
        unsigned d = (unsigned)digit_value(*s);
        if (d >= base || v > (max - d) / base)
            return -1; /* not a digit here, or past max (no overflow) */
        v = v * base + d;
    }
    *out = v;
    return 0;
}

int number_too_big(const char *s)
{
    unsigned base = 10;
    const char *digits = s;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, digits += 2;
    else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        base = 2, digits += 2;
    if (!*digits)
        return 0;
    for (const char *p = digits; *p; p++)
        if ((unsigned)digit_value(*p) >= base)
            return 0;
    uint64_t v;
    return number_parse_uint(s, UINT64_MAX, &v) != 0;
}
