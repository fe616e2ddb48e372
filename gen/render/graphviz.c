/* graphviz.c - running Graphviz's `dot` (graphviz.h). */
#include "render/graphviz.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* POSIX has the application declare it (unistd.h does not). */
extern char **environ;

char *graphviz_find(void)
{
    const char *set = getenv("HWCGEN_DOT");
    if (set)
        return *set ? strdup(set) : NULL;
    const char *path = getenv("PATH");
    hw_buf b;
    buf_init(&b);
    for (const char *p = path ? path : ""; *p;) {
        size_t n = strcspn(p, ":");
        buf_reset(&b);
        /* an empty entry is the current directory, as for execvp */
        buf_printf(&b, "%.*s/dot", (int)(n ? n : 1), n ? p : ".");
        if (!b.failed && access(b.data, X_OK) == 0)
            return buf_steal(&b);
        p += n + (p[n] == ':');
    }
    buf_free(&b);
    return NULL;
}

/* A descriptor the children started by other threads do not inherit. */
static int no_inherit(int fd)
{
    return fcntl(fd, F_SETFD, FD_CLOEXEC);
}

/* Send what the socket takes of the rest of j's DOT text without
 * waiting; close the child's input once all is sent, or once it stopped
 * reading (its exit status then says why). */
static void feed(graphviz_job *j)
{
    while (j->in >= 0 && j->sent < j->len) {
        ssize_t w = send(j->in, j->dot + j->sent, j->len - j->sent,
                         MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w > 0)
            j->sent += (size_t)w;
        else if (w < 0 && errno == EINTR)
            continue;
        else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        else
            j->sent = j->len;
    }
    if (j->in >= 0) {
        close(j->in);
        j->in = -1;
    }
}

/* Feed the rest of the DOT text and read the child's output and error
 * until both end, without ever blocking on one while the child waits on
 * another. The child's input is a socket so that writing to a child that
 * has quit is an error, not a SIGPIPE. */
static int exchange(graphviz_job *j, hw_buf *svg, hw_buf *why)
{
    int open_out = 1, open_err = 1;
    feed(j);
    while (open_out || open_err) {
        struct pollfd fds[3] = {{j->out, open_out ? POLLIN : 0, 0},
                                {j->err, open_err ? POLLIN : 0, 0},
                                {j->in, POLLOUT, 0}};
        if (poll(fds, j->in >= 0 ? 3 : 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (j->in >= 0 && fds[2].revents)
            feed(j);
        for (int k = 0; k < 2; k++) {
            if (!fds[k].revents)
                continue;
            char *room = buf_room(k ? why : svg, 1 << 16);
            ssize_t r = room ? read(fds[k].fd, room, 1 << 16) : -1;
            if (r > 0)
                buf_wrote(k ? why : svg, (size_t)r);
            else if (r == 0 || errno != EINTR)
                *(k ? &open_err : &open_out) = 0;
        }
    }
    return svg->failed || why->failed ? -1 : 0;
}

/* Start prog with its standard input, output and error on fd[0..2] (the
 * child's ends). */
static int start(const char *prog, const int fd[3], pid_t *pid)
{
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return -1;
    int rc = 0;
    for (int k = 0; k < 3 && rc == 0; k++)
        rc = posix_spawn_file_actions_adddup2(&fa, fd[k], k);
    char *argv[] = {(char *)prog, (char *)"-Tsvg", NULL};
    if (rc == 0)
        rc = posix_spawn(pid, prog, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    errno = rc;
    return rc == 0 ? 0 : -1;
}

/* What went wrong, in one line: the program's own first line when it
 * said anything, else how it ended. */
static void explain(hw_buf *why, const char *prog, int status, int err)
{
    char first[512] = "";
    size_t n = 0; /* buf_room leaves what is past len unwritten */
    while (n < why->len && why->data[n] != '\n' && why->data[n] != '\r')
        n++;
    snprintf(first, sizeof first, "%.*s", (int)n, n ? why->data : "");
    buf_reset(why);
    if (err)
        buf_printf(why, "%s cannot be run: %s", prog, strerror(err));
    else if (*first)
        buf_printf(why, "%s: %s", prog, first);
    else if (WIFEXITED(status))
        buf_printf(why, "%s exited with status %d", prog, WEXITSTATUS(status));
    else
        buf_printf(why, "%s was ended by signal %d", prog,
                   WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

void graphviz_start(graphviz_job *j, const char *prog, const char *dot, size_t len)
{
    *j = (graphviz_job){prog, dot, len, 0, -1, -1, -1, -1, 0};
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, in) != 0 || pipe(out) != 0 || pipe(err) != 0) {
        j->start_errno = errno;
    } else {
        for (int k = 0; k < 2; k++)
            no_inherit(in[k]), no_inherit(out[k]), no_inherit(err[k]);
        int child[3] = {in[1], out[1], err[1]};
        if (start(prog, child, &j->pid) != 0) {
            j->start_errno = errno;
            j->pid = -1;
        }
    }
    for (int k = 0; k < 3; k++) { /* the child's ends: its own copies stay */
        int *fd = k == 0 ? &in[1] : k == 1 ? &out[1] : &err[1];
        if (*fd >= 0)
            close(*fd);
    }
    j->in = in[0];
    j->out = out[0];
    j->err = err[0];
    if (j->pid > 0)
        feed(j); /* most graphs fit the socket: the child starts at once */
}

/* Close what is left open of j's descriptors. */
static void close_job(graphviz_job *j)
{
    int *fd[3] = {&j->in, &j->out, &j->err};
    for (int k = 0; k < 3; k++)
        if (*fd[k] >= 0) {
            close(*fd[k]);
            *fd[k] = -1;
        }
}

int graphviz_finish(graphviz_job *j, hw_buf *svg, hw_buf *why)
{
    size_t had = svg->len;
    int status = 0, rc = -1;
    if (j->pid > 0) {
        rc = exchange(j, svg, why);
        while (waitpid(j->pid, &status, 0) < 0 && errno == EINTR)
            ;
        j->pid = -1;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            rc = -1;
    }
    close_job(j);
    if (rc != 0) {
        explain(why, j->prog, status, j->start_errno);
        svg->len = had;
        if (svg->data)
            svg->data[had] = '\0';
    }
    return rc;
}

void graphviz_cancel(graphviz_job *j)
{
    close_job(j);
    if (j->pid > 0) {
        kill(j->pid, SIGTERM);
        while (waitpid(j->pid, NULL, 0) < 0 && errno == EINTR)
            ;
        j->pid = -1;
    }
}

int graphviz_svg(const char *prog, const char *dot, size_t len, hw_buf *svg, hw_buf *why)
{
    graphviz_job j;
    graphviz_start(&j, prog, dot, len);
    return graphviz_finish(&j, svg, why);
}
