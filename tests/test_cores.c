/* test_cores.c - the built-in table of cores (spec/cores.json, gen/load_cores.c).
 *
 * The table is data copied by hand from its sources; this test holds it to
 * the shape gen/load_cores.c reads and to the rules those sources follow
 * (gatord names a counter set <PMU>_cnt and its cycle counter <PMU>_ccnt,
 * and counts cycles with event 0x11 there), so a slip in an entry fails
 * here rather than in a user's Streamline. It also checks that what is
 * built in is the file in the tree, and that one core's row read alone
 * (cores_row(), as a telemetry spec reads it) is its row of the whole.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "load/load_cores.h"
#include "core/diag.h"
#include "core/resources.h"
#include "test_util.h"

static cJSON *table(void)
{
    hw_diag d;
    diag_init(&d, NULL);
    cJSON *t = cores_table(&d);
    assert_non_null(t);
    assert_int_equal(d.errors, 0);
    diag_free(&d);
    return t;
}

static const char *text(const cJSON *obj, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(obj, key));
    if (!s || !*s)
        fail_msg("missing text '%s'", key);
    return s;
}

static unsigned long hex(const char *s)
{
    assert_true(s[0] == '0' && s[1] == 'x' && isxdigit((unsigned char)s[2]));
    char *end;
    unsigned long v = strtoul(s + 2, &end, 16);
    assert_true(*end == '\0');
    return v;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void test_built_in_is_the_file(void **state)
{
    (void)state;
    size_t len = 0, flen = 0;
    const char *built = resources_builtin(CORES_TABLE, &len);
    char *file = read_file(CORES_TABLE, &flen);
    assert_non_null(built);
    assert_non_null(file);
    assert_int_equal(len, flen);
    assert_memory_equal(built, file, len);
    free(file);
}

static void check_gatord(const cJSON *g)
{
    assert_string_equal(text(g, "version"), "9.7.2");
    text(g, "pmu");
    text(g, "core_name");
    text(g, "category");
    const char *set = text(g, "counter_set"), *ccnt = text(g, "cycle_counter");
    assert_true(ends_with(set, "_cnt"));
    assert_true(ends_with(ccnt, "_ccnt"));
    assert_int_equal(strlen(set) - 4, strlen(ccnt) - 5);
    assert_memory_equal(set, ccnt, strlen(set) - 4);
    const cJSON *events = cJSON_GetObjectItemCaseSensitive(g, "events");
    assert_true(cJSON_IsObject(events));
    int cycles = 0, n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, events) {
        unsigned long code = hex(e->string);
        assert_true(code <= 0xFFFF);
        int parts = cJSON_GetArraySize(e);
        assert_true(cJSON_IsArray(e) && (parts == 2 || parts == 3));
        for (int i = 0; i < parts; i++) {
            const char *s = cJSON_GetStringValue(cJSON_GetArrayItem(e, i));
            assert_non_null(s);
            assert_true(*s);
        }
        cycles += code == 0x11;
        n++;
    }
    assert_int_equal(cycles, 1);
    /* every core gatord has lists PMUv3's common events at least (Cortex-A34,
     * the shortest file, 56) */
    assert_true(n > 30);
    /* no code twice (cJSON keeps both copies of a repeated key) */
    for (const cJSON *a = events->child; a; a = a->next)
        for (const cJSON *b = a->next; b; b = b->next)
            assert_int_not_equal(hex(a->string), hex(b->string));
}

static void test_entries(void **state)
{
    (void)state;
    cJSON *t = table();
    const cJSON *sources = cJSON_GetObjectItemCaseSensitive(t, "sources");
    text(sources, "num_counters");
    text(sources, "reference_revision");
    text(sources, "gatord");
    const cJSON *cores = cJSON_GetObjectItemCaseSensitive(t, "cores");
    int n = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, cores) {
        text(c, "name");
        unsigned long impl = hex(text(c, "implementer")), part = hex(text(c, "part_num"));
        assert_true(impl <= 0xFF && part <= 0xFFF);
        /* one entry per MIDR: cores_find() takes the first */
        assert_ptr_equal(cores_find(t, (uint32_t)impl, (uint32_t)part), c);
        const cJSON *count = cJSON_GetObjectItemCaseSensitive(c, "num_counters");
        assert_true(cJSON_IsNumber(count) && count->valueint >= 1 && count->valueint <= 31);
        const cJSON *ref = cJSON_GetObjectItemCaseSensitive(c, "reference_revision");
        if (ref) {
            int r, p;
            char tail;
            assert_int_equal(sscanf(cJSON_GetStringValue(ref), "r%dp%d%c", &r, &p, &tail), 2);
        }
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(c, "gatord");
        if (g)
            check_gatord(g);
        n++;
    }
    assert_true(n >= 10);
    cJSON_Delete(t);
}

/* Cores that count on another core's counter set (pmus.xml's counter_set)
 * share that core's category and events: gatord has one events file per
 * counter set. */
static void test_shared_counter_sets(void **state)
{
    (void)state;
    cJSON *t = table();
    const cJSON *cores = cJSON_GetObjectItemCaseSensitive(t, "cores");
    int shared = 0;
    for (const cJSON *a = cores->child; a; a = a->next)
        for (const cJSON *b = a->next; b; b = b->next) {
            const cJSON *ga = cJSON_GetObjectItemCaseSensitive(a, "gatord");
            const cJSON *gb = cJSON_GetObjectItemCaseSensitive(b, "gatord");
            if (!ga || !gb || strcmp(text(ga, "counter_set"), text(gb, "counter_set")) != 0)
                continue;
            assert_string_equal(text(ga, "category"), text(gb, "category"));
            assert_string_equal(text(ga, "cycle_counter"), text(gb, "cycle_counter"));
            assert_string_equal(text(ga, "file"), text(gb, "file"));
            assert_true(cJSON_Compare(cJSON_GetObjectItemCaseSensitive(ga, "events"),
                                      cJSON_GetObjectItemCaseSensitive(gb, "events"), 1));
            assert_string_not_equal(text(ga, "core_name"), text(gb, "core_name"));
            shared++;
        }
    assert_int_equal(shared, 2); /* A78C on A78's set, X1C on X1's */
    cJSON_Delete(t);
}

/* The cores of Arm's telemetry files and of perf's arm64 events tree that
 * gatord 9.7.2 has, by their gatord names (daemon/pmus.xml), and cores it
 * lacks (C1-SME2; ThunderX2, A64FX). */
static void test_arm_cores(void **state)
{
    (void)state;
    static const struct {
        unsigned implementer, part;
        const char *core_name, *category;
        int counters;
    } want[] = {
        {0x41, 0xd0c, "Neoverse-N1", "Neoverse-N1", 6},
        {0x41, 0xd49, "Neoverse-N2", "Neoverse-N2", 6},
        {0x41, 0xd8e, "Neoverse-N3", "Neoverse-N3", 6},
        {0x41, 0xd40, "Neoverse-V1", "Neoverse-V1", 6},
        {0x41, 0xd4f, "Neoverse-V2", "Neoverse-V2", 6},
        {0x41, 0xd84, "Neoverse-V3", "Neoverse-V3", 6},
        {0x41, 0xd8a, "C1-Nano", "C1-Nano", 20},
        {0x41, 0xd8b, "C1-Pro", "C1-Pro", 31},
        {0x41, 0xd90, "C1-Premium", "C1-Premium", 31},
        {0x41, 0xd8c, "C1-Ultra", "C1-Ultra", 31},
        {0x41, 0xd02, "Cortex-A34", "Cortex-A34", 6},
        {0x41, 0xd03, "Cortex-A53", "Cortex-A53", 6},
        {0x41, 0xd04, "Cortex-A35", "Cortex-A35", 6},
        {0x41, 0xd05, "Cortex-A55", "Cortex-A55", 6},
        {0x41, 0xd06, "Cortex-A65", "Cortex-A65AE", 6},
        {0x41, 0xd07, "Cortex-A57", "Cortex-A57", 6},
        {0x41, 0xd08, "Cortex-A72", "Cortex-A72", 6},
        {0x41, 0xd09, "Cortex-A73", "Cortex-A73", 6},
        {0x41, 0xd0a, "Cortex-A75", "Cortex-A75", 6},
        {0x41, 0xd0b, "Cortex-A76", "Cortex-A76", 6},
        {0x41, 0xd0d, "Cortex-A77", "Cortex-A77", 6},
        {0x41, 0xd41, "Cortex-A78", "Cortex-A78", 6},
        {0x41, 0xd4b, "Cortex-A78C", "Cortex-A78", 6},
        {0x41, 0xd44, "Cortex-X1", "Cortex-X1", 6},
        {0x41, 0xd4c, "Cortex-X1C", "Cortex-X1", 6},
        {0x41, 0xd46, "Cortex-A510", "Cortex-A510", 6},
        {0x41, 0xd47, "Cortex-A710", "Cortex-A710", 6},
        {0x41, 0xd48, "Cortex-X2", "Cortex-X2", 6},
        {0x41, 0xd4a, "Neoverse-E1", "Neoverse-E1", 6},
        {0x50, 0x000, "eMAG", "Ampere eMAG", 6},
    };
    cJSON *t = table();
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const cJSON *c = cores_find(t, want[i].implementer, want[i].part);
        assert_non_null(c);
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(c, "gatord");
        assert_string_equal(text(g, "category"), want[i].category);
        assert_string_equal(text(g, "core_name"), want[i].core_name);
        assert_int_equal(cJSON_GetObjectItemCaseSensitive(c, "num_counters")->valueint,
                         want[i].counters);
    }
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(t, "cores")),
                     (int)(sizeof want / sizeof want[0]));
    assert_null(cores_find(t, 0x41, 0xd8d));
    assert_null(cores_find(t, 0x43, 0x0af));
    assert_null(cores_find(t, 0x46, 0x001));
    const cJSON *v1 = cores_find(t, 0x41, 0xd40);
    assert_string_equal(text(v1, "reference_revision"), "r1p2");
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(v1, "gatord");
    assert_string_equal(text(g, "counter_set"), "ARMv8_Neoverse_V1_cnt");
    assert_string_equal(text(g, "cycle_counter"), "ARMv8_Neoverse_V1_ccnt");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(g, "events")), 131);
    /* gatord's Cortex-A53 file: 58 events, the PMSWINC increment (0x00) second */
    g = cJSON_GetObjectItemCaseSensitive(cores_find(t, 0x41, 0xd03), "gatord");
    const cJSON *a53 = cJSON_GetObjectItemCaseSensitive(g, "events");
    assert_int_equal(cJSON_GetArraySize(a53), 58);
    assert_string_equal(a53->child->string, "0x11");
    assert_string_equal(a53->child->next->string, "0x00");
    cJSON_Delete(t);
}

/* Each core's row read alone is its row of the whole table, gatord's
 * facts and all; a core the table lacks is no row and no error. */
static void test_rows_read_alone(void **state)
{
    (void)state;
    cJSON *t = table();
    hw_diag d;
    diag_init(&d, NULL);
    int n = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(t, "cores")) {
        cJSON *row = NULL;
        assert_int_equal(cores_row((uint32_t)hex(text(c, "implementer")),
                                   (uint32_t)hex(text(c, "part_num")), &row, &d), 0);
        assert_non_null(row);
        assert_true(cJSON_Compare(row, c, 1));
        assert_true(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(row, "gatord")));
        cJSON_Delete(row);
        n++;
    }
    cJSON *none = (cJSON *)t;
    assert_int_equal(cores_row(0x41, 0xd8d, &none, &d), 0);
    assert_null(none);
    assert_int_equal(d.errors, 0);
    assert_true(n >= 10);
    diag_free(&d);
    cJSON_Delete(t);
}

/* The file of spec/cores/gatord/ a row names for gatord's facts ("" for a
 * core gatord lacks). */
static const char *gatord_file(const cJSON *row)
{
    const char *path = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(row, "gatord"));
    if (!path)
        return "";
    assert_true(strncmp(path, "spec/cores/gatord/", 18) == 0 && ends_with(path, ".json"));
    return path + 18;
}

/* gatord's facts live in one file of spec/cores/gatord/ per core, named
 * by the core's row: each such file is built in as it is in the tree, and
 * each file there is named by one row (a file no row names is never read). */
static void test_gatord_files(void **state)
{
    (void)state;
    size_t flen = 0;
    char *file = read_file(CORES_TABLE, &flen);
    assert_non_null(file);
    cJSON *rows = cJSON_ParseWithLength(file, flen);
    free(file);
    const cJSON *c;
    int named = 0, found = 0;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(rows, "cores")) {
        if (!*gatord_file(c))
            continue;
        const char *path = text(c, "gatord");
        size_t len = 0;
        const char *built = resources_builtin(path, &len);
        char *on_disk = read_file(path, &flen);
        assert_non_null(built);
        assert_non_null(on_disk);
        assert_int_equal(len, flen);
        assert_memory_equal(built, on_disk, len);
        free(on_disk);
        named++;
    }
    DIR *dir = opendir("spec/cores/gatord");
    assert_non_null(dir);
    for (struct dirent *e; (e = readdir(dir));) {
        if (e->d_name[0] == '.')
            continue;
        int by_rows = 0;
        cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(rows, "cores"))
            by_rows += strcmp(gatord_file(c), e->d_name) == 0;
        if (by_rows != 1)
            fail_msg("spec/cores/gatord/%s is named by %d rows of %s", e->d_name, by_rows,
                     CORES_TABLE);
        found++;
    }
    closedir(dir);
    assert_int_equal(found, named);
    cJSON_Delete(rows);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_built_in_is_the_file),
        cmocka_unit_test(test_entries),
        cmocka_unit_test(test_shared_counter_sets),
        cmocka_unit_test(test_arm_cores),
        cmocka_unit_test(test_rows_read_alone),
        cmocka_unit_test(test_gatord_files),
    };
    return cmocka_run_group_tests_name("cores", tests, NULL, NULL);
}
