/* test_oa_header.c - the generated freestanding header of the Intel OA
 * Gen8 spec, out/include/hwcgen/intel_oa_chv.h, used the way a driver uses
 * it: report offsets, counter reads and deltas, the support check, the
 * field and register packers.
 *
 * Run from the repository root. Expected values are literals written from
 * FORMATS.md section 5 and the seed 002 text (the support table below is
 * this file's own reading of the seed), not taken from the spec or the IR;
 * one test also compares the header's support check with the encoder's
 * flex_eu_supported() on the loaded spec. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../out/include/hwcgen/intel_oa_chv.h"

#include "core/diag.h"
#include "core/encode.h"
#include "core/ir.h"
#include "load/load.h"

#define SPEC "spec/intel/oa-chv.xml"
#define HEADER "out/include/hwcgen/intel_oa_chv.h"

/* The report format of FORMATS.md section 5, by its generated prefix. */
#define R(x) INTEL_OA_CHV_REPORT_A32U40_A4U32_B8_C8_##x

typedef unsigned long long u64;

/* ---- a report built by hand --------------------------------------------- */

static void put32(unsigned char *r, int off, uint32_t v)
{
    r[off] = (unsigned char)(v & 0xFF);
    r[off + 1] = (unsigned char)((v >> 8) & 0xFF);
    r[off + 2] = (unsigned char)((v >> 16) & 0xFF);
    r[off + 3] = (unsigned char)((v >> 24) & 0xFF);
}

/* A 40-bit counter: low dword at 16 + 4*i, bits 39:32 at 160 + i. */
static void put_a40(unsigned char *r, int i, u64 v)
{
    put32(r, 16 + 4 * i, (uint32_t)(v & 0xFFFFFFFFu));
    r[160 + i] = (unsigned char)((v >> 32) & 0xFF);
}

/* A32..A35: at 144 + 4*(i - 32). */
static void put_a32(unsigned char *r, int i, uint32_t v)
{
    put32(r, 144 + 4 * (i - 32), v);
}

static u64 a_value(int i)
{
    if (i == 31)
        return 0xABDEADBEEFull; /* high byte with its top bit set */
    if (i < 32)
        return (u64)(0x80 + i) << 32 | (0x10203040u + 0x01010101u * (unsigned)i);
    return 0xFFFFFFF0u + (unsigned)(i - 32); /* A32..A35 */
}

/* Every byte of the 256 set: header, A0..A35, B0..B7, C0..C7. */
static void build_report(unsigned char *r)
{
    memset(r, 0xEE, 256);
    put32(r, 0, 0x12345678u);  /* report id */
    put32(r, 4, 0xCAFEF00Du);  /* timestamp */
    put32(r, 8, 0x00C0FFEEu);  /* context id */
    put32(r, 12, 0x89ABCDEFu); /* GPU ticks */
    for (int i = 0; i < 32; i++)
        put_a40(r, i, a_value(i));
    for (int i = 32; i < 36; i++)
        put_a32(r, i, (uint32_t)a_value(i));
    for (int i = 0; i < 8; i++) {
        put32(r, 192 + 4 * i, 0xB0000000u + (unsigned)i);
        put32(r, 224 + 4 * i, 0xC0000000u + (unsigned)i);
    }
}

/* ---- report formats ----------------------------------------------------- */

static void test_report_formats(void **state)
{
    (void)state;
    assert_int_equal(INTEL_OA_CHV_REPORT_A32U40_A4U32_B8_C8_SELECT, 5);
    assert_int_equal(INTEL_OA_CHV_REPORT_A32U40_A4U32_B8_C8_SIZE, 256);
    assert_int_equal(INTEL_OA_CHV_REPORT_A12_SELECT, 0);
    assert_int_equal(INTEL_OA_CHV_REPORT_A12_SIZE, 64);
    assert_int_equal(INTEL_OA_CHV_REPORT_A12_B8_C8_SELECT, 2);
    assert_int_equal(INTEL_OA_CHV_REPORT_A12_B8_C8_SIZE, 128);
    assert_int_equal(INTEL_OA_CHV_REPORT_C4_B8_SELECT, 7);
    assert_int_equal(INTEL_OA_CHV_REPORT_C4_B8_SIZE, 64);
}

static void test_report_offsets(void **state)
{
    (void)state;
    assert_int_equal(R(REPORT_ID_OFFSET), 0);
    assert_int_equal(R(TIMESTAMP_OFFSET), 4);
    assert_int_equal(R(CONTEXT_ID_OFFSET), 8);
    assert_int_equal(R(GPU_TICKS_OFFSET), 12);
    assert_int_equal(R(REPORT_ID_SIZE), 4);
    assert_int_equal(R(GPU_TICKS_SIZE), 4);
    for (int i = 0; i < 32; i++) {
        assert_int_equal(R(A_LOW_OFFSET)(i), 16 + 4 * i);
        assert_int_equal(R(A_HIGH_OFFSET)(i), 160 + i);
    }
    for (int i = 32; i < 36; i++)
        assert_int_equal(R(A_32BIT_OFFSET)(i), 144 + 4 * (i - 32));
    for (int i = 0; i < 8; i++) {
        assert_int_equal(R(B_OFFSET)(i), 192 + 4 * i);
        assert_int_equal(R(C_OFFSET)(i), 224 + 4 * i);
    }
    /* spot checks written out in full */
    assert_int_equal(R(A_LOW_OFFSET)(31), 140);
    assert_int_equal(R(A_32BIT_OFFSET)(35), 156);
    assert_int_equal(R(A_HIGH_OFFSET)(31), 191);
    assert_int_equal(R(C_OFFSET)(7), 252);
    /* first/count/size of the arrays */
    assert_int_equal(R(A_LOW_FIRST), 0);
    assert_int_equal(R(A_LOW_COUNT), 32);
    assert_int_equal(R(A_LOW_SIZE), 4);
    assert_int_equal(R(A_32BIT_FIRST), 32);
    assert_int_equal(R(A_32BIT_COUNT), 4);
    assert_int_equal(R(A_32BIT_SIZE), 4);
    assert_int_equal(R(A_HIGH_FIRST), 0);
    assert_int_equal(R(A_HIGH_COUNT), 32);
    assert_int_equal(R(A_HIGH_SIZE), 1);
    assert_int_equal(R(B_FIRST), 0);
    assert_int_equal(R(B_COUNT), 8);
    assert_int_equal(R(C_COUNT), 8);
    assert_int_equal(R(C_SIZE), 4);
    /* the last field ends where the report does */
    assert_int_equal(R(C_OFFSET)(R(C_FIRST) + R(C_COUNT) - 1) + R(C_SIZE), R(SIZE));
}

/* The other Gen8 formats at the offsets IGT reads them from
 * (gen8_oa_formats[] of tests/i915/perf.c): A7.. from byte 12, B and C
 * where each table says; GPU ticks in dword 3 of every Gen8 report. */
static void test_report_offsets_igt(void **state)
{
    (void)state;
    for (int i = 7; i < 19; i++) {
        assert_int_equal(INTEL_OA_CHV_REPORT_A12_A_OFFSET(i), 12 + 4 * (i - 7));
        assert_int_equal(INTEL_OA_CHV_REPORT_A12_B8_C8_A_OFFSET(i),
                         12 + 4 * (i - 7));
    }
    assert_int_equal(INTEL_OA_CHV_REPORT_A12_A_FIRST, 7);
    assert_int_equal(INTEL_OA_CHV_REPORT_A12_A_COUNT, 12);
    assert_int_equal(INTEL_OA_CHV_REPORT_A12_GPU_TICKS_OFFSET, 12);
    assert_int_equal(INTEL_OA_CHV_REPORT_A12_B8_C8_GPU_TICKS_OFFSET, 12);
    assert_int_equal(INTEL_OA_CHV_REPORT_C4_B8_GPU_TICKS_OFFSET, 12);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(INTEL_OA_CHV_REPORT_A12_B8_C8_B_OFFSET(i), 64 + 4 * i);
        assert_int_equal(INTEL_OA_CHV_REPORT_A12_B8_C8_C_OFFSET(i), 96 + 4 * i);
        assert_int_equal(INTEL_OA_CHV_REPORT_C4_B8_B_OFFSET(i), 32 + 4 * i);
    }
    for (int i = 0; i < 4; i++)
        assert_int_equal(INTEL_OA_CHV_REPORT_C4_B8_C_OFFSET(i), 16 + 4 * i);
    assert_int_equal(INTEL_OA_CHV_REPORT_C4_B8_C_COUNT, 4);
    /* reads: A7 of A12 is the GPU tick dword; counters outside give 0 */
    unsigned char r[128];
    memset(r, 0, sizeof r);
    put32(r, 12, 0x89ABCDEFu);
    put32(r, 56, 0x18181818u); /* A18 */
    put32(r, 64, 0xB0B0B0B0u); /* B0 */
    put32(r, 124, 0xC7C7C7C7u); /* C7 */
    const unsigned char *p = r;
    assert_true(INTEL_OA_CHV_REPORT_A12_READ_A(p, 7) == 0x89ABCDEFu);
    assert_true(INTEL_OA_CHV_REPORT_A12_GPU_TICKS_READ(p) == 0x89ABCDEFu);
    assert_true(INTEL_OA_CHV_REPORT_A12_READ_A(p, 18) == 0x18181818u);
    assert_true(INTEL_OA_CHV_REPORT_A12_READ_A(p, 6) == 0);
    assert_true(INTEL_OA_CHV_REPORT_A12_READ_A(p, 19) == 0);
    assert_true(INTEL_OA_CHV_REPORT_A12_B8_C8_READ_B(p, 0) == 0xB0B0B0B0u);
    assert_true(INTEL_OA_CHV_REPORT_A12_B8_C8_READ_C(p, 7) == 0xC7C7C7C7u);
    memset(r, 0, sizeof r);
    put32(r, 28, 0xC3C3C3C3u); /* C3 of C4_B8 */
    put32(r, 32, 0xB0B0B0B0u); /* B0 of C4_B8 */
    assert_true(INTEL_OA_CHV_REPORT_C4_B8_READ_C(p, 3) == 0xC3C3C3C3u);
    assert_true(INTEL_OA_CHV_REPORT_C4_B8_READ_B(p, 0) == 0xB0B0B0B0u);
    assert_true(INTEL_OA_CHV_REPORT_C4_B8_READ_C(p, 4) == 0);
}

static void test_counter_facts(void **state)
{
    (void)state;
    assert_int_equal(INTEL_OA_CHV_BLOCK_A, 0);
    assert_int_equal(INTEL_OA_CHV_BLOCK_A_SIZE, 36);
    assert_int_equal(INTEL_OA_CHV_BLOCK_B_SIZE, 8);
    assert_int_equal(INTEL_OA_CHV_BLOCK_C_SIZE, 8);
    assert_int_equal(INTEL_OA_CHV_A0_BLOCK, INTEL_OA_CHV_BLOCK_A);
    assert_int_equal(INTEL_OA_CHV_A31_INDEX, 31);
    assert_int_equal(INTEL_OA_CHV_A31_WIDTH, 40);
    assert_int_equal(INTEL_OA_CHV_A32_INDEX, 32);
    assert_int_equal(INTEL_OA_CHV_A32_WIDTH, 32);
    assert_int_equal(INTEL_OA_CHV_A35_WIDTH, 32);
    assert_int_equal(INTEL_OA_CHV_B7_BLOCK, INTEL_OA_CHV_BLOCK_B);
    assert_int_equal(INTEL_OA_CHV_B7_INDEX, 7);
    assert_int_equal(INTEL_OA_CHV_C0_BLOCK, INTEL_OA_CHV_BLOCK_C);
    for (int i = 0; i < 36; i++)
        assert_int_equal(INTEL_OA_CHV_BLOCK_A_WIDTH(i), i < 32 ? 40 : 32);
    assert_int_equal(INTEL_OA_CHV_BLOCK_A_WIDTH(36), 0);
    assert_int_equal(INTEL_OA_CHV_BLOCK_A_WIDTH(-1), 0);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(INTEL_OA_CHV_BLOCK_B_WIDTH(i), 32);
        assert_int_equal(INTEL_OA_CHV_BLOCK_C_WIDTH(i), 32);
    }
    assert_int_equal(INTEL_OA_CHV_BLOCK_B_WIDTH(8), 0);
}

/* ---- reading reports ---------------------------------------------------- */

static void test_read_report(void **state)
{
    (void)state;
    unsigned char r[256];
    build_report(r);
    const unsigned char *p = r;
    assert_int_equal(R(REPORT_ID_READ)(p), 0x12345678u);
    assert_int_equal(R(TIMESTAMP_READ)(p), 0xCAFEF00Du);
    assert_int_equal(R(CONTEXT_ID_READ)(p), 0x00C0FFEEu);
    assert_int_equal(R(GPU_TICKS_READ)(p), 0x89ABCDEFu);
    /* A31 by hand: bytes 140..143 EF BE AD DE, byte 191 AB */
    assert_int_equal(r[140], 0xEF);
    assert_int_equal(r[143], 0xDE);
    assert_int_equal(r[191], 0xAB);
    assert_int_equal(R(A_LOW_READ)(p, 31), 0xDEADBEEFu);
    assert_int_equal(R(A_HIGH_READ)(p, 31), 0xABu);
    assert_true(INTEL_OA_CHV_REPORT_U40(p, 140, 191) == 0xABDEADBEEFull);
    assert_true(R(READ_A)(p, 31) == 0xABDEADBEEFull);
    for (int i = 0; i < 36; i++)
        if (R(READ_A)(p, i) != a_value(i))
            fail_msg("A%d: read 0x%llx, wrote 0x%llx", i, (u64)R(READ_A)(p, i),
                     a_value(i));
    /* the 32-bit ones have no high byte: A32..A35 read their dword only */
    assert_true(R(READ_A)(p, 32) == 0xFFFFFFF0ull);
    assert_true(R(READ_A)(p, 35) == 0xFFFFFFF3ull);
    assert_int_equal(R(A_32BIT_READ)(p, 33), 0xFFFFFFF1u);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(R(READ_B)(p, i), 0xB0000000u + (unsigned)i);
        assert_int_equal(R(READ_C)(p, i), 0xC0000000u + (unsigned)i);
        assert_int_equal(R(B_READ)(p, i), 0xB0000000u + (unsigned)i);
    }
    /* numbers no counter of the report has */
    assert_true(R(READ_A)(p, 36) == 0);
    assert_true(R(READ_A)(p, -1) == 0);
    assert_true(R(READ_B)(p, 8) == 0);
    /* reads do not depend on alignment or on the host's byte order */
    unsigned char shifted[257];
    memcpy(shifted + 1, r, 256);
    assert_true(R(READ_A)(shifted + 1, 31) == 0xABDEADBEEFull);
}

static void test_deltas(void **state)
{
    (void)state;
    assert_true(INTEL_OA_CHV_MASK40 == 0xFFFFFFFFFFull);
    assert_true(INTEL_OA_CHV_MASK32 == 0xFFFFFFFFul);
    assert_true(INTEL_OA_CHV_DELTA40(0xFFFFFFFFF0ull, 0x0000000010ull) == 0x20);
    assert_true(INTEL_OA_CHV_DELTA40(5, 9) == 4);
    assert_true(INTEL_OA_CHV_DELTA40(9, 9) == 0);
    assert_true(INTEL_OA_CHV_DELTA40(1, 0) == 0xFFFFFFFFFFull);
    assert_true(INTEL_OA_CHV_DELTA40(0x00FFFFFFFFull, 0x0100000000ull) == 1);
    assert_true(INTEL_OA_CHV_DELTA32(0xFFFFFFF0ul, 0x10ul) == 0x20);
    assert_true(INTEL_OA_CHV_DELTA32(1, 0) == 0xFFFFFFFFul);
    assert_true(INTEL_OA_CHV_DELTA32(7, 7) == 0);

    /* through reports: A31 (40 bits) and A33, B2 (32 bits) wrap */
    unsigned char prev[256], cur[256];
    build_report(prev);
    build_report(cur);
    put_a40(prev, 31, 0xFFFFFFFFF0ull);
    put_a40(cur, 31, 0x0000000010ull);
    put_a40(prev, 0, 100);
    put_a40(cur, 0, 0x100000064ull); /* + 2^32: a carry into the high byte */
    put_a32(prev, 33, 0xFFFFFFF0u);
    put_a32(cur, 33, 0x10u);
    put32(prev, 192 + 4 * 2, 0xFFFFFFFFu);
    put32(cur, 192 + 4 * 2, 0x1u);
    assert_true(INTEL_OA_CHV_BLOCK_A_DELTA(31, R(READ_A)(prev, 31), R(READ_A)(cur, 31)) ==
                0x20);
    assert_true(INTEL_OA_CHV_BLOCK_A_DELTA(0, R(READ_A)(prev, 0), R(READ_A)(cur, 0)) ==
                0x100000000ull);
    /* modulo 2^32, not 2^40, for a 32-bit counter */
    assert_true(INTEL_OA_CHV_BLOCK_A_DELTA(33, R(READ_A)(prev, 33), R(READ_A)(cur, 33)) ==
                0x20);
    assert_true(INTEL_OA_CHV_DELTA40(R(READ_A)(prev, 33), R(READ_A)(cur, 33)) ==
                0xFF00000020ull);
    assert_true(INTEL_OA_CHV_BLOCK_B_DELTA(2, R(READ_B)(prev, 2), R(READ_B)(cur, 2)) == 2);
    for (int i = 1; i < 31; i++) /* unchanged counters */
        assert_true(INTEL_OA_CHV_BLOCK_A_DELTA(i, R(READ_A)(prev, i), R(READ_A)(cur, i)) ==
                    0);
    assert_true(INTEL_OA_CHV_BLOCK_A_DELTA(36, 0, 5) == 0);
}

/* ---- enums and the support check ---------------------------------------- */

static void test_enums(void **state)
{
    (void)state;
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_FPU0_ACTIVE, 0x0);
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_FPU1_ACTIVE, 0x1);
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_SEND_ACTIVE, 0x2);
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_FPU0_FPU1_ACTIVE, 0x3);
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_ANY_PIPE_ACTIVE, 0x4);
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_LOADED_NO_PIPE_ACTIVE, 0x5);
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_THREADS_LOADED_FULL, 0x8);
    assert_int_equal(INTEL_OA_CHV_EU_COARSE_FILTER_NONE, 0x0);
    assert_int_equal(INTEL_OA_CHV_EU_COARSE_FILTER_PS, 0x5);
    assert_int_equal(INTEL_OA_CHV_EU_COARSE_FILTER_TS, 0x6);
    assert_int_equal(INTEL_OA_CHV_EU_COARSE_FILTER_ROW0, 0x7);
    assert_int_equal(INTEL_OA_CHV_EU_COARSE_FILTER_ROW1, 0x8);
    assert_int_equal(INTEL_OA_CHV_EU_FINE_FILTER_NONE, 0x0);
    assert_int_equal(INTEL_OA_CHV_EU_FINE_FILTER_HYBRID, 0x1);
    assert_int_equal(INTEL_OA_CHV_EU_FINE_FILTER_SEND_START, 0x5);
    assert_int_equal(INTEL_OA_CHV_EU_FINE_FILTER_UNDOCUMENTED_6, 0x6);
    assert_int_equal(INTEL_OA_CHV_EU_FINE_FILTER_EU0, 0x7);
    assert_int_equal(INTEL_OA_CHV_EU_FINE_FILTER_EU3, 0xA);
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_WIDTH, 4);
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_VALUES, 0x013F);
    assert_int_equal(INTEL_OA_CHV_EU_COARSE_FILTER_VALUES, 0x01FF);
    assert_int_equal(INTEL_OA_CHV_EU_FINE_FILTER_VALUES, 0x07FF);
    assert_int_equal(INTEL_OA_CHV_EU_FINE_FILTER_DOCUMENTED, 0x07BF);
    /* the undocumented value is marked where a reader looks for it */
    FILE *f = fopen(HEADER, "r");
    assert_non_null(f);
    char line[512];
    int marked = 0;
    while (fgets(line, sizeof line, f))
        if (strstr(line, "#define INTEL_OA_CHV_EU_FINE_FILTER_UNDOCUMENTED_6 ") &&
            strstr(line, "undocumented"))
            marked = 1;
    fclose(f);
    assert_true(marked);
}

/* Seed 002, "Supported Increment Events" and the two filter tables, read
 * independently of the spec: the codes that exist, and the restrictions
 * written beside each increment event. */
static int seed_supported(unsigned inc, unsigned coarse, unsigned fine)
{
    static const unsigned short inc_codes = 0x013F;    /* 0000..0101, 1000 */
    static const unsigned short coarse_codes = 0x01FF; /* 0000..1000 */
    static const unsigned short fine_codes = 0x07BF;   /* 0000..0101, 0111..1010 */
    static const unsigned short row_coarse = 0x0181;   /* 0000, 0111, 1000 */
    static const unsigned short eu_fine = 0x0781;      /* 0000, 0111..1010 */
    static const unsigned short send_fine = 0x07E1;    /* + 0101, 0110 */
    if (inc > 15 || coarse > 15 || fine > 15)
        return 0;
    if (!(inc_codes >> inc & 1) || !(coarse_codes >> coarse & 1))
        return 0;
    /* 0b0110 has no row in the fine table; only the 0b0010 and 0b0100
     * support lists name it */
    int fine_ok = (fine_codes >> fine & 1) || (fine == 6 && (inc == 2 || inc == 4));
    if (!fine_ok)
        return 0;
    switch (inc) {
    case 0: /* FPU0 active: no restriction */
    case 1: /* FPU1 active: no restriction */
        return fine != 6;
    case 2: /* send active: fine only */
        return send_fine >> fine & 1;
    case 3: /* FPU0 & FPU1 */
    case 5: /* thread loaded, no pipe */
    case 8: /* threads-loaded integrator */
        return (row_coarse >> coarse & 1) && (eu_fine >> fine & 1);
    case 4: /* some pipe active */
        return (row_coarse >> coarse & 1) && (send_fine >> fine & 1);
    default:
        return 0;
    }
}

static void test_supported_exhaustive(void **state)
{
    (void)state;
    int supported = 0;
    for (unsigned inc = 0; inc < 16; inc++)
        for (unsigned c = 0; c < 16; c++)
            for (unsigned f = 0; f < 16; f++) {
                int want = seed_supported(inc, c, f);
                int mac = INTEL_OA_CHV_EU_COUNTER_FIELD_SUPPORTED(inc, c, f) != 0;
                int fn = intel_oa_chv_eu_counter_field_supported(inc, c, f);
                if (mac != want || fn != want)
                    fail_msg("increment %u coarse %u fine %u: macro %d, "
                             "function %d, seed says %d",
                             inc, c, f, mac, fn, want);
                supported += want;
            }
    /* 90 + 90 (FPU0, FPU1) + 9*7 + 3*5 + 3*7 + 3*5 + 3*5 */
    assert_int_equal(supported, 309);
    /* values too wide for a field, far too wide for a mask, or negative */
    static const unsigned bad[] = {16, 31, 32, 33, 63, 64, 99, 1000, UINT_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_false(intel_oa_chv_eu_counter_field_supported(bad[i], 0, 0));
        assert_false(intel_oa_chv_eu_counter_field_supported(0, bad[i], 0));
        assert_false(intel_oa_chv_eu_counter_field_supported(0, 0, bad[i]));
        assert_false(INTEL_OA_CHV_EU_COUNTER_FIELD_SUPPORTED(bad[i], 0, 0));
        assert_false(INTEL_OA_CHV_EU_COUNTER_FIELD_SUPPORTED(2, 0, bad[i]));
    }
    assert_false(INTEL_OA_CHV_EU_COUNTER_FIELD_SUPPORTED(-1, 0, 0));
    assert_false(INTEL_OA_CHV_EU_COUNTER_FIELD_SUPPORTED(0, 0, -6));
    /* named values read like the PRM */
    assert_true(INTEL_OA_CHV_EU_COUNTER_FIELD_SUPPORTED(
        INTEL_OA_CHV_EU_INCREMENT_SEND_ACTIVE, INTEL_OA_CHV_EU_COARSE_FILTER_PS,
        INTEL_OA_CHV_EU_FINE_FILTER_UNDOCUMENTED_6));
    assert_false(INTEL_OA_CHV_EU_COUNTER_FIELD_SUPPORTED(
        INTEL_OA_CHV_EU_INCREMENT_THREADS_LOADED_FULL, INTEL_OA_CHV_EU_COARSE_FILTER_PS,
        INTEL_OA_CHV_EU_FINE_FILTER_NONE));
    /* the per-subject masks, as the seed lists them */
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_SEND_ACTIVE_ALLOWS_EU_FINE_FILTER, 0x07E1);
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_ANY_PIPE_ACTIVE_ALLOWS_EU_COARSE_FILTER,
                     0x0181);
    assert_int_equal(INTEL_OA_CHV_EU_INCREMENT_THREADS_LOADED_FULL_ALLOWS_EU_FINE_FILTER,
                     0x0781);
}

/* The header and the encoder (gen/encode.c) agree, values beyond the
 * fields included. */
static void test_supported_matches_encoder(void **state)
{
    (void)state;
    hw_diag d;
    diag_init(&d, stderr);
    hw_target *t = load_spec(SPEC, &d);
    assert_non_null(t);
    assert_int_equal(d.errors, 0);
    diag_free(&d);
    for (unsigned inc = 0; inc < 40; inc++)
        for (unsigned c = 0; c < 40; c++)
            for (unsigned f = 0; f < 40; f++) {
                int want = flex_eu_supported(t, inc, c, f);
                if (intel_oa_chv_eu_counter_field_supported(inc, c, f) != want)
                    fail_msg("increment %u coarse %u fine %u: header %d, "
                             "encoder %d",
                             inc, c, f, !want, want);
            }
    target_free(t);
}

/* ---- packers and registers ---------------------------------------------- */

static void test_packers(void **state)
{
    (void)state;
    /* FORMATS.md: 0x050 = FPU0 active, PS threads only, no fine filter */
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(0, 5, 0), 0x050);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(
                         INTEL_OA_CHV_EU_INCREMENT_FPU0_ACTIVE,
                         INTEL_OA_CHV_EU_COARSE_FILTER_PS, INTEL_OA_CHV_EU_FINE_FILTER_NONE),
                     0x050);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(8, 8, 10), 0xA88);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(0x1F, 0, 0), 0xF); /* masked */
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_INCREMENT_GET(0xA88), 8);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_COARSE_GET(0xA88), 8);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_FINE_GET(0xA88), 10);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_INCREMENT_SHIFT, 0);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_COARSE_SHIFT, 4);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_FINE_SHIFT, 8);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_COARSE_MASK, 0x0F0);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_FINE_MASK, 0xF00);
    assert_int_equal(INTEL_OA_CHV_EU_COUNTER_FIELD_WIDTH, 12);
    /* A7=4/0/0 A8=5/0/0 -> EU_PERF_CNTL0 = 0x00005004 */
    assert_int_equal(INTEL_OA_CHV_EU_PERF_CNTL0_PACK(
                         INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(4, 0, 0),
                         INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(5, 0, 0)),
                     0x00005004);
    /* the encoder's other examples (test_oa.c) */
    assert_int_equal(INTEL_OA_CHV_EU_PERF_CNTL0_PACK(0x050, 0x050), 0x00050050);
    assert_int_equal(INTEL_OA_CHV_EU_PERF_CNTL6_PACK(0, INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(8, 8, 10)),
                     0x00A88000);
    assert_int_equal(INTEL_OA_CHV_EU_PERF_CNTL1_PACK(INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(2, 5, 6), 0),
                     0x00000652);
    assert_int_equal(INTEL_OA_CHV_EU_PERF_CNTL3_PACK(0, INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(1, 3, 4)),
                     0x00431000);
    assert_int_equal(INTEL_OA_CHV_EU_PERF_CNTL0_PACK(0xFFFFF, 0), 0xFFF); /* masked */
}

static void test_registers(void **state)
{
    (void)state;
    /* FORMATS.md: EU_PERF_CNTL0..6; register n programs A(7+2n), A(8+2n) */
    static const unsigned long addr[7] = {0xE458, 0xE558, 0xE658, 0xE758,
                                          0xE45C, 0xE55C, 0xE65C};
    const unsigned long got[7] = {
        INTEL_OA_CHV_EU_PERF_CNTL0_ADDR, INTEL_OA_CHV_EU_PERF_CNTL1_ADDR,
        INTEL_OA_CHV_EU_PERF_CNTL2_ADDR, INTEL_OA_CHV_EU_PERF_CNTL3_ADDR,
        INTEL_OA_CHV_EU_PERF_CNTL4_ADDR, INTEL_OA_CHV_EU_PERF_CNTL5_ADDR,
        INTEL_OA_CHV_EU_PERF_CNTL6_ADDR};
    const unsigned long lo[7][2] = {
        {INTEL_OA_CHV_A7_PROGRAM_ADDR, INTEL_OA_CHV_A8_PROGRAM_ADDR},
        {INTEL_OA_CHV_A9_PROGRAM_ADDR, INTEL_OA_CHV_A10_PROGRAM_ADDR},
        {INTEL_OA_CHV_A11_PROGRAM_ADDR, INTEL_OA_CHV_A12_PROGRAM_ADDR},
        {INTEL_OA_CHV_A13_PROGRAM_ADDR, INTEL_OA_CHV_A14_PROGRAM_ADDR},
        {INTEL_OA_CHV_A15_PROGRAM_ADDR, INTEL_OA_CHV_A16_PROGRAM_ADDR},
        {INTEL_OA_CHV_A17_PROGRAM_ADDR, INTEL_OA_CHV_A18_PROGRAM_ADDR},
        {INTEL_OA_CHV_A19_PROGRAM_ADDR, INTEL_OA_CHV_A20_PROGRAM_ADDR}};
    const int shift[7][2] = {
        {INTEL_OA_CHV_A7_PROGRAM_SHIFT, INTEL_OA_CHV_A8_PROGRAM_SHIFT},
        {INTEL_OA_CHV_A9_PROGRAM_SHIFT, INTEL_OA_CHV_A10_PROGRAM_SHIFT},
        {INTEL_OA_CHV_A11_PROGRAM_SHIFT, INTEL_OA_CHV_A12_PROGRAM_SHIFT},
        {INTEL_OA_CHV_A13_PROGRAM_SHIFT, INTEL_OA_CHV_A14_PROGRAM_SHIFT},
        {INTEL_OA_CHV_A15_PROGRAM_SHIFT, INTEL_OA_CHV_A16_PROGRAM_SHIFT},
        {INTEL_OA_CHV_A17_PROGRAM_SHIFT, INTEL_OA_CHV_A18_PROGRAM_SHIFT},
        {INTEL_OA_CHV_A19_PROGRAM_SHIFT, INTEL_OA_CHV_A20_PROGRAM_SHIFT}};
    for (int n = 0; n < 7; n++) {
        assert_int_equal(got[n], addr[n]);
        assert_int_equal(lo[n][0], addr[n]);
        assert_int_equal(lo[n][1], addr[n]);
        assert_int_equal(shift[n][0], 0);
        assert_int_equal(shift[n][1], 12);
    }
    assert_int_equal(INTEL_OA_CHV_EU_PERF_CNTL0_A7_MASK, 0x00000FFF);
    assert_int_equal(INTEL_OA_CHV_EU_PERF_CNTL0_A8_MASK, 0x00FFF000);
    assert_int_equal(INTEL_OA_CHV_EU_PERF_CNTL6_A20_SHIFT, 12);
    assert_int_equal(INTEL_OA_CHV_EU_PERF_CNTL6_A20_WIDTH, 12);
}

/* ---- the macros expand cleanly in C89 and C++98 ------------------------- */

/* run.sh compiles the header alone; this expands every family of macros,
 * with the strict flags and without -Wno-long-long. */
static const char c89_use[] =
    "#include \"hwcgen/intel_oa_chv.h\"\n"
    "#define R(x) INTEL_OA_CHV_REPORT_A32U40_A4U32_B8_C8_##x\n"
    "int use(const unsigned char *p, const unsigned char *q, int i,\n"
    "        unsigned inc, unsigned c, unsigned f);\n"
    "int use(const unsigned char *p, const unsigned char *q, int i,\n"
    "        unsigned inc, unsigned c, unsigned f)\n"
    "{\n"
    "    unsigned long ts = R(TIMESTAMP_READ)(p) + R(A_HIGH_READ)(p, i) +\n"
    "                       R(C_READ)(p, i) + R(A_32BIT_READ)(p, 32);\n"
    "    intel_oa_chv_u64 a = R(READ_A)(p, i), b = R(READ_A)(q, i);\n"
    "    intel_oa_chv_u64 d = INTEL_OA_CHV_BLOCK_A_DELTA(i, a, b) +\n"
    "        INTEL_OA_CHV_DELTA40(a, b) + INTEL_OA_CHV_MASK40 +\n"
    "        INTEL_OA_CHV_REPORT_U40(p, R(A_LOW_OFFSET)(3), R(A_HIGH_OFFSET)(3));\n"
    "    unsigned long e = INTEL_OA_CHV_BLOCK_B_DELTA(i, R(READ_B)(p, i),\n"
    "                                                 R(READ_B)(q, i)) +\n"
    "        INTEL_OA_CHV_DELTA32(ts, 3ul) + INTEL_OA_CHV_BLOCK_C_WIDTH(i);\n"
    "    unsigned long v = INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(inc, c, f);\n"
    "    unsigned long r = INTEL_OA_CHV_EU_PERF_CNTL0_PACK(v,\n"
    "        INTEL_OA_CHV_EU_COUNTER_FIELD_PACK(5, 0, 0)) +\n"
    "        INTEL_OA_CHV_EU_COUNTER_FIELD_FINE_GET(v) + INTEL_OA_CHV_A9_PROGRAM_ADDR;\n"
    "    int ok = intel_oa_chv_eu_counter_field_supported(inc, c, f) +\n"
    "        INTEL_OA_CHV_EU_COUNTER_FIELD_SUPPORTED(i, 99, 1000) +\n"
    "        INTEL_OA_CHV_EU_COUNTER_FIELD_SUPPORTED(2u, 0, 6) +\n"
    "        INTEL_OA_CHV_EU_COUNTER_FIELD_SUPPORTED(-1, 0, 0);\n"
    "    char buf[R(SIZE) + R(C_OFFSET)(7) + INTEL_OA_CHV_EU_PERF_CNTL6_ADDR];\n"
    "    buf[0] = (char)ok;\n"
    "    return (a + d + e + r + v) != 0 || buf[0];\n"
    "}\n";

/* 0 when `cc` is not installed. */
static int have(const char *cc)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", cc);
    return system(cmd) == 0;
}

static void test_c89_expansions(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_oa_header_XXXXXX", src[64], cwd[4096], cmd[8192];
    assert_non_null(mkdtemp(dir));
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(src, sizeof src, "%s/use.c", dir);
    FILE *f = fopen(src, "w");
    assert_non_null(f);
    fputs(c89_use, f);
    fclose(f);
    static const struct {
        const char *cc, *std;
    } runs[] = {{"gcc", "-std=c89 -ffreestanding -nostdlib"},
                {"clang", "-std=c89 -ffreestanding -nostdlib"},
                {"gcc", "-std=c99"},
                {"g++", "-std=c++98 -x c++"},
                {"clang++", "-std=c++98 -x c++"}};
    int ran = 0, failed = 0;
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        if (!have(runs[i].cc))
            continue;
        snprintf(cmd, sizeof cmd,
                 "%s %s -pedantic -Wall -Wextra -Werror -Wundef -Wshadow "
                 "-fsyntax-only -I'%s/out/include' '%s' 2>&1",
                 runs[i].cc, runs[i].std, cwd, src);
        if (system(cmd) != 0) {
            print_error("%s %s: the header's macros do not compile\n",
                        runs[i].cc, runs[i].std);
            failed++;
        }
        ran++;
    }
    unlink(src);
    rmdir(dir);
    assert_int_equal(failed, 0);
    if (!ran)
        skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_report_formats),
        cmocka_unit_test(test_report_offsets),
        cmocka_unit_test(test_report_offsets_igt),
        cmocka_unit_test(test_counter_facts),
        cmocka_unit_test(test_read_report),
        cmocka_unit_test(test_deltas),
        cmocka_unit_test(test_enums),
        cmocka_unit_test(test_supported_exhaustive),
        cmocka_unit_test(test_supported_matches_encoder),
        cmocka_unit_test(test_packers),
        cmocka_unit_test(test_registers),
        cmocka_unit_test(test_c89_expansions),
    };
    return cmocka_run_group_tests_name("oa header", tests, NULL, NULL);
}
