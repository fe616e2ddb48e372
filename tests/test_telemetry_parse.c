/* The telemetry loader's two ways through a document agree.
 *
 * Normally a document's "events" and "metrics" are parsed one member at a
 * time (never one tree); an unusual document is parsed whole instead
 * (load.h). For every JSON spec, broken spec, fuzzing input and the edge
 * cases below, loading and checking it both ways must give the same
 * diagnostics, byte for byte, and the same IR. The shipped specs must take
 * the member-by-member way, and the edge cases say which way they take.
 */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "check.h"
#include "diag.h"
#include "expr.h"
#include "ir.h"
#include "load.h"
#include "test_util.h"

/* ---- a text picture of what the loader built ---------------------------- */

static void put_loc(hw_buf *b, const hw_loc *loc)
{
    buf_printf(b, " @%s:%d", loc->path ? loc->path : "-", loc_line(loc));
}

static void put_strings(hw_buf *b, const char *what, const char **s, int n)
{
    buf_printf(b, " %s[%d]", what, n);
    for (int i = 0; i < n; i++)
        buf_printf(b, " %s", s[i] ? s[i] : "(null)");
}

#define STR(s) ((s) ? (s) : "(null)")

static void put_metric(hw_buf *b, const hw_metric *m)
{
    buf_printf(b, "metric %s|%s|%s|%s|%s", m->name, STR(m->title),
               STR(m->description), STR(m->units), STR(m->formula));
    put_loc(b, &m->loc);
    put_loc(b, &m->formula_loc);
    if (m->expr) {
        buf_puts(b, " expr ");
        expr_print(b, m->expr, EXPR_STYLE_PERF, NULL, NULL);
    }
    put_strings(b, "groups", m->groups, m->ngroups);
    put_strings(b, "events", m->events, m->nevents);
    put_strings(b, "sample", m->sample_events, m->nsample_events);
    buf_putc(b, '\n');
}

static void put_methodology(hw_buf *b, const hw_methodology *m)
{
    buf_printf(b, "methodology %s|%s|%s", m->name, STR(m->title), STR(m->description));
    put_loc(b, &m->loc);
    for (int i = 0; i < m->nstages; i++)
        put_strings(b, m->stages[i].name, m->stages[i].groups, m->stages[i].ngroups);
    put_strings(b, "roots", m->roots, m->nroots);
    for (int i = 0; i < m->nnodes; i++) {
        const hw_tree_node *n = &m->nodes[i];
        buf_printf(b, "\n  node %s|%s", n->name, STR(n->group));
        put_loc(b, &n->loc);
        put_strings(b, "next", n->next, n->nnext);
        put_strings(b, "sample", n->sample_events, n->nsample_events);
    }
    buf_putc(b, '\n');
}

static char *picture(const hw_target *t)
{
    hw_buf b;
    buf_init(&b);
    buf_printf(&b, "%s|%s|%s|%s|%s|%s|%s|%s|%u|%u|%d|%d|%d|%d|%d\n", STR(t->format),
               STR(t->name), STR(t->id), STR(t->slug), STR(t->vendor), STR(t->description),
               STR(t->architecture), STR(t->pmu_architecture), t->implementer,
               t->part_num, t->major_revision, t->minor_revision, t->num_slots,
               t->num_bus_slots, t->num_counters);
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        buf_printf(&b, "event %s|%d|%u|%s|%s|%s|%u", e->name, e->has_code, e->code,
                   STR(e->title), STR(e->description), STR(e->note), e->flags);
        put_loc(&b, &e->loc);
        buf_putc(&b, '\n');
    }
    for (int i = 0; i < t->nmetrics; i++)
        put_metric(&b, &t->metrics[i]);
    for (int i = 0; i < t->ngroups; i++) {
        const hw_group *g = &t->groups[i];
        buf_printf(&b, "group %d %s|%s|%s", (int)g->kind, g->name, STR(g->title),
                   STR(g->description));
        put_loc(&b, &g->loc);
        put_strings(&b, "members", g->members, g->nmembers);
        for (int k = 0; g->member_locs && k < g->nmembers; k++)
            put_loc(&b, &g->member_locs[k]);
        buf_putc(&b, '\n');
    }
    for (int i = 0; i < t->nmethodologies; i++)
        put_methodology(&b, &t->methodologies[i]);
    return buf_steal(&b);
}

/* ---- one document both ways --------------------------------------------- */

typedef struct outcome {
    int rc;        /* load, then check */
    char *log;     /* every diagnostic */
    char *ir;      /* picture() of the loaded target, or NULL */
} outcome;

static outcome load_as(telemetry_parse how, const char *name, const char *text,
                       size_t len)
{
    outcome o = {0, NULL, NULL};
    hw_diag d;
    diag_init(&d, NULL);
    d.verbose = 1; /* notes about unknown keys are compared too */
    hw_target *t = target_create(name);
    assert_non_null(t);
    load_telemetry_parse = how;
    o.rc = load_telemetry(t, text, len, &d);
    load_telemetry_parse = TELEMETRY_AUTO;
    if (o.rc == 0) {
        o.ir = picture(t);
        o.rc = check_target(t, &d) == 0 ? 0 : 1;
    }
    o.log = buf_steal(&d.log);
    target_free(t);
    diag_free(&d);
    return o;
}

static void outcome_free(outcome *o)
{
    free(o->log);
    free(o->ir);
}

/* Both ways agree; returns whether the member-by-member way took it. */
static int agree(const char *name, const char *text, size_t len)
{
    outcome whole = load_as(TELEMETRY_WHOLE_TREE, name, text, len);
    outcome aut = load_as(TELEMETRY_AUTO, name, text, len);
    outcome streamed = load_as(TELEMETRY_STREAMED_ONLY, name, text, len);
    int took = !strstr(streamed.log, "not loadable member by member");
    if (whole.rc != aut.rc || strcmp(whole.log, aut.log) != 0 ||
        !whole.ir != !aut.ir || (whole.ir && strcmp(whole.ir, aut.ir) != 0))
        fail_msg("%s: the two parses differ\n-- whole tree (rc %d):\n%s%s\n-- "
                 "automatic (rc %d):\n%s%s", name, whole.rc, whole.log,
                 whole.ir ? whole.ir : "", aut.rc, aut.log, aut.ir ? aut.ir : "");
    outcome_free(&whole);
    outcome_free(&aut);
    outcome_free(&streamed);
    return took;
}

/* A file gone since the directory was listed (a fuzzer reducing its
 * corpus meanwhile) is skipped: -1. */
static int agree_file(const char *path)
{
    size_t len = 0;
    errno = 0;
    char *text = read_file(path, &len);
    if (!text && errno == ENOENT)
        return -1;
    if (!text)
        fail_msg("cannot read %s", path);
    int took = agree(path, text, len);
    free(text);
    return took;
}

/* Every file in dir whose name ends with `suffix` (NULL: every file);
 * returns how many took the member-by-member way, *n how many there were. */
static int agree_dir(const char *dir, const char *suffix, int *n)
{
    DIR *dp = opendir(dir);
    int took = 0;
    *n = 0;
    if (!dp)
        return 0;
    for (struct dirent *e; (e = readdir(dp)) != NULL;) {
        size_t len = strlen(e->d_name), sl = suffix ? strlen(suffix) : 0;
        if (e->d_name[0] == '.' || len < sl || (suffix && strcmp(e->d_name + len - sl, suffix)))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        int took_it = agree_file(path);
        if (took_it >= 0) {
            took += took_it;
            ++*n;
        }
    }
    closedir(dp);
    return took;
}

/* ---- tests -------------------------------------------------------------- */

static void test_specs_load_member_by_member(void **state)
{
    (void)state;
    int n;
    int took = agree_dir("spec/arm", ".json", &n);
    assert_true(n >= 1);
    assert_int_equal(took, n);
}

static void test_broken_specs(void **state)
{
    (void)state;
    int n;
    agree_dir("tests/bad", ".json", &n);
    assert_true(n >= 20);
}

/* The committed fuzzing inputs, and when present the corpus fuzzing grew
 * (make fuzz keeps it under .build/). */
static void test_fuzzing_inputs(void **state)
{
    (void)state;
    int n, total = 0;
    agree_dir("tests/fuzz/regressions/fuzz_telemetry", NULL, &n);
    total += n;
    agree_dir("tests/fuzz/corpus/fuzz_telemetry", NULL, &n);
    total += n;
    agree_dir(".build/fuzz/corpus/fuzz_telemetry", NULL, &n);
    total += n;
    assert_true(total >= 10);
}

#define HEAD "{\"product_configuration\": {\"product_name\": \"T\"}, "
#define EV(k) "\"" k "\": {\"code\": \"0x11\", \"title\": \"C\", \"description\": \"D.\"}"
#define MET "\"metrics\": {\"m\": {\"title\": \"M\", \"description\": \"D.\", " \
            "\"units\": \"u\", \"formula\": \"A / B\"}}"

static void expect_way(const char *text, int member_by_member)
{
    int took = agree(text, text, strlen(text));
    if (took != member_by_member)
        fail_msg("expected the %s way for:\n%s", member_by_member ? "member-by-member"
                 : "whole-tree", text);
}

static void test_edge_cases(void **state)
{
    (void)state;
    /* Taken member by member. */
    expect_way(HEAD "\"events\": {" EV("A") ", " EV("B") "}, " MET "}", 1);
    expect_way(HEAD "\"events\": {}, \"metrics\": {}}", 1);
    expect_way(HEAD "\"events\": {" EV("A\\u0042") "}, " MET "} trailing", 1);
    expect_way(HEAD "\"events\": [], " MET "}", 1);          /* not an object */
    expect_way(HEAD "\"events\": {\"A\": 5}, " MET "}", 1);  /* member not one */
    expect_way(HEAD "\"events\" :\n\t{ " EV("A") " ,\r\n" EV("B") " } , " MET "}", 1);
    expect_way(HEAD "\"events\": {" EV("A") "}, \"x\": [1, {\"y\": null}], " MET "}", 1);
    /* Given to the whole-tree parse, which reports what is wrong. */
    expect_way("\xEF\xBB\xBF" HEAD "\"events\": {" EV("A") "}, " MET "}", 0);
    expect_way(HEAD "\"events\": {" EV("A") ", " EV("A") "}, " MET "}", 0);
    expect_way(HEAD "\"events\": {\"A\": {\"code\": \"0x11\", \"code\": \"0x12\"}}, " MET "}", 0);
    expect_way(HEAD "\"events\": {" EV("A") "}, " MET ", \"metrics\": {}}", 0);
    expect_way(HEAD "\"events\": {" EV("A") ", " EV("B") ",}, " MET "}", 0);
    expect_way(HEAD "\"events\": {" EV("A") " " EV("B") "}, " MET "}", 0);
    expect_way(HEAD "\"events\": {\"A\": {\"code\": 0x11}}, " MET "}", 0);
    expect_way(HEAD "\"events\": {\"A\": {\"t\": [1, 2}}}, " MET "}", 0);
    expect_way(HEAD "\"events\": {\"A\": tru}, " MET "}", 0);
    expect_way(HEAD "\"events\": {\"A\\x\": {}}, " MET "}", 0);
    expect_way(HEAD "\"events\": {" EV("A") "}, " MET, 0);
    expect_way(HEAD "\"events\": {\"A\": {\"title\": \"unterminated}}}", 0);
    expect_way("[" HEAD "]", 0);
    expect_way("", 0);
}

/* A value nested past the scan's limit goes to the whole-tree parse, whose
 * depth limit counts from the document's root. */
static void test_deep_member(void **state)
{
    (void)state;
    for (int depth = 890; depth <= 1010; depth += 4) {
        size_t cap = 256 + 2 * (size_t)depth;
        char *text = malloc(cap);
        assert_non_null(text);
        size_t n = (size_t)snprintf(text, cap, "%s\"events\": {\"A\": ", HEAD);
        for (int i = 0; i < depth; i++)
            text[n++] = '[';
        for (int i = 0; i < depth; i++)
            text[n++] = ']';
        n += (size_t)snprintf(text + n, cap - n, "}}");
        agree("deep", text, n);
        free(text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_specs_load_member_by_member),
        cmocka_unit_test(test_broken_specs),
        cmocka_unit_test(test_fuzzing_inputs),
        cmocka_unit_test(test_edge_cases),
        cmocka_unit_test(test_deep_member),
    };
    return cmocka_run_group_tests_name("telemetry_parse", tests, NULL, NULL);
}
