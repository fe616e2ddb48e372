/* mustache.h - a Mustache template renderer over cJSON data.
 *
 * Supported: interpolation ({{x}} escaped, {{{x}}} and {{&x}} raw), dotted
 * names, the implicit iterator {{.}}, sections, inverted sections, comments,
 * partials (with standalone indentation) and set delimiters ({{=<% %>=}}).
 * Standalone lines follow the Mustache spec. Lambdas are not supported.
 *
 * Values interpolate as: strings verbatim, numbers in their shortest form
 * (85, 1.21), true/false as "true"/"false", and null, missing names, arrays
 * and objects as the empty string.
 */
#ifndef HWCGEN_MUSTACHE_H
#define HWCGEN_MUSTACHE_H

#include <cjson/cJSON.h>

#include "core/arena.h"

/* How {{x}} (but not {{{x}}} or {{&x}}) is escaped. */
typedef enum {
    MU_ESCAPE_NONE,      /* copy as is */
    MU_ESCAPE_HTML,      /* & < > " as entities */
    MU_ESCAPE_C_STRING,  /* safe inside "..." of a C string literal */
    MU_ESCAPE_C_COMMENT, /* safe inside a C block comment */
    MU_ESCAPE_MARKDOWN   /* safe inside a Markdown table cell */
} mu_escape;

/* Looks up a partial's template text by name; returns NULL when there is
 * none (renders as empty, per the spec). The text must stay valid for the
 * duration of the mu_render call. */
typedef const char *(*mu_partial_fn)(void *ctx, const char *name);

/* line and col are 1-based and refer to the template named at the start of
 * `message` ("name:line:col: what"), which is a partial's name when the
 * error is inside a partial. */
typedef struct mu_error {
    int line;
    int col;
    char message[256];
} mu_error;

/* Deepest partial nesting mu_render accepts before reporting an error. */
#define MU_MAX_PARTIAL_DEPTH 64

/* Render `tmpl` with `data` into `out` (appended). `name` is used in error
 * messages. Returns 0, or -1 with *err filled (unclosed section, mismatched
 * close tag, unclosed tag, empty or malformed tag, partial recursion deeper
 * than MU_MAX_PARTIAL_DEPTH, out of memory); on error nothing is appended.
 * `partials` may be NULL (every partial is then empty); `err` may be NULL. */
int mu_render(const char *name, const char *tmpl, const cJSON *data,
              mu_escape escape, mu_partial_fn partials, void *partial_ctx,
              hw_buf *out, mu_error *err);

/* The escaping itself, exposed so emitters and tests can use it.
 * A NULL `s` appends nothing. */
void mu_escape_append(hw_buf *out, const char *s, mu_escape escape);

/* The length of the start of `s` that a C string literal holds as it is
 * (MU_ESCAPE_C_STRING escapes none of it): s[n] is '\0' when s needs no
 * escape at all. */
size_t mu_c_string_plain(const char *s);

#endif
