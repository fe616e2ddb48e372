/* plan_c_names.h - the names the freestanding header <id>.h defines.
 *
 * The emitters (emit_c_free.c, emit_c_regs.c) spell every macro name of
 * the header with c_checked_macro() and the helpers below, and
 * c_header_names() lists every name the header will define, each with the
 * item of the spec it is made for: the plan (plan_c_check.h) rejects a
 * spec where two items would make one macro before anything is emitted. Which macros
 * exist is decided as the emitters decide it (plan_c_regs.h for the
 * register part); tests/test_c_names.c holds the list to the headers they
 * write.
 */
#ifndef HWCGEN_C_NAMES_H
#define HWCGEN_C_NAMES_H

#include <stdarg.h>

#include "core/arena.h"
#include "plan/plan_c_regs.h"
#include "core/ir.h"

/* For the emitters: <ID>_ and fmt's expansion, mangled upper-case as one
 * name (names.h): c_checked_macro(a, "INTEL_OA_CHV", "%s_SHIFT", "eu.sel")
 * is "INTEL_OA_CHV_EU_SEL_SHIFT". */
const char *c_checked_macro(hw_arena *a, const char *ID, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* `name` as made by a function below, for an emitter: never NULL, as the
 * plan let through only names that can be spelled; "" when out of
 * memory, which the arena remembers. The functions below return NULL
 * where a spec name in the name cannot be mangled (or out of memory). */
const char *c_checked(hw_arena *a, const char *name);

/* The names of a metric in <id>_metrics.h (a model's <id>.h), by its spec
 * name: <ID>_METRIC_<NAME>, its index in the evaluators' out[], and
 * <id>_<name>, its evaluator. "" when out of memory, as c_checked(). */
const char *c_metric_enum(hw_arena *a, const char *ID, const char *metric);
const char *c_metric_fn(hw_arena *a, const hw_target *t, const char *metric);

/* HWCGEN_<ID>_H */
const char *c_guard(hw_arena *a, const char *ID);

/* The spec name a counter's macros start with: its hardware name, if any. */
const char *c_counter_stem(const hw_event *e);

/* The whole multiplier tools scale counter e by (<stem>_MULTIPLIER), or 0
 * when there is none or it is not a whole number. */
int c_counter_multiplier(const hw_event *e);

/* Whether the identity gives a MIDR (<ID>_MIDR_VALUE and the fields). */
int c_has_midr(const hw_target *t);

/* Whether t is a GPU known by product ids (Arm's counter database): its
 * header adds the ids, its names and architecture, each block's bank, and
 * each counter's bank and shift. */
int c_has_product_ids(const hw_target *t);

/* <ID>_<SUBJECT>_<VALUE>_ALLOWS_<OBJECT>: the mask of support rule r. */
const char *c_rule_macro(hw_arena *a, const char *ID, const hw_target *t,
                         const hw_rule *r);

/* REPORT_U40 for the read joining 4 low and 1 high bytes; REPORT_U32_8
 * instead when another read of p adds up to the same width. Without the
 * <ID>_ the template puts before it; "" when out of memory. */
const char *c_split_name(hw_arena *a, const c_regs_plan *p, c_split s);

/* <ID>_<LAYOUT>_<OBJ>_BY_<SUBJ>: the values field obj may take while field
 * subj holds a value. */
const char *c_by_macro(hw_arena *a, const char *ID, const hw_layout *l,
                       int subj, int obj);

/* <id>_<layout>_supported: the layout's check as a function. */
const char *c_supported_fn(hw_arena *a, const hw_target *t, const hw_layout *l);

/* What a name is made for ("layout 'EU' field 'FINE'"), and where the spec
 * says so (NULL: nowhere in particular, e.g. the report read helpers). */
typedef struct c_owner {
    const char *what;
    const hw_loc *loc;
} c_owner;

/* `name` is NULL when a spec name in it cannot be part of a C name. */
typedef void c_name_fn(void *ctx, const char *name, const c_owner *owner);

/* Call fn with every name <id>.h will define for t, whose other checks
 * passed, in the order the header defines them; nothing when t has no
 * events (its <id>.h is then a model's evaluator). Not for a directory of
 * a perf tree, whose header holds tables (cpt_plan_names(),
 * plan_c_perf_tables.h). Strings live in `a`.
 * 0, or -1 when out of memory.
 * Not listed: the type <id>_u64 and <ID>_U64, a macro the user may define
 * to name it; no listed name can be either (each has a '_' or a fixed word
 * after the stem: IMPLEMENTER, MASK32...). */
int c_header_names(const hw_target *t, hw_arena *a, c_name_fn *fn, void *ctx);

/* What c_header_names() calls fn with, kept: the plan lists the names
 * once and the checks and the docs read the list. */
typedef struct c_named {
    const char *name; /* NULL: it cannot be spelled (see c_name_fn) */
    c_owner owner;
} c_named;

typedef struct c_name_list {
    c_named *names;
    int n;
    size_t cap;
    int listed; /* c_name_list_make() ran: n == 0 means none */
} c_name_list;

/* c_header_names() of t into *l, in `a`. 0, or -1 when out of memory. */
int c_name_list_make(c_name_list *l, const hw_target *t, hw_arena *a);
/* fn with each name of l, in the order c_header_names() gave them. */
void c_name_list_each(const c_name_list *l, c_name_fn *fn, void *ctx);

#endif
