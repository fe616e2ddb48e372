/* test_audit.c - `hwcgen audit SOURCE...` on the fixtures of tests/audit/:
 *
 *   gpu/db, gpu/panfrost/G57.xml   Arm's database and Panfrost's file for
 *       one Mali-G57, the database under the second of G57's two product
 *       ids only; against each other one counter moved, one in each only,
 *       one in other units, and texts that differ;
 *   cpu/demo-a.json, demo-a-r1p0.json, demo-b.json, demo-c.json   Arm's
 *       telemetry JSON for cores A (two revisions), B and C;
 *   cpu/tree   a perf pmu-events tree: arm/demo-a for A (STALL_SLOT at
 *       another code, ipc upside down, stall_rate in other units, another
 *       event each side), arm/demo-bc for both B and C by its mapfile rows
 *       (B agrees with it, C places STALL_SLOT elsewhere);
 *   intel/spec.xml, mesa.xml, igt.xml   a tiny OA spec whose id names CHV,
 *       and two metric files of chipset CHV in Mesa's format: mesa.xml
 *       programs and reads what the spec lacks or forbids, igt.xml
 *       differs from mesa.xml set by set (each file's comment lists how).
 *
 * Every expected line was written by hand from the fixtures. Each test
 * runs the binary named by $HWCGEN (default ./hwcgen) from the top of the
 * tree and checks its exit status, stdout and stderr. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_shell.h"

#include "core/mali_products.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#define GPU "tests/audit/gpu/db tests/audit/gpu/panfrost/G57.xml"
#define CPU_A "tests/audit/cpu/demo-a.json tests/audit/cpu/tree/arch/arm64"
#define CPU_ALL                                                                        \
    "tests/audit/cpu/demo-a.json tests/audit/cpu/demo-a-r1p0.json "                    \
    "tests/audit/cpu/demo-b.json tests/audit/cpu/demo-c.json tests/audit/cpu/tree/arch/arm64"
#define TREE_A "tests/audit/cpu/tree/arch/arm64/arm/demo-a"
#define TREE_BC "tests/audit/cpu/tree/arch/arm64/arm/demo-bc"
#define TRY "Try 'hwcgen --help'.\n"
#define INTEL_SPEC "tests/audit/intel/spec.xml"
#define INTEL_MESA "tests/audit/intel/mesa.xml"
#define INTEL_IGT "tests/audit/intel/igt.xml"
#define MESA_CHV ".build/mesa-25.0.7/src/intel/perf/oa-chv.xml"



/* The audit ran to its end with this status and said nothing on stderr. */
static run_result audit(const char *args, int status)
{
    run_result r = run(args);
    if (r.status != status || r.err[0])
        show(&r);
    assert_int_equal(r.status, status);
    assert_string_equal(r.err, "");
    return r;
}

static void has(const run_result *r, const char *text)
{
    if (!strstr(r->out, text)) {
        show(r);
        printf("  missing: %s\n", text);
    }
    assert_non_null(strstr(r->out, text));
}

static void lacks(const run_result *r, const char *text)
{
    if (strstr(r->out, text)) {
        show(r);
        printf("  unexpected: %s\n", text);
    }
    assert_null(strstr(r->out, text));
}

/* How many times `text` is in the report. */
static int count(const run_result *r, const char *text)
{
    int n = 0;
    for (const char *p = r->out; (p = strstr(p, text)) != NULL; p += strlen(text))
        n++;
    return n;
}

/* ---- each kind of disagreement --------------------------------------------------- */

/* A counter at another index, one in each file only, other units; the
 * texts only with --all. The whole text report is tests/audit/gpu/
 * expect.txt. */
static void test_gpu_disagreements(void **state)
{
    (void)state;
    run_result r = audit("audit " GPU, 1);
    char *want = read_file("tests/audit/gpu/expect.txt", NULL);
    assert_non_null(want);
    if (strcmp(r.out, want) != 0)
        show(&r);
    assert_string_equal(r.out, want);
    free(want);
    lacks(&r, "  described   ");
    done(&r);
    r = audit("audit --all " GPU, 1);
    has(&r, "  described   MaliFragActiveCy: description \"Cycles in which fragment work runs "
            "on the core.\" vs \"Cycles fragment work runs.\"\n");
    has(&r, "  described   MaliGPUActiveCy: title \"GPU active cycles\" vs \"GPU active\"\n");
    done(&r);
}

/* An event at another code, in one file only, a formula of another value
 * with the input that shows it, other units; the event texts with --all. */
static void test_cpu_disagreements(void **state)
{
    (void)state;
    run_result r = audit("audit " CPU_A, 1);
    has(&r, "  recoded     STALL_SLOT: code 0x003F vs 0x003E\n");
    has(&r, "  only in B   BR_RETIRED: code 0x0021\n");
    has(&r, "  only in A   L1D_CACHE: code 0x0004\n");
    has(&r, "  different   ipc: formula INST_RETIRED / CPU_CYCLES vs CPU_CYCLES / INST_RETIRED\n"
            "              CPU_CYCLES=0 INST_RETIRED=1: nan vs 0\n");
    has(&r, "  units       stall_rate: units percent of cycles vs slots per cycle\n");
    /* CPU_CYCLES and INST_RETIRED agree: code and formula alike */
    lacks(&r, "CPU_CYCLES: code");
    lacks(&r, "INST_RETIRED: code");
    lacks(&r, "  described   ");
    done(&r);
    r = audit("audit --all " CPU_A, 1);
    has(&r, "  described   ipc: title \"ipc\" vs \"Instructions per cycle\"\n");
    done(&r);
}

/* Two files of one format for one core (two revisions): the revision is a
 * fact of each; the names each file gives the core are not compared. */
static void test_same_format_sources(void **state)
{
    (void)state;
    run_result r = audit("audit tests/audit/cpu/demo-a.json tests/audit/cpu/demo-a-r1p0.json", 1);
    has(&r, "  identity    demo_a_r0p0: major_revision 0 vs 1\n");
    lacks(&r, ": id ");
    lacks(&r, ": slug ");
    lacks(&r, ": name ");
    done(&r);
}

/* ---- which agree -------------------------------------------------------------------- */

/* Three sources describe STALL_SLOT of core A: the two telemetry files
 * agree on its code, the tree places it elsewhere. Counters all three
 * place alike get no line; B and C have two sources each, so none. */
static void test_agreement(void **state)
{
    (void)state;
    run_result r = audit("audit " CPU_ALL, 1);
    has(&r, "described (--all lists them)\n\n  agreement  STALL_SLOT: code 0x003F in tests/audit/cpu/demo-a.json, "
            "tests/audit/cpu/demo-a-r1p0.json; code 0x003E in " TREE_A "\n");
    assert_int_equal(count(&r, "  agreement  "), 1);
    done(&r);
    r = audit("audit " CPU_A, 1);
    lacks(&r, "  agreement  ");
    done(&r);
}

/* ---- what the other file knows ------------------------------------------------------ */

/* The tree's stall_share picks its formula by strcmp_cpuid_str(), as the
 * kernel's Neoverse N2/V2 topdown metrics do: on B r0p0 (0x410FD410) it
 * reads STALL_SLOT - CPU_CYCLES, on C (another part) STALL_SLOT, as the
 * telemetry files write it. Each answer is held at what perf would say on
 * the core the other file states (said in the head): equivalent, not
 * different. */
static void test_cpuid_held(void **state)
{
    (void)state;
    run_result r = audit("audit --all tests/audit/cpu/demo-b.json " TREE_BC, 0);
    has(&r, "held: strcmp_cpuid_str(0x410fd411) = 0 (the MIDR A states, 0x410FD410); "
            "strcmp_cpuid_str(0x410fd410) = 1 (the MIDR A states, 0x410FD410)\n");
    has(&r, "  equivalent  stall_share: formula (STALL_SLOT - CPU_CYCLES) / CPU_CYCLES vs");
    done(&r);
    r = audit("audit --all tests/audit/cpu/demo-c.json " TREE_BC, 1);
    has(&r, "held: strcmp_cpuid_str(0x410fd411) = 0 (the MIDR A states, 0x410FD420); "
            "strcmp_cpuid_str(0x410fd410) = 0 (the MIDR A states, 0x410FD420)\n");
    has(&r, "  equivalent  stall_share: formula STALL_SLOT / CPU_CYCLES vs");
    lacks(&r, "different");
    done(&r);
}

/* A file given under two names (a link, as Arm's telemetry tree links
 * neoverse-n2-r0p0.json to neoverse-n2.json) is one source: not compared
 * with itself, its pairs not reported twice; -v says so. */
static void test_linked_source(void **state)
{
    (void)state;
    char cwd[512], target[600], link[128], args[512];
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(target, sizeof target, "%s/tests/audit/cpu/demo-c.json", cwd);
    snprintf(link, sizeof link, "%s/demo-c-link.json", tmp_dir);
    assert_int_equal(symlink(target, link), 0);
    snprintf(args, sizeof args, "audit -v tests/audit/cpu/demo-c.json %s " TREE_BC, link);
    run_result r = run(args);
    unlink(link);
    assert_int_equal(r.status, 1);
    assert_int_equal(count(&r, "\nA: "), 1);
    lacks(&r, "demo-c-link");
    char note[300];
    snprintf(note, sizeof note, "%s: note: the same file as tests/audit/cpu/demo-c.json: "
                                "loaded once, as that\n", link);
    if (strncmp(r.err, note, strlen(note)) != 0)
        show(&r);
    assert_int_equal(strncmp(r.err, note, strlen(note)), 0); /* then -v's other notes */
    done(&r);
}

/* ---- grouping by device ------------------------------------------------------------- */

/* The tree's arm/demo-bc serves two MIDRs (two mapfile rows): it is in
 * both devices' groups, compared with B's file and with C's; B agrees,
 * so its pair is not listed. Core A's directory is in A's group only. */
static void test_group_by_midr(void **state)
{
    (void)state;
    run_result r = audit("audit " CPU_ALL, 1);
    has(&r, "hwcgen audit: 5 sources, 7 targets\n");
    has(&r, "\ndevice cpu 0x410FD400:\n"
            "  tests/audit/cpu/demo-a.json (Demo A r0p0, telemetry)\n"
            "  tests/audit/cpu/demo-a-r1p0.json (Demo A r1p0, telemetry)\n"
            "  " TREE_A " (arm64/arm/demo-a, pmu-events)\n");
    has(&r, "\ndevice cpu 0x410FD410:\n"
            "  tests/audit/cpu/demo-b.json (Demo B, telemetry)\n"
            "  " TREE_BC " (arm64/arm/demo-bc, pmu-events)\n\n"
            "device cpu 0x410FD420:\n"
            "  tests/audit/cpu/demo-c.json (Demo C, telemetry)\n"
            "  " TREE_BC " (arm64/arm/demo-bc, pmu-events)\n");
    has(&r, "  recoded     STALL_SLOT: code 0x003D vs 0x003F\n");
    assert_int_equal(count(&r, "\ndevice "), 3);
    has(&r, "summary: 3 devices described by two or more sources; 4 pairs with "
            "disagreements listed\n");
    done(&r);
}

/* Mali-G57 has two product ids: Panfrost's file states both, the
 * database fixture the second only; they are one device, known by both. */
static void test_group_by_product_id(void **state)
{
    (void)state;
    run_result r = audit("audit " GPU, 1);
    has(&r, "\ndevice gpu 0x9001 0x9003:\n"
            "  tests/audit/gpu/db/Mali-G57 (Mali-G57, mali-db)\n"
            "  tests/audit/gpu/panfrost/G57.xml (Mali-G57, panfrost)\n");
    assert_int_equal(count(&r, "\ndevice "), 1);
    done(&r);
}

/* Our GPU template names its GPU but no product id: Mali-G57 gets
 * 0x9001 and 0x9003 from the table of Mali products, so the template is
 * the third source of the G57 group (one group, not one more for 0x9001
 * alone), and the three place L2_RD_MSG_IN three ways. */
static void test_template_by_name(void **state)
{
    (void)state;
    run_result r = audit("audit " GPU " tests/audit/gpu/template/mali-g57.xml", 1);
    has(&r, "\ndevice gpu 0x9001 0x9003:\n"
            "  tests/audit/gpu/db/Mali-G57 (Mali-G57, mali-db)\n"
            "  tests/audit/gpu/panfrost/G57.xml (Mali-G57, panfrost)\n"
            "  tests/audit/gpu/template/mali-g57.xml (Mali-G57, gpu-template)\n");
    assert_int_equal(count(&r, "\ndevice "), 1);
    assert_int_equal(count(&r, "\nA: "), 3);
    has(&r, "  moved       L2_RD_MSG_IN: counter MEMORY_SYSTEM[16] vs MEMORY_SYSTEM[18]\n");
    has(&r, "\n  agreement  L2_RD_MSG_IN: block 2[17] in tests/audit/gpu/db/Mali-G57; block "
            "2[16] in tests/audit/gpu/panfrost/G57.xml; block 2[18] in "
            "tests/audit/gpu/template/mali-g57.xml\n");
    /* GPU_ACTIVE is at 6 in all three */
    lacks(&r, "GPU_ACTIVE");
    /* the template's series and Arm's derived counters are named by
     * different schemes: not compared */
    lacks(&r, "metrics");
    done(&r);
}

/* The table by product name; an Immortalis GPU is its Mali namesake. */
static void test_products_by_name(void **state)
{
    (void)state;
    const mali_product *p = mali_product_by_name("Mali-G720");
    assert_non_null(p);
    assert_int_equal(p->ids[0], 0xC000);
    assert_int_equal(p->ids[1], 0);
    assert_ptr_equal(mali_product_by_name("Immortalis-G720"), p);
    p = mali_product_by_name("Mali-G57");
    assert_non_null(p);
    assert_int_equal(p->ids[0], 0x9001);
    assert_int_equal(p->ids[1], 0x9003);
    assert_null(mali_product_by_name("Mali-G999"));
    assert_null(mali_product_by_name("Immortalis-G57")); /* no such GPU: no alias */
    assert_null(mali_product_by_name("Immortalis-"));
    assert_null(mali_product_by_name(NULL));
    /* by Panfrost's file name, as before; a product with no file has none */
    assert_ptr_equal(mali_product_by_file("g57"), mali_product_by_name("Mali-G57"));
    assert_null(mali_product_by_file("G720"));
}

/* The seed's spec/mali/mali-g720.xml and Arm's database (a libGPUCounters
 * checkout named by $HWCGEN_LIBGPUCOUNTERS, else make mali-refs' copy;
 * skipped without one) are one device, 0xC000. */
static void test_seed_g720_with_database(void **state)
{
    (void)state;
    const char *top = getenv("HWCGEN_LIBGPUCOUNTERS");
    char db[600], args[800];
    snprintf(db, sizeof db, "%s/specification/database", top && *top ? top : ".build/libgpucounters");
    if (access(db, R_OK) != 0) {
        printf("  skipped: no libGPUCounters database at %s\n", db);
        skip();
    }
    snprintf(args, sizeof args, "audit -q spec/mali/mali-g720.xml %s", db);
    run_result r = run(args);
    assert_int_equal(r.status, 1);
    has(&r, "\ndevice gpu 0xC000:\n  spec/mali/mali-g720.xml (Mali-G720, gpu-template)\n");
    has(&r, "/Mali-G720 (Mali-G720, mali-db)\n");
    done(&r);
}

/* Sources with no device in common: nothing to compare, status 0. */
static void test_no_common_device(void **state)
{
    (void)state;
    run_result r = audit("audit tests/audit/cpu/demo-b.json tests/audit/gpu/panfrost/G57.xml", 0);
    assert_string_equal(r.out, "hwcgen audit: 2 sources, 2 targets\n\n"
                               "summary: 0 devices described by two or more sources; 0 pairs "
                               "with disagreements listed\n");
    done(&r);
}

/* ---- Intel OA ------------------------------------------------------------------------ */

/* The spec names no platform: its id is CHV's (diff_oa.c); the metric
 * files say chipset="CHV". One device; another chipset is another. */
static void test_intel_group_by_platform(void **state)
{
    (void)state;
    run_result r = audit("audit " INTEL_SPEC " " INTEL_MESA, 1);
    has(&r, "\ndevice intel chv:\n  " INTEL_SPEC " (Tiny CHV-like OA counters, oa-counters)\n  "
            INTEL_MESA " (Intel CHV OA metric sets, oa-metrics)\n");
    has(&r, "compared (facts both formats carry): OA counters and programming\n");
    /* the spec's counters are not "only in A": metric files list none */
    lacks(&r, "only in A");
    done(&r);
    r = audit("audit " INTEL_SPEC " tests/oa-metrics/oa-test.xml", 0);
    has(&r, "summary: 0 devices described by two or more sources");
    done(&r);
}

/* A set's FLEX writes and reads against the spec: a register it lacks
 * (once, though two sets write it), bits outside the fields, a code no
 * enum has, a broken support rule, counters past a block's end, a fixed
 * counter read alone in other units (a flexible one counts what its set
 * programs: Flex reads A2 in events, no line). */
static void test_intel_flex(void **state)
{
    (void)state;
    run_result r = audit("audit " INTEL_SPEC " " INTEL_MESA, 1);
    has(&r, "  layout      A9: read by Basic.Beyond none (block A has 4 counters, " INTEL_SPEC
            ":10) vs A 9 READ (" INTEL_MESA ":24)\n");
    has(&r, "  layout      B2: read by Basic.Beyond none (block B has 2 counters, " INTEL_SPEC
            ":16) vs B 2 READ (" INTEL_MESA ":24)\n");
    has(&r, "  encoding    0x0000E55C: register none vs written by set Basic (" INTEL_MESA
            ":33)\n");
    assert_int_equal(count(&r, "0x0000E55C:"), 1);
    has(&r, "  encoding    Basic.CNTL0: bits outside its fields none (" INTEL_SPEC ":40) vs "
            "0x10000000 (0x10003011 at " INTEL_MESA ":32)\n");
    has(&r, "  encoding    Basic.CNTL0.A3: INCREMENT no code 3 in INC (" INTEL_SPEC ":20) vs 3 "
            "(CNTL0 = 0x10003011 at " INTEL_MESA ":32)\n");
    has(&r, "  rule        Basic.CNTL0.A2: COARSE under INC BOTH only NONE, ROW0 (rule at "
            INTEL_SPEC ":33) vs VS (CNTL0 = 0x10003011 at " INTEL_MESA ":32)\n");
    /* Compute's A3 = BOTH with coarse NONE: defined and allowed */
    lacks(&r, "Compute.");
    has(&r, "  units       A1: units threads (" INTEL_SPEC ":12) vs events (Basic.Threads, "
            INTEL_MESA ":21)\n");
    lacks(&r, "A2: units");
    lacks(&r, "A0: units");
    has(&r, "A and B: 1 units, 3 encoding, 1 rule, 2 layout\n");
    done(&r);
}

/* Two metric files of one platform, set by set. */
static void test_intel_sets(void **state)
{
    (void)state;
    run_result r = audit("audit " INTEL_MESA " " INTEL_IGT, 1);
    has(&r, "  only in A   Compute: 1 counter (" INTEL_MESA ":36)\n");
    has(&r, "  only in B   Memory: 1 counter (" INTEL_IGT ":38)\n");
    has(&r, "  only in B   Basic.Extra: " INTEL_IGT ":26\n");
    has(&r, "  moved       Basic.Busy: offset in the query data 16 vs 8 (A at " INTEL_MESA
            ":18, B at " INTEL_IGT ":14)\n");
    has(&r, "  moved       Basic.Flex: offset in the query data 8 vs 16 (A at " INTEL_MESA
            ":15, B at " INTEL_IGT ":17)\n");
    has(&r, "  different   Basic.Busy: equation A 0 READ vs A 0 READ 2 UMUL (A at " INTEL_MESA
            ":18, B at " INTEL_IGT ":14)\n              A 0 READ=");
    has(&r, "  units       Basic.Threads: units events vs number (A at " INTEL_MESA ":21, B at "
            INTEL_IGT ":20)\n");
    has(&r, "  encoding    Basic.NOA: 1 write changed: write 2 of 2: 0x00009888 = 0x10150000 ("
            INTEL_MESA ":29) vs write 2 of 2: 0x00009888 = 0x10150002 (" INTEL_IGT ":31)\n");
    /* A 2 READ and A 2 READ 0 UADD: the same value, listed with --all */
    lacks(&r, "Basic.Flex: equation");
    lacks(&r, "Basic.GpuTime");
    lacks(&r, "Basic.FLEX");
    done(&r);
    r = audit("audit --all " INTEL_MESA " " INTEL_IGT, 1);
    has(&r, "  equivalent  Basic.Flex: equation A 2 READ vs A 2 READ 0 UADD");
    done(&r);
}

/* The seed's CHV spec against Mesa's oa-chv.xml: 67 counter fields in 12
 * sets break the PRM's support rules (the seed's note on EU_INCREMENT
 * counts them); every FLEX address, code and read is the spec's; Mesa's
 * Sampler Accesses reads A28 alone and calls it messages, the PRM's A28
 * counts 2x2s. */
static void test_intel_real_chv(void **state)
{
    (void)state;
    if (access(MESA_CHV, R_OK) != 0) {
        printf("  skipped: no " MESA_CHV " (make mesa-src)\n");
        skip();
    }
    run_result r = audit("audit spec/intel/oa-chv.xml " MESA_CHV, 1);
    has(&r, "\ndevice intel chv:\n");
    has(&r, "  rule        RenderBasic.EU_PERF_CNTL5.A18: EU_COARSE_FILTER under EU_INCREMENT "
            "FPU0_FPU1_ACTIVE only NONE, ROW0, ROW1 (rule at spec/intel/oa-chv.xml:477) vs PS "
            "(EU_PERF_CNTL5 = 0x00053052 at " MESA_CHV ":783)\n");
    assert_int_equal(count(&r, "\n  rule        "), 67);
    has(&r, "  units       A28: units 2x2s (spec/intel/oa-chv.xml:240) vs messages "
            "(RenderPipeProfile.SamplerAccesses, " MESA_CHV ":1683)\n");
    assert_int_equal(count(&r, "\n  rule        ComputeBasic."), 0);
    lacks(&r, "  encoding    ");
    lacks(&r, "  layout      ");
    done(&r);
}

/* ---- the formats ----------------------------------------------------------------------- */

static void test_markdown(void **state)
{
    (void)state;
    run_result r = audit("audit --format markdown " GPU, 1);
    has(&r, "# hwcgen audit: 2 sources, 2 targets\n");
    has(&r, "\n## Device gpu 0x9001 0x9003\n\n"
            "- `tests/audit/gpu/db/Mali-G57` (Mali-G57, mali-db)\n"
            "- `tests/audit/gpu/panfrost/G57.xml` (Mali-G57, panfrost)\n");
    has(&r, "\n### A: `tests/audit/gpu/db/Mali-G57` (Mali-G57, mali-db); B: "
            "`tests/audit/gpu/panfrost/G57.xml` (Mali-G57, panfrost)\n");
    has(&r, "\n#### Events\n\n| disagreement | item | what | A | B | note |\n");
    has(&r, "| only in A | `MaliFragWarp` | | SHADER_CORE[20] | | |\n"
            "| only in B | `JS0_TASKS` | | | GPU_FRONTEND[9] | |\n"
            "| moved | `MaliL2CacheRd` | counter | MEMORY_SYSTEM[17] | MEMORY_SYSTEM[16] | |\n");
    has(&r, "\n**A and B:** 1 only in A, 1 only in B, 1 moved, 1 units; not listed: 5 "
            "described (--all lists them)\n");
    has(&r, "| units | `MaliFragActiveCy` | units | threads | cycles | |\n");
    has(&r, "\n**Summary:** 1 device described by two or more sources; 1 pair with "
            "disagreements listed\n");
    done(&r);
}

static const cJSON *item(const cJSON *o, const char *key)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    assert_non_null(x);
    return x;
}

static void json_string(const cJSON *o, const char *key, const char *want)
{
    const cJSON *x = item(o, key);
    assert_true(cJSON_IsString(x));
    assert_string_equal(x->valuestring, want);
}

/* One change of the pair: its class, name, and old and new values. */
static void json_change(const cJSON *changes, int i, const char *cls, const char *name,
                        const char *old_text, const char *new_text)
{
    const cJSON *ch = cJSON_GetArrayItem(changes, i);
    assert_non_null(ch);
    json_string(ch, "class", cls);
    json_string(ch, "name", name);
    if (old_text)
        json_string(ch, "old", old_text);
    else
        assert_null(cJSON_GetObjectItemCaseSensitive(ch, "old"));
    if (new_text)
        json_string(ch, "new", new_text);
    else
        assert_null(cJSON_GetObjectItemCaseSensitive(ch, "new"));
}

static void test_json(void **state)
{
    (void)state;
    run_result r = audit("audit --format json " GPU, 1);
    cJSON *root = cJSON_Parse(r.out);
    if (!root)
        show(&r);
    assert_non_null(root);
    assert_int_equal(item(root, "status")->valueint, 1);
    const cJSON *devices = item(root, "devices");
    assert_int_equal(cJSON_GetArraySize(devices), 1);
    const cJSON *dev = cJSON_GetArrayItem(devices, 0);
    json_string(dev, "device", "gpu 0x9001 0x9003");
    const cJSON *sources = item(dev, "sources");
    assert_int_equal(cJSON_GetArraySize(sources), 2);
    assert_string_equal(cJSON_GetArrayItem(sources, 0)->valuestring, "tests/audit/gpu/db/Mali-G57");
    assert_string_equal(cJSON_GetArrayItem(sources, 1)->valuestring,
                        "tests/audit/gpu/panfrost/G57.xml");
    assert_int_equal(cJSON_GetArraySize(item(dev, "agreement")), 0);
    const cJSON *pairs = item(dev, "pairs");
    assert_int_equal(cJSON_GetArraySize(pairs), 1);
    const cJSON *changes = item(cJSON_GetArrayItem(pairs, 0), "changes");
    assert_int_equal(cJSON_GetArraySize(changes), 4);
    json_change(changes, 0, "added", "JS0_TASKS", NULL, "GPU_FRONTEND[9]");
    json_change(changes, 1, "removed", "MaliFragWarp", "SHADER_CORE[20]", NULL);
    json_change(changes, 2, "moved", "MaliL2CacheRd", "MEMORY_SYSTEM[17]", "MEMORY_SYSTEM[16]");
    json_change(changes, 3, "units", "MaliFragActiveCy", "threads", "cycles");
    /* what a diff calls added and removed: the source that has it */
    json_string(cJSON_GetArrayItem(changes, 0), "only_in", "tests/audit/gpu/panfrost/G57.xml");
    json_string(cJSON_GetArrayItem(changes, 1), "only_in", "tests/audit/gpu/db/Mali-G57");
    assert_null(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(changes, 2), "only_in"));
    cJSON_Delete(root);
    done(&r);
}

/* The agreement line as JSON: each value with the sources that give it. */
static void test_json_agreement(void **state)
{
    (void)state;
    run_result r = audit("audit --format json " CPU_ALL, 1);
    cJSON *root = cJSON_Parse(r.out);
    assert_non_null(root);
    const cJSON *dev = cJSON_GetArrayItem(item(root, "devices"), 0);
    json_string(dev, "device", "cpu 0x410FD400");
    const cJSON *agree = item(dev, "agreement");
    assert_int_equal(cJSON_GetArraySize(agree), 1);
    const cJSON *a = cJSON_GetArrayItem(agree, 0);
    json_string(a, "counter", "STALL_SLOT");
    const cJSON *x = item(a, "code 0x003F"), *y = item(a, "code 0x003E");
    assert_int_equal(cJSON_GetArraySize(x), 2);
    assert_string_equal(cJSON_GetArrayItem(x, 1)->valuestring, "tests/audit/cpu/demo-a-r1p0.json");
    assert_int_equal(cJSON_GetArraySize(y), 1);
    assert_string_equal(cJSON_GetArrayItem(y, 0)->valuestring, TREE_A);
    cJSON_Delete(root);
    done(&r);
}

/* ---- the exit status, as `hwcgen diff`'s ------------------------------------------ */

static void test_status(void **state)
{
    (void)state;
    /* B and the tree agree on every fact both carry */
    run_result r = audit("audit tests/audit/cpu/demo-b.json tests/audit/cpu/tree/arch/arm64", 0);
    has(&r, "\ndevice cpu 0x410FD410:\n");
    has(&r, "summary: 1 device described by two or more sources; 0 pairs with "
            "disagreements listed\n");
    done(&r);
    /* a title only: listed with --all, but it does not matter */
    r = audit("audit --all tests/audit/cpu/demo-b.json " TREE_BC, 0);
    has(&r, "  described   CPU_CYCLES: title \"Core clock cycles\" vs \"Cycles of the core clock\"\n");
    done(&r);
    r = run("audit tests/audit/cpu/demo-b.json");
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, "hwcgen: audit: expected two or more SOURCEs, got 1\n" TRY);
    done(&r);
    r = run("audit --format yaml " GPU);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "hwcgen: audit: unknown format 'yaml' (text, markdown, json)\n" TRY);
    done(&r);
    /* a source that does not load: its loader's message, no report */
    expect_unloaded("audit tests/audit/cpu/demo-b.json tests/bad/json-empty.json",
                    "tests/bad/json-empty.json:1:1: error: ");
}

static int setup(void **state)
{
    (void)state;
    return shell_setup("test_audit");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gpu_disagreements),
        cmocka_unit_test(test_cpu_disagreements),
        cmocka_unit_test(test_same_format_sources),
        cmocka_unit_test(test_agreement),
        cmocka_unit_test(test_cpuid_held),
        cmocka_unit_test(test_linked_source),
        cmocka_unit_test(test_group_by_midr),
        cmocka_unit_test(test_group_by_product_id),
        cmocka_unit_test(test_template_by_name),
        cmocka_unit_test(test_products_by_name),
        cmocka_unit_test(test_seed_g720_with_database),
        cmocka_unit_test(test_no_common_device),
        cmocka_unit_test(test_intel_group_by_platform),
        cmocka_unit_test(test_intel_flex),
        cmocka_unit_test(test_intel_sets),
        cmocka_unit_test(test_intel_real_chv),
        cmocka_unit_test(test_markdown),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_json_agreement),
        cmocka_unit_test(test_status),
    };
    return cmocka_run_group_tests(tests, setup, shell_teardown);
}
