/* test_output.c - `hwcgen generate` never loses or corrupts an output tree.
 *
 * Generates every spec into a temporary directory, snapshots it (every
 * file's bytes), then runs generate again with the same specs plus one
 * broken spec LAST - so every earlier spec loads, checks and renders before
 * the failure - and asserts the tree is byte-identical and holds no
 * *.tmp.* file. One output file is edited by hand first, so a run that
 * wrote anything at all would show. Then an output directory that cannot be
 * written must give an error and exit status 1, never a crash.
 *
 * Runs the binary named by $HWCGEN (default ./hwcgen) from the top of the
 * tree, as `make check` does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include <dirent.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *hwcgen;
static char root[64];     /* the temporary directory of this run */
static char out_dir[128]; /* root/out */
static char log_path[128];
static char **specs;      /* every spec under spec/ */
static size_t nspecs;

/* ---- helpers ------------------------------------------------------------ */


/* Run argv[] with stdout and stderr to log_path; the raw wait status.
 * `as_nobody`: drop root to uid/gid 65534 first (setpriv), so file
 * permissions apply. */
static int run(char *const argv[], int as_nobody)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        if (as_nobody) {
            char *pre[64] = {"setpriv", "--reuid=65534", "--regid=65534",
                             "--clear-groups"};
            int n = 4;
            for (int i = 0; argv[i] && n < 63; i++)
                pre[n++] = argv[i];
            pre[n] = NULL;
            execvp("setpriv", pre);
        } else {
            execv(argv[0], argv);
        }
        _exit(127);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return status;
}

/* hwcgen generate -q -o DIR SPEC... EXTRA (EXTRA may be NULL). */
static int generate(const char *dir, const char *extra, int as_nobody)
{
    char **argv = calloc(nspecs + 8, sizeof *argv);
    assert_non_null(argv);
    int n = 0;
    argv[n++] = (char *)hwcgen;
    argv[n++] = "generate";
    argv[n++] = "-q";
    argv[n++] = "-o";
    argv[n++] = (char *)dir;
    for (size_t i = 0; i < nspecs; i++)
        argv[n++] = specs[i];
    if (extra)
        argv[n++] = (char *)extra;
    argv[n] = NULL;
    int status = run(argv, as_nobody);
    free(argv);
    return status;
}

static void show_log(void)
{
    char *log = read_file(log_path, NULL);
    printf("%s", log ? log : "(no output)\n");
    free(log);
}

/* ---- fixture --------------------------------------------------------------- */

static int setup(void **state)
{
    (void)state;
    if (!(hwcgen = hwcgen_binary("test_output")))
        return -1;
    snprintf(root, sizeof root, "/tmp/hwcgen-out-XXXXXX");
    if (!mkdtemp(root))
        return -1;
    chmod(root, 0755); /* reachable when the run drops root */
    snprintf(out_dir, sizeof out_dir, "%s/out", root);
    snprintf(log_path, sizeof log_path, "%s/log", root);
    glob_t g = {0};
    glob("spec/*/*.json", 0, NULL, &g);
    glob("spec/*/*.xml", GLOB_APPEND, NULL, &g);
    nspecs = g.gl_pathc;
    specs = calloc(nspecs + 1, sizeof *specs);
    for (size_t i = 0; specs && i < nspecs; i++)
        specs[i] = strdup(g.gl_pathv[i]);
    globfree(&g);
    if (!specs || nspecs == 0)
        return -1;
    int status = generate(out_dir, NULL, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        show_log();
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    remove_tree(root);
    for (size_t i = 0; i < nspecs; i++)
        free(specs[i]);
    free(specs);
    return 0;
}

/* Append to the first output file, so a run that rewrites anything shows. */
static void tamper(void)
{
    snapshot s = snap(out_dir);
    assert_true(s.n > 0);
    FILE *f = fopen(s.items[0].path, "ab");
    assert_non_null(f);
    fputs("\n/* edited by test_output: hwcgen must not touch this file when "
          "a spec is broken */\n", f);
    assert_int_equal(fclose(f), 0);
    snap_free(&s);
}

/* A broken spec written under root/ (name, content). */
static const char *write_spec(const char *name, const char *content)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", root, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(content, f);
    assert_int_equal(fclose(f), 0);
    return path;
}

/* ---- tests ------------------------------------------------------------------ */

/* After a run that had to fail: exit 1, "nothing written", the tree as
 * `before`, byte for byte, and no temporary file. Frees `before`. */
static void expect_failed_untouched(int status, snapshot *before, const char *what)
{
    snapshot after = snap(out_dir);
    char *log = read_file(log_path, NULL);
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 1 && log &&
             strstr(log, "nothing written") && same(before, &after) &&
             after.tmp_files == 0;
    printf("  %s: exit %d, %zu files unchanged, %d temporary files\n", what,
           WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status),
           after.n, after.tmp_files);
    if (!ok)
        printf("%s", log ? log : "(no output)\n");
    free(log);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 1);
    assert_true(same(before, &after));
    assert_int_equal(after.tmp_files, 0);
    assert_true(ok);
    snap_free(before);
    snap_free(&after);
}

/* generate with `broken` last, so every other spec renders first. */
static void expect_untouched(const char *broken)
{
    tamper();
    snapshot before = snap(out_dir);
    int status = generate(out_dir, broken, 0);
    char what[200];
    snprintf(what, sizeof what, "%s last",
             strrchr(broken, '/') ? strrchr(broken, '/') + 1 : broken);
    expect_failed_untouched(status, &before, what);
}

static void test_broken_last_json(void **state)
{
    (void)state;
    expect_untouched("tests/bad/json-metric-cycle.json");
    expect_untouched("tests/bad/json-truncated.json");
}

static void test_broken_last_xml(void **state)
{
    (void)state;
    expect_untouched("tests/bad/gpu-unknown-variable.xml");
    expect_untouched("tests/bad/oa-register-field-40-bits.xml");
    expect_untouched("tests/bad/model-value-cycle.xml");
    expect_untouched("tests/bad/gpu-truncated.xml");
}

static void test_broken_last_missing(void **state)
{
    (void)state;
    char path[200];
    snprintf(path, sizeof path, "%s/no-such-spec.json", root);
    expect_untouched(path);
}

/* Every spec loads and checks, and rendering fails late - at the index
 * of the docs, after every target's files are rendered (a template given
 * with --templates has an unclosed section): still nothing is written. */
static void test_failure_while_rendering(void **state)
{
    (void)state;
    char tpl[160];
    snprintf(tpl, sizeof tpl, "%s/templates", root);
    assert_int_equal(mkdir(tpl, 0755), 0);
    write_spec("templates/docs_index.md.mustache",
               "{{#targets}}never closed\n");
    write_spec("templates/docs_index.html.mustache",
               "{{#targets}}never closed\n");
    tamper();
    snapshot before = snap(out_dir);
    char **argv = calloc(nspecs + 8, sizeof *argv);
    assert_non_null(argv);
    int n = 0;
    argv[n++] = (char *)hwcgen;
    argv[n++] = "generate";
    argv[n++] = "--templates";
    argv[n++] = tpl;
    argv[n++] = "-o";
    argv[n++] = out_dir;
    for (size_t i = 0; i < nspecs; i++)
        argv[n++] = specs[i];
    int status = run(argv, 0);
    free(argv);
    expect_failed_untouched(status, &before, "broken docs index template");
}

/* A failure that only rendering meets, late in the run: the program that
 * draws the V1 diagram fails (templates are checked before anything
 * renders, so a broken one no longer gets this far). */
static void test_failure_while_drawing(void **state)
{
    (void)state;
    tamper();
    snapshot before = snap(out_dir);
    assert_int_equal(setenv("HWCGEN_DOT", "/bin/false", 1), 0);
    int status = generate(out_dir, NULL, 0);
    unsetenv("HWCGEN_DOT");
    expect_failed_untouched(status, &before, "the diagram's drawing program fails");
}

/* The same run with a good spec last writes the tree back as generated. */
static void test_good_run_repairs(void **state)
{
    (void)state;
    tamper();
    char fresh[160];
    snprintf(fresh, sizeof fresh, "%s/fresh", root);
    assert_int_equal(generate(fresh, NULL, 0), 0);
    assert_int_equal(generate(out_dir, NULL, 0), 0);
    snapshot a = snap(fresh), b = snap(out_dir);
    /* Paths differ by directory; compare relative names and bytes. */
    assert_int_equal(a.n, b.n);
    for (size_t i = 0; i < a.n; i++) {
        assert_string_equal(a.items[i].path + strlen(fresh),
                            b.items[i].path + strlen(out_dir));
        assert_int_equal(a.items[i].len, b.items[i].len);
        assert_memory_equal(a.items[i].data, b.items[i].data, a.items[i].len);
    }
    assert_int_equal(b.tmp_files, 0);
    snap_free(&a);
    snap_free(&b);
    remove_tree(fresh);
}

static void set_mode(const char *dir, mode_t mode)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' && lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            set_mode(path, mode);
    }
    closedir(d);
    assert_int_equal(chmod(dir, mode), 0);
}

/* exit status 1 with a "cannot ..." diagnostic: an error, not a crash. */
static void expect_write_error(int status, const char *what)
{
    char *log = read_file(log_path, NULL);
    printf("  %s: %s, exit %d: %s", what,
           WIFSIGNALED(status) ? "killed by a signal" : "exited",
           WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
           log && *log ? log : "(no output)\n");
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 1);
    assert_non_null(log);
    assert_non_null(strstr(log, "cannot"));
    free(log);
}

static void test_unwritable_output(void **state)
{
    (void)state;
    /* Read-only directories: permissions bind only below root, so as root
     * the run drops to nobody (the tree and the binary are world-readable). */
    int as_nobody = geteuid() == 0;
    if (as_nobody && (access("/usr/bin/setpriv", X_OK) != 0 &&
                      access("/bin/setpriv", X_OK) != 0)) {
        printf("  skipped the read-only directory: running as root without "
               "setpriv\n");
    } else {
        tamper(); /* one file needs rewriting */
        set_mode(out_dir, 0555);
        snapshot before = snap(out_dir);
        int status = generate(out_dir, NULL, as_nobody);
        snapshot after = snap(out_dir);
        set_mode(out_dir, 0755);
        expect_write_error(status, "read-only output directory");
        assert_true(same(&before, &after));
        assert_int_equal(after.tmp_files, 0);
        snap_free(&before);
        snap_free(&after);
        /* A fresh directory that cannot be created at all. */
        char ro[160], under[200];
        snprintf(ro, sizeof ro, "%s/ro", root);
        assert_int_equal(mkdir(ro, 0555), 0);
        snprintf(under, sizeof under, "%s/out", ro);
        status = generate(under, NULL, as_nobody);
        expect_write_error(status, "output under a read-only directory");
        assert_int_equal(access(under, F_OK), -1);
        rmdir(ro);
    }
    /* An output path through a regular file: no permission bits involved,
     * so this one fails for root too. */
    char through[200];
    snprintf(through, sizeof through, "%s/log/out", root);
    int status = generate(through, NULL, 0);
    expect_write_error(status, "output path through a file");
}

/* One subdirectory read-only, every file due for rewriting: the run must
 * fail before any file is renamed, so every file stays as it was. */
static void test_partly_unwritable(void **state)
{
    (void)state;
    if (geteuid() == 0 && access("/usr/bin/setpriv", X_OK) != 0 &&
        access("/bin/setpriv", X_OK) != 0) {
        printf("  SKIP: running as root without setpriv to drop privileges\n");
        skip();
    }
    snapshot all = snap(out_dir);
    for (size_t i = 0; i < all.n; i++) {
        FILE *f = fopen(all.items[i].path, "ab");
        assert_non_null(f);
        fputs("\n/* stale */\n", f);
        fclose(f);
    }
    snap_free(&all);
    char docs[160];
    snprintf(docs, sizeof docs, "%s/docs", out_dir);
    set_mode(out_dir, 0777); /* writable for the run, whoever it runs as */
    set_mode(docs, 0555);
    snapshot before = snap(out_dir);
    int status = generate(out_dir, NULL, geteuid() == 0);
    snapshot after = snap(out_dir);
    set_mode(out_dir, 0755);
    set_mode(docs, 0755);
    expect_write_error(status, "read-only docs/ below a writable tree");
    assert_int_equal(after.tmp_files, 0);
    int unchanged = same(&before, &after);
    snap_free(&before);
    snap_free(&after);
    assert_int_equal(generate(out_dir, NULL, 0), 0); /* repair for others */
    assert_true(unchanged);
}

/* Every broken spec of tests/bad, after all the good ones: refused with
 * exit status 1 and out/ byte-identical (a spec that only warns is not
 * broken: its .expect holds no "error:"). */
static void test_every_bad_spec(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(glob("tests/bad/*.json", 0, NULL, &g), 0);
    assert_int_equal(glob("tests/bad/*.xml", GLOB_APPEND, NULL, &g), 0);
    int broken = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char expect_path[512];
        snprintf(expect_path, sizeof expect_path, "%s.expect", g.gl_pathv[i]);
        char *expect = read_file(expect_path, NULL);
        int is_broken = expect && strstr(expect, "error:");
        free(expect);
        if (!is_broken)
            continue;
        broken++;
        snapshot before = snap(out_dir);
        int status = generate(out_dir, g.gl_pathv[i], 0);
        expect_failed_untouched(status, &before, g.gl_pathv[i]);
    }
    globfree(&g);
    assert_true(broken > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_broken_last_json),
        cmocka_unit_test(test_broken_last_xml),
        cmocka_unit_test(test_broken_last_missing),
        cmocka_unit_test(test_failure_while_rendering),
        cmocka_unit_test(test_failure_while_drawing),
        cmocka_unit_test(test_good_run_repairs),
        cmocka_unit_test(test_unwritable_output),
        cmocka_unit_test(test_partly_unwritable),
        cmocka_unit_test(test_every_bad_spec),
    };
    return cmocka_run_group_tests_name("output", tests, setup, teardown);
}
