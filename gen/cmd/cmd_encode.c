/* cmd_encode.c - `hwcgen encode` (cmd_encode.h). */
#include "cmd/cmd_encode.h"

#include <stdio.h>

#include "core/encode.h"

static int run_encode(const cmd_context *c, int argc, char **argv)
{
    if (argc < 1)
        return cmd_usage_error("encode: %s", "no SPEC given");
    hw_target *t;
    hw_plan p;
    int opened = cmd_open_one("encode", argv[0], &t, &p, c->d);
    if (opened)
        return opened;
    plan_free(&p); /* encode reads the IR only */
    hw_buf out;
    buf_init(&out);
    int rc = encode_flex_eu(t, argc - 1, argv + 1, &out, c->d);
    if (rc == 0 && out.data)
        fputs(out.data, stdout);
    buf_free(&out);
    target_free(t);
    return rc == 0 ? 0 : EXIT_SPEC;
}

const cmd_command cmd_encode = {
    "encode",
    "SPEC COUNTER=INC/COARSE/FINE...",
    "register values that program flexible\n"
    "counters (Intel OA EU_PERF_CNTLn)",
    "Program flexible counters: each COUNTER (e.g. A7) takes an increment\n"
    "event, a coarse filter and a fine filter, as numbers (decimal, 0x, 0b)\n"
    "or the spec's symbolic names. Prints one line per register:\n"
    "NAME ADDRESS VALUE, with unassigned fields zero. A code the spec does\n"
    "not define, or a counter that is not flexible, is an error naming the\n"
    "counter. A combination outside the source's support rules is a\n"
    "warning naming the rule (an error with --werror).\n",
    NULL, 0, 0, NULL,
    run_encode,
};
