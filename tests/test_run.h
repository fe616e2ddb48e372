/* test_run.h - running a program from a cmocka test and reading what it
 * printed; include after <cmocka.h>. */
#ifndef HWCGEN_TEST_RUN_H
#define HWCGEN_TEST_RUN_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_util.h"

typedef struct result {
    int status;
    char *out, *err;
} result;

static inline void redirect(int fd, const char *path)
{
    int to = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (to >= 0) {
        dup2(to, fd);
        close(to);
    }
}

/* argv[0] run with argv (searched in PATH), its output captured in dir. */
static inline result run(const char *dir, const char *const *argv)
{
    char out[256], err[256];
    snprintf(out, sizeof out, "%s/stdout", dir);
    snprintf(err, sizeof err, "%s/stderr", dir);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        redirect(1, out);
        redirect(2, err);
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    result r = {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(out, NULL),
                read_file(err, NULL)};
    assert_non_null(r.out);
    assert_non_null(r.err);
    return r;
}

#define RUN(dir, ...) run((dir), (const char *const[]){__VA_ARGS__, NULL})

static inline void result_free(result *r)
{
    free(r->out);
    free(r->err);
}

/* Whether `prog` is an executable in one of PATH's directories. */
static inline int in_path(const char *prog)
{
    const char *path = getenv("PATH");
    char buf[4096];
    for (const char *p = path; p && *p;) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        snprintf(buf, sizeof buf, "%.*s/%s", (int)n, p, prog);
        if (access(buf, X_OK) == 0)
            return 1;
        p += n + (colon != NULL);
    }
    return 0;
}

#endif
