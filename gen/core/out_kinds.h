/* out_kinds.h - the kinds of output generate writes, and where each goes.
 *
 * `generate --outputs c,docs` (and `check`) renders only the chosen kinds.
 * Each kind owns one directory below the output directory, so the kind of
 * any file, one a run writes or one an earlier run's manifest records, is
 * known from its name alone (write_manifest.h relies on it). A shared file
 * (docs index, perf mapfile) is of the kind whose directory holds it.
 */
#ifndef HWCGEN_OUT_KINDS_H
#define HWCGEN_OUT_KINDS_H

#include <stddef.h>

/* In the order the emitters run, which is the order of each target's rows
 * in the manifest. */
enum {
    OUT_C = 1u << 0,          /* include/hwcgen/ */
    OUT_DOCS = 1u << 1,       /* docs/ */
    OUT_PERF = 1u << 2,       /* perf/ */
    OUT_STREAMLINE = 1u << 3, /* streamline/ */
    OUT_KINDS = 4,
    OUT_ALL = (1u << OUT_KINDS) - 1
};

/* The one file perf's arm64 CPUs are listed in: written whole by a perf
 * tree's arch/arm64, or made of the rows of hwcgen's own CPUs. */
#define OUT_PERF_ARM64_MAPFILE "perf/arch/arm64/mapfile.csv"

/* The i-th kind's bit (0 <= i < OUT_KINDS). */
unsigned out_kind_bit(int i);

/* The kind of `name`, a path below the output directory; 0 for a file of
 * no kind (the manifest, or a name no emitter writes). */
unsigned out_kind_of(const char *name);

/* The kinds a comma-separated list names ("c,docs") into *kinds. 0; or
 * -1 when the list or a word of it is empty or not a kind's name, with
 * why in `why` (of size n): the word, the closest name, every name. */
int out_kinds_parse(const char *list, unsigned *kinds, char *why, size_t n);

#endif
