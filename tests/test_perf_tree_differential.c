/* The metrics headers of a perf tree's directories against the
 * interpreter, bit for bit (tests/tree_eval.h says how): every metric and
 * threshold of a fixture directory whose names need every rule of
 * plan_c_tree_names.h, and of CPUs of the kernel's tree across arm64 and x86
 * (Debian's linux-source-6.12, which make check extracts and names in
 * $HWCGEN_PMU_EVENTS; skipped, naming the package, without it). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "run/pipeline.h"
#include "test_run.h"
#include "tree_eval.h"

#define FIXTURE "tests/perf-tree-metrics/arch/x86/namelake"

/* The checked target `id` of the directory `path`, and its plan in *p. */
static hw_target *open_target(const char *path, const char *id, hw_target ***all,
                              hw_plan **plans, int *n, const hw_plan **p)
{
    hw_diag d;
    diag_init(&d, NULL);
    int rc = run_open_all(path, all, plans, n, &d);
    if (rc != 0)
        fail_msg("%s does not load:\n%s", path, d.log.data ? d.log.data : "");
    diag_free(&d);
    for (int i = 0; i < *n; i++)
        if ((*all)[i] && strcmp((*all)[i]->id, id) == 0) {
            *p = &(*plans)[i];
            return (*all)[i];
        }
    fail_msg("%s gives no target %s", path, id);
    return NULL;
}

static void close_targets(hw_target **all, hw_plan *plans, int n)
{
    run_free_all(all, plans, n);
}

static void test_fixture(void **state)
{
    (void)state;
    hw_target **all;
    hw_plan *plans;
    const hw_plan *p;
    int n;
    const hw_target *t = open_target(FIXTURE, "x86_namelake", &all, &plans, &n, &p);
    long values = 0, nans = 0;
    te_check(t, p, 500, 0x2545F4914F6CDD1Dull, &values, &nans);
    printf("  fixture: %ld values and thresholds equal, %ld of them NaN in both\n", values, nans);
    /* the samples reach both a number and NaN */
    assert_true(nans > 0 && nans < values);
    close_targets(all, plans, n);
}

/* Ten and more CPUs of the kernel's tree: arm64 and x86, hybrid and
 * uncore PMUs, an arch's own metrics, a sys directory. */
static const struct {
    const char *dir, *id;
} cpus[] = {
    {"x86/skylake", "x86_skylake"},
    {"x86/icelake", "x86_icelake"},
    {"x86/alderlake", "x86_alderlake"},
    {"x86/sapphirerapids", "x86_sapphirerapids"},
    {"x86/amdzen4", "x86_amdzen4"},
    {"arm64", "arm64"},
    {"arm64/arm/neoverse-n1", "arm64_arm_neoverse_n1"},
    {"arm64/arm/neoverse-v1", "arm64_arm_neoverse_v1"},
    {"arm64/arm/neoverse-n2-v2", "arm64_arm_neoverse_n2_v2"},
    {"arm64/ampere/ampereone", "arm64_ampere_ampereone"},
    {"arm64/hisilicon/hip08", "arm64_hisilicon_hip08"},
    {"arm64/freescale/imx8mp/sys", "arm64_freescale_imx8mp_sys"},
};

static void test_kernel_cpus(void **state)
{
    (void)state;
    char arch[1024], path[1200];
    if (!kernel_arch(arch, sizeof arch))
        skip();
    long values = 0, nans = 0;
    int metrics = 0;
    for (size_t i = 0; i < sizeof cpus / sizeof cpus[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", arch, cpus[i].dir);
        hw_target **all;
        hw_plan *plans;
        const hw_plan *p;
        int n;
        const hw_target *t = open_target(path, cpus[i].id, &all, &plans, &n, &p);
        assert_true(t->nmetrics > 0);
        metrics += t->nmetrics;
        te_check(t, p, 300, 0x9E3779B97F4A7C15ull + i, &values, &nans);
        close_targets(all, plans, n);
    }
    printf("  %zu CPUs of the kernel's tree, %d metrics: %ld values and thresholds equal, "
           "%ld of them NaN in both\n", sizeof cpus / sizeof cpus[0], metrics, values, nans);
    assert_true(nans > 0 && nans < values);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixture),
        cmocka_unit_test(test_kernel_cpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
