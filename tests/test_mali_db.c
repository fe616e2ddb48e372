/* test_mali_db.c - the loader of Arm's Mali counter database on a small
 * database of ours in its shape (tests/mali-db/), on broken copies of it
 * written to a temporary directory, and Arm's division rule in the
 * interpreter and in the generated C. Run from the top of the tree.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>

#include "test_run.h"
#include "test_loaded.h"
#include "test_util.h"

#include "check/check.h"
#include "core/diag.h"
#include "core/div_rule.h"
#include "core/expr.h"
#include "core/interp.h"
#include "core/ir.h"
#include "load/load.h"
#include "load/load_mali_db.h"
#include "run/pipeline.h"

#define DB "tests/mali-db"

/* ---- helpers ---------------------------------------------------------------- */

static const hw_event *event(const hw_target *t, const char *name)
{
    int i = ir_find_event(t, name);
    assert_true(i >= 0);
    return &t->events[i];
}

static const hw_constant *constant(const hw_target *t, const char *name)
{
    int i = ir_find_constant(t, name);
    assert_true(i >= 0);
    return &t->constants[i];
}

static const char *block_of(const hw_target *t, const hw_event *e)
{
    assert_true(e->block >= 0 && e->block < t->nblocks);
    return t->blocks[e->block].name;
}

/* ---- the good database ---------------------------------------------------------- */

static void test_products(void **state)
{
    (void)state;
    loaded l = load_all(DB);
    assert_int_equal(l.rc, 0);
    assert_int_equal(l.d.errors, 0);
    assert_int_equal(l.n, 2);
    const hw_target *t1 = l.t[0], *t2 = l.t[1];
    assert_string_equal(t1->format, HW_FORMAT_MALI_DB);
    assert_string_equal(t1->name, "Mali-T1");
    assert_string_equal(t1->id, "armdb_mali_t1");
    assert_string_equal(t1->slug, "armdb-mali-t1");
    assert_string_equal(t1->spec_name, "specification/database/Mali-T1");
    assert_string_equal(t1->kind, "gpu");
    assert_string_equal(t1->license, "MIT");
    assert_int_equal(t1->div_rule, DIV_RULE_ARM);
    assert_int_equal(t1->naliases, 1);
    assert_string_equal(t1->aliases[0], "Immortalis-T1");
    assert_int_equal(t1->nproduct_ids, 1);
    assert_int_equal(t1->product_ids[0], 0xf000);
    assert_string_equal(t2->name, "Mali T2-Max");
    assert_string_equal(t2->id, "armdb_mali_t2_max");
    assert_string_equal(t2->slug, "armdb-mali-t2-max");
    assert_int_equal(t2->nproduct_ids, 2);
    assert_int_equal(t2->product_ids[1], 0xf003);
    assert_int_equal(t2->naliases, 0);
    loaded_free(&l);
}

static void test_hardware_counters(void **state)
{
    (void)state;
    loaded l = load_all(DB);
    assert_int_equal(l.n, 2);
    const hw_target *t1 = l.t[0], *t2 = l.t[1];
    assert_int_equal(t1->nevents, 8);
    assert_int_equal(t2->nevents, 9);
    assert_int_equal(t1->nblocks, 3);
    assert_int_equal(t2->nblocks, 4);
    assert_int_equal(t1->blocks[0].size, 64);
    assert_int_equal(t2->blocks[0].size, 128);
    /* the interrupt counter: its SourceName in T1, its SourceAlias in T2 */
    const hw_event *irq1 = event(t1, "MaliGPUIRQActiveCy"), *irq2 = event(t2, "MaliGPUIRQActiveCy");
    assert_string_equal(irq1->hw_name, "IRQ_ACTIVE");
    assert_string_equal(irq2->hw_name, "GPU_IRQ_ACTIVE");
    assert_string_equal(block_of(t2, irq2), "GPU_FRONTEND");
    assert_int_equal(irq2->index, 10);
    assert_true(irq2->advanced);
    assert_false(event(t1, "MaliGPUActiveCy")->advanced);
    const hw_event *th = event(t2, "MaliFragThreadCount");
    assert_string_equal(block_of(t2, th), "SHADER_CORE");
    assert_int_equal(th->index, 69);
    assert_int_equal(th->shift, 2);
    assert_int_equal(event(t1, "MaliFragWarp")->shift, 0);
    assert_int_equal(t2->blocks[event(t2, "MaliGeomVisiblePrim")->block].id, 1);
    assert_true(ir_find_event(t1, "MaliGeomVisiblePrim") < 0);
    loaded_free(&l);
}

static void test_per_gpu_definitions(void **state)
{
    (void)state;
    loaded l = load_all(DB);
    assert_int_equal(l.n, 2);
    const hw_target *t1 = l.t[0], *t2 = l.t[1];
    assert_true(constant(t1, "MaliGPUWarpSize")->has_value);
    assert_true(constant(t1, "MaliGPUWarpSize")->value == 4.0);
    assert_true(constant(t2, "MaliGPUWarpSize")->value == 16.0);
    assert_false(constant(t1, "MALI_CONFIG_SHADER_CORE_COUNT")->has_value);
    assert_false(constant(t1, "MALI_CONFIG_TIME_SPAN")->has_value);
    int a1 = ir_find_metric(t1, "MaliAnyActiveCy"), a2 = ir_find_metric(t2, "MaliAnyActiveCy");
    assert_true(a1 >= 0 && a2 >= 0);
    assert_int_equal(t1->metrics[a1].expr->func, FUNC_MAX);
    assert_int_equal(t1->metrics[a1].expr->nargs, 3);
    assert_int_equal(t2->metrics[a2].expr->func, FUNC_MIN);
    /* the same equation twice for T1 is one derived counter */
    int rate = 0;
    for (int i = 0; i < t1->nmetrics; i++)
        rate += strcmp(t1->metrics[i].name, "MaliL2CacheRdMissRate") == 0;
    assert_int_equal(rate, 1);
    /* formulas are located at the text of their <Equation> */
    const hw_metric *m = &t1->metrics[ir_find_metric(t1, "MaliGPUIRQUtil")];
    assert_non_null(strstr(m->formula_loc.file, "Mali-CounterInfo-01a-Test.xml"));
    assert_true(m->formula_loc.line > m->loc.line);
    assert_int_equal(m->formula_loc.col, 7);
    loaded_free(&l);
}

static void test_one_product(void **state)
{
    (void)state;
    loaded l = load_all(DB "/Immortalis-T1");
    assert_int_equal(l.rc, 0);
    assert_int_equal(l.n, 1);
    assert_string_equal(l.t[0]->name, "Mali-T1");
    loaded_free(&l);
    l = load_all(DB "/Mali T2-Max");
    assert_int_equal(l.n, 1);
    assert_string_equal(l.t[0]->id, "armdb_mali_t2_max");
    loaded_free(&l);
    l = load_all(DB "/Mali-T9");
    assert_int_equal(l.rc, -1);
    assert_int_equal(l.n, 0);
    assert_non_null(strstr(l.d.log.data, "Mali-ProductInfo.xml: error: no product is named "
                                         "'Mali-T9'; the products are Mali-T1, Immortalis-T1, "
                                         "Mali T2-Max"));
    loaded_free(&l);
}

/* A libGPUCounters checkout: the database is its specification/database. */
static void test_checkout(void **state)
{
    scratch *s = *state;
    char spec[256], db[512];
    snprintf(spec, sizeof spec, "%s/specification", s->root);
    snprintf(db, sizeof db, "%s/database", spec);
    assert_int_equal(mkdir(spec, 0755), 0);
    assert_int_equal(copy_tree(DB, db), 0);
    loaded l = load_all(s->root);
    assert_int_equal(l.rc, 0);
    assert_int_equal(l.n, 2);
    loaded_free(&l);
}

/* ---- Arm's division rule ------------------------------------------------------------ */

static double eval_one(const hw_target *t, const char *metric, const char *const *names,
                       const double *values, int n)
{
    double ev[64] = {0}, kv[64] = {0}, out[64];
    assert_true(t->nevents <= 64 && t->nconstants <= 64 && t->nmetrics <= 64);
    for (int i = 0; i < n; i++) {
        int e = ir_find_event(t, names[i]), k = ir_find_constant(t, names[i]);
        assert_true(e >= 0 || k >= 0);
        if (e >= 0)
            ev[e] = values[i];
        else
            kv[k] = values[i];
    }
    hw_values v = {ev, kv, NULL};
    interp_all(t, &v, out);
    int m = ir_find_metric(t, metric);
    assert_true(m >= 0);
    return out[m];
}

static void test_division_interpreted(void **state)
{
    (void)state;
    loaded l = load_all(DB);
    assert_int_equal(l.n, 2);
    hw_target *t = l.t[0];
    const char *const irq[] = {"MaliGPUIRQActiveCy", "MaliGPUActiveCy"};
    assert_true(eval_one(t, "MaliGPUIRQUtil", irq, (double[]){0, 0}, 2) == 0.0);
    assert_true(eval_one(t, "MaliGPUIRQUtil", irq, (double[]){5, 0}, 2) == INFINITY);
    assert_true(eval_one(t, "MaliGPUIRQUtil", irq, (double[]){1, 4}, 2) == 25.0);
    /* minus infinity: 0 - 1 is -1, divided by 0 */
    const char *const idle[] = {"MaliGPUActiveCy", "MaliCoreActiveCy", "MALI_CONFIG_SHADER_CORE_COUNT"};
    assert_true(eval_one(t, "MaliCoreUtil", idle, (double[]){0, 3, 0}, 3) == INFINITY);
    /* the rule belongs to the target: hwcgen's own gives NaN */
    t->div_rule = DIV_RULE_NAN;
    assert_true(isnan(eval_one(t, "MaliGPUIRQUtil", irq, (double[]){0, 0}, 2)));
    loaded_free(&l);
    assert_true(div_rule_arm(-2.0, 0.0) == -INFINITY);
    assert_true(isnan(div_rule_arm(NAN, 0.0)));
}

static void test_division_printed(void **state)
{
    (void)state;
    hw_arena *a = arena_create();
    expr_error err;
    hw_expr *e = expr_parse(a, "a / (b - c)", &err);
    assert_non_null(e);
    hw_buf b;
    buf_init(&b);
    expr_print_rule(&b, e, EXPR_STYLE_C, NULL, NULL, DIV_RULE_ARM);
    assert_string_equal(b.data, "hwcgen_div_arm(a, (b - c))");
    buf_reset(&b);
    expr_print(&b, e, EXPR_STYLE_C, NULL, NULL);
    assert_string_equal(b.data, "hwcgen_div(a, (b - c))");
    buf_free(&b);
    arena_free(a);
    assert_null(div_rule_c_definition(DIV_RULE_NAN));
    assert_non_null(strstr(div_rule_c_definition(DIV_RULE_ARM),
                           "return ((a) == 0.0 && (b) == 0.0 ? 0.0 : (a) / (b));"));
}

/* The generated evaluators, compiled and run, divide as the interpreter. */
static const char GEN_MAIN[] =
    "#include <stdio.h>\n"
    "#include \"armdb_mali_t1_metrics.h\"\n"
    "int main(void)\n"
    "{\n"
    "    struct armdb_mali_t1_counters c = {0};\n"
    "    printf(\"%g \", armdb_mali_t1_maligpuirqutil(&c));\n"
    "    c.MaliGPUIRQActiveCy = 5;\n"
    "    printf(\"%g \", armdb_mali_t1_maligpuirqutil(&c));\n"
    "    c.MaliGPUActiveCy = 20;\n"
    "    printf(\"%g\\n\", armdb_mali_t1_maligpuirqutil(&c));\n"
    "    return 0;\n"
    "}\n";

static void test_division_compiled(void **state)
{
    scratch *s = *state;
    const char *bin = hwcgen_binary("test_mali_db");
    assert_non_null(bin);
    char out[256], src[256], exe[256], inc[300];
    snprintf(out, sizeof out, "%s/out", s->root);
    snprintf(src, sizeof src, "%s/main.c", s->root);
    snprintf(exe, sizeof exe, "%s/main", s->root);
    snprintf(inc, sizeof inc, "-I%s/include/hwcgen", out);
    result r = RUN(s->root, bin, "generate", "-q", "--outputs", "c", "-o", out, DB);
    assert_int_equal(r.status, 0);
    result_free(&r);
    FILE *f = fopen(src, "w");
    assert_non_null(f);
    fputs(GEN_MAIN, f);
    assert_int_equal(fclose(f), 0);
    r = RUN(s->root, "cc", "-std=c11", "-Wall", "-Werror", inc, src, "-o", exe, "-lm");
    if (r.status != 0)
        fprintf(stderr, "%s", r.err);
    assert_int_equal(r.status, 0);
    result_free(&r);
    r = RUN(s->root, exe);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "0 inf 25\n");
    result_free(&r);
}

/* ---- broken copies ------------------------------------------------------------------- */

/* In the copy s->root/db: `from` replaced by `to` in `file`. */
static void edit_copy(const scratch *s, const char *file, const char *from, const char *to)
{
    char path[512];
    snprintf(path, sizeof path, "%s/db/%s", s->root, file);
    char *text = read_file(path, NULL);
    assert_non_null(text);
    char *edited = replace_once(text, from, to);
    assert_non_null(edited);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(edited, f);
    assert_int_equal(fclose(f), 0);
    free(text);
    free(edited);
}

/* A fresh copy of DB in s->root/db with `from` replaced by `to` in `file`. */
static void broken_copy(const scratch *s, const char *file, const char *from, const char *to)
{
    char db[256];
    snprintf(db, sizeof db, "%s/db", s->root);
    remove_tree(db);
    assert_int_equal(copy_tree(DB, db), 0);
    edit_copy(s, file, from, to);
}

/* The 1-based line of the first `needle` in `file` of the copy. */
static int line_of(const scratch *s, const char *file, const char *needle)
{
    char path[512];
    snprintf(path, sizeof path, "%s/db/%s", s->root, file);
    char *text = read_file(path, NULL);
    assert_non_null(text);
    char *at = strstr(text, needle);
    assert_non_null(at);
    int line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    free(text);
    return line;
}

/* Loading the copy fails, nothing is returned, and the log holds
 * "<copy>/<file>:<at>: error: <message>". */
static void expect_error_at(const scratch *s, const char *file, const char *at,
                            const char *message)
{
    char db[256], want[1024];
    snprintf(db, sizeof db, "%s/db", s->root);
    snprintf(want, sizeof want, "%s/%s:%s: error: %s", db, file, at, message);
    loaded l = load_all(db);
    if (!l.d.log.data || !strstr(l.d.log.data, want))
        fprintf(stderr, "want: %s\ngot:  %s\n", want, l.d.log.data ? l.d.log.data : "");
    assert_non_null(l.d.log.data);
    assert_non_null(strstr(l.d.log.data, want));
    assert_int_equal(l.rc, -1);
    loaded_free(&l);
}

static void expect_error(const scratch *s, const char *file, int line, const char *message)
{
    char at[16];
    snprintf(at, sizeof at, "%d", line);
    expect_error_at(s, file, at, message);
}

/* ---- the driver header -------------------------------------------------------------- */

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static void expect_line(const char *text, const char *line)
{
    if (!strstr(text, line))
        fprintf(stderr, "no line: %s\n", line);
    assert_non_null(strstr(text, line));
}

/* The header of each GPU says what a driver needs to find and read its
 * counters: the product ids (two for T2-Max), the names, each block's
 * bank, and each counter's block, bank, index and shift. T2's memory
 * system is moved to bank 1 in a copy of the database, so a bank other
 * than 0 shows. */
static void test_driver_header(void **state)
{
    scratch *s = *state;
    broken_copy(s, "hardwarelayout/Mali T2.xml",
                "<CounterBlock type=\"Memory System\" bank=\"0\"",
                "<CounterBlock type=\"Memory System\" bank=\"1\"");
    const char *bin = hwcgen_binary("test_mali_db");
    assert_non_null(bin);
    char db[256], out[256], path[512];
    snprintf(db, sizeof db, "%s/db", s->root);
    snprintf(out, sizeof out, "%s/out", s->root);
    result r = RUN(s->root, bin, "generate", "-q", "--outputs", "c", "-o", out, db);
    assert_int_equal(r.status, 0);
    result_free(&r);
    snprintf(path, sizeof path, "%s/include/hwcgen/armdb_mali_t1.h", out);
    char *t1 = read_file(path, NULL);
    snprintf(path, sizeof path, "%s/include/hwcgen/armdb_mali_t2_max.h", out);
    char *t2 = read_file(path, NULL);
    assert_true(t1 && t2);
    expect_line(t1, "#define ARMDB_MALI_T1_NAME                       \"Mali-T1\"\n");
    expect_line(t1, "#define ARMDB_MALI_T1_ARCHITECTURE               \"Testing\"\n");
    expect_line(t1, "#define ARMDB_MALI_T1_ALIAS_COUNT                1 ");
    expect_line(t1, "#define ARMDB_MALI_T1_ALIASES                    {\"Immortalis-T1\"}\n");
    expect_line(t1, "#define ARMDB_MALI_T1_PRODUCT_IDS                {0xF000}\n");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_ALIAS_COUNT            0 ");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_PRODUCT_ID_COUNT       2 ");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_PRODUCT_IDS            {0xF001, 0xF003}\n");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_IS_PRODUCT_ID(id)      "
                    "((id) == 0xF001 || (id) == 0xF003)");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_BLOCK_SHADER_CORE_SIZE 128 ");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_BLOCK_SHADER_CORE_BANK 0 ");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_BLOCK_MEMORY_SYSTEM_BANK1 2 ");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_BLOCK_MEMORY_SYSTEM_BANK1_BANK 1 ");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_FRAG_THREADS_BLOCK     "
                    "ARMDB_MALI_T2_MAX_BLOCK_SHADER_CORE ");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_FRAG_THREADS_BANK      "
                    "ARMDB_MALI_T2_MAX_BLOCK_SHADER_CORE_BANK\n");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_FRAG_THREADS_INDEX     69\n");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_FRAG_THREADS_SHIFT     2 ");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_FRAG_WARPS_SHIFT       0\n");
    expect_line(t2, "#define ARMDB_MALI_T2_MAX_L2_EXT_READ_BANK       "
                    "ARMDB_MALI_T2_MAX_BLOCK_MEMORY_SYSTEM_BANK1_BANK\n");
    free(t1);
    free(t2);
}

/* The docs page of each GPU: its product ids and other names, Arm's three
 * names and the shift of each counter, and how its formulas divide. */
static void test_docs(void **state)
{
    scratch *s = *state;
    const char *bin = hwcgen_binary("test_mali_db");
    assert_non_null(bin);
    char out[256], path[512];
    snprintf(out, sizeof out, "%s/out", s->root);
    result r = RUN(s->root, bin, "generate", "-q", "--outputs", "docs", "-o", out, DB);
    assert_int_equal(r.status, 0);
    result_free(&r);
    snprintf(path, sizeof path, "%s/docs/armdb-mali-t1.md", out);
    char *t1 = read_file(path, NULL);
    snprintf(path, sizeof path, "%s/docs/armdb-mali-t2-max.md", out);
    char *t2 = read_file(path, NULL);
    assert_true(t1 && t2);
    expect_line(t1, "Also sold as | Immortalis-T1 |\n");
    expect_line(t2, "Product ids | `0xF001`, `0xF003` |\n");
    expect_line(t2, "*Arm's names:* MachineName `MaliFragThreadCount`, SourceName "
                    "`FRAG_THREADS`, human name \"Fragment threads\"<br>"
                    "*Shift:* 2: the count is the raw value \\<\\< 2<br>");
    expect_line(t2, "*Arm's names:* MachineName `MaliGPUIRQActiveCy`, SourceName "
                    "`GPU_IRQ_ACTIVE`, human name \"GPU interrupt pending cycles\"<br>*C:*");
    expect_line(t1, "Formulas use double arithmetic; 0/0 is 0 and x/0 is plus or minus "
                    "infinity, as Arm's libGPUCounters divides.");
    expect_line(t1, "`MaliGPUIRQUtil` | **Interrupt pending utilization** | percent |");
    expect_line(t1, "*Formula:* `MaliGPUIRQActiveCy / MaliGPUActiveCy * 100`<br>");
    free(t1);
    free(t2);
}

#define T1_LAYOUT "hardwarelayout/Mali-T1.xml"
#define COUNTERS "counterinfo/Mali-CounterInfo-01a-Test.xml"

/* gatord's names: Mali-T1 given the Mali-G720's product id, its counters
 * take gatord 9.7.2's names for that GPU, and those its built-in events
 * show are marked so; a GPU gatord does not know (T2-Max) gets none. Its
 * Streamline file holds only what gatord counts and does not show: here
 * FRAG_WARPS, renamed PRIMASSY_POS_SHADER_WAIT (a SourceAlias of its
 * entry); T2-Max gets no file. */
static void test_gatord_names(void **state)
{
    scratch *s = *state;
    broken_copy(s, "Mali-ProductInfo.xml", "<Id>0xf000</Id>", "<Id>0xc000</Id>");
    char db[256], out[256], path[512];
    snprintf(db, sizeof db, "%s/db", s->root);
    loaded l = load_all(db);
    assert_int_equal(l.n, 2);
    const hw_event *active = event(l.t[0], "MaliGPUActiveCy");
    assert_string_equal(active->counter_id, "ARM_Mali-G720_GPU_ACTIVE");
    assert_true(active->flags & EVENT_GATORD_BUILTIN);
    for (int i = 0; i < l.t[1]->nevents; i++)
        assert_null(l.t[1]->events[i].counter_id);
    loaded_free(&l);
    edit_copy(s, T1_LAYOUT, "\"FRAG_WARPS\"", "\"PRIMASSY_POS_SHADER_WAIT\"");
    edit_copy(s, COUNTERS, "<SourceName>FRAG_WARPS</SourceName>",
              "<SourceName>FRAG_WARPS</SourceName>\n"
              "    <SourceAlias>PRIMASSY_POS_SHADER_WAIT</SourceAlias>");
    const char *bin = hwcgen_binary("test_mali_db");
    assert_non_null(bin);
    snprintf(out, sizeof out, "%s/out", s->root);
    result r = RUN(s->root, bin, "generate", "-q", "--outputs", "streamline", "-o", out, db);
    assert_int_equal(r.status, 0);
    result_free(&r);
    snprintf(path, sizeof path, "%s/streamline/events-armdb-mali-t1.xml", out);
    char *xml = read_file(path, NULL);
    assert_non_null(xml);
    assert_non_null(strstr(xml, "<category name=\"Mali-T1 (hwcgen)\" per_cpu=\"no\">\n    "
                                "<event counter=\"ARM_Mali-G720_PRIMASSY_POS_SHADER_WAIT\" "
                                "title=\"Mali-T1\" name=\"Fragment warps\""));
    assert_int_equal(count_of(xml, "<event "), 1);
    free(xml);
    snprintf(path, sizeof path, "%s/streamline/events-armdb-mali-t2-max.xml", out);
    assert_int_equal(access(path, F_OK), -1);
}


static void test_error_unknown_name(void **state)
{
    scratch *s = *state;
    broken_copy(s, COUNTERS, "MaliGPUIRQActiveCy / MaliGPUActiveCy",
                "MaliGPUIRQActiveCy / MaliGPUActivCy");
    char at[32];
    snprintf(at, sizeof at, "%d:7", line_of(s, COUNTERS, "MaliGPUActivCy"));
    /* located at the formula: line and column of its text */
    expect_error_at(s, COUNTERS, at, "metric 'MaliGPUIRQUtil': unknown name 'MaliGPUActivCy' at "
                    "formula column 22 (did you mean 'MaliGPUActiveCy'?)");
}

static void test_error_index_outside(void **state)
{
    scratch *s = *state;
    broken_copy(s, T1_LAYOUT, "index=\"21\"", "index=\"64\"");
    expect_error(s, T1_LAYOUT, line_of(s, T1_LAYOUT, "FRAG_THREADS"),
                 "counter FRAG_THREADS: index 64 is outside block 'Shader Core' (size 64)");
}

static void test_error_index_taken(void **state)
{
    scratch *s = *state;
    broken_copy(s, T1_LAYOUT, "\"FRAG_WARPS\" index=\"20\"", "\"FRAG_WARPS\" index=\"4\"");
    expect_error(s, T1_LAYOUT, line_of(s, T1_LAYOUT, "FRAG_WARPS"),
                 "counter FRAG_WARPS: index 4 of block 'Shader Core' is CORE_ACTIVE's already");
}

static void test_error_no_entry(void **state)
{
    scratch *s = *state;
    broken_copy(s, T1_LAYOUT, "<Counter name=\"GPU_ACTIVE\"",
                "<Counter name=\"NEW_ONE\" index=\"30\"/>\n    <Counter name=\"GPU_ACTIVE\"");
    expect_error(s, T1_LAYOUT, line_of(s, T1_LAYOUT, "NEW_ONE"),
                 "counter NEW_ONE: no counterinfo entry for Mali-T1 has it as SourceName or "
                 "SourceAlias");
}

static void test_error_layout_missing(void **state)
{
    scratch *s = *state;
    broken_copy(s, "Mali-ProductInfo.xml", "<DatabaseKey>Mali T2<", "<DatabaseKey>Mali T3<");
    int line = line_of(s, "Mali-ProductInfo.xml", "<Id>0xf001") - 1;
    char msg[512];
    snprintf(msg, sizeof msg, "product Mali T2-Max: no hardware layout for DatabaseKey "
             "'Mali T3' (expected %s/db/hardwarelayout/Mali T3.xml)", s->root);
    expect_error(s, "Mali-ProductInfo.xml", line, msg);
}

static void test_error_defined_twice(void **state)
{
    scratch *s = *state;
    /* the second entry of MaliL2CacheRdMissRate for T1 gets another equation */
    broken_copy(s, COUNTERS, "* 100\n    </Equation>\n    <SupportedGPUs>\n      <GPU>Mali-T1</GPU>\n"
                             "    </SupportedGPUs>",
                "* 10\n    </Equation>\n    <SupportedGPUs>\n      <GPU>Mali-T1</GPU>\n"
                "    </SupportedGPUs>");
    const char *name = "<MachineName>MaliL2CacheRdMissRate";
    int first = line_of(s, COUNTERS, name) - 1;
    char path[512], msg[1024];
    snprintf(path, sizeof path, "%s/db/" COUNTERS, s->root);
    char *text = read_file(path, NULL);
    assert_non_null(text);
    const char *again = strstr(strstr(text, name) + 1, name);
    assert_non_null(again);
    int line = 0; /* of the <CounterInfo> above it */
    for (const char *p = text; p < again; p++)
        line += *p == '\n';
    free(text);
    snprintf(msg, sizeof msg, "counter MaliL2CacheRdMissRate is defined twice for Mali-T1, "
             "differently: here ((MaliExtBusRd / MaliL2CacheRdLookup) * 10) and at %s:%d "
             "((MaliExtBusRd / MaliL2CacheRdLookup) * 100)", path, first);
    expect_error(s, COUNTERS, line, msg);
}

static void test_error_source_missing(void **state)
{
    scratch *s = *state;
    broken_copy(s, COUNTERS, "<CounterInfo>\n    <MachineName>MaliFragWarp</MachineName>",
                "<CounterInfo>\n    <MachineName>MaliNotThere</MachineName>\n"
                "    <SourceName>NOT_THERE</SourceName>\n"
                "    <SupportedGPUs>\n      <GPU>Mali-T1</GPU>\n    </SupportedGPUs>\n"
                "  </CounterInfo>\n"
                "  <CounterInfo>\n    <MachineName>MaliFragWarp</MachineName>");
    expect_error(s, COUNTERS, line_of(s, COUNTERS, "MaliNotThere") - 1,
                 "counter MaliNotThere: hardware layout Mali-T1 has no counter NOT_THERE");
}

static void test_error_block_type(void **state)
{
    scratch *s = *state;
    broken_copy(s, T1_LAYOUT, "type=\"Memory System\"", "type=\"Memory Sistem\"");
    expect_error(s, T1_LAYOUT, line_of(s, T1_LAYOUT, "Memory Sistem"),
                 "block type 'Memory Sistem' is none of GPU Front-end, Tiler, Memory System, "
                 "Shader Core");
}

static void test_error_not_a_number(void **state)
{
    scratch *s = *state;
    broken_copy(s, T1_LAYOUT, "index=\"16\"", "index=\"x16\"");
    expect_error(s, T1_LAYOUT, line_of(s, T1_LAYOUT, "x16"),
                 "<Counter index=\"x16\">: not a whole number");
}

/* XML that does not parse: libxml2's message at its line and column. */
static void test_error_malformed(void **state)
{
    scratch *s = *state;
    const char *t2 = "hardwarelayout/Mali T2.xml";
    broken_copy(s, t2, "<Counter name=\"GPU_ACTIVE\" index=\"4\"/>",
                "<Counter name=\"GPU_ACTIVE\" index=\"4\">");
    char at[32], msg[128];
    int opened = line_of(s, t2, "<Counter name=\"GPU_ACTIVE\"");
    snprintf(at, sizeof at, "%d:18", line_of(s, t2, "<Counter name=\"GPU_IRQ_ACTIVE\"") + 1);
    snprintf(msg, sizeof msg, "end tag </CounterBlock> does not match <Counter> opened at "
             "line %d", opened);
    expect_error_at(s, t2, at, msg);
}

static int setup(void **state)
{
    return scratch_make(state, "hwcgen-mali-db");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_products),
        cmocka_unit_test(test_hardware_counters),
        cmocka_unit_test(test_per_gpu_definitions),
        cmocka_unit_test(test_one_product),
        cmocka_unit_test_setup_teardown(test_checkout, setup, scratch_teardown),
        cmocka_unit_test(test_division_interpreted),
        cmocka_unit_test(test_division_printed),
        cmocka_unit_test_setup_teardown(test_division_compiled, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_driver_header, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_gatord_names, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_docs, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_unknown_name, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_index_outside, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_index_taken, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_no_entry, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_layout_missing, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_defined_twice, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_source_missing, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_block_type, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_not_a_number, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_malformed, setup, scratch_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
