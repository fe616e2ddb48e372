/* check_header.c - the driver headers hwcgen writes for the fixture tree
 * beside it (tests/perf-tree-outputs), read as a driver reads them: each
 * table expanded with an X macro of the columns the table's comment names,
 * and the values compared with those of the fixture's JSON, known by hand.
 * A table with other columns does not compile. Exit status 0 when every
 * value is right; each wrong one is printed.
 *
 * Built by tests/test_perf_tree_outputs.c with -I<generated>/include, as
 * C99 with every warning an error.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hwcgen/arm64_freescale_imxtest_sys.h"
#include "hwcgen/riscv_sifive_testcore.h"
#include "hwcgen/x86_testlake.h"

static int failed;

static void same(const char *what, uint64_t got, uint64_t want)
{
    if (got != want) {
        printf("%s: 0x%llx, expected 0x%llx\n", what, (unsigned long long)got,
               (unsigned long long)want);
        failed = 1;
    }
}

static void same_text(const char *what, const char *got, const char *want)
{
    if (strcmp(got, want) != 0) {
        printf("%s: '%s', expected '%s'\n", what, got, want);
        failed = 1;
    }
}

/* ---- x86/testlake, cpu_core: the keys its events give, in the header's
 * order of keys ---------------------------------------------------------- */

struct core {
    const char *row, *name;
    uint64_t code, code2, umask, cmask, inv, edge, msr, msr2, msrval, period, pebs, la;
};
#define CORE(row, name, code, code2, umask, cmask, inv, edge, msr, msr2, msrval, period, pebs, \
             la)                                                                              \
    {#row, name, code, code2, umask, cmask, inv, edge, msr, msr2, msrval, period, pebs, la},
static const struct core core[] = {X86_TESTLAKE_CPU_CORE_EVENTS(CORE)};

static void check_core(void)
{
    size_t n = sizeof core / sizeof core[0];
    same("cpu_core rows", n, 7);
    same("cpu_core count macro", X86_TESTLAKE_CPU_CORE_EVENT_COUNT, 7);
    if (n != 7)
        return;
    /* "EventCode": "0xB7,0xBB", "MSRIndex": "0x1a6,0x1a7" */
    const struct core *o = &core[0];
    same_text("offcore row", o->row, "CPU_CORE_OCR_DEMAND_DATA_RD_ANY_RESPONSE");
    same_text("offcore name", o->name, "ocr.demand_data_rd.any_response");
    same("offcore EventCode", o->code, 0xB7);
    same("offcore EventCode (second)", o->code2, 0xBB);
    same("offcore UMask", o->umask, 0x01);
    same("offcore MSRIndex", o->msr, 0x1A6);
    same("offcore MSRIndex (second)", o->msr2, 0x1A7);
    same("offcore MSRValue", o->msrval, 0x3F803C8FFFull);
    same("offcore SampleAfterValue", o->period, 100003);
    same("offcore CounterMask (absent)", o->cmask, 0);
    const struct core *l = &core[1];
    same("latency MSRIndex", l->msr, 0x3F6);
    same("latency MSRValue", l->msrval, 0x10);
    same("latency PEBS", l->pebs, 2);
    same("latency Data_LA", l->la, 1);
    same("latency SampleAfterValue", l->period, 20011);
    same("L2_OLD.ALL UMask", core[2].umask, 0xFF);
    same("L2_NEW.ALL UMask", core[3].umask, 0xEF);
    same("INST_RETIRED.ANY EventCode", core[4].code, 0x00);
    same("INST_RETIRED.ANY SampleAfterValue", core[4].period, 2000003);
    /* RS.EMPTY_COUNT and RS_EMPTY.COUNT meet in C: the later is _2 */
    same_text("first RS row", core[5].row, "CPU_CORE_RS_EMPTY_COUNT");
    same_text("first RS name", core[5].name, "rs.empty_count");
    same_text("second RS row", core[6].row, "CPU_CORE_RS_EMPTY_COUNT_2");
    same_text("second RS name", core[6].name, "rs_empty.count");
    same("RS CounterMask", core[6].cmask, 1);
    same("RS Invert", core[6].inv, 1);
    same("RS EdgeDetect", core[6].edge, 1);
}

/* ---- cpu_atom: the same names, rows of their own ------------------------ */

struct atom {
    const char *row, *name;
    uint64_t code, umask, any, msr, msrval, period;
};
#define ATOM(row, name, code, umask, any, msr, msrval, period) \
    {#row, name, code, umask, any, msr, msrval, period},
static const struct atom atom[] = {X86_TESTLAKE_CPU_ATOM_EVENTS(ATOM)};

static void check_atom(void)
{
    same("cpu_atom rows", sizeof atom / sizeof atom[0], X86_TESTLAKE_CPU_ATOM_EVENT_COUNT);
    same_text("atom offcore row", atom[0].row, "CPU_ATOM_OCR_DEMAND_DATA_RD_ANY_RESPONSE");
    same("atom offcore MSRValue", atom[0].msrval, 0x10001);
    same("atom offcore MSRIndex", atom[0].msr, 0x1A6);
    same("atom latency MSRIndex", atom[1].msr, 0x3F6);
    same("atom latency MSRValue (absent)", atom[1].msrval, 0);
    same("atom AnyThread", atom[2].any, 1);
    same("atom EventCode", atom[2].code, 0x3C);
}

/* ---- uncore: numeric Filter terms are columns of their own ------------------ */

struct cha {
    const char *row, *name;
    uint64_t code, umask, perpkg, config1;
};
#define CHA(row, name, code, umask, perpkg, config1) {#row, name, code, umask, perpkg, config1},
static const struct cha cha[] = {X86_TESTLAKE_UNCORE_CHA_EVENTS(CHA)};

struct iio {
    const char *row, *name;
    uint64_t code, umask, ports, fc, perpkg, ch_mask, fc_mask;
};
#define IIO(row, name, code, umask, ports, fc, perpkg, ch_mask, fc_mask) \
    {#row, name, code, umask, ports, fc, perpkg, ch_mask, fc_mask},
static const struct iio iio[] = {X86_TESTLAKE_UNCORE_IIO_EVENTS(IIO)};

static void check_uncore(void)
{
    same("CHA UMask", cha[0].umask, 0xC001FE01);
    same("CHA Filter config1", cha[0].config1, 0x4043300000000ull);
    same("CHA PerPkg", cha[0].perpkg, 1);
    same("CHA clockticks Filter (absent)", cha[1].config1, 0);
    same("IIO PortMask", iio[0].ports, 0x01);
    same("IIO FCMask", iio[0].fc, 0x07);
    same("IIO Filter ch_mask", iio[0].ch_mask, 0x1F);
    same("IIO Filter fc_mask", iio[0].fc_mask, 0x7);
}

/* ---- the list of PMUs -------------------------------------------------------- */

#define PMU_NAME(stem, pmu, table, count) pmu,
static const char *const pmus[] = {X86_TESTLAKE_PMUS(PMU_NAME)};
#define PMU_COUNT(stem, pmu, table, count) +count
enum { ALL_EVENTS = 0 X86_TESTLAKE_PMUS(PMU_COUNT) };

static void check_pmus(void)
{
    static const char *const want[] = {"cpu_core", "cpu_atom", "uncore_cha", "uncore_iio"};
    same("PMUs", sizeof pmus / sizeof pmus[0], 4);
    for (size_t i = 0; i < 4 && i < sizeof pmus / sizeof pmus[0]; i++)
        same_text("PMU", pmus[i], want[i]);
    same("events of every PMU", ALL_EVENTS, 13);
}

/* ---- riscv: a standard event's ConfigCode, 64 bits ---------------------------- */

struct rv {
    const char *row, *name;
    uint64_t code, config;
};
#define RV(row, name, code, config) {#row, name, code, config},
static const struct rv rv[] = {RISCV_SIFIVE_TESTCORE_CPU_EVENTS(RV)};

static void check_riscv(void)
{
    same("riscv rows", sizeof rv / sizeof rv[0], 3);
    same_text("firmware row", rv[0].row, "CPU_FW_MISALIGNED_LOAD");
    same("firmware ConfigCode", rv[0].config, 0x8000000000000000ull);
    same("firmware ConfigCode, second", rv[1].config, 0x8000000000000015ull);
    same("microarch EventCode", rv[2].code, 0x102);
    same("microarch ConfigCode (absent)", rv[2].config, 0);
}

/* ---- a sys directory --------------------------------------------------------- */

struct ddr {
    const char *row, *name;
    uint64_t code;
};
#define DDR(row, name, code) {#row, name, code},
static const struct ddr ddr[] = {ARM64_FREESCALE_IMXTEST_SYS_IMX8_DDR_EVENTS(DDR)};

static void check_sys(void)
{
    same_text("ddr row", ddr[1].row, "IMX8_DDR_IMXTEST_DDR_READ_PORT1");
    same("ddr EventCode", ddr[1].code, 0x41);
}

int main(void)
{
    check_core();
    check_atom();
    check_uncore();
    check_pmus();
    check_riscv();
    check_sys();
    if (!failed)
        printf("ok: every value of the fixture's headers\n");
    return failed;
}
