/* Diagnostics for broken Arm telemetry JSON: each variant of one small,
 * valid document breaks one thing, is written to a temporary .json file and
 * goes through load_spec() + check_target(). The test asserts the outcome
 * and the exact diagnostic a user sees: file:line[:col], level, JSON path
 * and message naming the offending item.
 *
 * The document is written with ' for JSON's " to stay readable; doc()
 * swaps them. Line numbers in the expectations are those of the comments
 * next to BASE: every variant changes text inside lines and never adds or
 * removes a line (JSON does not care how members are spread over lines).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "check/check.h"
#include "core/diag.h"
#include "core/interp.h"
#include "core/ir.h"
#include "load/load.h"

#define EV_CYCLES                                                             \
    "    'CPU_CYCLES': {'code': '0x0011', 'title': 'Cycles', "                \
    "'description': 'Core clock cycles.'},\n"
#define EV_INST                                                               \
    "    'INST_RETIRED': {'code': '0x0008', 'title': 'Instructions', "        \
    "'description': 'Instructions retired.'},\n"
#define EV_STALL                                                              \
    "    'STALL_SLOT': {'code': '0x003F', 'title': 'Stalled slots', "         \
    "'description': 'Slots with no operation.'}\n"

static const char BASE[] =
    "{\n"                                                          /*  1 */
    "  '$schema': 'v1.0.schema.json',\n"                           /*  2 */
    "  'product_configuration': {\n"                               /*  3 */
    "    'product_name': 'Test Core',\n"                           /*  4 */
    "    'part_num': '0xabc',\n"                                   /*  5 */
    "    'implementer': '0x41',\n"                                 /*  6 */
    "    'num_slots': 4, 'num_counters': 6\n"                       /*  7 */
    "  },\n"                                                       /*  8 */
    "  'events': {\n"                                              /*  9 */
    EV_CYCLES                                                      /* 10 */
    EV_INST                                                        /* 11 */
    EV_STALL                                                       /* 12 */
    "  },\n"                                                       /* 13 */
    "  'metrics': {\n"                                             /* 14 */
    "    'ipc': {\n"                                               /* 15 */
    "      'title': 'IPC',\n"                                      /* 16 */
    "      'description': 'Instructions per cycle.',\n"            /* 17 */
    "      'units': 'per cycle',\n"                                /* 18 */
    "      'formula': 'INST_RETIRED / CPU_CYCLES',\n"              /* 19 */
    "      'events': ['INST_RETIRED', 'CPU_CYCLES']\n"             /* 20 */
    "    },\n"                                                     /* 21 */
    "    'stall_ratio': {\n"                                       /* 22 */
    "      'title': 'Stall ratio',\n"                              /* 23 */
    "      'description': 'Share of slots that stalled.',\n"       /* 24 */
    "      'units': 'percent of slots',\n"                         /* 25 */
    "      'formula': 'STALL_SLOT / (4 * CPU_CYCLES) * 100',\n"    /* 26 */
    "      'events': ['STALL_SLOT', 'CPU_CYCLES']\n"               /* 27 */
    "    }\n"                                                      /* 28 */
    "  },\n"                                                       /* 29 */
    "  'groups': {\n"                                              /* 30 */
    "    'function': {\n"                                          /* 31 */
    "      'General': {'title': 'General', 'description': 'Basic events.', "
    "'events': ['CPU_CYCLES', 'INST_RETIRED', 'STALL_SLOT']}\n"    /* 32 */
    "    },\n"                                                     /* 33 */
    "    'metrics': {\n"                                           /* 34 */
    "      'Basic': {\n"                                           /* 35 */
    "        'title': 'Basic',\n"                                  /* 36 */
    "        'description': 'Basic metrics.',\n"                   /* 37 */
    "        'metrics': [\n"                                       /* 38 */
    "          'ipc',\n"                                           /* 39 */
    "          'stall_ratio'\n"                                    /* 40 */
    "        ]\n"                                                  /* 41 */
    "      }\n"                                                    /* 42 */
    "    }\n"                                                      /* 43 */
    "  },\n"                                                       /* 44 */
    "  'methodologies': {\n"                                       /* 45 */
    "    'topdown': {\n"                                           /* 46 */
    "      'title': 'Topdown',\n"                                  /* 47 */
    "      'description': 'Look at stalls first, then at throughput.',\n" /* 48 */
    "      'metric_grouping': {'stage_1': ['Basic']},\n"           /* 49 */
    "      'decision_tree': {\n"                                   /* 50 */
    "        'root_nodes': ['stall_ratio'],\n"                     /* 51 */
    "        'metrics': [\n"                                       /* 52 */
    "          {'name': 'stall_ratio', 'group': 'Basic', 'next_items': ['ipc'], "
    "'sample_events': ['STALL_SLOT']}\n"                           /* 53 */
    "        ]\n"                                                  /* 54 */
    "      }\n"                                                    /* 55 */
    "    }\n"                                                      /* 56 */
    "  }\n"                                                        /* 57 */
    "}\n";                                                         /* 58 */

/* ---- the temporary spec file ---------------------------------------------- */

static char dir[64];
static char path[128];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/hwcgen-telemetry-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/spec.json", dir);
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    unlink(path);
    rmdir(dir);
    return 0;
}

/* What the running test holds, freed by cleanup() even when an assertion
 * fails and jumps out of the test. */
static char *json;
static hw_diag d;
static int d_live;
static hw_target *target;

static int cleanup(void **state)
{
    (void)state;
    free(json);
    json = NULL;
    if (d_live)
        diag_free(&d);
    d_live = 0;
    target_free(target);
    target = NULL;
    return 0;
}

/* BASE with each (old, new) pair of subs applied (old must occur exactly
 * once), then ' -> ". Caller frees. */
static char *doc(const char *const *subs)
{
    char *text = strdup(BASE);
    assert_non_null(text);
    for (int i = 0; subs && subs[i]; i += 2) {
        const char *old = subs[i], *new_text = subs[i + 1];
        char *at = strstr(text, old);
        if (!at || strstr(at + 1, old))
            fail_msg("substitution '%s' must match exactly once", old);
        size_t head = (size_t)(at - text), n_old = strlen(old), n_new = strlen(new_text);
        char *out = malloc(strlen(text) - n_old + n_new + 1);
        assert_non_null(out);
        memcpy(out, text, head);
        memcpy(out + head, new_text, n_new);
        strcpy(out + head + n_new, at + n_old);
        free(text);
        text = out;
    }
    for (char *p = text; *p; p++)
        if (*p == '\'')
            *p = '"';
    return text;
}

/* Write `text` to the spec file, then load and check it with the static
 * diagnostics d. Returns 0 when both succeed; *out (when given) receives
 * the target, else it is freed. */
static int run(const char *text, int verbose, hw_target **out)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        fail_msg("cannot write %s: %s", path, strerror(errno));
    fputs(text, f);
    fclose(f);
    diag_init(&d, NULL);
    d_live = 1;
    d.verbose = verbose;
    hw_target *t = load_spec(path, &d);
    int rc = t ? check_target(t, &d) : -1;
    if (out && rc == 0)
        *out = t;
    else
        target_free(t);
    return rc;
}

static const char *log_of(const hw_diag *dg)
{
    return dg->log.data ? dg->log.data : "";
}

/* ---- the variants ----------------------------------------------------------- */

typedef struct variant {
    const char *name;
    const char *subs[7]; /* (old, new) pairs, NULL-terminated */
    int verbose;
    int ok;              /* load and check succeed (warnings, notes allowed) */
    int errors, warnings;
    /* the diagnostic: "<file>:<line>[:<col>]: <level>: [<path>: ]<message>",
     * with '@' in message standing for the spec file's name */
    int line, col;
    const char *level;
    const char *jpath;
    const char *message;
} variant;

static const variant VARIANTS[] = {
    /* ---- JSON syntax: line and column of the offending token ---- */
    {"syntax_error_missing_comma", /* the comma ending line 6; line 7 col 5 is '"num_slots"' */
     {"'implementer': '0x41',", "'implementer': '0x41'", NULL},
     0, 0, 1, 0, 7, 5, "error", NULL, "JSON syntax error"},
    {"syntax_error_mid_line", /* line 16: 6 spaces, '"title": "IPC" ' -> 'x' at col 22 */
     {"'title': 'IPC',", "'title': 'IPC' 'x',", NULL},
     0, 0, 1, 0, 16, 22, "error", NULL, "JSON syntax error"},

    /* ---- missing required keys ---- */
    {"missing_product_configuration", /* the root object starts on line 1 */
     {"'product_configuration'", "'product_config'", NULL},
     0, 0, 1, 0, 1, 0, "error", NULL, "missing required key 'product_configuration'"},
    {"missing_event_title",
     {"'title': 'Cycles', ", "", NULL},
     0, 0, 1, 0, 10, 0, "error", "events.CPU_CYCLES", "missing required key 'title'"},
    {"missing_metric_formula", /* misspelled: blamed where it is, line 19 */
     {"'formula': 'INST_RETIRED / CPU_CYCLES'", "'formulae': 'INST_RETIRED / CPU_CYCLES'", NULL},
     0, 0, 1, 0, 19, 0, "error", "metrics.ipc.formulae",
     "missing required key 'formula' (found 'formulae': did you mean 'formula'?)"},
    {"missing_event_code", /* dropped: nothing near it to suggest */
     {"'code': '0x0008', ", "", NULL},
     0, 0, 1, 0, 11, 0, "error", "events.INST_RETIRED", "missing required key 'code'"},

    /* ---- wrong types ---- */
    {"code_is_a_number",
     {"'code': '0x0011'", "'code': 17", NULL},
     0, 0, 1, 0, 10, 0, "error", "events.CPU_CYCLES.code", "expected a string, found a number"},
    {"events_is_an_array", /* lines 9-13 become an array of names, still five lines */
     {"  'events': {\n" EV_CYCLES EV_INST EV_STALL "  },\n",
      "  'events': [\n    'CPU_CYCLES',\n    'INST_RETIRED',\n    'STALL_SLOT'\n  ],\n", NULL},
     0, 0, 1, 0, 9, 0, "error", "events", "expected an object, found an array"},
    {"formula_is_a_number",
     {"'formula': 'INST_RETIRED / CPU_CYCLES'", "'formula': 1.5", NULL},
     0, 0, 1, 0, 19, 0, "error", "metrics.ipc.formula", "expected a string, found a number"},

    /* ---- event codes ---- */
    {"code_bad_hex_digit",
     {"'code': '0x0011'", "'code': '0x00G1'", NULL},
     0, 0, 1, 0, 10, 0, "error", "events.CPU_CYCLES.code", "'0x00G1' is not a hex number"},
    {"code_double_hex_prefix", /* "0x0x11" is no hex number either */
     {"'code': '0x0011'", "'code': '0x0x11'", NULL},
     0, 0, 1, 0, 10, 0, "error", "events.CPU_CYCLES.code", "'0x0x11' is not a hex number"},
    {"code_above_16_bits",
     {"'code': '0x0011'", "'code': '0x10011'", NULL},
     0, 0, 1, 0, 10, 0, "error", "events.CPU_CYCLES",
     "event 'CPU_CYCLES': code 0x10011 does not fit 16 bits"},
    {"code_duplicate", /* STALL_SLOT (line 12) reuses CPU_CYCLES's code (line 10) */
     {"'code': '0x003F'", "'code': '0x0011'", NULL},
     0, 0, 1, 0, 12, 0, "error", "events.STALL_SLOT",
     "event 'STALL_SLOT': duplicate code 0x0011 (first used by 'CPU_CYCLES' at @:10)"},

    /* ---- formulas ---- */
    {"formula_unknown_event", /* 'INST_RETIRED / ' is 15 characters */
     {"'formula': 'INST_RETIRED / CPU_CYCLES'", "'formula': 'INST_RETIRED / CPU_CYCLEZ'", NULL},
     0, 0, 1, 0, 19, 0, "error", "metrics.ipc.formula",
     "metric 'ipc': unknown name 'CPU_CYCLEZ' at formula column 16 "
     "(did you mean 'CPU_CYCLES'?)"},
    {"formula_syntax_error", /* the '*' at column 16 */
     {"'formula': 'INST_RETIRED / CPU_CYCLES'", "'formula': 'INST_RETIRED / * CPU_CYCLES'", NULL},
     0, 0, 1, 0, 19, 0, "error", "metrics.ipc.formula",
     "metric 'ipc': formula column 16: expected a number, a name or '(' near '*'"},
    {"formula_unclosed_paren", /* 26 characters, so the end is column 27 */
     {"'formula': 'INST_RETIRED / CPU_CYCLES'", "'formula': 'INST_RETIRED / (CPU_CYCLES'", NULL},
     0, 0, 1, 0, 19, 0, "error", "metrics.ipc.formula",
     "metric 'ipc': formula column 27: expected ')'"},
    {"metric_cycle",
     {"'formula': 'INST_RETIRED / CPU_CYCLES'", "'formula': 'stall_ratio * 2'",
      "'formula': 'STALL_SLOT / (4 * CPU_CYCLES) * 100'", "'formula': 'ipc + STALL_SLOT'",
      NULL},
     0, 0, 1, 0, 15, 0, "error", "metrics.ipc",
     "metric 'ipc': cycle through metrics: ipc -> stall_ratio -> ipc"},
    {"division_by_constant_zero", /* a warning: the document stays usable */
     {"'formula': 'STALL_SLOT / (4 * CPU_CYCLES) * 100'", "'formula': 'STALL_SLOT / 0 * 100'",
      NULL},
     0, 1, 0, 1, 26, 0, "warning", "metrics.stall_ratio.formula",
     "metric 'stall_ratio': division by the constant 0 at formula column 12 is always NaN"},

    /* ---- names ---- */
    {"name_event_and_metric", /* a metric INST_RETIRED added on line 22 */
     {"'stall_ratio': {",
      "'INST_RETIRED': {'title': 'Dup', 'description': 'd', 'units': 'u', "
      "'formula': 'CPU_CYCLES'}, 'stall_ratio': {",
      NULL},
     0, 0, 1, 0, 22, 0, "error", "metrics.INST_RETIRED",
     "metric 'INST_RETIRED': duplicate name (first defined as event at @:11)"},
    {"name_metric_key_twice", /* a second "ipc" object on line 22 */
     {"'stall_ratio': {",
      "'ipc': {'title': 'Dup', 'description': 'd', 'units': 'u', "
      "'formula': 'CPU_CYCLES'}, 'stall_ratio': {",
      NULL},
     0, 0, 1, 0, 22, 0, "error", "metrics.ipc",
     "metric 'ipc': duplicate name (first defined as metric at @:15)"},
    {"name_event_c_keyword", /* an event 'int' added on line 12 */
     {"'STALL_SLOT': {'code'",
      "'int': {'code': '0x0050', 'title': 'i', 'description': 'i'}, 'STALL_SLOT': {'code'",
      NULL},
     0, 0, 1, 0, 12, 0, "error", "events.int", "event 'int': is a C or C++ keyword"},
    {"name_metric_c_keyword", /* a metric 'switch' added on line 22 */
     {"'stall_ratio': {",
      "'switch': {'title': 'Sw', 'description': 'd', 'units': 'u', "
      "'formula': 'CPU_CYCLES'}, 'stall_ratio': {",
      NULL},
     0, 0, 1, 0, 22, 0, "error", "metrics.switch", "metric 'switch': is a C or C++ keyword"},
    {"names_collide_after_mangling", /* L1D_CACHE on line 10, L1D-CACHE on line 11 */
     {"'CPU_CYCLES': {'code'",
      "'L1D_CACHE': {'code': '0x0004', 'title': 'L1D', 'description': 'd'}, "
      "'CPU_CYCLES': {'code'",
      "'INST_RETIRED': {'code'",
      "'L1D-CACHE': {'code': '0x0040', 'title': 'L1D too', 'description': 'd'}, "
      "'INST_RETIRED': {'code'",
      NULL},
     0, 0, 1, 0, 11, 0, "error", "events.L1D-CACHE",
     "event 'L1D-CACHE': same C name 'l1d_cache' as 'L1D_CACHE' (at @:10)"},

    /* ---- groups and methodologies ---- */
    {"group_unknown_metric", /* the second member, on line 40 */
     {"          'stall_ratio'\n", "          'stall_ration'\n", NULL},
     0, 0, 1, 0, 40, 0, "error", "groups.metrics.Basic.metrics[1]",
     "group 'Basic': unknown metric 'stall_ration'"},
    {"tree_node_unknown", /* the only node, on line 53 */
     {"{'name': 'stall_ratio'", "{'name': 'stall_rate'", NULL},
     0, 0, 1, 0, 53, 0, "error", "methodologies.topdown.decision_tree.metrics[0]",
     "topdown: node 'stall_rate' is not a known metric or group"},

    /* ---- unknown keys: ignored, a note only when verbose ---- */
    {"unknown_key_quiet",
     {"'title': 'Cycles', ", "'title': 'Cycles', 'colour': 'blue', ", NULL},
     0, 1, 0, 0, 0, 0, NULL, NULL, NULL},
    {"unknown_key_verbose",
     {"'title': 'Cycles', ", "'title': 'Cycles', 'colour': 'blue', ", NULL},
     1, 1, 0, 0, 10, 0, "note", "events.CPU_CYCLES.colour", "ignoring unknown key 'colour'"},
    /* an optional key misspelt is not dropped silently: warned, with the
     * key it is a slip away from (which the object lacks) */
    {"optional_key_misspelt",
     {"'sample_events': ['STALL_SLOT']", "'sample_event': ['STALL_SLOT']", NULL},
     0, 1, 0, 1, 53, 0, "warning",
     "methodologies.topdown.decision_tree.metrics[0].sample_event",
     "ignoring unknown key 'sample_event' (did you mean 'sample_events'?)"},
};
enum { NVARIANTS = sizeof VARIANTS / sizeof VARIANTS[0] };

/* "<file>:<line>[:<col>]: <level>: [<path>: ]<message>", '@' -> file. */
static void expected_text(const variant *v, char *out, size_t size)
{
    int n = snprintf(out, size, "%s:%d", path, v->line);
    if (v->col)
        n += snprintf(out + n, size - (size_t)n, ":%d", v->col);
    n += snprintf(out + n, size - (size_t)n, ": %s: ", v->level);
    if (v->jpath)
        n += snprintf(out + n, size - (size_t)n, "%s: ", v->jpath);
    for (const char *m = v->message; *m && (size_t)n + 1 < size; m++) {
        if (*m == '@')
            n += snprintf(out + n, size - (size_t)n, "%s", path);
        else
            out[n++] = *m;
    }
    out[n] = '\0';
}

static void test_variant(void **state)
{
    const variant *v = *state;
    json = doc(v->subs);
    int rc = run(json, v->verbose, NULL);
    const char *log = log_of(&d);
    if (v->ok && rc != 0)
        fail_msg("%s: expected to load and check, got:\n%s", v->name, log);
    if (!v->ok && rc == 0)
        fail_msg("%s: expected load or check to fail, got:\n%s", v->name, log);
    if (d.errors != v->errors || d.warnings != v->warnings)
        fail_msg("%s: %d errors, %d warnings; expected %d, %d:\n%s", v->name, d.errors,
                 d.warnings, v->errors, v->warnings, log);
    if (v->message) {
        char want[1024];
        expected_text(v, want, sizeof want);
        if (!strstr(log, want))
            fail_msg("%s: expected\n  %s\nin\n  %s", v->name, want, log);
    } else if (d.log.len != 0) {
        fail_msg("%s: expected no diagnostics, got:\n%s", v->name, log);
    }
    /* a JSON path, when printed, is never empty */
    assert_null(strstr(log, ": : "));
}

/* ---- the valid document ----------------------------------------------------- */

static void test_valid_document(void **state)
{
    (void)state;
    json = doc(NULL);
    if (run(json, 1, &target) != 0)
        fail_msg("the base document does not load:\n%s", log_of(&d));
    hw_target *t = target;
    /* not even a note with verbose on: every key is known */
    assert_int_equal(d.errors, 0);
    assert_int_equal(d.warnings, 0);
    assert_int_equal(d.log.len, 0);
    assert_int_equal(t->nevents, 3);
    assert_int_equal(t->nmetrics, 2);
    assert_int_equal(t->nmethodologies, 1);
    assert_string_equal(t->id, "test_core");

    double ev[3] = {0, 0, 0};
    int cycles = ir_find_event(t, "CPU_CYCLES"), inst = ir_find_event(t, "INST_RETIRED");
    int stall = ir_find_event(t, "STALL_SLOT");
    assert_true(cycles >= 0 && inst >= 0 && stall >= 0);
    ev[inst] = 300;
    ev[cycles] = 200;
    ev[stall] = 200;
    hw_values v = {ev, NULL, NULL};
    double out[2];
    interp_all(t, &v, out);
    int ipc = ir_find_metric(t, "ipc"), sr = ir_find_metric(t, "stall_ratio");
    assert_true(ipc >= 0 && sr >= 0);
    assert_true(out[ipc] == 1.5); /* 300 / 200 */
    assert_true(out[sr] == 25.0); /* 200 / (4 * 200) = 0.25; * 100 */
}

/* A raw line break inside a string is not JSON (RFC 8259 wants it escaped
 * as \n). Either the loader rejects it, at its line, or it accepts it and
 * every later diagnostic still names the right line: the formula fault
 * below sits on line 20 once line 10 has become two lines. */
static void test_raw_newline_in_string(void **state)
{
    (void)state;
    static const char *const subs[] = {
        "'Core clock cycles.'", "'Core clock\ncycles.'",
        "'formula': 'INST_RETIRED / CPU_CYCLES'", "'formula': 'INST_RETIRED / CPU_CYCLEZ'",
        NULL};
    json = doc(subs);
    assert_int_not_equal(run(json, 0, NULL), 0);
    char rejected[256], blamed[256];
    snprintf(rejected, sizeof rejected, "%s:10:", path);
    snprintf(blamed, sizeof blamed, "%s:20: error: metrics.ipc.formula: ", path);
    const char *log = log_of(&d);
    if (!(strstr(log, rejected) && strstr(log, "JSON syntax error")) && !strstr(log, blamed))
        fail_msg("expected a syntax error at line 10 or the formula blamed at line 20, "
                 "got:\n%s", log);
}

int main(void)
{
    struct CMUnitTest tests[NVARIANTS + 2];
    for (int i = 0; i < NVARIANTS; i++) {
        tests[i] = (struct CMUnitTest)cmocka_unit_test_teardown(test_variant, cleanup);
        tests[i].name = VARIANTS[i].name;
        tests[i].initial_state = (void *)&VARIANTS[i];
    }
    tests[NVARIANTS] = (struct CMUnitTest)cmocka_unit_test_teardown(test_valid_document, cleanup);
    tests[NVARIANTS].name = "valid_document";
    tests[NVARIANTS + 1] =
        (struct CMUnitTest)cmocka_unit_test_teardown(test_raw_newline_in_string, cleanup);
    tests[NVARIANTS + 1].name = "raw_newline_in_string";
    return cmocka_run_group_tests_name("telemetry_errors", tests, make_dir, remove_dir);
}
