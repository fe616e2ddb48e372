/* diff_change.h - what `hwcgen diff` records (diff.h): the sections and
 * classes of a change, a change, and the set of them with the generated
 * files that differ (hw_diff). Types only, so that the comparisons
 * (diff_lists.h, diff_formula.h) can record changes without the commands
 * of diff.h that run them.
 */
#ifndef HWCGEN_DIFF_CHANGE_H
#define HWCGEN_DIFF_CHANGE_H

#include <stddef.h>

#include "core/arena.h"

/* X(enum suffix, name in reports, heading) - what a change is about. */
#define DIFF_SECTIONS(X)                                                      \
    X(TARGET, "target", "target")                                             \
    X(BLOCK, "block", "blocks")                                               \
    X(EVENT, "event", "events")                                               \
    X(METRIC, "metric", "metrics")                                            \
    X(GROUP, "group", "groups")                                               \
    X(METHODOLOGY, "methodology", "methodologies")                            \
    X(ENUM, "enum", "encodings")                                              \
    X(RULE, "rule", "support rules")                                          \
    X(REGISTER, "register", "registers")                                      \
    X(REPORT, "report", "report layouts")                                     \
    X(SET, "set", "metric sets")       /* Intel OA: sets, their counters */    \
    X(CONSTANT, "constant", "constants")                                      \
    X(INPUT, "input", "inputs")                                               \
    X(NOTE, "note", "notes")                                                  \
    X(FILE, "file", "files") /* a perf tree's files, not events or metrics */

typedef enum {
#define X(e, s, h) DIFF_##e,
    DIFF_SECTIONS(X)
#undef X
    DIFF_NSECTIONS
} diff_section;

/* X(enum suffix, name, quiet) - the kind of a change. A quiet class does
 * not matter by default and is listed only when asked (--all). */
#define DIFF_CLASSES(X)                                                       \
    X(ADDED, "added", 0)             /* only in NEW */                        \
    X(REMOVED, "removed", 0)         /* only in OLD */                        \
    X(RENAMED, "renamed", 0)         /* same item, new name */                \
    X(RECODED, "recoded", 0)         /* event: same name, new code */         \
    X(MOVED, "moved", 0)             /* counter: new block or index */        \
    X(DIFFERENT, "different", 0)     /* formula: another value */             \
    X(SCALED, "scaled", 0)           /* formula: a constant multiple */       \
    X(EQUIVALENT, "equivalent", 1)   /* formula: the same value */            \
    X(UNITS, "units", 0)                                                      \
    X(MEMBERS, "members", 0)         /* group membership */                   \
    X(TREE, "tree", 0)               /* methodology stages, decision tree */  \
    X(ENCODING, "encoding", 0)       /* enum values, register fields */       \
    X(RULE, "rule", 0)               /* support rules */                      \
    X(LAYOUT, "layout", 0)           /* report layouts, counter blocks */     \
    X(VALUE, "value", 0)             /* constant values */                    \
    X(RANGE, "range", 0)             /* input ranges */                       \
    X(IDENTITY, "identity", 0)       /* the target's name, part number... */  \
    X(CHANGED, "changed", 0)         /* any other attribute */                \
    X(DESCRIBED, "described", 1)     /* titles, descriptions, notes */

typedef enum {
#define X(e, s, q) DIFF_CLASS_##e,
    DIFF_CLASSES(X)
#undef X
    DIFF_NCLASSES
} diff_class;

/* A set of classes, one bit per class. */
typedef unsigned diff_classes;
#define DIFF_BIT(c) (1u << (c))

/* One input under which two formulas part: values of the names they read
 * (events under their OLD names), and what each formula gives. */
typedef struct diff_witness {
    int n;
    const char **names;
    double *values;
    double old_value, new_value;
} diff_witness;

typedef struct diff_change {
    diff_section section;
    diff_class cls;
    const char *name;     /* the item (its OLD name; its NEW one when added);
                             a part of an item is "ITEM.PART" */
    const char *new_name; /* renamed: the name in NEW; else NULL */
    const char *field;    /* what changed ("code", "formula"); NULL: the item */
    const char *old_text; /* the field in OLD; NULL: none */
    const char *new_text; /* the field in NEW; NULL: none */
    int one_sided;        /* only one text: what was added or removed */
    const char *note;     /* "same tree", ... or NULL */
    double factor;        /* SCALED: NEW = factor * OLD */
    diff_witness witness; /* DIFFERENT formulas: n > 0 */
    int order;            /* when it was found, for a stable sort */
} diff_change;

/* A generated file the changes touch. */
typedef struct diff_file {
    const char *name;     /* path under the output directory */
    const char *how;      /* "added", "removed", "changed" */
} diff_file;

typedef struct hw_diff {
    hw_arena *arena;
    const char *old_spec, *new_spec; /* as the user gave them */
    const char *old_id, *new_id;     /* the targets' C ids */
    const char *old_name, *new_name; /* product names, or ids */
    const char *old_format, *new_format;
    diff_change *changes;            /* by section, then name, then order found */
    int nchanges;
    size_t cap_changes;
    int cross;                       /* two formats: only facts both carry */
    int sources;                     /* two vendors' files of one device
                                        (diff_sources): OLD and NEW are A
                                        and B, neither is a later version */
    unsigned facts;                  /* HW_FACT() bits compared */
    const char *bound;               /* run-time values held ("#slots = 8
                                        (OLD's slots)"), or NULL */
    diff_file *files;                /* by name */
    int nfiles;
    size_t cap_files;
} hw_diff;

#endif
