/* test_perf_tree_outputs.c - what hwcgen writes for a perf pmu-events tree
 * besides its perf files: the driver headers (emit_c_perf.c) and the docs
 * (docs_perf.c).
 *
 * "fixture": tests/perf-tree-outputs, a small tree in the kernel's shape
 * (a hybrid x86 CPU with uncore PMUs and metrics, a riscv CPU using the
 * arch's standard events, an arm64 sys directory) generated into a
 * temporary directory: its headers compiled into check_header.c, which
 * compares every value with the fixture's JSON by hand; its pages read for
 * what they must say.
 *
 * "jevents": every event's PMU, name and perf terms, the terms as
 * perf_enc_terms writes them into the docs' perf strings (the docs add
 * only the PMU around them), against the kernel's own jevents.py
 * (jevents_events.py imports it), on
 * the fixture and on the kernel's whole tree (Debian's linux-source-6.12,
 * which make check extracts and names in $HWCGEN_PMU_EVENTS). Skipped,
 * naming the package, where that tree or python3 is missing.
 *
 * Run from the repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/diag.h"
#include "core/ir.h"
#include "core/perf_enc.h"
#include "run/pipeline.h"

#define FIXTURE "tests/perf-tree-outputs"
#define KERNEL_PKG "linux-source-6.12"

typedef struct fx {
    char root[64];   /* temporary directory */
    char out[128];   /* root/out: what hwcgen generated */
    const char *hwcgen;
} fx;

/* ---- the fixture, generated ---------------------------------------------------- */

static int fx_setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    *state = f;
    snprintf(f->root, sizeof f->root, "/tmp/hwcgen-tree-out-XXXXXX");
    if (!mkdtemp(f->root) || !(f->hwcgen = hwcgen_binary("test_perf_tree_outputs")))
        return -1;
    snprintf(f->out, sizeof f->out, "%s/out", f->root);
    result r = RUN(f->root, f->hwcgen, "generate", "-q", "-o", f->out, FIXTURE "/arch");
    int ok = r.status == 0;
    if (!ok)
        printf("hwcgen generate %s: exit %d\n%s%s", FIXTURE, r.status, r.out, r.err);
    result_free(&r);
    return ok ? 0 : -1;
}

static int fx_teardown(void **state)
{
    fx *f = *state;
    if (f && f->root[0])
        remove_tree(f->root);
    free(f);
    return 0;
}

/* A generated file's text (malloc'd); fails the test when it is missing. */
static char *generated(const fx *f, const char *path)
{
    char full[512];
    snprintf(full, sizeof full, "%s/%s", f->out, path);
    char *text = read_file(full, NULL);
    if (!text)
        fail_msg("%s was not generated", path);
    return text;
}

static void has(const char *text, const char *what, const char *where)
{
    if (!strstr(text, what))
        fail_msg("%s lacks: %s", where, what);
}

static void lacks(const char *text, const char *what, const char *where)
{
    if (strstr(text, what))
        fail_msg("%s has: %s", where, what);
}

/* ---- the driver headers ---------------------------------------------------------- */

/* Every value of the tables, as a driver expands them (check_header.c),
 * as C99 with every warning an error. */
static void test_header_values(void **state)
{
    fx *f = *state;
    char inc[160], bin[160];
    snprintf(inc, sizeof inc, "-I%s/include", f->out);
    snprintf(bin, sizeof bin, "%s/check_header", f->root);
    const char *cc = getenv("CC") && *getenv("CC") ? getenv("CC") : "cc";
    result r = RUN(f->root, cc, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", inc,
                   FIXTURE "/check_header.c", "-o", bin);
    if (r.status != 0)
        fail_msg("check_header.c does not compile against the headers:\n%s%s", r.out, r.err);
    result_free(&r);
    r = RUN(f->root, bin);
    printf("%s", r.out);
    assert_int_equal(r.status, 0);
    result_free(&r);
}

static void test_header_text(void **state)
{
    fx *f = *state;
    char *h = generated(f, "include/hwcgen/x86_testlake.h");
    const char *w = "x86_testlake.h";
    has(h, "/* SPDX-License-Identifier: GPL-2.0-only */", w); /* the tree's licence */
    has(h, "Freestanding C99", w);
    has(h, "#ifndef UINT64_C\n#include <stdint.h>\n#endif", w);
    has(h, "UINT64_C(0x3F803C8FFF)", w);
    has(h, "UINT64_C(0x4043300000000)", w);
    /* a description's "*" "/" cannot end the row's comment */
    has(h, "Loads slower than 16 cycles * / with a comment closer */", w);
    has(h, "/* [deprecated] Old name of an L2 count */", w);
    has(h, "/* [experimental] New L2 count, not yet validated */", w);
    lacks(h, "static", w); /* macros only */
    free(h);
    /* its metrics' evaluators beside it (tests/test_perf_tree_metrics.c
     * checks what they hold) */
    char path[512];
    snprintf(path, sizeof path, "%s/include/hwcgen/x86_testlake_metrics.h", f->out);
    assert_int_equal(access(path, F_OK), 0);
}

/* The checker says which row had to take another name, and why. */
static void test_renamed_row_noted(void **state)
{
    fx *f = *state;
    result r = RUN(f->root, f->hwcgen, "check", "-v", FIXTURE "/arch/x86");
    assert_int_equal(r.status, 0);
    has(r.err, "pipeline.json:22: note: event 'RS_EMPTY.COUNT' of PMU cpu_core: C row "
               "CPU_CORE_RS_EMPTY_COUNT_2, as CPU_CORE_RS_EMPTY_COUNT is the row of "
               "'RS.EMPTY_COUNT'",
        "hwcgen check -v");
    result_free(&r);
}

/* ---- the docs ---------------------------------------------------------------------- */

static void test_docs_events(void **state)
{
    fx *f = *state;
    char *md = generated(f, "docs/x86-testlake.md");
    const char *w = "x86-testlake.md";
    /* the keys as written, and perf's string as jevents.py makes it */
    has(md, "`EventCode=0xB7,0xBB`<br>`UMask=0x01`<br>`MSRIndex=0x1a6,0x1a7`<br>"
            "`MSRValue=0x3F803C8FFF`<br>`SampleAfterValue=100003`", w);
    has(md, "*perf:* `cpu_core/ocr.demand_data_rd.any_response/`, "
            "`cpu_core/event=0xb7,period=100003,umask=1,offcore_rsp=0x3F803C8FFF/`", w);
    has(md, "`cpu_atom/event=0xb7,period=100003,umask=1,offcore_rsp=0x10001/`", w);
    has(md, "`cpu_core/event=0xc0,period=2000003/`", w); /* perf's own for this name */
    has(md, "`cpu_atom/event=0xb,period=2000000,umask=0x10,ldlat=None/`", w);
    has(md, "`uncore_cha/event=0x35,umask=0xc001fe01,config1=0x4043300000000/`", w);
    /* one name on two PMUs: two rows, two anchors */
    has(md, "<a id=\"ev-cpu_core-OCR-DEMAND_DATA_RD-ANY_RESPONSE\"></a>", w);
    has(md, "<a id=\"ev-cpu_atom-OCR-DEMAND_DATA_RD-ANY_RESPONSE\"></a>", w);
    has(md, "*C:* `CPU_CORE_RS_EMPTY_COUNT_2` in `X86_TESTLAKE_CPU_CORE_EVENTS`", w);
    has(md, "*Deprecated:* perf list leaves it out", w);
    has(md, "*Experimental:* not fully validated", w);
    has(md, "### <a id=\"ef-uncore-memory-json\"></a>uncore memory (`uncore-memory.json`)", w);
    free(md);

    char *rv = generated(f, "docs/riscv-sifive-testcore.md");
    has(rv, "`cpu/config=0x8000000000000000/`", "riscv-sifive-testcore.md");
    free(rv);
    char *sys = generated(f, "docs/arm64-freescale-imxtest-sys.md");
    has(sys, "`event=0x41` on the PMU whose identifier is `i.MXTEST`",
        "arm64-freescale-imxtest-sys.md");
    free(sys);
    char *arch = generated(f, "docs/x86.md");
    has(arch, "| <a id=\"cpu-2\"></a>GenuineIntel-6-(F0\\|F1) | v1 | `testlake` | core |",
        "x86.md");
    free(arch);
}

static void test_docs_metrics(void **state)
{
    fx *f = *state;
    char *md = generated(f, "docs/x86-testlake.md");
    const char *w = "x86-testlake.md";
    /* metricgroups.json's description; a group no metric is in left out */
    has(md, "### <a id=\"mg-Summary\"></a>Summary\n\nMetrics that sum up a run", w);
    lacks(md, "mg-Unused", w);
    /* tma_retiring of each PMU, in its group, the formula as written */
    has(md, "<a id=\"m-cpu_core-tma_retiring\"></a>", w);
    has(md, "<a id=\"m-cpu_atom-tma_retiring\"></a>", w);
    has(md, "`TOPDOWN_RETIRING.ALL / (5 * CPU_CLK_UNHALTED.CORE)`", w);
    has(md, "*Threshold:* tma\\_retiring \\> 0.7 \\| tma\\_retiring \\< 0.1", w);
    has(md, "`perf stat -M tma_retiring` on `cpu_atom`", w);
    /* name and badge, then the title, in the metric's table row */
    has(md, "`ipc` *experimental* | **Instructions per cycle** |", w);
    has(md, "### <a id=\"other-metrics\"></a>Other metrics", w); /* in no group */
    has(md, "`l2_old_per_instruction` *deprecated* | **A metric kept for old scripts** |", w);
    lacks(md, "no expression", w);
    free(md);
    char *idx = generated(f, "docs/index.md");
    has(idx, "[x86/testlake](x86-testlake.md) | CPU |", "index.md");
    free(idx);
}

/* ---- against the kernel's jevents.py ------------------------------------------------ */

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct lines {
    char **v;
    size_t n, cap;
} lines;

static void push(lines *l, char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 1024;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        assert_non_null(l->v);
    }
    l->v[l->n++] = s;
}

static void lines_free(lines *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
}

/* hwcgen's line of every event of every directory below `arch`, as
 * jevents_events.py prints perf's. */
static lines hwcgen_lines(const char *arch)
{
    hw_diag d;
    diag_init(&d, NULL);
    hw_target **t = NULL;
    int n = 0;
    assert_int_equal(run_open_all(arch, &t, NULL, &n, &d), 0);
    lines l = {0};
    for (int k = 0; k < n; k++) {
        const char *rel = t[k]->spec_name + strlen("arch/");
        for (int i = 0; i < t[k]->nevents; i++) {
            const hw_event *e = &t[k]->events[i];
            hw_buf b;
            buf_init(&b);
            buf_printf(&b, "%s\t%s\t", rel, e->pmu);
            for (const char *c = e->name; *c; c++)
                buf_putc(&b, *c >= 'A' && *c <= 'Z' ? (char)(*c - 'A' + 'a') : *c);
            buf_putc(&b, '\t');
            perf_enc_terms(&b, e);
            assert_false(b.failed);
            push(&l, buf_steal(&b));
        }
        target_free(t[k]);
    }
    free(t);
    diag_free(&d);
    return l;
}

static lines split(char *text)
{
    lines l = {0};
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save))
        push(&l, strdup(line));
    return l;
}

/* The two lists sorted, then walked side by side: each line only one has
 * is a difference (the first few printed). */
static size_t differences(lines *ours, lines *perf)
{
    qsort(ours->v, ours->n, sizeof *ours->v, by_text);
    qsort(perf->v, perf->n, sizeof *perf->v, by_text);
    size_t i = 0, j = 0, diff = 0;
    while (i < ours->n || j < perf->n) {
        int c = i == ours->n ? 1 : j == perf->n ? -1 : strcmp(ours->v[i], perf->v[j]);
        if (c != 0 && diff++ < 8)
            printf("  %s: %s\n", c < 0 ? "hwcgen only" : "jevents.py only",
                   c < 0 ? ours->v[i] : perf->v[j]);
        i += c <= 0;
        j += c >= 0;
    }
    return diff;
}

static const char *kernel_tree(void)
{
    const char *src = getenv("HWCGEN_PMU_EVENTS");
    struct stat st;
    char jevents[512];
    snprintf(jevents, sizeof jevents, "%s/jevents.py", src ? src : "");
    if (!src || !*src || stat(jevents, &st) != 0) {
        printf("SKIP: the kernel's perf pmu-events tree is missing: %s is not installed "
               "(make check installs it as root: apt-get install %s)\n", KERNEL_PKG, KERNEL_PKG);
        return NULL;
    }
    if (system("command -v python3 >/dev/null 2>&1") != 0) {
        printf("SKIP: jevents.py needs python3, which is not installed "
               "(apt-get install python3)\n");
        return NULL;
    }
    return src;
}

static void compare_with_jevents(const fx *f, const char *tools, const char *arch)
{
    result r = RUN(f->root, "python3", FIXTURE "/jevents_events.py", tools, arch);
    if (r.status != 0)
        fail_msg("jevents_events.py %s: exit %d\n%s", arch, r.status, r.err);
    lines perf = split(r.out), ours = hwcgen_lines(arch);
    printf("  %s: %zu events by hwcgen, %zu by jevents.py\n", arch, ours.n, perf.n);
    size_t diff = differences(&ours, &perf);
    assert_true(perf.n > 0);
    assert_int_equal(diff, 0);
    lines_free(&perf);
    lines_free(&ours);
    result_free(&r);
}

static void test_jevents_fixture(void **state)
{
    const char *tools = kernel_tree();
    if (!tools)
        skip();
    compare_with_jevents(*state, tools, FIXTURE "/arch");
}

static void test_jevents_kernel_tree(void **state)
{
    const char *tools = kernel_tree();
    if (!tools)
        skip();
    char arch[512];
    snprintf(arch, sizeof arch, "%s/arch", tools);
    compare_with_jevents(*state, tools, arch);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_values),
        cmocka_unit_test(test_header_text),
        cmocka_unit_test(test_renamed_row_noted),
        cmocka_unit_test(test_docs_events),
        cmocka_unit_test(test_docs_metrics),
        cmocka_unit_test(test_jevents_fixture),
        cmocka_unit_test(test_jevents_kernel_tree),
    };
    return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
