/* write_depfile.h - a Make/Ninja dependency file for what a run wrote
 * (generate --depfile FILE), as `gcc -MD -MP` writes one for an object:
 *
 *     DIR/include/hwcgen/x.h DIR/include/hwcgen/x_metrics.h ...: \
 *      /usr/bin/hwcgen spec/x.json
 *     spec/x.json:
 *
 * The targets are every file of the set, below DIR as given, in the set's
 * order (Ninja matches the first against the rule's first output); the
 * prerequisites are the program (it stands for everything compiled into
 * it: built-in templates, schemas, the table of cores) and every file the
 * run read (core/reads.h) but the set's own files (the manifest read back
 * from DIR). Each prerequisite but the program also gets a rule of its
 * own with nothing to do, so a build tool whose input was removed runs
 * hwcgen again rather than stopping. Spaces, '#' and '$' are escaped as
 * Make reads them (Ninja reads the same).
 */
#ifndef HWCGEN_WRITE_DEPFILE_H
#define HWCGEN_WRITE_DEPFILE_H

#include "core/arena.h"
#include "core/diag.h"
#include "core/out_set.h"

/* The dependency file's text into `b`; `reads` are the files the run read
 * (sorted, each once). 0, or -1 after reporting a path Make cannot name
 * (one holding a line break). */
int depfile_text(hw_buf *b, const out_set *s, const char *dir, const char *program,
                 char *const *reads, int nreads, hw_diag *d);

/* depfile_text written to `path` under a temporary name and renamed into
 * place; and every file of `s` in `dir` given the time of now, the ones
 * whose content was unchanged too: a build tool takes a rule's outputs
 * older than its inputs as still to be made. 0, or -1 after reporting. */
int depfile_write(const char *path, const out_set *s, const char *dir, const char *program,
                  char *const *reads, int nreads, hw_diag *d);

#endif
