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

#include "core/arena.h"

/* The program that draws: $HWCGEN_DOT when it is set (empty: none), else
 * the first executable `dot` on $PATH. A malloc'd path, or NULL when there
 * is none (or no memory to say it). */
char *graphviz_find(void);

/* Run `prog -Tsvg` with the `len` bytes of `dot` on its standard input and
 * append what it prints to `svg`. 0; -1 with why it failed in `why` (what
 * the program said on its standard error, or its exit status) and `svg`
 * as it was. Safe to call from several threads at once. */
int graphviz_svg(const char *prog, const char *dot, size_t len, hw_buf *svg, hw_buf *why);

#endif
