/* test_panfrost.c - Mesa's Panfrost counter XML as a source: a small file
 * of ours in Mesa's shape (tests/panfrost/ok), the errors of broken ones
 * (tests/panfrost/bad), and, where `make mesa-src` has fetched Mesa, its
 * 16 real files. Runs the binary named by $HWCGEN (default ./hwcgen). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_shell.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define FIXTURES "tests/panfrost/"
#define MESA_PERF ".build/mesa-25.0.7/src/panfrost/perf"



static void expect(const char *args, int status, const char *out, const char *err)
{
    run_result r = run(args);
    if (r.status != status || (out && strcmp(r.out, out)) || strcmp(r.err, err))
        printf("  exit %d\n  stdout:\n%s  stderr:\n%s", r.status, r.out, r.err);
    assert_int_equal(r.status, status);
    if (out)
        assert_string_equal(r.out, out);
    assert_string_equal(r.err, err);
    done(&r);
}

/* Each counter at its block (Mesa's category order) and offset, titled by
 * its name= label. */
static void test_counters(void **state)
{
    (void)state;
    expect("list " FIXTURES "ok/G57.xml events", 0,
           "GPU_ACTIVE\tGPU_FRONTEND[6]\tGPU active\n"
           "JS0_TASKS\tGPU_FRONTEND[9]\tFragment tasks\n"
           "TILER_ACTIVE\tTILER[4]\tTiler active\n"
           "L2_RD_MSG_IN\tMEMORY_SYSTEM[16]\tRead requests\n"
           "FRAG_ACTIVE\tSHADER_CORE[4]\tFragment active\n",
           "");
    expect("check " FIXTURES "ok/G57.xml", 0,
           "tests/panfrost/ok/G57.xml: ok: Mali-G57, 5 events, 0 metrics, 0 groups\n", "");
}

/* The driver header: each counter's block and index, under the GPU's
 * Arm product name. */
static void test_header(void **state)
{
    (void)state;
    run_result r = run("generate -q -o /tmp/hwcgen-test-panfrost-out " FIXTURES "ok/G57.xml");
    assert_int_equal(r.status, 0);
    done(&r);
    char *h = read_file("/tmp/hwcgen-test-panfrost-out/include/hwcgen/panfrost_mali_g57.h", NULL);
    assert_non_null(h);
    assert_non_null(strstr(h, "#define PANFROST_MALI_G57_L2_RD_MSG_IN_INDEX"));
    assert_non_null(strstr(h, "PANFROST_MALI_G57_BLOCK_MEMORY_SYSTEM /* Read requests */"));
    free(h);
    remove_tree("/tmp/hwcgen-test-panfrost-out");
}

static void test_errors(void **state)
{
    (void)state;
    expect("check " FIXTURES "bad/G57.xml", 0,
           "tests/panfrost/bad/G57.xml: ok: Mali-G57, 5 events, 0 metrics, 0 groups\n",
           "tests/panfrost/bad/G57.xml:3: warning: metrics id 'TNOx': the table of Mali "
           "products gives Mali-G57 the codename TNAx\n");
    expect("check " FIXTURES "bad/G68.xml", 1, NULL,
           "tests/panfrost/bad/G68.xml:12: error: <event offset=\"64\">: above the limit 63\n");
    expect("check " FIXTURES "bad/G77.xml", 1, NULL,
           "tests/panfrost/bad/G77.xml:6: error: counter 'JS0_TASKS': offset 6 of GPU_FRONTEND "
           "is GPU_ACTIVE's (at tests/panfrost/bad/G77.xml:5)\n");
    expect("check " FIXTURES "bad/G78.xml", 1, NULL,
           "tests/panfrost/bad/G78.xml:9: error: <event>: no counter name (counter=)\n");
    expect("check " FIXTURES "bad/G99.xml", 1, NULL,
           "tests/panfrost/bad/G99.xml:3: error: Panfrost file 'G99' (codename TNAx) is not in "
           "hwcgen's table of Mali products (core/mali_products.c): its product id is unknown\n");
}

/* "<event " in a file, counted as text: what Mesa's generator reads. */
static int events_in(const char *path)
{
    char *text = read_file(path, NULL);
    int n = 0;
    for (const char *p = text; p && (p = strstr(p, "<event ")); p++)
        n++;
    free(text);
    return n;
}

/* Mesa's 16 files: each one target, every <event> a counter. */
static void test_mesa_files(void **state)
{
    (void)state;
    DIR *dp = opendir(MESA_PERF);
    if (!dp) {
        printf("SKIP: Mesa's Panfrost XML is missing: " MESA_PERF " (make mesa-src)\n");
        skip();
    }
    run_result r = run("check " MESA_PERF);
    assert_int_equal(r.status, 0);
    int files = 0;
    for (struct dirent *de; (de = readdir(dp));) {
        size_t n = strlen(de->d_name);
        if (n < 5 || strcmp(de->d_name + n - 4, ".xml") != 0)
            continue;
        char path[512], line[600];
        snprintf(path, sizeof path, MESA_PERF "/%s", de->d_name);
        char *ok = strstr(r.out, path);
        assert_non_null(ok);
        snprintf(line, sizeof line, "%s: ok: ", path);
        assert_memory_equal(ok, line, strlen(line));
        const char *count = strchr(ok + strlen(line), ',');
        assert_non_null(count);
        assert_int_equal(atoi(count + 2), events_in(path));
        files++;
    }
    closedir(dp);
    assert_int_equal(files, 16);
    done(&r);
}

static int setup(void **state)
{
    (void)state;
    return shell_setup("test_panfrost");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counters),
        cmocka_unit_test(test_header),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_mesa_files),
    };
    return cmocka_run_group_tests(tests, setup, shell_teardown);
}
