/* div_rule.h - how a target's formulas divide: one rule per target
 * (hw_target.div_rule), chosen by the format that loaded it, and written
 * here once for the interpreter (interp.c) and the C printer (expr.c, and
 * the helper the metrics header defines).
 *
 *   DIV_RULE_NAN  hwcgen's own (expr.h): x/0 is NaN.
 *   DIV_RULE_ARM  Arm's counter database, as libGPUCounters' hwcpipe
 *                 evaluates it (hwcpipe_double, in its
 *                 hwcpipe/detail/internal_types.hpp): 0/0 is 0; x/0 with
 *                 x != 0 is +infinity or -infinity, as IEEE division gives;
 *                 NaN stays NaN. Counters are summed as unsigned 64-bit
 *                 integers and formulas evaluated in double, as there.
 */
#ifndef HWCGEN_DIV_RULE_H
#define HWCGEN_DIV_RULE_H

enum { DIV_RULE_NAN = 0, DIV_RULE_ARM = 1 };

/* Arm's rule as one C expression: the interpreter evaluates it and the
 * metrics header's helper is its text (DIV_RULE_ARM_C), so the two cannot
 * drift. */
#define DIV_RULE_ARM_EXPR(a, b) ((a) == 0.0 && (b) == 0.0 ? 0.0 : (a) / (b))

static inline double div_rule_arm(double a, double b)
{
    return DIV_RULE_ARM_EXPR(a, b);
}

/* The name of the C helper that divides by `rule` ("hwcgen_div",
 * "hwcgen_div_arm"). */
const char *div_rule_c_name(int rule);

/* What division by `rule` gives, in words for readers: "x/0 is NaN". */
const char *div_rule_words(int rule);

/* The C definition of that helper for a metrics header, or NULL for
 * DIV_RULE_NAN (hwcgen_div is among the helpers every header has). */
const char *div_rule_c_definition(int rule);

#endif
