/* The metrics header of a perf tree's directory, include/hwcgen/
 * <id>_metrics.h: the C names plan_c_tree_names.h gives perf's names, on a
 * fixture directory that needs every rule; values computed here by hand,
 * through `hwcgen eval` and through the header; and, on the kernel's
 * tree (Debian's linux-source-6.12, $HWCGEN_PMU_EVENTS; skipped, naming
 * the package, without it), every header compiled and hand-computed
 * values of x86 and arm64 CPUs. tests/test_perf_tree_differential.c
 * compares the headers with the interpreter on random samples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "emit/c/emit_c.h"
#include "emit/emit.h"
#include "run/pipeline.h"
#include "test_run.h"

#define FIXTURE "tests/perf-tree-metrics/arch/x86/namelake"
#define KERNEL_OUT ".build/tests/perf-tree-metrics"

static const char *hwcgen;

static int scratch_setup(void **state)
{
    return scratch_make(state, "hwcgen-tree-metrics");
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

/* `hwcgen generate --outputs c` of `spec` into dir; what it prints goes
 * to files in `logs`. */
static void generate(const char *logs, const char *spec, const char *dir)
{
    result r = RUN(logs, hwcgen, "generate", "-q", "--outputs", "c", "-o", dir, spec);
    if (r.status != 0)
        fail_msg("generate %s:\n%s", spec, r.err);
    result_free(&r);
}

/* `cc` with every warning an error on dir/src, into dir/run when `exe`,
 * else only compiled; -1 after printing the log when it fails. */
static int compile(const char *dir, const char *cc, const char *std, const char *src, int exe)
{
    char in[256], out[256], inc[160], cmd[1200];
    snprintf(in, sizeof in, "%s/%s", dir, src);
    snprintf(out, sizeof out, "%s/%s", dir, exe ? "run" : "unit.o");
    snprintf(inc, sizeof inc, "-I%s/include", dir);
    snprintf(cmd, sizeof cmd, "%s %s -Wall -Wextra -Werror -pedantic %s %s %s -o %s%s", cc,
             std, inc, strstr(cc, "++") ? "-x c++" : "", in, out, exe ? " -lm" : " -c");
    result r = RUN(dir, "sh", "-c", cmd);
    int rc = r.status == 0 ? 0 : -1;
    if (rc)
        printf("  %s:\n%s", cmd, r.err);
    result_free(&r);
    return rc;
}

/* ---- the fixture: names --------------------------------------------------------- */

static char *fixture_header(void)
{
    hw_target **all;
    hw_plan *plans;
    int n;
    hw_diag d;
    diag_init(&d, NULL);
    assert_int_equal(run_open_all(FIXTURE, &all, &plans, &n, &d), 0);
    assert_int_equal(n, 1);
    out_set out;
    out_init(&out);
    emit_to to = {&out, NULL, &d, NULL, NULL};
    assert_int_equal(emit_c_headers(all[0], &plans[0], &to), 0);
    int i = out_find(&out, "include/hwcgen/x86_namelake_metrics.h", 0);
    assert_true(i >= 0);
    char *text = strdup(out.files[i].data);
    out_free(&out);
    diag_free(&d);
    run_free_all(all, plans, n);
    return text;
}

static void expect(const char *header, const char *text)
{
    if (!strstr(header, text))
        fail_msg("the header lacks '%s'", text);
}

/* Every name of the fixture, as plan_c_tree_names.h says it must come out. */
static void test_fixture_names(void **state)
{
    (void)state;
    char *h = fixture_header();
    static const char *const members[] = {
        /* on two PMUs: qualified on both */
        "uint64_t cpu_core_INST_RETIRED_ANY;", "uint64_t cpu_atom_INST_RETIRED_ANY;",
        /* on one PMU: not */
        "uint64_t CPU_CLK_UNHALTED_THREAD;", "uint64_t UNC_M_CAS_COUNT_RD;",
        /* MEM.LOAD, MEM_LOAD and MEM-LOAD, in file order */
        "uint64_t MEM_LOAD;", "uint64_t MEM_LOAD_2;", "uint64_t MEM_LOAD_3;",
        /* a keyword, a macro of math.h, a leading digit */
        "uint64_t v_int;", "uint64_t v_NAN;", "uint64_t v_1ST_EVENT;",
        "uint64_t topdown_retiring;",
        /* the event comes first; the literal #slots gets what is left */
        "uint64_t slots;", "double slots_2;",
        /* run-time values: one of the events with a modifier, the others */
        "uint64_t INST_RETIRED_ANY_k;", "double smt_on;", "uint64_t msr_tsc;",
        "double duration_time;", "double has_msr_tsc;", "double sources_UNC_M_CAS_COUNT_RD;",
        "double cpuid_GenuineIntel_6_F9;", "double num_cpus_online;", "double num_cpus;"};
    for (size_t i = 0; i < sizeof members / sizeof members[0]; i++)
        expect(h, members[i]);
    static const char *const metrics[] = {
        "X86_NAMELAKE_METRIC_CPU_CORE_TMA_RETIRING,", "X86_NAMELAKE_METRIC_CPU_ATOM_TMA_RETIRING,",
        "X86_NAMELAKE_METRIC_TMA_IPC,",
        /* the header's own names are taken: count, eval_all, x_threshold */
        "X86_NAMELAKE_METRIC_COUNT_2,", "X86_NAMELAKE_METRIC_EVAL_ALL_2,",
        "X86_NAMELAKE_METRIC_X,", "X86_NAMELAKE_METRIC_X_THRESHOLD_2,",
        /* load_miss_% and load.miss; Mixed Case and MIXED_CASE */
        "X86_NAMELAKE_METRIC_LOAD_MISS,", "X86_NAMELAKE_METRIC_LOAD_MISS_2,",
        "X86_NAMELAKE_METRIC_MIXED_CASE,", "X86_NAMELAKE_METRIC_MIXED_CASE_2,",
        "X86_NAMELAKE_METRIC_M_LOOP_A,", "X86_NAMELAKE_METRIC_COUNT\n",
        "double x86_namelake_cpu_core_tma_retiring(const struct x86_namelake_counters *c)",
        "double x86_namelake_cpu_core_tma_retiring_threshold(const struct",
        "double x86_namelake_x_threshold(const struct", "double x86_namelake_x_threshold_2(const",
        "double x86_namelake_eval_all_2(const struct",
        /* groups: "count" is taken there too; Ret given twice is one member */
        "X86_NAMELAKE_GROUP_TOPDOWNL1,", "X86_NAMELAKE_GROUP_COUNT_2,",
        "X86_NAMELAKE_GROUP_EMPTY,", "X86_NAMELAKE_GROUP_COUNT\n",
        "{\"Ret\", \"\", members + 5, 1}", "{\"Empty\", \"A group no metric names\", members + 3, 0}",
        /* perf's names and PMUs in the tables */
        "{\"load_miss\", \"load_miss_%\", \"default_core\",",
        "{\"cpu_atom_INST_RETIRED_ANY\", \"INST_RETIRED.ANY\", \"cpu_atom\", \"event\",",
        "{\"has_msr_tsc\", \"has_event(msr@tsc@)\", \"msr\", \"has_event\","};
    for (size_t i = 0; i < sizeof metrics / sizeof metrics[0]; i++)
        expect(h, metrics[i]);
    /* a metric of a cycle has no formula: NaN, set before the metric
     * that reads it in eval_all */
    const char *loop = strstr(h, "double x86_namelake_m_loop_a(");
    assert_non_null(loop);
    assert_non_null(strstr(loop, "    (void)c;\n    return NAN;\n}"));
    const char *nan = strstr(h, "out[X86_NAMELAKE_METRIC_M_LOOP_A] = NAN;");
    const char *user = strstr(h, "out[X86_NAMELAKE_METRIC_M_LOOP_B] = ");
    assert_true(nan && user && nan < user);
    free(h);
}

/* The names are valid C and C++, and no two meet. */
static void test_fixture_compiles(void **state)
{
    scratch *s = *state;
    char dir[128], path[160];
    snprintf(dir, sizeof dir, "%s/out", s->root);
    generate(s->root, FIXTURE, dir);
    snprintf(path, sizeof path, "%s/unit.c", dir);
    write_text(path, "#include \"hwcgen/x86_namelake_metrics.h\"\n"
                     "typedef int translation_unit_not_empty;\n");
    static const char *const builds[][2] = {
        {"gcc", "-std=c99"}, {"gcc", "-std=c11"}, {"g++", "-std=c++17"},
        {"clang", "-std=c99"}, {"clang", "-std=c11"}, {"clang++", "-std=c++17"}};
    for (size_t i = 0; i < sizeof builds / sizeof builds[0]; i++)
        if (compile(dir, builds[i][0], builds[i][1], "unit.c", 0) != 0)
            fail_msg("%s %s: the fixture's header does not compile", builds[i][0], builds[i][1]);
}

/* ---- values by hand ------------------------------------------------------------- */

/* `hwcgen eval SPEC --metric METRIC VALUES...` prints `want`. */
static void expect_eval(const char *logs, const char *spec, const char *metric,
                        const char *const *values, const char *want)
{
    const char *argv[24] = {hwcgen, "eval", spec, "--metric", metric};
    int n = 5;
    for (; *values && n < 23; values++)
        argv[n++] = *values;
    argv[n] = NULL;
    result r = run(logs, argv);
    if (r.status != 0 || strcmp(r.out, want) != 0)
        fail_msg("hwcgen eval %s --metric %s: status %d, '%s', expected '%s'\n%s", spec, metric,
                 r.status, r.out, want, r.err);
    result_free(&r);
}

/* A program over the header of `id` in dir that sets `sets` (C
 * statements on struct c) and prints `exprs` (C expressions reading c
 * and out[], eval_all's) with %.17g, one per line: what it prints. */
static char *header_values(const char *dir, const char *id, const char *sets, const char *exprs)
{
    char path[256], ID[64];
    size_t k = 0;
    for (; id[k] && k + 1 < sizeof ID; k++)
        ID[k] = (char)(id[k] >= 'a' && id[k] <= 'z' ? id[k] - 'a' + 'A' : id[k]);
    ID[k] = '\0';
    hw_buf b;
    buf_init(&b);
    buf_printf(&b, "#include <stdio.h>\n#include <string.h>\n#include \"hwcgen/%s_metrics.h\"\n"
                   "int main(void)\n{\n    struct %s_counters c;\n"
                   "    double out[%s_METRIC_COUNT], th[%s_METRIC_COUNT];\n"
                   "    memset(&c, 0, sizeof c);\n%s"
                   "    %s_eval_all(&c, out);\n    %s_eval_thresholds(&c, out, th);\n"
                   "    (void)th;\n",
               id, id, ID, ID, sets, id, id);
    char *list = strdup(exprs);
    for (char *e = strtok(list, ";"); e; e = strtok(NULL, ";"))
        buf_printf(&b, "    printf(\"%%.17g\\n\", (double)(%s));\n", e);
    free(list);
    buf_puts(&b, "    return 0;\n}\n");
    snprintf(path, sizeof path, "%s/values.c", dir);
    write_text(path, b.data);
    buf_free(&b);
    if (compile(dir, "gcc", "-std=c99", "values.c", 1) != 0)
        fail_msg("a program over %s_metrics.h does not compile", id);
    snprintf(path, sizeof path, "%s/run", dir);
    result r = RUN(dir, path);
    assert_int_equal(r.status, 0);
    free(r.err);
    return r.out;
}

static void expect_output(char *got, const char *want)
{
    if (strcmp(got, want) != 0)
        fail_msg("the header gives\n%sexpected\n%s", got, want);
    free(got);
}

/* tma_ipc = INST_RETIRED.ANY / CPU_CLK_UNHALTED.THREAD on cpu_core, and
 * the big core's tma_retiring = topdown-retiring / (#slots * cycles). */
static void test_fixture_values(void **state)
{
    scratch *s = *state;
    static const char *const ipc[] = {"INST_RETIRED.ANY=300", "CPU_CLK_UNHALTED.THREAD=200", 0};
    expect_eval(s->root, FIXTURE, "tma_ipc", ipc, "tma_ipc 1.5\n"); /* 300 / 200 */
    char dir[128];
    snprintf(dir, sizeof dir, "%s/out", s->root);
    generate(s->root, FIXTURE, dir);
    expect_output(
        header_values(dir, "x86_namelake",
                      "    c.cpu_core_INST_RETIRED_ANY = 300;\n"
                      "    c.cpu_atom_INST_RETIRED_ANY = 1000;\n"
                      "    c.CPU_CLK_UNHALTED_THREAD = 200;\n"
                      "    c.topdown_retiring = 600;\n    c.slots_2 = 4;\n",
                      "x86_namelake_tma_ipc(&c);out[X86_NAMELAKE_METRIC_TMA_IPC];"
                      "x86_namelake_tma_ipc_threshold(&c);"
                      "x86_namelake_cpu_core_tma_retiring(&c);"
                      "th[X86_NAMELAKE_METRIC_CPU_CORE_TMA_RETIRING];"
                      "x86_namelake_cpu_atom_tma_retiring(&c);"
                      "x86_namelake_cpu_atom_tma_retiring_threshold(&c);"
                      "x86_namelake_m_loop_b(&c)"),
        "1.5\n1.5\n"
        "0\n"      /* 1.5 < 1 */
        "0.75\n"   /* 600 / (4 * 200) */
        "1\n"      /* 0.75 > 0.7 & 1.5 > 1 */
        "1\n"      /* the small core's 1000 / (5 * 200) */
        "1\n"      /* 1 > 0.75 */
        "nan\n");  /* a metric of a cycle reads NaN */
}

/* ---- the kernel's tree ---------------------------------------------------------- */

/* Every directory with metrics has a header, and no other does. Returns
 * the arches that have some, space-separated. */
static char *headers_for_metrics(const char *arch, const char *out)
{
    hw_target **all;
    int n;
    hw_diag d;
    diag_init(&d, NULL);
    assert_int_equal(run_open_all(arch, &all, NULL, &n, &d), 0);
    diag_free(&d);
    hw_buf arches;
    buf_init(&arches);
    int headers = 0;
    for (int i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/include/hwcgen/%s_metrics.h", out, all[i]->id);
        int has = access(path, F_OK) == 0;
        if (has != (all[i]->nmetrics > 0))
            fail_msg("%s: %d metrics, %s", all[i]->spec_name, all[i]->nmetrics,
                     has ? "yet a metrics header" : "no metrics header");
        headers += has;
        char word[40];
        snprintf(word, sizeof word, " %s ", all[i]->perf_arch);
        if (has && !strstr(arches.data ? arches.data : "", word))
            buf_printf(&arches, "%s", arches.len ? word + 1 : word);
        target_free(all[i]);
    }
    free(all);
    printf("  the kernel's tree: %d directories, %d with metrics\n", n, headers);
    return buf_steal(&arches);
}

/* Every header of one arch in one translation unit: they coexist. */
static void arch_unit(const char *out, const char *arch)
{
    char path[256];
    snprintf(path, sizeof path, "%s/include/hwcgen", out);
    DIR *d = opendir(path);
    assert_non_null(d);
    hw_buf b;
    buf_init(&b);
    size_t n = strlen(arch);
    int count = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (strncmp(e->d_name, arch, n) == 0 && (e->d_name[n] == '_') &&
            strstr(e->d_name, "_metrics.h")) {
            buf_printf(&b, "#include \"hwcgen/%s\"\n", e->d_name);
            count++;
        }
    closedir(d);
    buf_puts(&b, "typedef int translation_unit_not_empty;\n");
    char src[64];
    snprintf(src, sizeof src, "unit_%s.c", arch);
    snprintf(path, sizeof path, "%s/%s", out, src);
    write_text(path, b.data);
    buf_free(&b);
    assert_true(count > 0);
    if (compile(out, "gcc", "-std=c99", src, 0) != 0)
        fail_msg("the %d metrics headers of %s do not compile in one unit", count, arch);
}

static void test_kernel_headers(void **state)
{
    (void)state;
    char arch[1024];
    if (!kernel_arch(arch, sizeof arch))
        skip();
    char out[] = KERNEL_OUT "/out";
    remove_tree(KERNEL_OUT);
    mkdir(".build/tests", 0755);
    assert_int_equal(mkdir(KERNEL_OUT, 0755), 0);
    generate(KERNEL_OUT, arch, out);
    char *arches = headers_for_metrics(arch, out);
    assert_non_null(strstr(arches, "x86 "));
    assert_non_null(strstr(arches, "arm64 "));
    for (char *a = strtok(arches, " "); a; a = strtok(NULL, " "))
        arch_unit(out, a);
    free(arches);
    /* a sample in the other compilers and in C++ */
    static const char *const sample[] = {"x86_skylake", "x86_alderlake",
                                         "arm64_arm_neoverse_n2_v2", "powerpc_power10"};
    static const char *const builds[][2] = {
        {"clang", "-std=c99"}, {"gcc", "-std=c11"}, {"g++", "-std=c++17"},
        {"clang++", "-std=c++17"}};
    for (size_t i = 0; i < sizeof sample / sizeof sample[0]; i++) {
        char path[256], src[96];
        snprintf(src, sizeof src, "one_%s.c", sample[i]);
        snprintf(path, sizeof path, "%s/%s", out, src);
        char text[256];
        snprintf(text, sizeof text, "#include \"hwcgen/%s_metrics.h\"\n"
                                    "typedef int translation_unit_not_empty;\n", sample[i]);
        write_text(path, text);
        for (size_t k = 0; k < sizeof builds / sizeof builds[0]; k++)
            if (compile(out, builds[k][0], builds[k][1], src, 0) != 0)
                fail_msg("%s_metrics.h: %s %s fails", sample[i], builds[k][0], builds[k][1]);
    }
}

/* Metrics of the kernel's tree computed here by hand from their formulas
 * as the tree writes them, through `hwcgen eval` and the header. */
static void test_kernel_values(void **state)
{
    scratch *s = *state;
    char arch[1024], spec[1200], dir[160];
    if (!kernel_arch(arch, sizeof arch))
        skip();

    /* x86/skylake: tma_info_thread_ipc = INST_RETIRED.ANY /
     * tma_info_thread_clks, and tma_info_thread_clks =
     * CPU_CLK_UNHALTED.THREAD: 300 / 200 = 1.5 */
    snprintf(spec, sizeof spec, "%s/x86/skylake", arch);
    static const char *const ipc[] = {"INST_RETIRED.ANY=300", "CPU_CLK_UNHALTED.THREAD=200", 0};
    expect_eval(s->root, spec, "tma_info_thread_ipc", ipc, "tma_info_thread_ipc 1.5\n");
    snprintf(dir, sizeof dir, "%s/skylake", s->root);
    generate(s->root, spec, dir);
    expect_output(header_values(dir, "x86_skylake",
                                "    c.INST_RETIRED_ANY = 300;\n"
                                "    c.CPU_CLK_UNHALTED_THREAD = 200;\n",
                                "x86_skylake_tma_info_thread_ipc(&c);"
                                "out[X86_SKYLAKE_METRIC_TMA_INFO_THREAD_IPC]"),
                  "1.5\n1.5\n");

    /* x86/icelake, topdown in slots: tma_frontend_bound =
     * topdown-fe-bound / (topdown-fe-bound + topdown-bad-spec +
     * topdown-retiring + topdown-be-bound) - INT_MISC.UOP_DROPPING /
     * tma_info_thread_slots, and tma_info_thread_slots = TOPDOWN.SLOTS
     * (6.12's x86 formulas count slots with that event, not #slots):
     * 256 / (256 + 128 + 384 + 256) - 64 / 4096 = 0.25 - 0.015625 */
    snprintf(spec, sizeof spec, "%s/x86/icelake", arch);
    static const char *const fe[] = {
        "topdown\\-fe\\-bound=256", "topdown\\-bad\\-spec=128", "topdown\\-retiring=384",
        "topdown\\-be\\-bound=256", "INT_MISC.UOP_DROPPING=64", "TOPDOWN.SLOTS=4096", 0};
    expect_eval(s->root, spec, "tma_frontend_bound", fe, "tma_frontend_bound 0.234375\n");
    snprintf(dir, sizeof dir, "%s/icelake", s->root);
    generate(s->root, spec, dir);
    expect_output(header_values(dir, "x86_icelake",
                                "    c.topdown_fe_bound = 256;\n    c.topdown_bad_spec = 128;\n"
                                "    c.topdown_retiring = 384;\n    c.topdown_be_bound = 256;\n"
                                "    c.INT_MISC_UOP_DROPPING = 64;\n    c.TOPDOWN_SLOTS = 4096;\n",
                                "x86_icelake_tma_frontend_bound(&c);"
                                "out[X86_ICELAKE_METRIC_TMA_FRONTEND_BOUND]"),
                  "0.234375\n0.234375\n");

    /* arm64/arm/neoverse-n2-v2, with #slots: backend_bound =
     * 100 * (STALL_SLOT_BACKEND / (CPU_CYCLES * #slots) - BR_MIS_PRED * 3 /
     * CPU_CYCLES) = 100 * (4096 / (1024 * 8) - 64 * 3 / 1024)
     * = 100 * (0.5 - 0.1875) */
    snprintf(spec, sizeof spec, "%s/arm64/arm/neoverse-n2-v2", arch);
    static const char *const be[] = {"STALL_SLOT_BACKEND=4096", "CPU_CYCLES=1024", "#slots=8",
                                     "BR_MIS_PRED=64", 0};
    expect_eval(s->root, spec, "backend_bound", be, "backend_bound 31.25\n");
    snprintf(dir, sizeof dir, "%s/n2", s->root);
    generate(s->root, spec, dir);
    expect_output(header_values(dir, "arm64_arm_neoverse_n2_v2",
                                "    c.STALL_SLOT_BACKEND = 4096;\n    c.CPU_CYCLES = 1024;\n"
                                "    c.slots = 8;\n    c.BR_MIS_PRED = 64;\n",
                                "arm64_arm_neoverse_n2_v2_backend_bound(&c);"
                                "out[ARM64_ARM_NEOVERSE_N2_V2_METRIC_BACKEND_BOUND]"),
                  "31.25\n31.25\n");

    /* arm64/arm/neoverse-n1: backend_stalled_cycles = STALL_BACKEND /
     * CPU_CYCLES * 100 = 250 / 1000 * 100 = 25; ipc = INST_RETIRED /
     * CPU_CYCLES = 1500 / 1000 */
    snprintf(spec, sizeof spec, "%s/arm64/arm/neoverse-n1", arch);
    static const char *const stalled[] = {"STALL_BACKEND=250", "CPU_CYCLES=1000", 0};
    expect_eval(s->root, spec, "backend_stalled_cycles", stalled, "backend_stalled_cycles 25\n");
    static const char *const n1_ipc[] = {"INST_RETIRED=1500", "CPU_CYCLES=1000", 0};
    expect_eval(s->root, spec, "ipc", n1_ipc, "ipc 1.5\n");
    snprintf(dir, sizeof dir, "%s/n1", s->root);
    generate(s->root, spec, dir);
    expect_output(header_values(dir, "arm64_arm_neoverse_n1",
                                "    c.STALL_BACKEND = 250;\n    c.CPU_CYCLES = 1000;\n"
                                "    c.INST_RETIRED = 1500;\n",
                                "arm64_arm_neoverse_n1_backend_stalled_cycles(&c);"
                                "arm64_arm_neoverse_n1_ipc(&c)"),
                  "25\n1.5\n");
}

int main(void)
{
    if (!(hwcgen = hwcgen_binary("test_perf_tree_metrics")))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixture_names),
        cmocka_unit_test_setup_teardown(test_fixture_compiles, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_fixture_values, scratch_setup, scratch_teardown),
        cmocka_unit_test(test_kernel_headers),
        cmocka_unit_test_setup_teardown(test_kernel_values, scratch_setup, scratch_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
