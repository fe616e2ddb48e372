/* spdx.h - the licence a generated file declares.
 *
 * Every generated file that can hold a comment starts with an SPDX line
 * naming the licence of what it was made from: the input's (hw_target's
 * `license`, set by its loader) or, for our own specs and for files built
 * from several targets, hwcgen's own. The value is printed inside C, XML,
 * HTML, DOT and '#' comments, so a loader accepts only what spdx_valid()
 * accepts.
 */
#ifndef HWCGEN_SPDX_H
#define HWCGEN_SPDX_H

#include "core/ir.h"

/* hwcgen's own licence: of our specs' outputs and of the shared files. */
#define SPDX_OWN "(GPL-2.0-only OR MIT)"

/* Longest expression accepted: every banner carries it. */
#define SPDX_MAX 256

/* The licence of t's outputs: t->license, or SPDX_OWN when it has none. */
const char *spdx_of(const hw_target *t);

/* Whether `s` is an SPDX licence expression, at most SPDX_MAX
 * characters: licence ids (letters, digits, '.' and '-', an optional '+'
 * after), an id WITH an exception id, joined by AND and OR (upper case),
 * grouped by parentheses, tokens apart by spaces. Nothing else can reach
 * a comment: no newline, no "*" "/" to end a C comment, no '>' and no
 * "--" (in no real id) to end an XML or HTML one. */
int spdx_valid(const char *s);

#endif
