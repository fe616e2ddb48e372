/* div_rule.c - the C spelling of each division rule (div_rule.h). */
#include "core/div_rule.h"

#include <stddef.h>

#define DIV_RULE_STR_(x) #x
#define DIV_RULE_STR(x) DIV_RULE_STR_(x)

const char *div_rule_c_name(int rule)
{
    return rule == DIV_RULE_ARM ? "hwcgen_div_arm" : "hwcgen_div";
}

const char *div_rule_words(int rule)
{
    return rule == DIV_RULE_ARM ? "0/0 is 0 and x/0 is plus or minus infinity, as Arm's "
                                  "libGPUCounters divides"
                                : "x/0 is NaN";
}

const char *div_rule_c_definition(int rule)
{
    if (rule != DIV_RULE_ARM)
        return NULL;
    return "#ifndef HWCGEN_DIV_ARM\n"
           "#define HWCGEN_DIV_ARM\n"
           "/* Arm's counter database divides as libGPUCounters does: 0/0 is 0,\n"
           " * x/0 is +/-infinity. */\n"
           "static inline double hwcgen_div_arm(double a, double b)\n"
           "{\n"
           "    return " DIV_RULE_STR(DIV_RULE_ARM_EXPR(a, b)) ";\n"
           "}\n"
           "#endif\n";
}
