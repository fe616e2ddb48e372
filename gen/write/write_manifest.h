/* write_manifest.h - what generate wrote into an output directory, and for whom.
 *
 * DIR/hwcgen-manifest.json records, per spec, the files generate wrote for
 * it and its rows in the files every target shares (the docs index, perf's
 * mapfile). The next run into DIR reads it to:
 *   - keep the targets of specs it is not given (generate SPEC adds or
 *     replaces that target only), their rows included in the shared files;
 *     a full run (no SPEC) keeps none: whatever it does not produce goes;
 *   - refuse to write a file that another spec's target owns;
 *   - remove, after the commit, the files it wrote before and writes no
 *     longer (a spec renamed or deleted, a diagram dropped), and nothing
 *     else: a file it did not write is never touched.
 *
 * A run of some kinds of output only (generate --outputs, out_kinds.h)
 * owns only those: the files and rows of the other kinds, of every spec
 * in the manifest, are carried over as they are (a file's kind is known
 * by its directory), neither rewritten nor removed, and stay recorded for
 * their spec, merged with what the run wrote for it. The shared files of
 * a kind not written are not rendered, so they stay as they were too.
 * The record is the same as one run of every kind would make, so a later
 * run of them all changes nothing it did not have to; a full run of a
 * kind still removes the files of that kind no target writes.
 */
#ifndef HWCGEN_MANIFEST_H
#define HWCGEN_MANIFEST_H

#include <cjson/cJSON.h>

#include "core/diag.h"
#include "core/ir.h"
#include "core/out_set.h"

#define MANIFEST_NAME "hwcgen-manifest.json"

/* The manifest of `dir`: {"targets": [...]}, empty when there is none.
 * NULL after reporting one that cannot be read. */
cJSON *manifest_read(const char *dir, hw_diag *d);

/* What this run keeps of `before`: every target whose spec is not among
 * `targets` (none when `full`), whole, its rows joining `out`'s; and of
 * every other entry, the files and rows of the kinds not in `kinds`. A
 * file of `out` that a kept target, or another spec of this run, owns is
 * an error naming both specs (and `dir`, where `before` was read; NULL
 * when the files are rendered in memory only and `before` is empty). The
 * kept entries are returned in *kept (an array the caller frees). 0, or
 * -1 after reporting. */
int manifest_keep(const cJSON *before, out_set *out, hw_target *const *targets,
                  int n, int full, unsigned kinds, const char *dir, cJSON **kept,
                  hw_diag *d);

/* Add the new manifest to `out` (MANIFEST_NAME, beside the files it
 * lists): its files and rows per spec, with what `kept` holds (a spec's
 * carried part merged into its entry). 0, or -1 when out of memory. */
int manifest_add(out_set *out, const cJSON *kept, hw_diag *d);

/* After a commit: remove the files `before` lists that neither `out` nor
 * a `kept` target holds any more, and the directories that leaves empty.
 * The count may be NULL. 0, or -1 after reporting a file that could not be
 * removed. */
int manifest_prune(const cJSON *before, const out_set *out, const cJSON *kept,
                   const char *dir, int *removed, hw_diag *d);

#endif
