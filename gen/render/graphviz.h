/* graphviz.h - draw a DOT graph as SVG with Graphviz's `dot` program.
 *
 * hwcgen runs the program rather than linking Graphviz's library: the
 * library is not thread-safe (cgraph(3)) while the emitters run on several
 * threads, it finds its SVG renderer as a plugin of the installed Graphviz
 * at run time anyway, and a Graphviz failure in a child process is a
 * message, never the end of hwcgen. The program is optional: without it
 * the docs keep the DOT file and say how to draw it (README, "Docs").
 */
#ifndef HWCGEN_GRAPHVIZ_H
#define HWCGEN_GRAPHVIZ_H

#include <stddef.h>
#include <sys/types.h>

#include "core/arena.h"

/* The program that draws: $HWCGEN_DOT when it is set (empty: none), else
 * the first executable `dot` on $PATH. A malloc'd path, or NULL when there
 * is none (or no memory to say it). */
char *graphviz_find(void);

/* One drawing under way: `prog -Tsvg` started with the DOT text on its
 * standard input, its SVG not yet read. The text must live until
 * graphviz_finish() or graphviz_cancel(). */
typedef struct graphviz_job {
    const char *prog;
    const char *dot;
    size_t len, sent;
    int in, out, err; /* our ends of the child's standard streams; -1: closed */
    pid_t pid;        /* -1: not running */
    int start_errno;  /* why it could not be started; 0: it was */
} graphviz_job;

/* Start drawing the `len` bytes of `dot` with `prog`: the program runs
 * beside whatever the caller does next (a page to render), and the
 * caller collects the drawing with graphviz_finish(). A program that
 * cannot be started is said by graphviz_finish(). */
void graphviz_start(graphviz_job *j, const char *prog, const char *dot, size_t len);

/* Wait for j's drawing and append it to `svg`: 0; -1 with why it failed
 * in `why` (what the program said on its standard error, or its exit
 * status) and `svg` as it was. */
int graphviz_finish(graphviz_job *j, hw_buf *svg, hw_buf *why);

/* Stop j's program, if it runs, and forget its drawing. */
void graphviz_cancel(graphviz_job *j);

/* Run `prog -Tsvg` with the `len` bytes of `dot` on its standard input and
 * append what it prints to `svg`. 0; -1 with why it failed in `why` (what
 * the program said on its standard error, or its exit status) and `svg`
 * as it was. Safe to call from several threads at once. */
int graphviz_svg(const char *prog, const char *dot, size_t len, hw_buf *svg, hw_buf *why);

#endif
