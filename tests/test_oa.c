/* test_oa.c - the Intel OA Gen8 (CHV/BSW) spec, its loader (gen/load_oa.c)
 * and the flexible EU counter encoder (gen/encode.c).
 *
 * Run from the repository root. The support table below is written from the
 * source document's text (seed 002), not derived from the spec, so the
 * exhaustive test compares two independent readings. */
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
#include "core/encode.h"
#include "core/ir.h"
#include "load/load.h"

#define SPEC "spec/intel/oa-chv.xml"

/* ---- helpers ------------------------------------------------------------ */

static hw_target *oa; /* loaded once for the whole group */

static int setup_spec(void **state)
{
    (void)state;
    hw_diag d;
    diag_init(&d, stderr);
    oa = load_spec(SPEC, &d);
    int errors = d.errors;
    diag_free(&d);
    return oa && errors == 0 ? 0 : -1;
}

static int teardown_spec(void **state)
{
    (void)state;
    target_free(oa);
    oa = NULL;
    return 0;
}

static const hw_event *event(const char *name)
{
    int i = ir_find_event(oa, name);
    assert_true(i >= 0);
    return &oa->events[i];
}

static const hw_report *report(const char *name)
{
    for (int i = 0; i < oa->nreports; i++)
        if (strcmp(oa->reports[i].name, name) == 0)
            return &oa->reports[i];
    fail_msg("no report %s", name);
    return NULL;
}

/* Byte offset of counter `index` of `block` (its high byte when `high`). */
static int offset_of(const hw_report *r, const char *block, int index, int high)
{
    for (int i = 0; i < r->nfields; i++) {
        const hw_report_field *f = &r->fields[i];
        if (f->block && strcmp(f->block, block) == 0 && f->high_bits == high &&
            index >= f->first && index < f->first + f->count)
            return f->offset + f->size * (index - f->first);
    }
    return -1;
}

static int has_note(const char *kind, const char *subject)
{
    for (int i = 0; i < oa->nnotes; i++)
        if (strcmp(oa->notes[i].kind, kind) == 0 && oa->notes[i].subject &&
            strcmp(oa->notes[i].subject, subject) == 0)
            return 1;
    return 0;
}

/* Run the encoder, with --werror when `werror`; returns its status,
 * output in *out, messages in *log, the warnings in *warnings if given. */
static int encode_with(const hw_target *t, const char *const *args, int n,
                       int werror, char **out, char **log, int *warnings)
{
    hw_diag d;
    diag_init(&d, NULL);
    d.werror = werror;
    hw_buf b;
    buf_init(&b);
    int rc = encode_flex_eu(t, n, (char *const *)args, &b, &d);
    *out = strdup(b.data ? b.data : "");
    *log = strdup(d.log.data ? d.log.data : "");
    assert_int_equal(rc == 0, d.errors == 0);
    if (warnings)
        *warnings = d.warnings;
    buf_free(&b);
    diag_free(&d);
    return rc;
}

static int encode(const hw_target *t, const char *const *args, int n,
                  char **out, char **log)
{
    return encode_with(t, args, n, 0, out, log, NULL);
}

#define ENCODE_OK(expected, ...)                                               \
    do {                                                                       \
        const char *args_[] = {__VA_ARGS__};                                   \
        char *out_, *log_;                                                     \
        int n_ = (int)(sizeof args_ / sizeof args_[0]);                        \
        assert_int_equal(encode(oa, args_, n_, &out_, &log_), 0);              \
        assert_string_equal(out_, expected);                                   \
        free(out_);                                                            \
        free(log_);                                                            \
    } while (0)

#define ENCODE_ERR(message, ...)                                               \
    do {                                                                       \
        const char *args_[] = {__VA_ARGS__};                                   \
        char *out_, *log_;                                                     \
        int n_ = (int)(sizeof args_ / sizeof args_[0]);                        \
        assert_int_equal(encode(oa, args_, n_, &out_, &log_), 1);              \
        assert_string_equal(out_, "");                                         \
        if (!strstr(log_, message))                                            \
            fail_msg("expected '%s' in: %s", message, log_);                   \
        free(out_);                                                            \
        free(log_);                                                            \
    } while (0)

/* ---- the loaded spec ---------------------------------------------------- */

static void test_counts(void **state)
{
    (void)state;
    assert_int_equal(oa->nblocks, 3);
    assert_int_equal(oa->nevents, 36 + 8 + 8);
    assert_int_equal(oa->nreports, 4);
    assert_int_equal(oa->nenums, 3);
    assert_int_equal(oa->nrules, 9);
    assert_int_equal(oa->nlayouts, 1);
    assert_int_equal(oa->nregisters, 7);
    int flexible = 0, per_block[3] = {0, 0, 0};
    for (int i = 0; i < oa->nevents; i++) {
        flexible += (oa->events[i].flags & EVENT_FLEXIBLE) != 0;
        per_block[oa->events[i].block]++;
    }
    assert_int_equal(flexible, 14);
    assert_int_equal(per_block[0], 36);
    assert_int_equal(per_block[1], 8);
    assert_int_equal(per_block[2], 8);
    assert_string_equal(oa->id, "intel_oa_chv");
    assert_string_equal(oa->slug, "intel-oa-chv");
    assert_string_equal(oa->vendor, "intel");
    assert_string_equal(oa->kind, "gpu");
}

static void test_counters(void **state)
{
    (void)state;
    char name[8];
    for (int i = 0; i < 36; i++) {
        snprintf(name, sizeof name, "A%d", i);
        const hw_event *e = event(name);
        assert_int_equal(e->index, i);
        assert_int_equal(e->width, i < 32 ? 40 : 32);
        assert_int_equal((e->flags & EVENT_FLEXIBLE) != 0, i >= 7 && i <= 20);
        assert_non_null(e->description);
        assert_non_null(e->reg_name);
        /* the source lists no OAPERF_A7_UPPER */
        assert_int_equal(e->reg_upper != NULL, i < 32 && i != 7);
    }
    assert_string_equal(event("A0")->reg_upper, "OAPERF_A0_UPPER");
    assert_string_equal(event("A35")->reg_name, "OAPERF_A35");
    assert_string_equal(event("A32")->title, "Other Shader Memory Accesses");
    assert_string_equal(event("A35")->title, "Barrier Messages");
    assert_int_equal(event("B7")->width, 32);
    assert_int_equal(event("C7")->index, 7);
    assert_string_equal(oa->blocks[event("C0")->block].name, "C");
    assert_true(has_note("oddity", "A32"));
    assert_true(has_note("oddity", "A33"));
    assert_true(has_note("oddity", "A35"));
    assert_true(has_note("oddity", "A7"));
    assert_true(has_note("oddity", "EU_FINE_FILTER"));
    /* where Mesa's and IGT's metric sets count A28, A32 and A34 in other
     * units (hwcgen audit against their oa-chv.xml lists the three) */
    assert_true(has_note("oddity", "A28"));
    assert_true(has_note("oddity", "A34"));
    /* A0 counts GPU clocks (IGT's "GPU Busy" is A0 over GPU core clocks);
     * B and C have no fixed meaning, each metric set routes its signals */
    assert_string_equal(event("A0")->units, "cycles");
    for (int i = 0; i < 8; i++) {
        snprintf(name, sizeof name, "B%d", i);
        assert_null(event(name)->units);
        snprintf(name, sizeof name, "C%d", i);
        assert_null(event(name)->units);
    }
    assert_true(has_note("reading", "B"));
}

static void test_reports(void **state)
{
    (void)state;
    const hw_report *r = report("A32u40_A4u32_B8_C8");
    assert_int_equal(r->select, 5);
    assert_int_equal(r->size, 256);
    assert_int_equal(r->fields[0].offset, 0); /* report id: lowest dword */
    assert_int_equal(offset_of(r, "A", 0, 0), 16);
    assert_int_equal(offset_of(r, "A", 31, 0), 140);
    assert_int_equal(offset_of(r, "A", 32, 0), 144);
    assert_int_equal(offset_of(r, "A", 35, 0), 156);
    assert_int_equal(offset_of(r, "A", 0, 1), 160);
    assert_int_equal(offset_of(r, "A", 31, 1), 191);
    assert_int_equal(offset_of(r, "A", 32, 1), -1); /* 32-bit: no high byte */
    assert_int_equal(offset_of(r, "B", 0, 0), 192);
    assert_int_equal(offset_of(r, "C", 7, 0), 252);
    static const struct {
        const char *name;
        int select, size;
    } other[] = {{"A12", 0, 64}, {"A12_B8_C8", 2, 128}, {"C4_B8", 7, 64}};
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
        assert_int_equal(report(other[i].name)->select, other[i].select);
        assert_int_equal(report(other[i].name)->size, other[i].size);
    }
}

/* The other Gen8 formats as IGT reads them: gen8_oa_formats[] of
 * tests/i915/perf.c (a_off, n_a, first_a, b_off, n_b, c_off, n_c, size),
 * and gen8_read_report_ticks(), which takes GPU ticks from dword 3 of
 * every Gen8 report. */
typedef struct igt_format {
    const char *name;
    int size, a_off, n_a, first_a, b_off, n_b, c_off, n_c;
} igt_format;

static const igt_format igt_gen8_formats[] = {
    {"A12", 64, 12, 12, 7, 0, 0, 0, 0},
    {"A12_B8_C8", 128, 12, 12, 7, 64, 8, 96, 8},
    {"C4_B8", 64, 0, 0, 0, 32, 8, 16, 4},
};

static const hw_report_field *field_named(const hw_report *r, const char *name)
{
    for (int i = 0; i < r->nfields; i++)
        if (strcmp(r->fields[i].name, name) == 0)
            return &r->fields[i];
    return NULL;
}

static void test_reports_igt(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof igt_gen8_formats / sizeof igt_gen8_formats[0];
         k++) {
        const igt_format *f = &igt_gen8_formats[k];
        const hw_report *r = report(f->name);
        assert_int_equal(r->size, f->size);
        const hw_report_field *ticks = field_named(r, "GPU_TICKS");
        assert_non_null(ticks);
        assert_int_equal(ticks->offset, 12);
        for (int i = 0; i < 36; i++) {
            int want = i >= f->first_a && i < f->first_a + f->n_a
                           ? f->a_off + 4 * (i - f->first_a)
                           : -1;
            assert_int_equal(offset_of(r, "A", i, 0), want);
            assert_int_equal(offset_of(r, "A", i, 1), -1); /* low dwords */
        }
        for (int i = 0; i < 8; i++) {
            assert_int_equal(offset_of(r, "B", i, 0),
                             i < f->n_b ? f->b_off + 4 * i : -1);
            assert_int_equal(offset_of(r, "C", i, 0),
                             i < f->n_c ? f->c_off + 4 * i : -1);
        }
    }
    /* A7 and GPU ticks share bytes 12..15 in the A12 formats, and the spec
     * says so; C4_B8 has no overlap on Gen8 */
    assert_string_equal(field_named(report("A12"), "A")->overlaps,
                        "GPU_TICKS");
    assert_string_equal(field_named(report("A12_B8_C8"), "A")->overlaps,
                        "GPU_TICKS");
    for (int i = 0; i < report("C4_B8")->nfields; i++)
        assert_null(report("C4_B8")->fields[i].overlaps);
    assert_true(has_note("oddity", "A12_B8_C8"));
    assert_true(has_note("oddity", "C4_B8"));
}

static void test_registers(void **state)
{
    (void)state;
    static const uint64_t addr[7] = {0xE458, 0xE558, 0xE658, 0xE758,
                                     0xE45C, 0xE55C, 0xE65C};
    const hw_layout *l = &oa->layouts[0];
    assert_int_equal(l->width, 12);
    assert_int_equal(l->nfields, 3);
    static const char *const enums[3] = {"EU_INCREMENT", "EU_COARSE_FILTER",
                                         "EU_FINE_FILTER"};
    for (int k = 0; k < 3; k++) {
        assert_int_equal(l->fields[k].shift, 4 * k);
        assert_int_equal(l->fields[k].width, 4);
        assert_string_equal(oa->enums[l->fields[k].enum_index].name, enums[k]);
    }
    for (int n = 0; n < 7; n++) {
        const hw_register *r = &oa->registers[n];
        char name[32], lo[8], hi[8];
        snprintf(name, sizeof name, "EU_PERF_CNTL%d", n);
        snprintf(lo, sizeof lo, "A%d", 7 + 2 * n);
        snprintf(hi, sizeof hi, "A%d", 8 + 2 * n);
        assert_string_equal(r->name, name);
        assert_int_equal(r->address, addr[n]);
        assert_int_equal(r->nfields, 2);
        assert_int_equal(r->fields[0].shift, 0);
        assert_int_equal(r->fields[0].width, 12);
        assert_int_equal(r->fields[1].shift, 12);
        assert_int_equal(r->fields[1].width, 12);
        assert_int_equal(r->fields[0].event, ir_find_event(oa, lo));
        assert_int_equal(r->fields[1].event, ir_find_event(oa, hi));
        assert_int_equal(r->fields[0].layout, 0);
        assert_int_equal(r->fields[1].layout, 0);
    }
}

static void test_enums(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        uint32_t mask;
    } want[] = {
        {"EU_INCREMENT", 0x013F},     /* 0000..0101, 1000 */
        {"EU_COARSE_FILTER", 0x01FF}, /* 0000..1000 */
        {"EU_FINE_FILTER", 0x07FF},   /* 0000..1010, 0110 undocumented */
    };
    for (int i = 0; i < 3; i++) {
        const hw_enum *e = &oa->enums[ir_find_enum(oa, want[i].name)];
        uint32_t mask = 0;
        int undocumented = 0;
        assert_int_equal(e->width, 4);
        for (int k = 0; k < e->nvalues; k++) {
            mask |= 1u << e->values[k].value;
            if (e->values[k].undocumented) {
                undocumented++;
                assert_int_equal(e->values[k].value, 6);
                assert_string_equal(e->name, "EU_FINE_FILTER");
            }
        }
        assert_int_equal(mask, want[i].mask);
        assert_int_equal(undocumented, i == 2);
    }
}

/* ---- support table, from the seed's text -------------------------------- */

/* Table rows of the three tables (the fine table has no 0b0110 row). */
static const char *const seed_increments = "0000 0001 0010 0011 0100 0101 1000";
static const char *const seed_coarse =
    "0000 0001 0010 0011 0100 0101 0110 0111 1000";
static const char *const seed_fine =
    "0000 0001 0010 0011 0100 0101 0111 1000 1001 1010";

/* The restriction notes beside each increment event; NULL = none given. */
static const struct {
    unsigned inc;
    const char *coarse;
    const char *fine;
} seed_support[] = {
    {0x0, NULL, NULL},
    {0x1, NULL, NULL},
    {0x2, NULL, "0000 0101 0110 0111 1000 1001 1010"},
    {0x3, "0000 0111 1000", "0000 0111 1000 1001 1010"},
    {0x4, "0000 0111 1000", "0000 0101 0110 0111 1000 1001 1010"},
    {0x5, "0000 0111 1000", "0000 0111 1000 1001 1010"},
    {0x8, "0000 0111 1000", "0000 0111 1000 1001 1010"},
};

/* Whether the 4-bit code v is among the binary words in `list`. */
static int listed(const char *list, unsigned v)
{
    for (const char *p = list; p && *p; p += strspn(p, " ")) {
        unsigned x = 0;
        for (; *p == '0' || *p == '1'; p++)
            x = x * 2 + (unsigned)(*p - '0');
        if (x == v)
            return 1;
    }
    return 0;
}

static int seed_supported(unsigned inc, unsigned coarse, unsigned fine)
{
    for (size_t i = 0; i < sizeof seed_support / sizeof seed_support[0]; i++) {
        if (seed_support[i].inc != inc)
            continue;
        const char *c = seed_support[i].coarse, *f = seed_support[i].fine;
        /* fine 0110 exists only where a support list names it */
        int fine_known = listed(seed_fine, fine) || listed(f, fine);
        return listed(seed_coarse, coarse) && fine_known &&
               (!c || listed(c, coarse)) && (!f || listed(f, fine));
    }
    assert_false(listed(seed_increments, inc));
    return 0;
}

static void test_support_exhaustive(void **state)
{
    (void)state;
    int supported = 0;
    for (unsigned inc = 0; inc < 16; inc++)
        for (unsigned c = 0; c < 16; c++)
            for (unsigned f = 0; f < 16; f++) {
                int want = seed_supported(inc, c, f);
                int got = flex_eu_supported(oa, inc, c, f);
                if (want != got)
                    fail_msg("increment %u coarse %u fine %u: spec says %d, "
                             "seed says %d",
                             inc, c, f, got, want);
                supported += want;
            }
    /* 90 + 90 (FPU0, FPU1) + 9*7 + 3*5 + 3*7 + 3*5 + 3*5 */
    assert_int_equal(supported, 309);
    assert_false(flex_eu_supported(oa, 0, 0, 16));
    assert_false(flex_eu_supported(oa, 99, 0, 0));
}

/* ---- encoder ------------------------------------------------------------ */

#define ZERO(n, addr) "EU_PERF_CNTL" #n " 0x0000" addr " 0x00000000\n"

static void test_encode_values(void **state)
{
    (void)state;
    ENCODE_OK("EU_PERF_CNTL0 0x0000e458 0x00005004\n" ZERO(1, "e558")
                  ZERO(2, "e658") ZERO(3, "e758") ZERO(4, "e45c")
                      ZERO(5, "e55c") ZERO(6, "e65c"),
              "A7=4/0/0", "A8=5/0/0");
    /* FORMATS.md: field 0x050 = FPU0 active, PS threads only, no fine filter */
    ENCODE_OK("EU_PERF_CNTL0 0x0000e458 0x00050050\n" ZERO(1, "e558")
                  ZERO(2, "e658") ZERO(3, "e758") ZERO(4, "e45c")
                      ZERO(5, "e55c") ZERO(6, "e65c"),
              "A7=0/5/0", "A8=0b0000/0b0101/0x0");
    /* symbolic names; A20 is the high half of EU_PERF_CNTL6: 0xA88 << 12;
     * A9 = send active, PS, undocumented fine 0110: 0x652;
     * A14 is the high half of EU_PERF_CNTL3: 0x431 << 12 */
    ENCODE_OK(
        ZERO(0, "e458") "EU_PERF_CNTL1 0x0000e558 0x00000652\n" ZERO(
            2, "e658") "EU_PERF_CNTL3 0x0000e758 0x00431000\n" ZERO(4, "e45c")
            ZERO(5, "e55c") "EU_PERF_CNTL6 0x0000e65c 0x00a88000\n",
        "A20=threads_loaded_full/ROW1/EU3", "A9=0x2/0b0101/6", "A14=1/3/4");
    const char *none[1] = {NULL};
    char *out, *log;
    assert_int_equal(encode(oa, none, 0, &out, &log), 0);
    assert_non_null(strstr(out, "EU_PERF_CNTL6 0x0000e65c 0x00000000\n"));
    free(out);
    free(log);
}

static void test_encode_errors(void **state)
{
    (void)state;
    ENCODE_ERR("error: counter 'A3': not a flexible counter", "A3=0/0/0");
    ENCODE_ERR("counter 'A7': fine 0b0110 (UNDOCUMENTED_6) is undocumented; it "
               "is valid only where a support rule lists it (increment 0b0010 "
               "(SEND_ACTIVE), increment 0b0100 (ANY_PIPE_ACTIVE))",
               "A7=0/0/6");
    ENCODE_ERR("counter 'A7': increment 0b0110 is not a value of enum "
               "EU_INCREMENT",
               "A7=6/0/0");
    ENCODE_ERR("counter 'A7': coarse 0b1001 is not a value of enum "
               "EU_COARSE_FILTER",
               "A7=0/9/0");
    ENCODE_ERR("counter 'A99': no such counter", "A99=0/0/0");
    ENCODE_ERR("counter 'A7': 'BOGUS' is not a number or a value of enum "
               "EU_INCREMENT",
               "A7=BOGUS/0/0");
    ENCODE_ERR(
        "counter 'A7': assigned twice ('A7=4/0/0' and 'A7=FPU1_ACTIVE/0/0')",
        "A7=4/0/0", "A8=0/0/0", "A7=FPU1_ACTIVE/0/0");
    ENCODE_ERR("counter 'A7': '0/0' has 2 parts, expected 3", "A7=0/0");
    ENCODE_ERR("'A7': expected COUNTER=a/b/c", "A7");
    /* every bad assignment is reported, not just the first */
    const char *args[] = {"A3=0/0/0", "A8=0/0/6"};
    char *out, *log;
    assert_int_equal(encode(oa, args, 2, &out, &log), 1);
    assert_non_null(strstr(log, "'A3'"));
    assert_non_null(strstr(log, "'A8'"));
    free(out);
    free(log);
}

/* A combination outside the source's support rules: a warning naming the
 * rule, and the value is encoded; with --werror an error, and nothing is
 * printed. */
static void expect_rule_warning(const char *arg, const char *register_line,
                                const char *message)
{
    const char *args[] = {arg};
    char *out, *log;
    int warnings = 0;
    assert_int_equal(encode_with(oa, args, 1, 0, &out, &log, &warnings), 0);
    assert_int_equal(warnings, 1);
    if (!strstr(out, register_line))
        fail_msg("expected '%s' in: %s", register_line, out);
    char want[512];
    snprintf(want, sizeof want, "warning: %s", message);
    if (!strstr(log, want))
        fail_msg("expected '%s' in: %s", want, log);
    free(out);
    free(log);
    assert_int_equal(encode_with(oa, args, 1, 1, &out, &log, NULL), 1);
    assert_string_equal(out, "");
    snprintf(want, sizeof want, "error: %s", message);
    if (!strstr(log, want) || !strstr(log, "[-Werror]"))
        fail_msg("expected '%s ... [-Werror]' in: %s", want, log);
    free(out);
    free(log);
}

static void test_encode_rules_warn(void **state)
{
    (void)state;
    expect_rule_warning(
        "A7=2/0/1", "EU_PERF_CNTL0 0x0000e458 0x00000102\n",
        "counter 'A7': increment 0b0010 (SEND_ACTIVE) does not support "
        "fine 0b0001 (HYBRID); rule: Send pipeline active (0b0010) takes "
        "only fine filters 0b0000, 0b0101, 0b0110, 0b0111, 0b1000, "
        "0b1001 and 0b1010. (rule at " SPEC ":");
    expect_rule_warning(
        "A12=8/5/0", "EU_PERF_CNTL2 0x0000e658 0x00058000\n",
        "counter 'A12': increment 0b1000 (THREADS_LOADED_FULL) does not "
        "support coarse 0b0101 (PS); rule: Threads-loaded integrator "
        "(0b1000) takes only coarse filters 0b0000, 0b0111 and 0b1000.");
    /* IGT's render_basic: EU_PERF_CNTL5 = 0x00053052, A18 = 0x053 */
    expect_rule_warning(
        "A18=3/5/0", "EU_PERF_CNTL5 0x0000e55c 0x00053000\n",
        "counter 'A18': increment 0b0011 (FPU0_FPU1_ACTIVE) does not "
        "support coarse 0b0101 (PS)");
    /* two broken rules, two warnings */
    const char *both[] = {"A7=LOADED_NO_PIPE_ACTIVE/TS/SEND_START"};
    char *out, *log;
    int warnings = 0;
    assert_int_equal(encode_with(oa, both, 1, 0, &out, &log, &warnings), 0);
    assert_int_equal(warnings, 2);
    assert_non_null(strstr(out, "EU_PERF_CNTL0 0x0000e458 0x00000565\n"));
    free(out);
    free(log);
}

/* ---- Intel's own metric sets --------------------------------------------- */

/* The flexible EU counter registers of Intel's 14 Gen8 CHV metric sets, as
 * IGT programs them: lib/i915/perf-configs/oa-chv.xml of IGT GPU Tools
 * (register_config type="FLEX", underscore_name of each <set>; the file
 * Mesa carries as src/intel/perf/oa-chv.xml). test_oa lists no FLEX
 * register; the i915 driver then writes 0 to every EU_PERF_CNTL register
 * (oa_config_flex_reg() in i915_perf.c returns 0 for a register the
 * configuration leaves out). */
static const struct {
    const char *set;
    unsigned address, value;
} igt_flex[] = {
    {"render_basic", 0xE458, 0x00005004},
    {"render_basic", 0xE558, 0x00010003},
    {"render_basic", 0xE658, 0x00012011},
    {"render_basic", 0xE758, 0x00015014},
    {"render_basic", 0xE45C, 0x00051050},
    {"render_basic", 0xE55C, 0x00053052},
    {"render_basic", 0xE65C, 0x00055054},
    {"compute_basic", 0xE458, 0x00005004},
    {"compute_basic", 0xE558, 0x00000003},
    {"compute_basic", 0xE658, 0x00002001},
    {"compute_basic", 0xE758, 0x00778008},
    {"compute_basic", 0xE45C, 0x00088078},
    {"compute_basic", 0xE55C, 0x00808708},
    {"compute_basic", 0xE65C, 0x00A08908},
    {"render_pipe_profile", 0xE458, 0x00005004},
    {"render_pipe_profile", 0xE558, 0x00015014},
    {"render_pipe_profile", 0xE658, 0x00025024},
    {"render_pipe_profile", 0xE758, 0x00035034},
    {"render_pipe_profile", 0xE45C, 0x00045044},
    {"render_pipe_profile", 0xE55C, 0x00055054},
    {"render_pipe_profile", 0xE65C, 0x00065064},
    {"hdc_and_sf", 0xE458, 0x00005004},
    {"hdc_and_sf", 0xE558, 0x00010003},
    {"hdc_and_sf", 0xE658, 0x00012011},
    {"hdc_and_sf", 0xE758, 0x00015014},
    {"hdc_and_sf", 0xE45C, 0x00051050},
    {"hdc_and_sf", 0xE55C, 0x00053052},
    {"hdc_and_sf", 0xE65C, 0x00055054},
    {"l3_1", 0xE458, 0x00005004},
    {"l3_1", 0xE558, 0x00010003},
    {"l3_1", 0xE658, 0x00012011},
    {"l3_1", 0xE758, 0x00015014},
    {"l3_1", 0xE45C, 0x00051050},
    {"l3_1", 0xE55C, 0x00053052},
    {"l3_1", 0xE65C, 0x00055054},
    {"l3_2", 0xE458, 0x00005004},
    {"l3_2", 0xE558, 0x00010003},
    {"l3_2", 0xE658, 0x00012011},
    {"l3_2", 0xE758, 0x00015014},
    {"l3_2", 0xE45C, 0x00051050},
    {"l3_2", 0xE55C, 0x00053052},
    {"l3_2", 0xE65C, 0x00055054},
    {"l3_3", 0xE458, 0x00005004},
    {"l3_3", 0xE558, 0x00010003},
    {"l3_3", 0xE658, 0x00012011},
    {"l3_3", 0xE758, 0x00015014},
    {"l3_3", 0xE45C, 0x00051050},
    {"l3_3", 0xE55C, 0x00053052},
    {"l3_3", 0xE65C, 0x00055054},
    {"l3_4", 0xE458, 0x00005004},
    {"l3_4", 0xE558, 0x00010003},
    {"l3_4", 0xE658, 0x00012011},
    {"l3_4", 0xE758, 0x00015014},
    {"l3_4", 0xE45C, 0x00051050},
    {"l3_4", 0xE55C, 0x00053052},
    {"l3_4", 0xE65C, 0x00055054},
    {"rasterizer_and_pixel_backend", 0xE458, 0x00005004},
    {"rasterizer_and_pixel_backend", 0xE558, 0x00010003},
    {"rasterizer_and_pixel_backend", 0xE658, 0x00012011},
    {"rasterizer_and_pixel_backend", 0xE758, 0x00015014},
    {"rasterizer_and_pixel_backend", 0xE45C, 0x00051050},
    {"rasterizer_and_pixel_backend", 0xE55C, 0x00053052},
    {"rasterizer_and_pixel_backend", 0xE65C, 0x00055054},
    {"sampler_1", 0xE458, 0x00005004},
    {"sampler_1", 0xE558, 0x00010003},
    {"sampler_1", 0xE658, 0x00012011},
    {"sampler_1", 0xE758, 0x00015014},
    {"sampler_1", 0xE45C, 0x00051050},
    {"sampler_1", 0xE55C, 0x00053052},
    {"sampler_1", 0xE65C, 0x00055054},
    {"sampler_2", 0xE458, 0x00005004},
    {"sampler_2", 0xE558, 0x00010003},
    {"sampler_2", 0xE658, 0x00012011},
    {"sampler_2", 0xE758, 0x00015014},
    {"sampler_2", 0xE45C, 0x00051050},
    {"sampler_2", 0xE55C, 0x00053052},
    {"sampler_2", 0xE65C, 0x00055054},
    {"tdl_1", 0xE458, 0x00005004},
    {"tdl_1", 0xE558, 0x00010003},
    {"tdl_1", 0xE658, 0x00012011},
    {"tdl_1", 0xE758, 0x00015014},
    {"tdl_1", 0xE45C, 0x00051050},
    {"tdl_1", 0xE55C, 0x00053052},
    {"tdl_1", 0xE65C, 0x00055054},
    {"tdl_2", 0xE458, 0x00005004},
    {"tdl_2", 0xE558, 0x00010003},
    {"tdl_2", 0xE658, 0x00012011},
    {"tdl_2", 0xE758, 0x00015014},
    {"tdl_2", 0xE45C, 0x00051050},
    {"tdl_2", 0xE55C, 0x00053052},
    {"tdl_2", 0xE65C, 0x00055054},
    {"test_oa", 0xE458, 0x00000000},
    {"test_oa", 0xE558, 0x00000000},
    {"test_oa", 0xE658, 0x00000000},
    {"test_oa", 0xE758, 0x00000000},
    {"test_oa", 0xE45C, 0x00000000},
    {"test_oa", 0xE55C, 0x00000000},
    {"test_oa", 0xE65C, 0x00000000},
};
enum { IGT_FLEX_ROWS = sizeof igt_flex / sizeof igt_flex[0] };

/* Which counters each EU_PERF_CNTL register programs (bits 11:0, then
 * 23:12), by address, as the source's register list gives them. */
static const struct {
    unsigned address;
    const char *low, *high;
} eu_perf_cntl[] = {
    {0xE458, "A7", "A8"},   {0xE558, "A9", "A10"},  {0xE658, "A11", "A12"},
    {0xE758, "A13", "A14"}, {0xE45C, "A15", "A16"}, {0xE55C, "A17", "A18"},
    {0xE65C, "A19", "A20"},
};

/* "A7=4/0/0": the counter's 12-bit field split as the source lays it out
 * (bits 3:0 increment, 7:4 coarse, 11:8 fine). */
static char *assignment(const char *counter, unsigned field)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%s=%u/%u/%u", counter, field & 0xFu,
             (field >> 4) & 0xFu, (field >> 8) & 0xFu);
    return strdup(buf);
}

/* Encode every flexible counter of one metric set, rows [from, to) of
 * igt_flex; returns the encoder's status and counts the fields it warned
 * about in *warned. */
static int encode_set(int from, int to, int werror, int *warned)
{
    char *args[14];
    int n = 0;
    for (int i = from; i < to; i++)
        for (size_t k = 0; k < sizeof eu_perf_cntl / sizeof eu_perf_cntl[0];
             k++)
            if (eu_perf_cntl[k].address == igt_flex[i].address) {
                args[n++] = assignment(eu_perf_cntl[k].low,
                                       igt_flex[i].value & 0xFFFu);
                args[n++] = assignment(eu_perf_cntl[k].high,
                                       (igt_flex[i].value >> 12) & 0xFFFu);
            }
    assert_int_equal(n, 14);
    char *out, *log;
    int rc = encode_with(oa, (const char *const *)args, n, werror, &out, &log,
                         warned);
    if (rc == 0)
        for (int i = from; i < to; i++) {
            char line[64];
            snprintf(line, sizeof line, " 0x%08x 0x%08x\n",
                     igt_flex[i].address, igt_flex[i].value);
            if (!strstr(out, line))
                fail_msg("%s: expected '%s' in:\n%s", igt_flex[i].set, line,
                         out);
        }
    /* the register order is the spec's, one line per register */
    int lines = 0;
    for (const char *p = out; (p = strchr(p, '\n')) != NULL; p++)
        lines++;
    assert_int_equal(lines, rc == 0 ? 7 : 0);
    for (int i = 0; i < n; i++)
        free(args[i]);
    free(out);
    free(log);
    return rc;
}

static void test_igt_metric_sets(void **state)
{
    (void)state;
    int sets = 0, warned_sets = 0, warned_fields = 0, refused = 0;
    for (int from = 0; from < IGT_FLEX_ROWS;) {
        int to = from + 1;
        while (to < IGT_FLEX_ROWS &&
               strcmp(igt_flex[to].set, igt_flex[from].set) == 0)
            to++;
        assert_int_equal(to - from, 7);
        int warned = 0;
        if (encode_set(from, to, 0, &warned) != 0)
            fail_msg("%s: refused without --werror", igt_flex[from].set);
        sets++;
        warned_sets += warned > 0;
        warned_fields += warned;
        /* --werror refuses exactly the sets outside the support rules */
        int rc = encode_set(from, to, 1, NULL);
        assert_int_equal(rc, warned > 0);
        refused += rc;
        from = to;
    }
    assert_int_equal(sets, 14);
    /* 13 sets program EU_PERF_CNTL (test_oa does not); all but
     * compute_basic leave the support rules, in 67 of their 182 fields */
    assert_int_equal(warned_sets, 12);
    assert_int_equal(warned_fields, 67);
    assert_int_equal(refused, 12);
}

/* ---- loader: bad inputs ------------------------------------------------- */

/* A small valid spec; each test replaces one line (7, 12, 20 or 28). */
static const char *const base_spec[] = {
    "<?xml version=\"1.0\"?>",
    "<oa-counters id=\"t_oa\" slug=\"t-oa\" vendor=\"intel\" name=\"T\" "
    "kind=\"gpu\" source=\"test\">",
    "<description>A test spec.</description>",
    "<block name=\"A\" title=\"A\" id=\"0\" size=\"4\">",
    "<counter name=\"A0\" index=\"0\" width=\"40\" kind=\"fixed\" "
    "title=\"a\">x</counter>",
    "<counter name=\"A1\" index=\"1\" width=\"32\" kind=\"flexible\" "
    "title=\"b\">x</counter>",
    "<counter name=\"A2\" index=\"2\" width=\"32\" kind=\"flexible\" "
    "title=\"c\">x</counter>",
    "</block>",
    "<enum name=\"INC\" title=\"i\" width=\"2\">",
    "<value name=\"I0\" value=\"0\" title=\"i0\">x</value>",
    "<value name=\"I1\" value=\"1\" title=\"i1\">x</value>",
    "<value name=\"I2\" value=\"2\" title=\"i2\">x</value>",
    "</enum>",
    "<enum name=\"FIL\" title=\"f\" width=\"2\">",
    "<value name=\"F0\" value=\"0\" title=\"f0\">x</value>",
    "<value name=\"F1\" value=\"1\" title=\"f1\">x</value>",
    "<value name=\"F3\" value=\"3\" title=\"f3\" "
    "undocumented=\"yes\">x</value>",
    "</enum>",
    "<support enum=\"INC\" value=\"I1\">",
    "<allow enum=\"FIL\" values=\"0 0b11\">I1 takes F0 and F3 only.</allow>",
    "</support>",
    "<layout name=\"FIELD\" width=\"4\">",
    "<field name=\"I\" shift=\"0\" width=\"2\" enum=\"INC\">x</field>",
    "<field name=\"F\" shift=\"2\" width=\"2\" enum=\"FIL\">x</field>",
    "</layout>",
    "<register name=\"CNTL\" address=\"0x100\">",
    "<field name=\"A1\" shift=\"0\" width=\"4\" layout=\"FIELD\" "
    "counter=\"A1\">x</field>",
    "<field name=\"A2\" shift=\"4\" width=\"4\" layout=\"FIELD\" "
    "counter=\"A2\">x</field>",
    "</register>",
    "</oa-counters>",
};
enum { BASE_LINES = sizeof base_spec / sizeof base_spec[0] };

/* Write the base spec with line `line` replaced (0: none) and load it.
 * Returns the target (NULL on errors); the log goes to *log, the file
 * name to path. */
static hw_target *load_variant(int line, const char *text, char *path,
                               size_t size, char **log)
{
    char dir[] = "/tmp/test_oa_XXXXXX";
    assert_non_null(mkdtemp(dir));
    snprintf(path, size, "%s/spec.xml", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int i = 0; i < BASE_LINES; i++)
        fprintf(f, "%s\n", i + 1 == line ? text : base_spec[i]);
    fclose(f);
    hw_diag d;
    diag_init(&d, NULL);
    hw_target *t = load_spec(path, &d);
    *log = strdup(d.log.data ? d.log.data : "");
    assert_int_equal(t == NULL, d.errors > 0);
    diag_free(&d);
    unlink(path);
    rmdir(dir);
    return t;
}

/* Replace line `line` by `text`; expect `message` blamed on `at`. */
static void expect_error_at(int line, const char *text, int at,
                            const char *message)
{
    char path[64], want[512];
    char *log;
    hw_target *t = load_variant(line, text, path, sizeof path, &log);
    assert_null(t);
    snprintf(want, sizeof want, "%s:%d: error: %s", path, at, message);
    if (!strstr(log, want))
        fail_msg("expected '%s' in: %s", want, log);
    free(log);
}

static void expect_load_error(int line, const char *text, const char *message)
{
    expect_error_at(line, text, line, message);
}

static void test_load_base_ok(void **state)
{
    (void)state;
    char path[64];
    char *log;
    hw_target *t = load_variant(0, NULL, path, sizeof path, &log);
    if (!t)
        fail_msg("base spec does not load: %s", log);
    free(log);
    assert_int_equal(t->nrules, 1);
    assert_int_equal(t->rules[0].allowed, 0x9);
    assert_int_equal(t->registers[0].fields[1].event, 2);
    /* the encoder and rules are generic: this spec is not Intel's */
    hw_diag d;
    diag_init(&d, NULL);
    hw_buf b;
    buf_init(&b);
    char *ok[] = {"A1=1/3", "A2=I2/F1"};
    assert_int_equal(encode_flex_eu(t, 2, ok, &b, &d), 0);
    assert_string_equal(b.data, "CNTL 0x00000100 0x0000006d\n");
    char *bad[] = {"A1=0/F3", "A2=1/1"};
    assert_int_equal(encode_flex_eu(t, 2, bad, &b, &d), 1);
    assert_non_null(strstr(d.log.data, "counter 'A1': f 0b11 (F3) is "
                                       "undocumented"));
    assert_non_null(strstr(d.log.data, "counter 'A2': i 0b01 (I1) does not "
                                       "support f 0b01 (F1); rule: I1 takes F0 "
                                       "and F3 only."));
    assert_false(flex_eu_supported(t, 1, 0, 0)); /* two-field layout */
    buf_free(&b);
    diag_free(&d);
    target_free(t);
}

static void test_load_bad_counter(void **state)
{
    (void)state;
    expect_load_error(7,
                      "<counter name=\"A2\" index=\"2\" width=\"41\" "
                      "kind=\"flexible\" title=\"c\">x</counter>",
                      "counter 'A2': width 41 is not 32 or 40 bits");
    expect_load_error(7,
                      "<counter name=\"A2\" index=\"4\" width=\"32\" "
                      "kind=\"flexible\" title=\"c\">x</counter>",
                      "counter 'A2': index 4 is outside block A (4 counters)");
    expect_load_error(7,
                      "<counter name=\"A1\" index=\"2\" width=\"32\" "
                      "kind=\"flexible\" title=\"c\">x</counter>",
                      "counter 'A1': duplicate name (first at ");
    expect_load_error(7,
                      "<counter name=\"A2\" index=\"1\" width=\"32\" "
                      "kind=\"flexible\" title=\"c\">x</counter>",
                      "counter 'A2': index 1 already used by 'A1'");
    expect_load_error(7,
                      "<counter name=\"A2\" index=\"2\" width=\"32\" "
                      "kind=\"flexible\" title=\"c\" upper-register=\"X\">x"
                      "</counter>",
                      "counter 'A2': upper-register X given for a 32-bit "
                      "counter");
}

static void test_load_bad_enum(void **state)
{
    (void)state;
    expect_load_error(12,
                      "<value name=\"I2\" value=\"4\" title=\"i2\">x</value>",
                      "enum INC value 'I2': 0x4 does not fit 2 bits");
    char want[128];
    snprintf(want, sizeof want,
             "enum INC value 'I2': duplicate value 0x1 "
             "(first used by 'I1' at ");
    expect_load_error(
        12, "<value name=\"I2\" value=\"1\" title=\"i2\">x</value>", want);
    expect_load_error(12,
                      "<value name=\"I1\" value=\"2\" title=\"i2\">x</value>",
                      "enum INC value 'I1': duplicate name");
}

static void test_load_bad_rule(void **state)
{
    (void)state;
    expect_load_error(20, "<allow enum=\"FIL\" values=\"0 2\">x</allow>",
                      "support INC=I1: enum FIL has no value '2'");
    expect_load_error(20, "<allow enum=\"FIL\" values=\"F0 BOGUS\">x</allow>",
                      "support INC=I1: enum FIL has no value 'BOGUS'");
    expect_load_error(20, "<allow enum=\"NOPE\" values=\"0\">x</allow>",
                      "support INC=I1: unknown enum 'NOPE'");
    expect_load_error(20, "<allow enum=\"FIL\" values=\"0 0\">x</allow>",
                      "support INC=I1: value '0' of enum FIL listed twice");
    /* an undocumented value no rule names */
    expect_error_at(20, "<allow enum=\"FIL\" values=\"0\">x</allow>", 17,
                    "enum FIL value 'F3': undocumented, but no <allow> "
                    "names it");
}

static void test_load_bad_register(void **state)
{
    (void)state;
    expect_load_error(28,
                      "<field name=\"A2\" shift=\"3\" width=\"4\" "
                      "layout=\"FIELD\" counter=\"A2\">x</field>",
                      "register CNTL field 'A2': bits 6:3 overlap field 'A1' "
                      "(bits 3:0)");
    expect_load_error(28,
                      "<field name=\"A2\" shift=\"30\" width=\"4\" "
                      "layout=\"FIELD\" counter=\"A2\">x</field>",
                      "register CNTL field 'A2': bits 33:30 are outside the "
                      "32-bit width");
    expect_load_error(28,
                      "<field name=\"A2\" shift=\"4\" width=\"5\" "
                      "layout=\"FIELD\" counter=\"A2\">x</field>",
                      "register CNTL field 'A2': layout FIELD is 4 bits wide, "
                      "the field 5");
    expect_load_error(28,
                      "<field name=\"A2\" shift=\"4\" width=\"4\" "
                      "layout=\"FIELD\" counter=\"A0\">x</field>",
                      "register CNTL field 'A2': counter A0 is not flexible");
    expect_load_error(28,
                      "<field name=\"A2\" shift=\"4\" width=\"4\" "
                      "layout=\"FIELD\" counter=\"A1\">x</field>",
                      "register CNTL field 'A2': counter A1 is already "
                      "programmed by field 'A1'");
    expect_load_error(28,
                      "<field name=\"A2\" shift=\"4\" width=\"4\" "
                      "layout=\"NOPE\" counter=\"A2\">x</field>",
                      "register CNTL field 'A2': unknown layout 'NOPE'");
    /* A2 flexible but unprogrammed: blamed at its own line */
    expect_error_at(28, "<field name=\"X\" shift=\"4\" width=\"4\">x</field>",
                    7,
                    "counter 'A2': flexible, but no register field "
                    "programs it");
}

static void test_load_schema_error(void **state)
{
    (void)state;
    /* kind must be fixed or flexible: the schema catches it, with a line */
    char path[64];
    char *log;
    hw_target *t = load_variant(7,
                                "<counter name=\"A2\" index=\"2\" width=\"32\" "
                                "kind=\"odd\" title=\"c\">x</counter>",
                                path, sizeof path, &log);
    assert_null(t);
    char want[96];
    snprintf(want, sizeof want, "%s:7: error:", path);
    if (!strstr(log, want))
        fail_msg("expected '%s' in: %s", want, log);
    free(log);
}

int main(void)
{
    const struct CMUnitTest spec_tests[] = {
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_counters),
        cmocka_unit_test(test_reports),
        cmocka_unit_test(test_reports_igt),
        cmocka_unit_test(test_registers),
        cmocka_unit_test(test_enums),
        cmocka_unit_test(test_support_exhaustive),
        cmocka_unit_test(test_encode_values),
        cmocka_unit_test(test_encode_errors),
        cmocka_unit_test(test_encode_rules_warn),
        cmocka_unit_test(test_igt_metric_sets),
    };
    const struct CMUnitTest loader_tests[] = {
        cmocka_unit_test(test_load_base_ok),
        cmocka_unit_test(test_load_bad_counter),
        cmocka_unit_test(test_load_bad_enum),
        cmocka_unit_test(test_load_bad_rule),
        cmocka_unit_test(test_load_bad_register),
        cmocka_unit_test(test_load_schema_error),
    };
    int failed = cmocka_run_group_tests_name("oa spec", spec_tests, setup_spec,
                                             teardown_spec);
    failed +=
        cmocka_run_group_tests_name("oa loader", loader_tests, NULL, NULL);
    return failed ? 1 : 0;
}
