/* test_oa_docs.c - the docs page of an Intel OA platform (format
 * "oa-metrics"): the infix of its equations and availability conditions
 * (gen/plan/plan_oa_infix.c), what each counter reads, and the page
 * itself (gen/emit/docs/docs_oa.c and the templates): its sections, the
 * set and counter facts, and the C names, which must be the ones the
 * generated headers define. The fixture is our own
 * (tests/oa-docs/oa-docgt1.xml); every expected text below is worked out
 * by hand from its reverse Polish, in the comment beside it. */
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
#include "plan/plan_oa.h"
#include "test_run.h"
#include "test_util.h"

#define FIXTURE "tests/oa-docs/oa-docgt1.xml"

static hw_target *load_fixture(void)
{
    hw_diag d;
    diag_init(&d, NULL);
    hw_target *t = load_spec(FIXTURE, &d);
    if (!t)
        fail_msg("%s", d.log.data ? d.log.data : "no target");
    diag_free(&d);
    return t;
}

static int counter_named(const hw_oa_set *s, const char *symbol)
{
    for (int i = 0; i < s->ncounters; i++)
        if (strcmp(s->counters[i].symbol_name, symbol) == 0)
            return i;
    fail_msg("no counter %s", symbol);
    return -1;
}

static void assert_infix(const oa_node *n, const char *want)
{
    assert_non_null(n);
    hw_buf b;
    buf_init(&b);
    oa_infix_text(&b, n);
    assert_non_null(b.data);
    assert_string_equal(b.data, want);
    buf_free(&b);
}

static void assert_read(const hw_oa_set *s, const char *symbol, const char *want)
{
    assert_infix(s->counters[counter_named(s, symbol)].read, want);
}

static void test_infix_equations(void **state)
{
    (void)state;
    hw_target *t = load_fixture();
    const hw_oa_set *s = &t->oa->sets[0];
    /* GPU_TIME 0 READ 1000000000 UMUL $GpuTimestampFrequency UDIV: one
     * class, left to right, no parentheses */
    assert_read(s, "GpuTime", "GPU_TIME * 1000000000 / $GpuTimestampFrequency");
    assert_read(s, "GpuCoreClocks", "GPU_CLOCK");
    /* ((A7 8 UMUL) Eu UDIV) GCC FDIV, then 100 UMUL: the F-operator's
     * operand and result each meet a U-operator, so both are bracketed */
    assert_read(s, "EuBusy", "((A[7] * 8 / $EuCoresTotalCount) /. $GpuCoreClocks) * 100");
    /* $EuBusy $GpuTime FDIV: counters of the set as written */
    assert_read(s, "BusyPerTime", "$EuBusy /. $GpuTime");
    /* A1 (A2 A3 USUB) USUB, plus (A1 A2 UADD) 2 UMUL: a right operand of
     * the same level and a sum under a product need brackets */
    assert_read(s, "Grouping", "A[1] - (A[2] - A[3]) + (A[1] + A[2]) * 2");
    /* ((GCC 2 FMUL) 1 FADD) 3 FSUB, times A0 / (B0 + C0), all F */
    assert_read(s, "FloatChain",
                "($GpuCoreClocks *. 2 +. 1 -. 3) *. (A[0] /. (B[0] +. C[0]))");
    /* FMAX and UMIN as functions, joined by FADD */
    assert_read(s, "Extremes", "max($EuBusy, $BusyPerTime) +. min(B[0], C[0])");
    /* A4 2 >> A5 UGT: a shift under a comparison is bracketed */
    assert_read(s, "Compared", "(A[4] >> 2) > A[5]");
    /* the max equations: a system value; 100 is a percentage */
    assert_infix(s->counters[counter_named(s, "GpuCoreClocks")].max, "$GpuMaxFrequency");
    assert_true(s->counters[counter_named(s, "EuBusy")].max_is_percentage);
    target_free(t);
}

static void test_infix_availability(void **state)
{
    (void)state;
    hw_target *t = load_fixture();
    const hw_oa_set *s = &t->oa->sets[0];
    /* $SliceMask 3 1 2 UMUL << AND */
    assert_infix(s->counters[counter_named(s, "EuBusy")].avail, "$SliceMask & (3 << (1 * 2))");
    /* (($Sku 2 UGTE) $QueryMode &&) ($SubsliceMask 1 AND) &&: the left
     * && chain as C groups it, the comparison and the & bracketed */
    assert_infix(s->counters[counter_named(s, "Compared")].avail,
                 "($SkuRevisionId >= 2) && $QueryMode && ($SubsliceMask & 1)");
    /* the second NOA list's condition, literal as written */
    assert_int_equal(s->configs[1].type, OA_REGS_NOA);
    assert_infix(s->configs[1].avail, "$SubsliceMask & 0x01");
    target_free(t);
}

/* The names of a reads list, as the infix spells them, joined by ", ". */
static void assert_names(const oa_node **v, int n, const char *want)
{
    char got[512] = "", buf[32];
    for (int i = 0; i < n; i++) {
        const char *shown = oa_infix_leaf(v[i], buf, sizeof buf);
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? ", " : "", shown);
    }
    assert_string_equal(got, want);
}

static void test_reads(void **state)
{
    (void)state;
    hw_target *t = load_fixture();
    const hw_oa_set *s = &t->oa->sets[0];
    hw_arena *a = arena_create();
    oa_reads r;
    /* fields in block order, then system values by name, then counters */
    assert_int_equal(oa_counter_reads(s, counter_named(s, "EuBusy"), a, &r), 0);
    assert_names(r.direct, r.ndirect, "A[7], $EuCoresTotalCount, $GpuCoreClocks");
    assert_names(r.through, r.nthrough, "GPU_CLOCK"); /* $GpuCoreClocks' */
    /* Extremes reads B0 and C0 and the counters EuBusy (2nd in the set
     * after GpuTime, GpuCoreClocks: index 2) and BusyPerTime (3); through
     * them: EuBusy's A7, Eu and GpuCoreClocks' GPU_CLOCK, BusyPerTime's
     * GpuTime: GPU_TIME and the timestamp frequency */
    assert_int_equal(oa_counter_reads(s, counter_named(s, "Extremes"), a, &r), 0);
    assert_names(r.direct, r.ndirect, "B[0], C[0], $EuBusy, $BusyPerTime");
    assert_names(r.through, r.nthrough,
                 "GPU_TIME, GPU_CLOCK, A[7], $EuCoresTotalCount, $GpuTimestampFrequency");
    /* a field read directly is not repeated among those read through */
    assert_int_equal(oa_counter_reads(s, counter_named(s, "GpuCoreClocks"), a, &r), 0);
    assert_names(r.direct, r.ndirect, "GPU_CLOCK");
    assert_int_equal(r.nthrough, 0);
    arena_free(a);
    target_free(t);
}

/* ---- the page ------------------------------------------------------------ */

typedef struct pages {
    char *md, *html, *driver, *metrics;
} pages;

static int generate(void **state)
{
    if (scratch_make(state, "hwcgen-oa-docs") != 0)
        return -1;
    const char *bin = hwcgen_binary("test_oa_docs");
    scratch *s = *state;
    if (!bin)
        return -1;
    char out[300];
    snprintf(out, sizeof out, "%s/out", s->root);
    result r = RUN(s->root, bin, "generate", "-q", "--outputs", "docs,c", "-o", out, FIXTURE);
    int rc = r.status;
    if (rc != 0)
        fprintf(stderr, "%s", r.err);
    result_free(&r);
    return rc == 0 ? 0 : -1;
}

static char *out_file(void **state, const char *name)
{
    scratch *s = *state;
    char path[400];
    snprintf(path, sizeof path, "%s/out/%s", s->root, name);
    char *text = read_file(path, NULL);
    if (!text)
        fail_msg("cannot read %s", path);
    return text;
}

static pages read_pages(void **state)
{
    pages p = {out_file(state, "docs/intel-oa-metrics-docgt1.md"),
               out_file(state, "docs/intel-oa-metrics-docgt1.html"),
               out_file(state, "include/hwcgen/intel_oa_metrics_docgt1.h"),
               out_file(state, "include/hwcgen/intel_oa_metrics_docgt1_metrics.h")};
    return p;
}

static void free_pages(pages *p)
{
    free(p->md);
    free(p->html);
    free(p->driver);
    free(p->metrics);
}

#define assert_has(text, needle)                                                             \
    do {                                                                                     \
        if (!strstr((text), (needle)))                                                       \
            fail_msg("missing: %s", (needle));                                               \
    } while (0)

static void test_page_sections(void **state)
{
    pages p = read_pages(state);
    /* the contents: the reads, then every set in the file's order */
    assert_has(p.md, "- [What the equations read](#oa-inputs)\n");
    assert_has(p.md, "- [Metric sets](#oa-sets): [Docs Basic](#set-DocsBasic) · "
                     "[Docs Other](#set-DocsOther)\n");
    assert_has(p.md, "| 2 metric sets, 9 counters, 7 register writes |");
    assert_has(p.md, "## <a id=\"oa-inputs\"></a>What the equations read\n");
    assert_has(p.md, "## <a id=\"oa-sets\"></a>Metric sets\n");
    assert_has(p.md, "### <a id=\"set-DocsBasic\"></a>Docs Basic (`DocsBasic`)\n");
    /* A0 A1 A2 A3 A4 A5 A7: 7 of the 64 A fields */
    assert_has(p.md, "| <a id=\"acc-A\"></a>`A[n]` | `A n READ` | `acc->a[n]` | "
                     "7 of its 64 fields read on this platform |");
    assert_has(p.md, "| <a id=\"sv-EuCoresTotalCount\"></a>`$EuCoresTotalCount` | `sv->n_eus` |");
    /* the set: GUID, format, counters, writes per kind of list */
    assert_has(p.md, "GUID `00000000-0000-0000-0000-0000000000d1` · OA format "
                     "`A32u40_A4u32_B8_C8` · 8 counters · register writes: 3 NOA (mux) in 2 "
                     "lists, 1 OA (boolean counters), 2 FLEX.");
    assert_has(p.md, "GUID `00000000-0000-0000-0000-0000000000d2` · 1 counter · register "
                     "writes: 1 OA (boolean counters).");
    /* a counter's row and its entry */
    assert_has(p.md, "| <a id=\"ctr-DocsBasic-EuBusy\"></a>`EuBusy` | **EU Busy** | percent | "
                     "float, duration |");
    assert_has(p.md, "*Read equation:* `((A[7] * 8 / $EuCoresTotalCount) /. $GpuCoreClocks) * 100`"
                     "<br>*Max:* `100`<br>*Available when:* `$SliceMask & (3 << (1 * 2))`"
                     "<br>*Reads:* [`A[7]`](#acc-A), [`$EuCoresTotalCount`]"
                     "(#sv-EuCoresTotalCount), [`GpuCoreClocks`](#ctr-DocsBasic-GpuCoreClocks); "
                     "through those counters [`GPU_CLOCK`](#acc-GPU_CLOCK)");
    /* HTML: the same rows, a formula's names linked to theirs */
    assert_has(p.html, "<tr id=\"ctr-DocsBasic-EuBusy\">");
    assert_has(p.html, "<h3 id=\"set-DocsOther\">Docs Other");
    assert_has(p.html, "<code class=\"formula\"><wbr><a href=\"#ctr-DocsBasic-EuBusy\">$EuBusy"
                       "</a> /. <wbr><a href=\"#ctr-DocsBasic-GpuTime\">$GpuTime</a></code>");
    assert_has(p.html, "(<wbr><a href=\"#sv-SkuRevisionId\">$SkuRevisionId</a> &gt;= 2) &amp;&amp; "
                       "<wbr><a href=\"#sv-QueryMode\">$QueryMode</a>");
    free_pages(&p);
}

/* Each C name the page gives, spelled by hand, is on the page and is
 * defined by the header it names. */
static void test_page_c_names(void **state)
{
    pages p = read_pages(state);
    static const struct {
        const char *name, *defined; /* as the header defines it */
        int driver;
    } names[] = {
        {"intel_oa_metrics_docgt1_docs_basic__eu_busy__read",
         "\nintel_oa_metrics_docgt1_docs_basic__eu_busy__read(", 0},
        {"intel_oa_metrics_docgt1_docs_basic__eu_busy__max",
         "\nintel_oa_metrics_docgt1_docs_basic__eu_busy__max(", 0},
        /* EuBusy's availability is the first text, Compared's the second,
         * the NOA list's the third */
        {"intel_oa_metrics_docgt1_avail_0", " int intel_oa_metrics_docgt1_avail_0(", 0},
        {"intel_oa_metrics_docgt1_avail_1", " int intel_oa_metrics_docgt1_avail_1(", 0},
        {"intel_oa_metrics_docgt1_sets", " *intel_oa_metrics_docgt1_sets(int *n)", 0},
        {"INTEL_OA_METRICS_DOCGT1_AVAIL_2", "#define INTEL_OA_METRICS_DOCGT1_AVAIL_2(sv)", 1},
        {"INTEL_OA_METRICS_DOCGT1_DOCS_BASIC_GUID",
         "#define INTEL_OA_METRICS_DOCGT1_DOCS_BASIC_GUID ", 1},
        {"INTEL_OA_METRICS_DOCGT1_DOCS_BASIC_OA_FORMAT",
         "#define INTEL_OA_METRICS_DOCGT1_DOCS_BASIC_OA_FORMAT ", 1},
        {"INTEL_OA_METRICS_DOCGT1_DOCS_BASIC_REG_CONFIGS",
         "#define INTEL_OA_METRICS_DOCGT1_DOCS_BASIC_REG_CONFIGS(X)", 1},
        {"INTEL_OA_METRICS_DOCGT1_DOCS_BASIC_REGS_1",
         "#define INTEL_OA_METRICS_DOCGT1_DOCS_BASIC_REGS_1(R)", 1},
        {"INTEL_OA_METRICS_DOCGT1_DOCS_OTHER_REGS_0",
         "#define INTEL_OA_METRICS_DOCGT1_DOCS_OTHER_REGS_0(R)", 1},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char code[128];
        snprintf(code, sizeof code, "`%s`", names[i].name);
        assert_has(p.md, code);
        snprintf(code, sizeof code, "<code>%s</code>", names[i].name);
        assert_has(p.html, code);
        assert_has(names[i].driver ? p.driver : p.metrics, names[i].defined);
    }
    /* the gated NOA list, with its priority and condition */
    assert_has(p.md, "- `INTEL_OA_METRICS_DOCGT1_DOCS_BASIC_REGS_1`: NOA (mux), 1 write, "
                     "priority 1, when (`INTEL_OA_METRICS_DOCGT1_AVAIL_2`): `$SubsliceMask & 0x01`\n");
    /* GpuCoreClocks of the first set has a max function, of the second
     * none; no availability function for a counter always there */
    assert_has(p.md, "*Read function:* `intel_oa_metrics_docgt1_docs_other__gpu_core_clocks__read`\n");
    free_pages(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_infix_equations),
        cmocka_unit_test(test_infix_availability),
        cmocka_unit_test(test_reads),
    };
    const struct CMUnitTest page_tests[] = {
        cmocka_unit_test(test_page_sections),
        cmocka_unit_test(test_page_c_names),
    };
    int failed = cmocka_run_group_tests_name("oa infix", tests, NULL, NULL);
    return failed | cmocka_run_group_tests_name("oa page", page_tests, generate, scratch_teardown);
}
