/* diff_lists.h - what every comparison of `hwcgen diff` shares
 * (diff_lists.c): the context, recording a change, and walking two lists of
 * items of one kind by an item_kind table. Internal to the comparisons
 * (diff.c, diff_sections.c, diff_tree.c).
 */
#ifndef HWCGEN_DIFF_WALK_H
#define HWCGEN_DIFF_WALK_H

#include <stddef.h>

#include "core/ir.h"
#include "diff/diff_change.h"
#include "diff/diff_formula.h"
#include "load/load_facts.h"

/* ---- recording changes --------------------------------------------------- */

typedef struct ctx {
    hw_diff *df;
    const hw_target *o, *n;  /* OLD and NEW */
    diff_renames events;     /* NEW events known under another OLD name */
    diff_renames metrics;    /* NEW metrics renamed from OLD ones */
    char *metric_changed;    /* OLD metric i: its value is not the same */
    const hw_enum *enums[2]; /* the enum whose values are compared */
    int failed;
    /* Two formats (cross): only the facts both carry are compared (both,
     * HW_FACT() bits), names case-insensitively when either format's are
     * (fold), text after whitespace is normalised, and a run-time value
     * one side leaves free is held at what the other knows (bind). */
    int cross, fold;
    unsigned both;
    const load_facts *fo, *fn;
    formula_binding bind[16];
    int nbind;
} ctx;

/* Whether both formats carry fact `f` (HW_FACT(...)). */
#define DW_HAS(c, f) (((c)->both & (f)) != 0)

__attribute__((format(printf, 2, 3)))
const char *dw_fmt(ctx *c, const char *f, ...);
/* A new change, or NULL (and c->failed) when out of memory. */
diff_change *dw_change(ctx *c, diff_section s, diff_class k, const char *name);
/* The same text, an empty one the same as none. */
int dw_same(const char *a, const char *b);
/* A change "renamed" of item `name` when its NEW name is not its OLD one,
 * reported as OWNER.NEW_NAME when it is a part of `owner` (else NULL);
 * the caller adds what the item is in NEW. NULL when the name is the same
 * (or out of memory). */
diff_change *dw_renamed(ctx *c, diff_section s, const char *name, const char *owner,
                        const char *old_name, const char *new_name);
/* A change when the field's text differs. */
diff_change *dw_field(ctx *c, diff_section s, diff_class k, const char *name, const char *what,
                   const char *old_text, const char *new_text);
/* dw_field() of class DIFF_CLASS_DESCRIBED. */
void dw_described(ctx *c, diff_section s, const char *name, const char *what,
               const char *old_text, const char *new_text);
/* Something only one version has: `text` says what it was (gone) or is. */
void dw_one_side(ctx *c, diff_section s, diff_class k, const char *name, const char *what,
              int gone, const char *text);
/* "removed" (gone) or "added"; between two sources (diff_sources), where
 * neither is a later version, "only in A" or "only in B". */
const char *dw_side_word(const ctx *c, int gone);
/* "ITEM.NAME": the name of a part of an item. */
const char *dw_part(ctx *c, const char *item, const char *name);

/* Two changes of class k, "<what> removed" and "<what> added", for the
 * names only OLD's list has and only NEW's has; r maps NEW names to OLD. */
void dw_list_change(ctx *c, diff_section s, diff_class k, const char *name, const char *what,
                 const char *const *a, int na, const char *const *b, int nb,
                 const diff_renames *r);

/* The units of t as a comparison across formats reads them: perf's
 * ScaleUnit "1percent of slots" is a scale (1) and a unit ("percent of
 * slots"), the unit compared. Otherwise units as written. */
const char *dw_units(const ctx *c, const hw_target *t, const char *units);

/* A name as the pairing reads it: lower case when names fold. */
const char *dw_key(ctx *c, const char *name);

/* Values as the text of a change. */
const char *dw_text_int(ctx *c, long long v);
const char *dw_text_hex(ctx *c, unsigned long long v);
const char *dw_yes_no(int v);
const char *dw_text_number(ctx *c, double v);

/* ---- walking two lists of items --------------------------------------------- */

/* to_new[i]: the NEW item paired with OLD item i, or -1; to_old the other
 * way round. */
typedef struct pairing {
    int *to_new, *to_old;
} pairing;

/* A list of items of one type, as `size` bytes each with its name at
 * `name_off`. */
typedef struct items {
    const void *v;
    int n;
} items;

/* How to walk one kind of item. Offsets of 0 mean "none" (no title,
 * description or units is an item's first member). */
typedef struct item_kind {
    diff_section section;
    size_t size, name_off;
    const char *what; /* field named in an added or removed item's line */
    /* the item in one line; t is the target it is from */
    const char *(*text)(ctx *c, const hw_target *t, const void *item);
    /* a change to that line is a change of class cls, field summary (NULL:
     * the line is not compared) */
    int summary;
    diff_class cls;
    const char *summary_what;
    size_t units_off, title_off, desc_off; /* const char * members */
    /* its parts, compared as items named ITEM.PART; added or removed
     * ones are changes of class cls */
    const struct item_kind *parts;
    size_t parts_off, nparts_off;
    /* anything else to compare (NULL: nothing) */
    void (*compare)(ctx *c, const char *name, const void *a, const void *b);
    /* pairs that are not by the same name (NULL: none) */
    void (*more_pairs)(ctx *c, pairing *p, items o, items n);
} item_kind;

#define ITEM(type) .size = sizeof(type), .name_off = offsetof(type, name)
#define SUMMARY(k, what) .summary = 1, .cls = (k), .summary_what = (what)
#define PARTS(type, kind, list)                                               \
    .parts = &(kind), .parts_off = offsetof(type, list), .nparts_off = offsetof(type, n##list)

/* Pair the items of OLD's and NEW's lists, compare each pair, and record
 * the others as removed and added. With an owner the items are its parts,
 * named OWNER.PART, and one only in one version is a change of class
 * part_class, "added" or "removed". */
void diff_items(ctx *c, const item_kind *k, items o, items n, const char *owner,
                diff_class part_class);

/* The target's own items (not parts of one). */
void diff_list(ctx *c, const item_kind *k, items o, items n);

/* A list of the target's: OLD's and NEW's. */
#define LISTS(c, list)                                                        \
    (items){(c)->o->list, (c)->o->n##list}, (items){(c)->n->list, (c)->n->n##list}
#endif
