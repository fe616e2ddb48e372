/* test_mali_db_arm.c - every GPU of Arm's Mali counter database, as hwcgen
 * loads it, against the tables Arm generates from the same database for
 * libGPUCounters' hwcpipe:
 *
 *   hwcpipe/src/hwcpipe/all_gpu_counters.cpp   per product: each hardware
 *                  counter's index, shift and block type; each derived
 *                  counter's function and the hardware counters it reads
 *   hwcpipe/src/hwcpipe/derived_functions.cpp  those functions
 *   backend/device/src/device/product_id.cpp   GPU_ID fields -> product
 *
 * The checkout is $HWCGEN_LIBGPUCOUNTERS; without it (or without a C++
 * compiler) the test is skipped, naming what is missing. Nothing of Arm's
 * is copied here: the C++ harness is written at run time into a temporary
 * directory and compiled there with Arm's derived_functions.cpp and
 * headers, straight from the checkout.
 *
 * Checked, per product id: the same hardware counters (by MachineName) at
 * the same block, index and shift; the same derived counters, whose values
 * on the same inputs agree within 1e-12 (relative) with Arm's functions on
 * random inputs, on all-zero inputs and on inputs with many zeros. Arm's
 * tables leave out the counters that need MALI_CONFIG_TIME_SPAN, so those
 * are not compared. Every difference is printed with its reason; the test
 * fails on any. Run from the top of the tree.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ctype.h>
#include <math.h>

#include "test_run.h"
#include "test_util.h"

#include "check/check.h"
#include "core/diag.h"
#include "core/interp.h"
#include "core/ir.h"
#include "load/load.h"
#include "run/pipeline.h"

#define ENV "HWCGEN_LIBGPUCOUNTERS"
#define TABLES "hwcpipe/src/hwcpipe/all_gpu_counters.cpp"
#define FUNCS "hwcpipe/src/hwcpipe/derived_functions.cpp"
#define FUNCS_H "hwcpipe/src/hwcpipe/derived_functions.hpp"
#define COUNTERS_H "hwcpipe/include/hwcpipe/hwcpipe_counter.h"
#define PRODUCTS "backend/device/src/device/product_id.cpp"
#define DATABASE "specification/database/Mali-ProductInfo.xml"

enum { MAX_DEPS = 16, TRIALS = 8 };

/* ---- Arm's tables ---------------------------------------------------------- */

typedef struct arm_counter {
    char name[64];
    int hardware;
    int index, shift;
    char block[16];          /* fe, tiler, memory, core */
    char func[96];
    char deps[MAX_DEPS][64];
    int ndeps;
} arm_counter;

typedef struct arm_product {
    char name[32];           /* product_id::g720 */
    uint32_t id;             /* as Mali-ProductInfo.xml writes it: 0xc000 */
    arm_counter *c;
    int n;
    size_t cap;
} arm_product;

typedef struct arm_tables {
    arm_product *p;
    int n;
} arm_tables;

typedef struct ctx {
    char root[512];          /* the checkout */
    char tmp[64];
    arm_tables arm;
    hw_target **t;
    int nt;
    int failures;
} ctx;

static char *checkout_file(const ctx *c, const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", c->root, rel);
    return read_file(path, NULL);
}

/* "case hash_from_versions(12, 0):" then "... product_id::g720);": the
 * product's id as the database writes it, arch major << 12 | product
 * major. 0 when the file does not name the product. */
static uint32_t product_id_of(const char *text, const char *name)
{
    char want[64];
    snprintf(want, sizeof want, "product_id::%s);", name);
    for (const char *p = strstr(text, want); p; p = strstr(p + 1, want)) {
        const char *c = p;
        while (c > text && strncmp(c, "hash_from_versions(", 19) != 0)
            c--;
        unsigned arch = 0, prod = 0;
        if (sscanf(c, "hash_from_versions(%u, %u)", &arch, &prod) == 2 && p - c < 120)
            return arch << 12 | prod;
    }
    return 0;
}

/* "{hwcpipe_counter::A, hwcpipe_counter::B}" into c->deps. */
static void parse_deps(arm_counter *a, const char *p)
{
    while ((p = strstr(p, "hwcpipe_counter::")) != NULL && a->ndeps < MAX_DEPS) {
        p += strlen("hwcpipe_counter::");
        size_t n = strcspn(p, ",}");
        snprintf(a->deps[a->ndeps++], sizeof a->deps[0], "%.*s", (int)n, p);
    }
}

/* One line "{hwcpipe_counter::NAME, hwcpipe::detail::counter_definition({...})}". */
static int parse_counter(arm_product *p, const char *line)
{
    const char *at = strstr(line, "{hwcpipe_counter::");
    const char *def = strstr(line, "counter_definition({");
    if (!at || !def)
        return 0;
    arm_counter *a = p->n < (int)p->cap ? &p->c[p->n++] : NULL;
    assert_non_null(a);
    memset(a, 0, sizeof *a);
    at += strlen("{hwcpipe_counter::");
    snprintf(a->name, sizeof a->name, "%.*s", (int)strcspn(at, ","), at);
    def += strlen("counter_definition({");
    const char *bt = strstr(def, "block_type::");
    if (bt && sscanf(def, "%d, %d,", &a->index, &a->shift) == 2) {
        a->hardware = 1;
        bt += strlen("block_type::");
        snprintf(a->block, sizeof a->block, "%.*s", (int)strcspn(bt, "})"), bt);
        return 0;
    }
    snprintf(a->func, sizeof a->func, "%.*s", (int)strcspn(def, ","), def);
    parse_deps(a, def + strlen(a->func));
    return 0;
}

static void parse_tables(ctx *c)
{
    char *text = checkout_file(c, TABLES), *ids = checkout_file(c, PRODUCTS);
    assert_non_null(text);
    assert_non_null(ids);
    c->arm.p = calloc(64, sizeof *c->arm.p);
    arm_product *p = NULL;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        const char *prod = strstr(line, "{device::product_id::");
        if (prod && c->arm.n < 64) {
            p = &c->arm.p[c->arm.n++];
            prod += strlen("{device::product_id::");
            snprintf(p->name, sizeof p->name, "%.*s", (int)strcspn(prod, ","), prod);
            p->id = product_id_of(ids, p->name);
            p->cap = 1024;
            p->c = calloc(p->cap, sizeof *p->c);
            assert_non_null(p->c);
        } else if (p) {
            parse_counter(p, line);
        }
    }
    free(text);
    free(ids);
}

/* ---- our targets ------------------------------------------------------------ */

static void load_ours(ctx *c)
{
    hw_diag d;
    diag_init(&d, stderr);
    assert_int_equal(run_open_all(c->root, &c->t, NULL, &c->nt, &d), 0);
    assert_int_equal(d.errors, 0);
    diag_free(&d);
}

static hw_target *target_of(const ctx *c, uint32_t id)
{
    for (int i = 0; i < c->nt; i++)
        for (int k = 0; k < c->t[i]->nproduct_ids; k++)
            if (c->t[i]->product_ids[k] == id)
                return c->t[i];
    return NULL;
}

static const arm_counter *arm_find(const arm_product *p, const char *name)
{
    for (int i = 0; i < p->n; i++)
        if (strcmp(p->c[i].name, name) == 0)
            return &p->c[i];
    return NULL;
}

static void differ(ctx *c, const arm_product *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "DIFFERENT: %s (0x%04x): ", p->name, (unsigned)p->id);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    c->failures++;
}

/* A counter a formula of ours reads through MALI_CONFIG_TIME_SPAN, which
 * Arm's tables leave out. */
static int needs_time_span(const hw_target *t, int m)
{
    hw_mask mask;
    assert_int_equal(mask_init(&mask, t), 0);
    mask.metrics[m] = 1;
    interp_needs(t, &mask);
    int k = ir_find_constant(t, "MALI_CONFIG_TIME_SPAN");
    int needs = k >= 0 && mask.constants[k];
    mask_free(&mask);
    return needs;
}

/* ---- hardware counters --------------------------------------------------------- */

static const char *our_block(const char *arm)
{
    static const char *const map[][2] = {
        {"fe", "GPU_FRONTEND"}, {"tiler", "TILER"}, {"memory", "MEMORY_SYSTEM"}, {"core", "SHADER_CORE"}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i][0], arm) == 0)
            return map[i][1];
    return "?";
}

static int same_hardware(ctx *c, const arm_product *p, const hw_target *t, const arm_counter *a)
{
    int i = ir_find_event(t, a->name);
    if (i < 0) {
        differ(c, p, "hardware counter %s: Arm's table has it (%s[%d]), hwcgen has no such "
               "counter", a->name, a->block, a->index);
        return 0;
    }
    const hw_event *e = &t->events[i];
    const char *blk = e->block >= 0 ? t->blocks[e->block].name : "";
    if (strcmp(blk, our_block(a->block)) != 0 || e->index != a->index || e->shift != a->shift) {
        differ(c, p, "hardware counter %s: Arm %s[%d] << %d, hwcgen %s[%d] << %d", a->name,
               our_block(a->block), a->index, a->shift, blk, e->index, e->shift);
        return 0;
    }
    return 1;
}

static int compare_hardware(ctx *c, const arm_product *p, const hw_target *t)
{
    int same = 0;
    for (int i = 0; i < p->n; i++)
        if (p->c[i].hardware)
            same += same_hardware(c, p, t, &p->c[i]);
    for (int i = 0; i < t->nevents; i++) {
        const arm_counter *a = arm_find(p, t->events[i].name);
        if (!a || !a->hardware)
            differ(c, p, "hardware counter %s: hwcgen has it, Arm's table %s", t->events[i].name,
                   a ? "has it as a derived counter" : "does not");
    }
    return same;
}

/* A derived counter that is only a configuration value
 * (MaliConfigCoreCount = MALI_CONFIG_SHADER_CORE_COUNT): Arm's tables
 * have none, their functions read the value itself. */
static int is_config_value(const hw_target *t, int m)
{
    const hw_expr *e = t->metrics[m].expr;
    return e && e->kind == EXPR_REF && e->ref == REF_CONSTANT &&
           !t->constants[e->index].has_value;
}

/* Derived counters of both sides; Arm's are in p->c, ours are metrics.
 * The number that both have. */
static int compare_derived_names(ctx *c, const arm_product *p, const hw_target *t, int *left_out)
{
    int both = 0;
    for (int i = 0; i < p->n; i++)
        if (!p->c[i].hardware && ir_find_metric(t, p->c[i].name) < 0)
            differ(c, p, "derived counter %s: Arm's table has it (%s), hwcgen does not",
                   p->c[i].name, p->c[i].func);
    for (int m = 0; m < t->nmetrics; m++) {
        const arm_counter *a = arm_find(p, t->metrics[m].name);
        if (a && !a->hardware)
            both++;
        else if (needs_time_span(t, m) || is_config_value(t, m))
            (*left_out)++;
        else
            differ(c, p, "derived counter %s: hwcgen has it (%s), Arm's table %s",
                   t->metrics[m].name, t->metrics[m].formula,
                   a ? "has it as a hardware counter" : "does not");
    }
    return both;
}

/* ---- Arm's functions, compiled here ---------------------------------------------- */

static const char HARNESS_HEAD[] =
    "// Written by tests/test_mali_db_arm.c: Arm's derived functions on the\n"
    "// values of each input line \"function cores l2 bus (name value)...\".\n"
    "#include \"hwcpipe/derived_functions.hpp\"\n"
    "#include <cmath>\n#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n"
    "#include <string>\n#include <unordered_map>\n"
    "using namespace hwcpipe::database;\n"
    "struct values_ctx final : hwcpipe::detail::expression::context {\n"
    "    std::unordered_map<int, double> v;\n"
    "    double cores = 0, l2 = 0, bus = 0;\n"
    "    double get_counter_value(hwcpipe_counter c) const override {\n"
    "        auto it = v.find(static_cast<int>(c));\n"
    "        return it == v.end() ? NAN : it->second;\n"
    "    }\n"
    "    double get_mali_config_ext_bus_byte_size() const override { return bus; }\n"
    "    double get_mali_config_shader_core_count() const override { return cores; }\n"
    "    double get_mali_config_l2_cache_count() const override { return l2; }\n"
    "};\n";

static const char HARNESS_MAIN[] =
    "int main(int argc, char **argv) {\n"
    "    FILE *in = argc > 1 ? fopen(argv[1], \"r\") : stdin;\n"
    "    static char line[1 << 16];\n"
    "    while (in && fgets(line, sizeof line, in)) {\n"
    "        values_ctx c;\n"
    "        char *save = nullptr, *fn = strtok_r(line, \" \\n\", &save);\n"
    "        c.cores = strtod(strtok_r(nullptr, \" \\n\", &save), nullptr);\n"
    "        c.l2 = strtod(strtok_r(nullptr, \" \\n\", &save), nullptr);\n"
    "        c.bus = strtod(strtok_r(nullptr, \" \\n\", &save), nullptr);\n"
    "        for (char *n; (n = strtok_r(nullptr, \" \\n\", &save)) != nullptr;) {\n"
    "            auto it = counters.find(n);\n"
    "            double value = strtod(strtok_r(nullptr, \" \\n\", &save), nullptr);\n"
    "            if (it != counters.end()) c.v[static_cast<int>(it->second)] = value;\n"
    "        }\n"
    "        auto f = functions.find(fn);\n"
    "        printf(\"%.17g\\n\", f == functions.end() ? NAN : f->second(c));\n"
    "    }\n"
    "    return in ? 0 : 1;\n"
    "}\n";

/* Each identifier of `text` that starts with `prefix` and is followed,
 * after blanks, by one of `next`, as "{\"X\", X}," lines of a table. */
static void table_of(FILE *f, const char *text, const char *prefix, const char *next,
                     const char *value_prefix)
{
    size_t np = strlen(prefix);
    for (const char *p = strstr(text, prefix); p; p = strstr(p + 1, prefix)) {
        if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
            continue;
        size_t n = np;
        while (isalnum((unsigned char)p[n]) || p[n] == '_')
            n++;
        const char *q = p + n;
        while (*q == ' ')
            q++;
        if (*q && strchr(next, *q))
            fprintf(f, "    {\"%.*s\", %s%.*s},\n", (int)n, p, value_prefix, (int)n, p);
    }
}

static void write_harness(const ctx *c, const char *path)
{
    char *counters = checkout_file(c, COUNTERS_H), *funcs = checkout_file(c, FUNCS_H);
    assert_non_null(counters);
    assert_non_null(funcs);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(HARNESS_HEAD, f);
    fputs("static const std::unordered_map<std::string, hwcpipe_counter> counters = {\n", f);
    table_of(f, counters, "Mali", ",=", "");
    fputs("};\nstatic const std::unordered_map<std::string, hwcpipe::detail::expression::evaluator> functions = {\n", f);
    table_of(f, funcs, "Mali", "(", "&");
    fputs("};\n", f);
    fputs(HARNESS_MAIN, f);
    assert_int_equal(fclose(f), 0);
    free(counters);
    free(funcs);
}

/* The harness built in c->tmp, from Arm's derived_functions.cpp and
 * headers in the checkout; its path into `exe`. */
static void build_harness(const ctx *c, char *exe, size_t size)
{
    char src[128], funcs[1024], inc[3][1100];
    snprintf(src, sizeof src, "%s/harness.cpp", c->tmp);
    snprintf(exe, size, "%s/harness", c->tmp);
    snprintf(funcs, sizeof funcs, "%s/" FUNCS, c->root);
    snprintf(inc[0], sizeof inc[0], "-I%s/hwcpipe/include", c->root);
    snprintf(inc[1], sizeof inc[1], "-I%s/hwcpipe/src", c->root);
    snprintf(inc[2], sizeof inc[2], "-I%s/backend/device/include", c->root);
    write_harness(c, src);
    result r = RUN(c->tmp, "c++", "-std=c++17", "-O1", "-ffp-contract=off", inc[0], inc[1],
                   inc[2], src, funcs, "-o", exe);
    if (r.status != 0)
        fprintf(stderr, "%s", r.err);
    assert_int_equal(r.status, 0);
    result_free(&r);
}

/* ---- the same inputs on both sides --------------------------------------------------- */

typedef struct query {
    const arm_product *p;
    const hw_target *t;
    int metric;
    int trial;
    double ours;
} query;

typedef struct queries {
    query *q;
    int n;
    size_t cap;
    FILE *f;
    uint64_t seed;
    hw_arena *a;
} queries;

static uint32_t next_random(queries *qs)
{
    qs->seed = qs->seed * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(qs->seed >> 33);
}

/* Trial 0: every counter 0. 1-5: random counts. 6-7: random counts, about
 * a third of them 0. Counters are sums over instances: whole numbers. */
static double trial_value(queries *qs, int trial)
{
    uint32_t r = next_random(qs);
    if (trial == 0 || (trial >= 6 && r % 3 == 0))
        return 0;
    return (double)(next_random(qs) % (1u << 20) + 1);
}

static void config_values(queries *qs, const hw_target *t, double *kv, double cfg[3])
{
    cfg[0] = 1 + next_random(qs) % 16;
    cfg[1] = 1 + next_random(qs) % 8;
    cfg[2] = 8 << (next_random(qs) % 3);
    static const char *const names[] = {"MALI_CONFIG_SHADER_CORE_COUNT",
                                        "MALI_CONFIG_L2_CACHE_COUNT",
                                        "MALI_CONFIG_EXT_BUS_BYTE_SIZE"};
    for (int i = 0; i < 3; i++) {
        int k = ir_find_constant(t, names[i]);
        assert_true(k >= 0);
        kv[k] = cfg[i];
    }
}

static void ask(queries *qs, const arm_product *p, const hw_target *t, int m, int trial,
                const double *ev, const double *cfg, double ours)
{
    const arm_counter *a = arm_find(p, t->metrics[m].name);
    fprintf(qs->f, "%s %.17g %.17g %.17g", a->func, cfg[0], cfg[1], cfg[2]);
    for (int d = 0; d < a->ndeps; d++) {
        int e = ir_find_event(t, a->deps[d]);
        fprintf(qs->f, " %s %.17g", a->deps[d], e >= 0 ? ev[e] : NAN);
    }
    fputc('\n', qs->f);
    query *q = ARENA_PUSH(qs->a, qs->q, qs->n, qs->cap);
    assert_non_null(q);
    *q = (query){p, t, m, trial, ours};
}

static void ask_product(queries *qs, const arm_product *p, const hw_target *t)
{
    double *ev = calloc((size_t)t->nevents + 1, sizeof *ev);
    double *kv = calloc((size_t)t->nconstants + 1, sizeof *kv);
    double *out = calloc((size_t)t->nmetrics + 1, sizeof *out);
    assert_true(ev && kv && out);
    for (int k = 0; k < TRIALS; k++) {
        double cfg[3];
        for (int e = 0; e < t->nevents; e++)
            ev[e] = trial_value(qs, k);
        config_values(qs, t, kv, cfg);
        hw_values v = {ev, kv, NULL};
        interp_all(t, &v, out);
        for (int m = 0; m < t->nmetrics; m++) {
            const arm_counter *a = arm_find(p, t->metrics[m].name);
            if (a && !a->hardware)
                ask(qs, p, t, m, k, ev, cfg, out[m]);
        }
    }
    free(ev);
    free(kv);
    free(out);
}

static int same_value(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return a == b || fabs(a - b) <= 1e-12 * fmax(fabs(a), fabs(b));
}

static const char *trial_kind(int trial)
{
    return trial == 0 ? "every counter 0" : trial >= 6 ? "many counters 0" : "random counts";
}

/* Arm's answers, one line per query, against ours: the number of derived
 * counters (of a product) that agree on every trial. */
static int compare_answers(ctx *c, const queries *qs, const char *answers)
{
    int agree = 0;
    const char *p = answers;
    char *bad = calloc((size_t)qs->n + 1, 1);
    assert_non_null(bad);
    for (int i = 0; i < qs->n; i++) {
        assert_non_null(p);
        double arm = strtod(p, NULL);
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
        const query *q = &qs->q[i];
        if (!same_value(arm, q->ours)) {
            differ(c, q->p, "derived counter %s = %s: on %s, Arm's %s gives %.17g, "
                   "hwcgen %.17g", q->t->metrics[q->metric].name,
                   q->t->metrics[q->metric].formula, trial_kind(q->trial),
                   arm_find(q->p, q->t->metrics[q->metric].name)->func, arm, q->ours);
            bad[i] = 1;
        }
    }
    /* a counter agrees when none of its trials differed */
    for (int i = 0; i < qs->n; i++) {
        if (qs->q[i].trial != 0)
            continue;
        int ok = 1;
        for (int j = i; j < qs->n && ok; j++)
            if (qs->q[j].t == qs->q[i].t && qs->q[j].p == qs->q[i].p &&
                qs->q[j].metric == qs->q[i].metric)
                ok = !bad[j];
        agree += ok;
    }
    free(bad);
    return agree;
}

static int compare_derived_values(ctx *c, int *asked)
{
    char path[128], exe[128];
    build_harness(c, exe, sizeof exe);
    snprintf(path, sizeof path, "%s/queries", c->tmp);
    queries qs = {.f = fopen(path, "w"), .seed = 20260301, .a = arena_create()};
    assert_non_null(qs.f);
    for (int i = 0; i < c->arm.n; i++) {
        const hw_target *t = target_of(c, c->arm.p[i].id);
        if (t)
            ask_product(&qs, &c->arm.p[i], t);
    }
    assert_int_equal(fclose(qs.f), 0);
    result r = RUN(c->tmp, exe, path);
    assert_int_equal(r.status, 0);
    int agree = compare_answers(c, &qs, r.out);
    *asked = 0;
    for (int i = 0; i < qs.n; i++)
        *asked += qs.q[i].trial == 0;
    result_free(&r);
    arena_free(qs.a);
    return agree;
}

/* ---- the test ---------------------------------------------------------------------------- */

/* The checkout and the tools; NULL, after a SKIP line naming what is
 * missing, when something is. */
static const char *missing(ctx *c)
{
    static char what[1200];
    const char *root = getenv(ENV);
    if (!root || !*root)
        return ENV " is not set (the path of a libGPUCounters checkout)";
    snprintf(c->root, sizeof c->root, "%s", root);
    const char *need[] = {DATABASE, TABLES, FUNCS, FUNCS_H, COUNTERS_H, PRODUCTS};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", root, need[i]);
        if (access(path, R_OK) != 0) {
            snprintf(what, sizeof what, "%s has no %s", root, need[i]);
            return what;
        }
    }
    if (!in_path("c++"))
        return "no C++ compiler (c++) to build Arm's derived functions with";
    return NULL;
}

static void product_counts(ctx *c, int *gpus, int *hw, int *derived, int *left_out)
{
    for (int i = 0; i < c->nt; i++) {
        *hw += c->t[i]->nevents;
        *derived += c->t[i]->nmetrics;
    }
    *gpus = c->nt;
    for (int i = 0; i < c->arm.n; i++) {
        const arm_product *p = &c->arm.p[i];
        if (!target_of(c, p->id))
            differ(c, p, "no GPU of the database has this product id");
    }
    (void)left_out;
}

static void test_against_arm(void **state)
{
    ctx *c = *state;
    const char *why = missing(c);
    if (why) {
        printf("SKIP: test_mali_db_arm: %s\n", why);
        skip();
    }
    parse_tables(c);
    load_ours(c);
    int gpus = 0, hw = 0, derived = 0, left_out = 0, hw_same = 0, both = 0, asked = 0;
    product_counts(c, &gpus, &hw, &derived, &left_out);
    for (int i = 0; i < c->arm.n; i++) {
        const hw_target *t = target_of(c, c->arm.p[i].id);
        if (t) {
            hw_same += compare_hardware(c, &c->arm.p[i], t);
            both += compare_derived_names(c, &c->arm.p[i], t, &left_out);
        }
    }
    int agree = compare_derived_values(c, &asked);
    printf("mali-db vs Arm's tables: %d GPUs of the database (%d hardware and %d derived "
           "counters in all); %d product ids of Arm's tables; hardware counters at the same "
           "block, index and shift: %d; derived counters both have: %d, equal to Arm's "
           "functions on every input: %d of %d; left out by Arm (configuration values, or need MALI_CONFIG_TIME_SPAN): %d; "
           "differences: %d\n", gpus, hw, derived, c->arm.n, hw_same, both, agree, asked,
           left_out, c->failures);
    assert_int_equal(c->failures, 0);
}

static int setup(void **state)
{
    ctx *c = calloc(1, sizeof *c);
    if (!c)
        return -1;
    snprintf(c->tmp, sizeof c->tmp, "/tmp/hwcgen-mali-arm-XXXXXX");
    if (!mkdtemp(c->tmp)) {
        free(c);
        return -1;
    }
    *state = c;
    return 0;
}

static int teardown(void **state)
{
    ctx *c = *state;
    remove_tree(c->tmp);
    for (int i = 0; i < c->arm.n; i++)
        free(c->arm.p[i].c);
    free(c->arm.p);
    for (int i = 0; i < c->nt; i++)
        target_free(c->t[i]);
    free(c->t);
    free(c);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_against_arm, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
