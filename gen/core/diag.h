/* diag.h - diagnostics: "file:line[:col]: error: [json.path: ]message".
 *
 * Stages report through one hw_diag so the CLI decides where text goes and
 * tests can read exactly what a user would see.
 */
#ifndef HWCGEN_DIAG_H
#define HWCGEN_DIAG_H

#include <stdio.h>

#include "core/arena.h"
#include "core/ir.h"

typedef struct hw_diag {
    FILE *stream;     /* where messages go as they come; NULL = nowhere */
    hw_buf log;       /* every message, for tests and callers */
    int errors;
    int warnings;
    int max_errors;   /* stop reporting (not counting) beyond this; 0 = 50 */
    int verbose;      /* show notes */
    int werror;       /* warnings are errors (--werror): see diag_warning */
    int deferred;     /* keep messages for diag_replay, show none */
} hw_diag;

void diag_init(hw_diag *d, FILE *stream);
void diag_free(hw_diag *d);

/* A diag that shows nothing yet: one item of a stage that runs beside
 * others (par.h) reports into it; diag_replay() then shows its messages in
 * `d`, counted and capped there as if reported there, and frees `sub`.
 * Verbosity and --werror are taken from `like`. */
void diag_defer(hw_diag *sub, const hw_diag *like);
void diag_replay(hw_diag *d, hw_diag *sub);

void diag_error(hw_diag *d, const hw_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* With d->werror set a warning is an error in every respect: counted in
 * d->errors (so the stage that reported it fails), subject to max_errors,
 * and printed as "error: message [-Werror]", the tag saying which rule
 * made it one. Stages need not know the flag. */
void diag_warning(hw_diag *d, const hw_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Shown only with --verbose. */
void diag_note(hw_diag *d, const hw_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A location at line/col of a file, with no JSON path. */
hw_loc loc_at(const char *file, int line, int col);

#endif
