/* write_files.h - a set of rendered files written into a directory, all
 * or nothing.
 *
 * Each file goes to a temporary name in its own directory and is renamed
 * into place, so a reader never sees half a file and a failure leaves old
 * outputs intact. The directory is given here, once: the set names its
 * files below it (core/out_set.h).
 */
#ifndef HWCGEN_WRITE_FILES_H
#define HWCGEN_WRITE_FILES_H

#include "core/diag.h"
#include "core/out_set.h"

/* Write every changed file of `s` into `dir` under a temporary name, then
 * rename them all into place; files whose content is already on disk are
 * left alone; the counts may be NULL. Returns 0, or -1 after reporting
 * the failure (temporaries removed); `written` then says how many files
 * were replaced (0 unless a rename failed). */
int out_commit(const out_set *s, const char *dir, hw_diag *d, int *written, int *unchanged);

#endif
