/* names.h - spec names as C identifiers, and a name index.
 *
 * A spec name becomes a C identifier by one rule everywhere (mangling):
 * '-' and '.' turn into '_', letters keep or change case as asked. Names
 * hold only ASCII letters, digits, '_', '-' and '.'; anything else cannot
 * be mangled. A leading digit mangles, but only names that are always
 * prefixed in C (metrics) may have one: the checker enforces that.
 */
#ifndef HWCGEN_NAMES_H
#define HWCGEN_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "core/arena.h"

typedef enum { CASE_KEEP, CASE_LOWER, CASE_UPPER } name_case;

/* Write the C identifier for `name` to out; -1 when it cannot be mangled
 * or does not fit. */
int name_mangle(const char *name, name_case c, char *out, size_t size);

/* Arena copy of the mangled name; NULL when it cannot be mangled. */
const char *name_c(hw_arena *a, const char *name, name_case c);

/* A C name put together from spec names: fmt's expansion, mangled as one
 * name (the rule works character by character, so each spec name in it
 * comes out as it would alone). name_c_printf(a, CASE_UPPER,
 * "%s_%s_SHIFT", "INTEL_OA_CHV", "eu.sel") is "INTEL_OA_CHV_EU_SEL_SHIFT".
 * NULL when it cannot be mangled or memory runs out. */
const char *name_c_printf(hw_arena *a, name_case c, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Reserved words of C (C89 to C23) and C++ that would break a header. */
int name_is_keyword(const char *ident);

/* Streamline's name for an event in template expressions: '$', then the
 * words of title and name, each capitalised, everything but ASCII letters
 * and digits dropped ("Mali GPU Cycles" + "GPU active" ->
 * "$MaliGPUCyclesGPUActive"). -1 when it does not fit. */
int name_streamline_var(const char *title, const char *name, char *out,
                        size_t size);

/* gatord's name for a CPU's PMU, the stem of its counters (<pmu>_ccnt, the
 * cycle counter; <pmu>_cnt, the programmable ones): "ARMv8_" (or "ARMv9_"
 * for an "armv9..." architecture) and the product name, anything but ASCII
 * letters and digits turned into '_' ("ARMv8_Neoverse_V1"). NULL when out
 * of memory. */
const char *name_gatord_pmu(hw_arena *a, const char *architecture,
                            const char *product);

/* The Arm PMUv3 event that gatord counts on the dedicated cycle counter
 * (<pmu>_ccnt); every other event goes on a programmable one. */
#define GATORD_CYCLE_EVENT 0x11u

/* "Neoverse V1" -> "neoverse_v1" / "neoverse-v1". */
void name_slug(const char *text, char sep, char *out, size_t size);

/* "Did you mean": offer every known name in turn; `best` ends as the one
 * closest to `typed`, within two edits (insert, delete, replace a letter)
 * when case is ignored, so "IPC" finds "ipc". Among equally close names
 * the one that also matches case better wins, then the first in strcmp
 * order, so the hint does not depend on the order names are offered. */
typedef struct name_hint {
    const char *typed;
    const char *best; /* NULL: nothing close */
    int folded;       /* best's edits with case ignored */
    int exact;        /* best's edits with case */
} name_hint;

name_hint name_hint_for(const char *typed);
void name_hint_offer(name_hint *h, const char *known);

/* An open-addressing hash from name to an int tag, for lookups that must
 * stay fast on specs with 100,000 names. Keys are borrowed, not copied.
 * Each slot keeps the key's hash, so probing and growing rarely touch the
 * keys themselves (on big specs those reads are the cache misses). */
typedef struct name_slot {
    const char *key;  /* NULL: empty */
    uint32_t hash;    /* the low half of the key's hash */
    int value;
} name_slot;

typedef struct name_index {
    name_slot *slots;
    size_t cap;
    size_t count;
    int failed;  /* growing failed once: every later put fails at once */
} name_index;

int name_index_init(name_index *ix, size_t expected);
void name_index_free(name_index *ix);
/* Insert; returns the existing value (>= 0) when the key is present, -1
 * when inserted, -2 when out of memory. Values must be >= 0. */
int name_index_put(name_index *ix, const char *key, int value);
int name_index_get(const name_index *ix, const char *key); /* -1 absent */

/* `in` with leading and trailing white space trimmed and inner runs folded
 * to one space, as XML reads a token, into out (size bytes at most, cut
 * short if need be). */
void text_fold(char *out, size_t size, const char *in);

#endif
