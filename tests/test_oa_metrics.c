/* test_oa_metrics.c - Intel OA metric sets from Mesa-style oa-*.xml
 * (gen/load/load_oa_metrics.c), their RPN languages (gen/core/oa_rpn.c)
 * and the evaluator of gen_perf.py's C semantics (gen/core/oa_eval.c), on
 * a small platform of our own (tests/oa-metrics/oa-test.xml). Every
 * expected value below is worked out by hand from the fixture's text and
 * C's rules, in the comment beside it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/oa.h"
#include "load/load.h"
#include "test_util.h"

#define FIXTURE "tests/oa-metrics/oa-test.xml"

static hw_target *load_quiet(const char *path, char **log)
{
    hw_diag d;
    diag_init(&d, NULL);
    hw_target *t = load_spec(path, &d);
    *log = strdup(d.log.data ? d.log.data : "");
    diag_free(&d);
    return t;
}

/* The fixture, loaded; the test fails with the log when it does not load. */
static hw_target *load_fixture(void)
{
    char *log;
    hw_target *t = load_quiet(FIXTURE, &log);
    if (!t)
        fail_msg("%s", log);
    free(log);
    return t;
}

static void test_fixture_shape(void **state)
{
    (void)state;
    hw_target *t = load_fixture();
    assert_string_equal(t->id, "intel_oa_metrics_testgt1");
    assert_string_equal(t->slug, "intel-oa-metrics-testgt1");
    const hw_oa_metrics *m = t->oa;
    assert_int_equal(m->nsets, 2);
    const hw_oa_set *s = &m->sets[0];
    assert_string_equal(s->guid, "00000000-0000-0000-0000-000000000001");
    assert_string_equal(s->oa_format, "A32u40_A4u32_B8_C8");
    assert_null(m->sets[1].oa_format);
    assert_int_equal(s->ncounters, 4);
    /* uint64 at 0 and 8, then two floats of 4 bytes */
    assert_int_equal(s->counters[1].offset, 8);
    assert_int_equal(s->counters[2].offset, 16);
    assert_int_equal(s->counters[3].offset, 20);
    assert_true(s->counters[2].max_is_percentage);
    assert_int_equal(s->nconfigs, 4);
    assert_int_equal(s->configs[1].type, OA_REGS_NOA);
    assert_string_equal(s->configs[1].priority, "0");
    assert_int_equal(s->configs[1].nregs, 1);
    assert_int_equal(s->configs[1].regs[0].value, 0x1a0d0400);
    assert_int_equal(s->configs[3].type, OA_REGS_FLEX);
    assert_int_equal(s->configs[3].regs[1].address, 0xe558);
    /* an element is reported at the line its start tag starts on */
    assert_int_equal(s->counters[0].loc.line, 13);
    target_free(t);
}

static void test_fixture_values(void **state)
{
    (void)state;
    hw_target *t = load_fixture();
    const hw_oa_set *s = &t->oa->sets[0];
    oa_inputs in;
    memset(&in, 0, sizeof in);
    in.acc[OA_BLOCK_GPU_TIME][0] = 2000;
    in.acc[OA_BLOCK_GPU_CLOCK][0] = 400;
    in.acc[OA_BLOCK_A][7] = 52;
    in.field[OA_FIELD_TIMESTAMP_FREQ] = 1000000000;
    in.field[OA_FIELD_N_EUS] = 5;
    in.field[OA_FIELD_THREADS_PER_EU] = 7;
    /* 2000 * 1000000000 / 1000000000 */
    assert_int_equal(oa_eval_counter(s, 0, &in, 0).v.u, 2000);
    /* 52 / 5 = 10 (integer), * 100 = 1000, / 400. = 2.5 as float */
    oa_val busy = oa_eval_counter(s, 2, &in, 0);
    assert_int_equal(busy.type, OA_FLOAT);
    assert_true(busy.v.f == 2.5f);
    assert_true(oa_eval_counter(s, 2, &in, 1).v.f == 100.0f);
    /* max of Mixed: 7 * 2 as uint64, returned as float */
    assert_true(oa_eval_counter(s, 3, &in, 1).v.f == 14.0f);
    /* UDIV by a zero system value gives 0 */
    in.field[OA_FIELD_TIMESTAMP_FREQ] = 0;
    assert_int_equal(oa_eval_counter(s, 0, &in, 0).v.u, 0);
    /* FDIV by zero clocks gives 0 */
    in.acc[OA_BLOCK_GPU_CLOCK][0] = 0;
    assert_true(oa_eval_counter(s, 2, &in, 0).v.f == 0.0f);
    target_free(t);
}

/* Mixed, term by term, with every input 0 but those named: EuBusy is 0;
 * 0*2 + B1 - C2 = B1 - C2 as double; FMAX with PEC3; UMIN(that, 3) in
 * double, stored as uint64; << 1 >> 1 & 7; minus the comparisons'... */
static void test_mixed_equation(void **state)
{
    (void)state;
    hw_target *t = load_fixture();
    const hw_oa_set *s = &t->oa->sets[0];
    oa_inputs in;
    memset(&in, 0, sizeof in);
    in.acc[OA_BLOCK_B][1] = 10;
    in.acc[OA_BLOCK_C][2] = 4;
    in.acc[OA_BLOCK_PERFCNT][1] = 1;
    in.acc[OA_BLOCK_A][1] = 3; /* A1 > A2: 1 */
    in.acc[OA_BLOCK_A][2] = 2;
    in.acc[OA_BLOCK_A][8] = 9; /* A8 <= A9 (0): 0; A3 < A4 (0 < 0): 0; A5 >= A6: 1 */
    in.slice_mask = 2;         /* $GtSlice1 is 1 */
    in.xecore_mask[0] = 2;     /* $GtSlice0XeCore1 is 1 */
    /* t = max(0 * 2 + 10 - 4, PEC3 = 0) = 6 (double); UMIN(PERFCNT1, 3) = 1,
     * (1 << 1) >> 1 & 7 = 1; t - 1 = 5 (in double, stored as uint64);
     * + (A1 > A2) 1 + (A3 < A4) 0 + (A5 >= A6) 1 + (A8 <= A9) 0 + XeCore 1 + slice 1 = 9 */
    oa_val v = oa_eval_counter(s, 3, &in, 0);
    assert_int_equal(v.type, OA_FLOAT);
    assert_true(v.v.f == 9.0f);
    /* with PERFCNT1 = 8: UMIN gives 3, (3 << 1) >> 1 & 7 = 3; 6 - 3 = 3; + 4 = 7 */
    in.acc[OA_BLOCK_PERFCNT][1] = 8;
    assert_true(oa_eval_counter(s, 3, &in, 0).v.f == 7.0f);
    /* with C2 = 20: max(-10, 0) = 0 in double; 0 - 3 stays -3.0 in double,
     * whose uint64_t is 2^64 - 3 (x86-64); + 4 wraps to 1 */
    in.acc[OA_BLOCK_C][2] = 20;
    assert_true(oa_eval_counter(s, 3, &in, 0).v.f == 1.0f);
    /* availability: true && query_mode && rev >= 2 && rev < 9 && (ss | 1) == 1 */
    const oa_node *av = s->counters[3].avail;
    in.field[OA_FIELD_QUERY_MODE] = 1;
    in.field[OA_FIELD_REVISION] = 2;
    assert_true(oa_eval_available(av, &in));
    in.field[OA_FIELD_REVISION] = 9;
    assert_false(oa_eval_available(av, &in));
    in.field[OA_FIELD_REVISION] = 3;
    in.field[OA_FIELD_SUBSLICE_MASK] = 2;
    assert_false(oa_eval_available(av, &in));
    /* EuBusy: slice_mask & (3 << (1 * 2)) */
    in.field[OA_FIELD_SLICE_MASK] = 0x4;
    assert_true(oa_eval_available(s->counters[2].avail, &in));
    in.field[OA_FIELD_SLICE_MASK] = 0x3;
    assert_false(oa_eval_available(s->counters[2].avail, &in));
    target_free(t);
}

/* C's arithmetic, which gen_perf.py's code inherits: FMUL of two
 * uint64_t values multiplies integers (and wraps) before the double. */
static void test_c_semantics(void **state)
{
    (void)state;
    hw_arena *a = arena_create();
    oa_node *n = NULL;
    char err[128];
    assert_int_equal(oa_parse(a, "A 0 READ A 1 READ FMUL", OA_LANG_EQ, NULL, NULL, &n, err,
                              sizeof err), 0);
    hw_oa_counter c = {0};
    c.read = n;
    c.data_type = OA_DATA_FLOAT;
    hw_oa_set s = {0};
    s.counters = &c;
    s.ncounters = 1;
    oa_inputs in;
    memset(&in, 0, sizeof in);
    in.acc[OA_BLOCK_A][0] = UINT64_C(1) << 32;
    in.acc[OA_BLOCK_A][1] = UINT64_C(1) << 32;
    /* 2^32 * 2^32 wraps to 0 in uint64_t */
    assert_true(oa_eval_counter(&s, 0, &in, 0).v.f == 0.0f);
    /* FDIV stores both in doubles first: 2^32 / 2^32 = 1 */
    assert_int_equal(oa_parse(a, "A 0 READ A 1 READ FDIV", OA_LANG_EQ, NULL, NULL, &c.read,
                              err, sizeof err), 0);
    assert_true(oa_eval_counter(&s, 0, &in, 0).v.f == 1.0f);
    /* USUB below zero wraps */
    assert_int_equal(oa_parse(a, "1 2 USUB", OA_LANG_EQ, NULL, NULL, &c.read, err, sizeof err),
                     0);
    c.data_type = OA_DATA_UINT64;
    assert_true(oa_eval_counter(&s, 0, &in, 0).v.u == UINT64_MAX);
    /* an int literal shift in availability stays int: 1 << 31 is INT_MIN,
     * and == compares it with the literal 0x80000000 (unsigned int) as
     * unsigned: equal */
    assert_int_equal(oa_parse(a, "1 31 << 0x80000000 ==", OA_LANG_AV, NULL, NULL, &n, err,
                              sizeof err), 0);
    assert_true(oa_eval_available(n, &in));
    arena_free(a);
}

/* ---- errors: each with file:line, the set and the counter ----------------- */

/* `changed`, loaded from a file of its own (freed); the log must hold
 * `message` at `where` (the line, or line:column). */
static void expect_error_in(char *changed, const char *where, const char *message)
{
    assert_non_null(changed);
    char dir[] = "/tmp/test_oa_metrics_XXXXXX", path[64], want[600];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/oa-bad.xml", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(changed, f);
    fclose(f);
    char *log;
    hw_target *t = load_quiet(path, &log);
    /* the message may come after the set and counter it names */
    snprintf(want, sizeof want, "%s:%s: error: ", path, where);
    const char *at = strstr(log, want), *msg = at ? strstr(at, message) : NULL;
    const char *eol = at ? strchr(at, '\n') : NULL;
    if (t || !msg || (eol && msg > eol))
        fail_msg("expected '%s...%s' in: %s", want, message, log);
    free(log);
    free(changed);
    unlink(path);
    rmdir(dir);
}

/* The fixture with `from` replaced by `to`, then as expect_error_in. */
static void expect_error(const char *from, const char *to, int line, const char *message)
{
    char *text = read_file(FIXTURE, NULL);
    assert_non_null(text);
    char *changed = replace_once(text, from, to);
    if (!changed)
        fail_msg("'%s' is not in the fixture", from);
    free(text);
    char where[16];
    snprintf(where, sizeof where, "%d", line);
    expect_error_in(changed, where, message);
}

static void test_errors_equations(void **state)
{
    (void)state;
    expect_error("equation=\"GPU_CLOCK 0 READ\" mdapi_group=\"GPU\" mdapi_usage_flags=\"\"\n"
                 "             mdapi_supported_apis=\"\" mdapi_hw_unit_type=\"gpu\"/>\n    <counter",
                 "equation=\"GPU_CLOCK 0 READ 2\" mdapi_group=\"GPU\" mdapi_usage_flags=\"\"\n"
                 "             mdapi_supported_apis=\"\" mdapi_hw_unit_type=\"gpu\"/>\n    <counter",
                 17, "set 'RenderBasic' counter 'GpuCoreClocks': equation: 2 values are left on "
                 "the stack, not one (an operator is missing) (\"GPU_CLOCK 0 READ 2\")");
    expect_error("1000000000 UMUL", "1000000000 UPOW", 13,
                 "set 'RenderBasic' counter 'GpuTime': equation: unknown operator or operand "
                 "'UPOW'");
    expect_error("GPU_TIME 0 READ 1000000000 UMUL", "UMUL", 13,
                 "counter 'GpuTime': equation: UMUL needs two operands, the stack holds 0");
    expect_error("$GpuTimestampFrequency", "$GpuTimestampFreq", 13,
                 "equation: unknown system variable or counter of this set '$GpuTimestampFreq'");
    expect_error("max_equation=\"$GpuMaxFrequency\"", "max_equation=\"$EuBusy\"", 58,
                 "set 'ComputeBasic' counter 'GpuCoreClocks': max_equation: '$EuBusy' is a "
                 "counter of set 'RenderBasic', not of this set");
    expect_error("equation=\"GPU_CLOCK 0 READ\" mdapi_group=\"GPU\" mdapi_usage_flags=\"\"\n"
                 "             mdapi_supported_apis=\"\" mdapi_hw_unit_type=\"gpu\"/>\n    <counter",
                 "equation=\"$EuBusy\" mdapi_group=\"GPU\" mdapi_usage_flags=\"\"\n"
                 "             mdapi_supported_apis=\"\" mdapi_hw_unit_type=\"gpu\"/>\n    <counter",
                 21, "set 'RenderBasic' counter 'EuBusy': reads '$GpuCoreClocks', which reads "
                 "this counter back, directly or through others: a cycle of counters");
    expect_error("availability=\"$SliceMask 3 1 2 UMUL &lt;&lt; AND\"",
                 "availability=\"$GpuTime 1 AND\"", 21,
                 "counter 'EuBusy': availability: unknown system variable '$GpuTime'");
    expect_error("A 7 READ", "A 64 READ", 21, "READ of A 64: A has 64 fields");
    expect_error("C 2 READ FSUB", "C 2 READ 1 FSUB", 27, "values are left on the stack");
    expect_error("$EuCoresTotalCount UDIV", "0 UDIV", 21, "UDIV by the literal 0");
}

static void test_errors_identity(void **state)
{
    (void)state;
    expect_error("hw_config_guid=\"00000000-0000-0000-0000-000000000002\"",
                 "hw_config_guid=\"00000000-0000-0000-0000-000000000001\"", 51,
                 "set 'ComputeBasic': hw_config_guid '00000000-0000-0000-0000-000000000001' "
                 "given twice (first at ");
    expect_error("symbol_name=\"EuBusy\"", "symbol_name=\"GpuTime\"", 21,
                 "set 'RenderBasic': counter symbol_name 'GpuTime' given twice");
    expect_error("symbol_name=\"ComputeBasic\"", "symbol_name=\"RenderBasic\"", 51,
                 "set 'RenderBasic': symbol_name 'RenderBasic' given twice");
    expect_error("units=\"cycles\"", "units=\"furlongs\"", 17, "unknown units 'furlongs'");
    expect_error("data_type=\"float\"", "data_type=\"double\"", 21,
                 "data_type 'double' is neither uint64 nor float");
    expect_error("<register_config type=\"OA\">", "<register_config type=\"MUX\">", 43,
                 "set 'RenderBasic': register_config: type 'MUX' is none of NOA, OA and FLEX");
    expect_error("chipset=\"TESTGT1\"\n       symbol_name=\"ComputeBasic\"",
                 "chipset=\"TESTGT2\"\n       symbol_name=\"ComputeBasic\"", 51,
                 "chipset 'TESTGT2' differs from the first set's 'TESTGT1'");
}

/* Where an element is: the line its start tag starts on, past line 65535
 * too (libxml2's tree keeps no larger line), and the same when the file
 * is read through a document (a DOCTYPE sends it there) as when it is
 * read as a stream; a file that is not XML is told so. */
static void test_error_lines(void **state)
{
    (void)state;
    enum { PAD = 70000 };
    static const char counter[] =
        "<counter name=\"GPU Core Clocks\" symbol_name=\"GpuCoreClocks\" "
        "underscore_name=\"gpu_core_clocks\"\n             description=\"Clocks.\" "
        "data_type=\"uint64\" units=\"";
    char *from = malloc(sizeof counter + 16), *to = malloc(PAD + sizeof counter + 16);
    assert_true(from && to);
    snprintf(from, sizeof counter + 16, "%scycles\"", counter);
    memset(to, '\n', PAD);
    snprintf(to + PAD, sizeof counter + 16, "%sfurlongs\"", counter);
    /* the counter's tag starts on line 17, its units are on line 18 */
    expect_error(from, to, 17 + PAD, "set 'RenderBasic' counter 'GpuCoreClocks': unknown "
                                     "units 'furlongs'");
    char *text = read_file(FIXTURE, NULL);
    assert_non_null(text);
    char *typed = replace_once(text, "<?xml version=\"1.0\"?>",
                               "<?xml version=\"1.0\"?><!DOCTYPE metrics>");
    assert_non_null(typed);
    char *changed = replace_once(typed, from + 1, strchr(to + PAD, '<') + 1);
    assert_non_null(changed);
    expect_error_in(changed, "17", "set 'RenderBasic' counter 'GpuCoreClocks': unknown units "
                                 "'furlongs'");
    /* not XML: said as for any spec, where the parser sees it (the tag's end) */
    expect_error_in(replace_once(text, "<set name=\"Compute Basic\"",
                                 "<set name=\"Compute Basic\" name=\"x\""),
                    "57:8", "attribute 'name' is given twice");
    free(typed);
    free(text);
    free(from);
    free(to);
}

/* ---- the system variables of IGT's xe files (oa-xe-igt.xml) ---------------- */

#define XE_FIXTURE "tests/oa-metrics/oa-xe-igt.xml"

static void test_igt_xe_variables(void **state)
{
    (void)state;
    char *log;
    hw_target *t = load_quiet(XE_FIXTURE, &log);
    if (!t)
        fail_msg("%s", log);
    free(log);
    const hw_oa_set *s = &t->oa->sets[0];
    oa_inputs in;
    memset(&in, 0, sizeof in);
    in.acc[OA_BLOCK_GPU_CLOCK][0] = 400;
    in.acc[OA_BLOCK_PEC][35] = 52;
    in.acc[OA_BLOCK_PEC][43] = 81;
    in.acc[OA_BLOCK_PEC][45] = 10;
    in.field[OA_FIELD_N_GEOM_PIPES] = 5;
    in.field[OA_FIELD_N_DEPTH_PIPES] = 4;
    in.field[OA_FIELD_N_COLOR_PIPES] = 3;
    in.xecore_mask[0] = 0x1; /* $GtXeCore0: XeCore 0 of slice 0 */
    in.xecore_mask[1] = 0x2; /* XeCore 1 of slice 1: not what $GtXeCore1 reads */
    /* 52 / 5 = 10 (integer), * 100 = 1000, / 400. = 2.5 */
    assert_true(oa_eval_counter(s, 1, &in, 0).v.f == 2.5f);
    /* 81 / 4 = 20, * 100 = 2000, / 400. = 5 */
    assert_true(oa_eval_counter(s, 2, &in, 0).v.f == 5.0f);
    /* 10 / 3 = 3, * 100 = 300, / 400. = 0.75 */
    assert_true(oa_eval_counter(s, 3, &in, 0).v.f == 0.75f);
    /* Pipes: 5 * 100 + 4 * 10 + 3 + $GtXeCore0 1 * 1000 + $GtXeCore1 0 * 2000
     * + $GtXeCore9 (no slice 9: 0) * 4000 = 1543 */
    assert_int_equal(oa_eval_counter(s, 4, &in, 0).v.u, 1543);
    assert_true(oa_eval_available(s->counters[5].avail, &in));
    assert_false(oa_eval_available(s->counters[6].avail, &in));
    /* XeCore 0 of slice 1 present: $GtXeCore1 is 1; Pipes 1543 + 2000 */
    in.xecore_mask[1] = 0x1;
    assert_true(oa_eval_available(s->counters[6].avail, &in));
    assert_true(oa_eval_available(s->configs[2].avail, &in));
    assert_int_equal(oa_eval_counter(s, 4, &in, 0).v.u, 3543);
    /* $GtXeCore9 reads nothing: 0 with every mask bit set */
    for (int k = 0; k < OA_MAX_SLICES; k++)
        in.xecore_mask[k] = UINT64_MAX;
    assert_false(oa_eval_available(s->counters[7].avail, &in));
    /* a pipe count is IGT's uint32_t, C's unsigned int: 2^31 * 100 wraps
     * to 0 in 32 bits before the uint64_t temporary holds it */
    assert_int_equal(oa_field_type(OA_FIELD_N_GEOM_PIPES), OA_UINT);
    memset(&in, 0, sizeof in);
    in.field[OA_FIELD_N_GEOM_PIPES] = UINT64_C(0x80000000);
    assert_int_equal(oa_eval_counter(s, 4, &in, 0).v.u, 0);
    assert_int_equal(oa_var_find("$ColorPipeTotalCount"), OA_FIELD_N_COLOR_PIPES);
    target_free(t);
}

/* The family's names: one or two digits after $GtXeCore, nothing else. */
static void test_igt_xe_names(void **state)
{
    (void)state;
    hw_arena *a = arena_create();
    oa_node *n = NULL;
    char err[160];
    assert_int_equal(oa_parse(a, "$GtXeCore27", OA_LANG_AV, NULL, NULL, &n, err, sizeof err), 0);
    assert_int_equal(n->kind, OA_N_GTXECORE);
    assert_int_equal(n->slice, 27);
    assert_int_equal(oa_gtxecore_slice(27), -1);
    assert_int_equal(oa_gtxecore_slice(7), 7);
    static const char *const bad[] = {"$GtXeCore", "$GtXeCore100", "$GtXeCore1a", "$GtXeCore+1",
                                      "$GtXeCore 1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = oa_parse(a, bad[i], OA_LANG_AV, NULL, NULL, &n, err, sizeof err);
        if (rc == 0 || (!strstr(err, "unknown system variable") && !strstr(err, "left on")))
            fail_msg("'%s' parsed (%d) or failed otherwise: %s", bad[i], rc, err);
    }
    arena_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixture_shape),   cmocka_unit_test(test_fixture_values),
        cmocka_unit_test(test_mixed_equation),  cmocka_unit_test(test_c_semantics),
        cmocka_unit_test(test_errors_equations), cmocka_unit_test(test_errors_identity),
        cmocka_unit_test(test_error_lines),
        cmocka_unit_test(test_igt_xe_variables), cmocka_unit_test(test_igt_xe_names),
    };
    return cmocka_run_group_tests_name("oa metrics", tests, NULL, NULL);
}
