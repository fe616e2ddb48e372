/* test_bad.c - hostile and broken specs: every one fails cleanly, with a
 * diagnostic that names file:line (or the JSON path) and the thing at fault.
 *
 * The catalogue is tests/bad/: each spec X has a sidecar X.expect, one
 * expectation per line:
 *     text       must appear in the diagnostics
 *     !text      must not appear anywhere (e.g. a secret an entity names)
 *     # ...      a comment
 * A spec whose expectations name a "warning:" must load and check with that
 * warning; every other spec must be rejected by load_spec + check_target.
 *
 * Inputs too big to commit (1,000,000-deep nesting, 100 MB strings, entity
 * files) are generated at test time in a temporary directory. Throughout,
 * libxml2's external entity loader is replaced by one that records the call
 * and refuses: no spec may make hwcgen fetch anything.
 *
 * Run from the top of the tree (make check does). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>

#include "check/check.h"
#include "run/pipeline.h"
#include "core/diag.h"
#include "emit/emit.h"
#include "core/ir.h"
#include "load/load.h"
#include "core/out_set.h"

#define BAD_DIR "tests/bad"

/* Seconds any one hostile input may take (generous: ASan, valgrind). */
#define SLOW_SECONDS 30.0

/* ---- the entity loader that never loads ------------------------------- */

static int fetches;
static char last_fetch[512];
static xmlExternalEntityLoader default_loader;

/* libxml2 opens the document itself through the same loader, with no
 * input open yet; anything else (an entity, a DTD) is a fetch. */
static xmlParserInputPtr refuse_fetch(const char *url, const char *id,
                                      xmlParserCtxtPtr ctxt)
{
    if (ctxt && ctxt->inputNr == 0 && default_loader)
        return default_loader(url, id, ctxt);
    fetches++;
    snprintf(last_fetch, sizeof last_fetch, "%s", url ? url : id ? id : "?");
    return NULL;
}

static int setup_loader(void **state)
{
    (void)state;
    if (!default_loader)
        default_loader = xmlGetExternalEntityLoader();
    xmlSetExternalEntityLoader(refuse_fetch);
    return 0;
}

/* ---- running a spec ------------------------------------------------------ */

typedef struct result {
    int usable;   /* loaded and checked without errors */
    int errors;
    int warnings;
    char *log;    /* every diagnostic (malloc'd) */
    char *output; /* every emitted file, concatenated, when usable */
    double seconds;
} result;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Load and check, as `hwcgen check` runs them; when the spec is usable,
 * also every emitter into memory, so a test can search the output for
 * text that must never get there. */
static result run_spec(const char *path)
{
    result r = {0};
    hw_diag d;
    diag_init(&d, NULL);
    double start = now();
    hw_run run;
    run_init(&run, &d);
    char *paths[] = {(char *)path};
    if (run_load_check(&run, paths, 1) == 0) {
        r.usable = 1;
        hw_buf all;
        buf_init(&all);
        if (run_emit(&run, NULL, NULL) == 0)
            for (int i = 0; i < run.out.nfiles; i++)
                buf_putn(&all, run.out.files[i].data, run.out.files[i].len);
        r.output = buf_steal(&all);
    }
    run_free(&run);
    r.seconds = now() - start;
    r.errors = d.errors;
    r.warnings = d.warnings;
    r.usable = r.usable && d.errors == 0;
    r.log = buf_steal(&d.log);
    diag_free(&d);
    return r;
}

static void result_free(result *r)
{
    free(r->log);
    free(r->output);
}

static int contains(const char *hay, const char *needle)
{
    return hay && strstr(hay, needle) != NULL;
}

/* ---- the catalogue -------------------------------------------------------- */


static int is_spec(const char *name)
{
    size_t n = strlen(name);
    return (n > 5 && strcmp(name + n - 5, ".json") == 0) ||
           (n > 4 && strcmp(name + n - 4, ".xml") == 0);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Check one spec against its .expect; prints and returns the problems. */
static int check_one(const char *name)
{
    char path[512], expect_path[520];
    snprintf(path, sizeof path, "%s/%s", BAD_DIR, name);
    snprintf(expect_path, sizeof expect_path, "%s.expect", path);
    char *expect = read_file(expect_path, NULL);
    if (!expect) {
        printf("FAIL %s: no %s\n", path, expect_path);
        return 1;
    }
    int fetched = fetches;
    result r = run_spec(path);
    hw_buf why;
    buf_init(&why);
    int want_warning = contains(expect, "warning:");
    char *save = NULL;
    for (char *line = strtok_r(expect, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (line[0] == '!') {
            if (contains(r.log, line + 1) || contains(r.output, line + 1))
                buf_printf(&why, "  must not appear, but does: %s\n", line + 1);
        } else if (!contains(r.log, line)) {
            buf_printf(&why, "  expected in the diagnostics: %s\n", line);
        }
    }
    if (want_warning && (!r.usable || r.warnings == 0))
        buf_printf(&why, "  expected to load with a warning (%d errors)\n",
                   r.errors);
    if (!want_warning && r.usable)
        buf_printf(&why, "  expected to be rejected, but it loaded and "
                   "checked\n");
    if (fetches != fetched)
        buf_printf(&why, "  tried to fetch %s\n", last_fetch);
    if (r.seconds > SLOW_SECONDS)
        buf_printf(&why, "  took %.1f s\n", r.seconds);
    int failed = 0;
    if (why.len) {
        printf("FAIL %s:\n%s  diagnostics were:\n%s", path, why.data,
               r.log && *r.log ? r.log : "  (none)\n");
        failed = 1;
    }
    buf_free(&why);
    result_free(&r);
    free(expect);
    return failed;
}

static void test_catalogue(void **state)
{
    (void)state;
    DIR *dir = opendir(BAD_DIR);
    assert_non_null(dir);
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        if (!is_spec(e->d_name))
            continue;
        names = realloc(names, (n + 1) * sizeof *names);
        assert_non_null(names);
        names[n++] = strdup(e->d_name);
    }
    closedir(dir);
    qsort(names, n, sizeof *names, by_name);
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        failures += check_one(names[i]);
        free(names[i]);
    }
    free(names);
    printf("bad inputs: %zu specs, %d failed\n", n, failures);
    assert_true(n >= 40);
    assert_int_equal(failures, 0);
    assert_int_equal(fetches, 0);
}

/* ---- generated inputs ----------------------------------------------------- */

static char tmpdir[64];

static int make_tmpdir(void **state)
{
    setup_loader(state);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/hwcgen-bad-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
    (void)state;
    DIR *dir = opendir(tmpdir);
    if (dir) {
        for (struct dirent *e; (e = readdir(dir)) != NULL;) {
            char p[600];
            snprintf(p, sizeof p, "%s/%s", tmpdir, e->d_name);
            if (e->d_name[0] != '.')
                unlink(p);
        }
        closedir(dir);
    }
    rmdir(tmpdir);
    return 0;
}

/* Write tmpdir/name (its path into `path`): head, unit repeated, unit2
 * repeated, tail. */
static void write_file(char *path, size_t size, const char *name,
                       const char *head, const char *unit, size_t repeat,
                       const char *unit2, size_t repeat2, const char *tail)
{
    snprintf(path, size, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(head, f);
    for (size_t i = 0; i < repeat; i++)
        fputs(unit, f);
    for (size_t i = 0; i < repeat2; i++)
        fputs(unit2, f);
    fputs(tail, f);
    assert_int_equal(fclose(f), 0);
}

/* Run a generated spec: rejected, in time, with `want` in the log. */
static void expect_rejected(const char *path, const char *want)
{
    result r = run_spec(path);
    printf("  %s: %.2f s, %d errors; first: %.*s", strrchr(path, '/') + 1,
           r.seconds, r.errors,
           (int)(r.log ? strcspn(r.log, "\n") + 1 : 0), r.log ? r.log : "");
    if (!contains(r.log, want) || r.usable)
        printf("  wanted '%s' in:\n%s", want, r.log ? r.log : "");
    assert_false(r.usable);
    assert_true(contains(r.log, want));
    assert_true(r.seconds < SLOW_SECONDS);
    result_free(&r);
}

static const char telemetry_head[] =
    "{\"product_configuration\": {\"product_name\": \"Deep\", "
    "\"part_num\": \"0xd40\", \"implementer\": \"0x41\"},\n"
    " \"events\": {\"CPU_CYCLES\": {\"code\": \"0x11\", \"title\": \"C\", "
    "\"description\": \"C\"}},\n"
    " \"groups\": {},\n"
    " \"metrics\": {\"m\": {\"title\": \"M\", \"description\": \"M\", "
    "\"units\": \"x\", \"formula\": \"";
static const char telemetry_tail[] = "\"}}}\n";

static const char model_head[] =
    "<?xml version=\"1.0\"?>\n"
    "<perf-model id=\"deep\" slug=\"deep\" vendor=\"arm\" name=\"Deep\" "
    "kind=\"model\" source=\"tests\">\n"
    "  <description>Deep.</description>\n"
    "  <constants/>\n"
    "  <inputs><input name=\"x\" title=\"X\" units=\"u\" min=\"0\">X.</input></inputs>\n"
    "  <values/>\n"
    "  <outputs><output name=\"y\" title=\"Y\" units=\"u\">\n    <expr>";
static const char model_tail[] =
    "</expr>\n    <description>Y.</description>\n  </output></outputs>\n"
    "</perf-model>\n";

enum { DEEP = 1000000 };

static void test_deep_json(void **state)
{
    (void)state;
    char path[256];
    write_file(path, sizeof path, "deep-array.json", "", "[", DEEP, "]", DEEP, "\n");
    expect_rejected(path, "deep-array.json:1:");
    write_file(path, sizeof path, "deep-object.json", "", "{\"a\":", DEEP, "}", DEEP, "\n");
    expect_rejected(path, "JSON syntax error");
    /* Formulas: a million parentheses, a million unary minuses. */
    write_file(path, sizeof path, "deep-formula.json", telemetry_head, "(", DEEP,
               ")", DEEP, telemetry_tail);
    expect_rejected(path, "metric 'm': formula column");
    expect_rejected(path, "nested too deeply");
    write_file(path, sizeof path, "deep-minus.json", telemetry_head, "-", DEEP,
               "", 0, "CPU_CYCLES\"}}}\n");
    expect_rejected(path, "nested too deeply");
    /* No parenthesis at all, yet a million levels: "a+a+...+a" is a
     * left-leaning tree as deep as it is long (a stack overflow in the
     * checker until the parser counted chains as nesting). */
    write_file(path, sizeof path, "long-chain.json", telemetry_head,
               "CPU_CYCLES+", DEEP, "", 0, "CPU_CYCLES\"}}}\n");
    expect_rejected(path, "formula too deep for hwcgen (hwcgen's limit is 256 levels, and "
                          "each operator of a chain such as a+b+c is one");
    write_file(path, sizeof path, "long-product.json", telemetry_head,
               "CPU_CYCLES*2/", DEEP, "", 0, "CPU_CYCLES\"}}}\n");
    expect_rejected(path, "formula too deep for hwcgen (hwcgen's limit is 256 levels");
}

static void test_deep_xml(void **state)
{
    (void)state;
    char path[256];
    write_file(path, sizeof path, "deep-elements.xml",
               "<?xml version=\"1.0\"?>\n<perf-model>\n", "<a>", DEEP, "</a>",
               DEEP, "</perf-model>\n");
    expect_rejected(path, "deep-elements.xml:3:");
    write_file(path, sizeof path, "deep-formula.xml", model_head, "(", DEEP,
               ")", DEEP, model_tail);
    expect_rejected(path, "output 'y': formula column");
    expect_rejected(path, "nested too deeply");
    write_file(path, sizeof path, "deep-minus.xml", model_head, "- ", DEEP, "",
               0, "x" "</expr>\n    <description>Y.</description>\n"
               "  </output></outputs>\n</perf-model>\n");
    expect_rejected(path, "nested too deeply");
    write_file(path, sizeof path, "long-chain.xml", model_head, "x - ", DEEP, "",
               0, "x" "</expr>\n    <description>Y.</description>\n"
               "  </output></outputs>\n</perf-model>\n");
    expect_rejected(path, "output 'y': formula column");
}

/* A key repeated 200,000 times, and 200,000 keys of which one repeats:
 * both once took minutes (and gigabytes) numbering the copies. */
static void test_repeated_keys(void **state)
{
    (void)state;
    char path[256];
    write_file(path, sizeof path, "same-key.json", "{\"events\": {",
               "\"A\": {}, ", 200000, "", 0, "\"A\": {}}}\n");
    expect_rejected(path, "same-key.json:1: error: events.A");
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, "{\"product_configuration\": {\"product_name\": \"R\", "
             "\"part_num\": \"0xd40\", \"implementer\": \"0x41\"},\n"
             " \"metrics\": {}, \"groups\": {}, \"events\": {\n");
    for (int i = 0; i < 200000; i++)
        buf_printf(&b, "\"E%d\": {\"code\": \"0x11\", \"title\": \"t\", "
                   "\"description\": \"d\"},\n", i);
    buf_puts(&b, "\"E7\": {\"code\": \"0x11\", \"title\": \"t\", "
             "\"description\": \"d\"}}}\n");
    write_file(path, sizeof path, "one-repeat.json", b.data, "", 0, "", 0, "");
    buf_free(&b);
    expect_rejected(path, "one-repeat.json:200003: error: events.E7");
}

/* Metrics built on metrics: a chain 3,000 long, and 40 levels where each
 * uses the next twice (2^40 paths). Valid specs: they load, check and
 * render in time, and no emitter that writes metrics out recursively may
 * overflow the stack or blow up (emit_perf did both). */
static void test_metric_chains(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int n;
        const char *use; /* formula of metric i; printf gets i + 1 twice */
    } shapes[] = {{"metric-chain.json", 3000, "m%d * 2 + 1"},
                  {"metric-diamond.json", 40, "m%d + m%d * 2"}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        hw_buf b;
        buf_init(&b);
        buf_puts(&b, "{\"product_configuration\": {\"product_name\": \"C\", "
                 "\"part_num\": \"0xd40\", \"implementer\": \"0x41\"},\n"
                 " \"events\": {\"CPU_CYCLES\": {\"code\": \"0x11\", "
                 "\"title\": \"C\", \"description\": \"C\"}},\n"
                 " \"groups\": {}, \"metrics\": {\n");
        for (int i = 0; i < shapes[s].n; i++) {
            buf_printf(&b, "\"m%d\": {\"title\": \"M\", \"description\": "
                       "\"M\", \"units\": \"x\", \"formula\": \"", i);
            if (i + 1 < shapes[s].n)
                buf_printf(&b, shapes[s].use, i + 1, i + 1);
            else
                buf_puts(&b, "CPU_CYCLES");
            buf_puts(&b, i + 1 < shapes[s].n ? "\"},\n" : "\"}}}\n");
        }
        char path[256];
        write_file(path, sizeof path, shapes[s].name, b.data, "", 0, "", 0, "");
        buf_free(&b);
        result r = run_spec(path);
        printf("  %s: %.2f s, %s, %d errors, %d warnings\n", shapes[s].name,
               r.seconds, r.usable ? "usable" : "rejected", r.errors,
               r.warnings);
        if (!r.usable)
            printf("%s", r.log ? r.log : "");
        assert_true(r.usable);
        assert_true(r.seconds < SLOW_SECONDS);
        result_free(&r);
    }
}

/* 100 MB strings: rejected (or handled) without crashing, quickly. */
static void test_huge_strings(void **state)
{
    (void)state;
    char path[256];
    static char mb[1024 * 1024 + 1];
    memset(mb, 'x', sizeof mb - 1);
    write_file(path, sizeof path, "huge-string.json", telemetry_head, mb, 100,
               "", 0, telemetry_tail);
    expect_rejected(path, "huge-string.json: error:");
    unlink(path);
    write_file(path, sizeof path, "huge-attribute.xml",
               "<?xml version=\"1.0\"?>\n<perf-model id=\"", mb, 100, "", 0,
               "\"/>\n");
    expect_rejected(path, "huge-attribute.xml:2:");
    unlink(path);
    write_file(path, sizeof path, "huge-text.xml",
               "<?xml version=\"1.0\"?>\n<perf-model><description>", mb, 100, "",
               0, "</description></perf-model>\n");
    expect_rejected(path, "huge-text.xml:2:");
    unlink(path);
}

/* External entities naming a file this test just wrote: every way of
 * pulling it in is refused, nothing is fetched, and its contents appear
 * neither in the diagnostics nor, if a variant loads, in any output. */
static void test_external_entities(void **state)
{
    (void)state;
    char secret[256], token[64];
    snprintf(token, sizeof token, "SECRET-%ld-%d", (long)getpid(), rand());
    write_file(secret, sizeof secret, "secret.txt", token, "", 0, "", 0, "\n");
    static const char *const variants[][2] = {
        {"xxe-general.xml",
         "<!DOCTYPE perf-model [<!ENTITY s SYSTEM \"file://%s\">]>\n"},
        {"xxe-plain-path.xml", "<!DOCTYPE perf-model [<!ENTITY s SYSTEM \"%s\">]>\n"},
        {"xxe-parameter.xml",
         "<!DOCTYPE perf-model [<!ENTITY %% p SYSTEM \"file://%s\"> %%p;]>\n"},
        {"xxe-external-dtd.xml", "<!DOCTYPE perf-model SYSTEM \"%s\">\n"},
        {"xxe-network-dtd.xml",
         "<!DOCTYPE perf-model PUBLIC \"-//hwcgen//x//EN\" "
         "\"http://127.0.0.1:9/%s.dtd\">\n"},
    };
    int before = fetches;
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        char doctype[600], head[1200], path[256];
        snprintf(doctype, sizeof doctype, variants[i][1], secret);
        snprintf(head, sizeof head, "<?xml version=\"1.0\"?>\n%s"
                 "<perf-model id=\"xxe\" slug=\"xxe\" vendor=\"arm\" name=\"X\" "
                 "kind=\"model\" source=\"tests\">\n  <description>", doctype);
        const char *use = strstr(variants[i][1], "ENTITY s") ? "&s;" : "text";
        write_file(path, sizeof path, variants[i][0], head, use, 1, "", 0,
                   "</description>\n  <constants/>\n  <inputs><input name=\"x\" "
                   "title=\"X\" units=\"u\" min=\"0\">X.</input></inputs>\n"
                   "  <values/>\n  <outputs><output name=\"y\" title=\"Y\" "
                   "units=\"u\"><expr>x</expr><description>Y.</description>"
                   "</output></outputs>\n</perf-model>\n");
        result r = run_spec(path);
        printf("  %s: %s\n", variants[i][0], r.usable ? "loaded" : "rejected");
        assert_false(contains(r.log, token));
        assert_false(contains(r.output, token));
        assert_false(r.usable);
        assert_true(contains(r.log, "DOCTYPE"));
        result_free(&r);
    }
    if (fetches != before)
        printf("  fetched: %s\n", last_fetch);
    assert_int_equal(fetches, before);
}

/* Billion laughs, a million laughs wide: never expanded, quickly refused. */
static void test_entity_bomb(void **state)
{
    (void)state;
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, "<?xml version=\"1.0\"?>\n<!DOCTYPE perf-model [\n"
             "  <!ENTITY l0 \"laughlaughlaughlaughlaughlaughlaughlaugh\">\n");
    for (int i = 1; i <= 12; i++) {
        buf_printf(&b, "  <!ENTITY l%d \"", i);
        for (int k = 0; k < 16; k++)
            buf_printf(&b, "&l%d;", i - 1);
        buf_puts(&b, "\">\n");
    }
    buf_puts(&b, "]>\n<perf-model id=\"&l12;\" slug=\"b\" vendor=\"v\" "
             "name=\"&l12;\" kind=\"model\" source=\"s\">"
             "<description>&l12;</description></perf-model>\n");
    char path[256];
    write_file(path, sizeof path, "bomb.xml", b.data, "", 0, "", 0, "");
    buf_free(&b);
    result r = run_spec(path);
    printf("  bomb.xml: %.2f s, %d errors\n", r.seconds, r.errors);
    assert_false(r.usable);
    assert_true(r.seconds < SLOW_SECONDS);
    assert_false(contains(r.log, "laughlaughlaughlaughlaughlaughlaughlaughlaugh"));
    result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_catalogue, setup_loader),
        cmocka_unit_test(test_deep_json),
        cmocka_unit_test(test_deep_xml),
        cmocka_unit_test(test_repeated_keys),
        cmocka_unit_test(test_metric_chains),
        cmocka_unit_test(test_huge_strings),
        cmocka_unit_test(test_external_entities),
        cmocka_unit_test(test_entity_bomb),
    };
    return cmocka_run_group_tests_name("bad inputs", tests, make_tmpdir,
                                       remove_tmpdir);
}
