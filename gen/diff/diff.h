/* diff.h - compare two versions of a spec by meaning, not by text.
 *
 * Both targets are loaded and checked (run_open). diff_targets() matches
 * their items (events by name, then by code or by block and index; metrics
 * by name, then by an equivalent formula with the same units; the other
 * lists by name) and records every difference as a change of one class.
 * diff_files() renders both targets' outputs in memory and lists the
 * generated files that differ. diff_report() (diff_report.c) prints the
 * changes as text, Markdown or JSON.
 */
#ifndef HWCGEN_DIFF_H
#define HWCGEN_DIFF_H

#include <cjson/cJSON.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/ir.h"
#include "plan/plan.h"

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

const char *diff_section_name(diff_section s);
const char *diff_section_heading(diff_section s);
const char *diff_class_name(diff_class c);

/* A set of classes, one bit per class. */
typedef unsigned diff_classes;
#define DIFF_BIT(c) (1u << (c))

/* Every class that is not quiet: what matters unless --fail-on says. */
diff_classes diff_default_classes(void);

/* "different,removed" (commas, no spaces) into *out; "all" names every
 * class. -1 on an unknown or empty name, copied into bad. */
int diff_parse_classes(const char *list, diff_classes *out, char *bad, size_t size);

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
    diff_change *changes;            /* by section, then name, then order found */
    int nchanges;
    size_t cap_changes;
    diff_file *files;                /* by name */
    int nfiles;
    size_t cap_files;
} hw_diff;

/* Compare two checked targets into df (initialised here; diff_free() it).
 * 0, or -1 when out of memory. */
int diff_targets(hw_diff *df, const hw_target *old_t, const hw_target *new_t);

/* Render every output of each target in memory from its plan (templates
 * as in run_emit; NULL: the built-in ones) and add the generated files
 * that differ to df. NEW is rendered as if it were at OLD's path, so a
 * file differs only for what the specs say. 0, or -1 after reporting. */
int diff_files(hw_diff *df, hw_target *old_t, const hw_plan *old_p, hw_target *new_t,
               const hw_plan *new_p, const char *templates, hw_diag *d);

void diff_free(hw_diff *df);

/* Whether a change of class c is listed: when --all is given, when the
 * class is not quiet, or when it decides the exit status. */
int diff_listed(diff_class c, int all, diff_classes fail_on);

/* Whether any change's class is in fail_on: the exit status 1. */
int diff_matters(const hw_diff *df, diff_classes fail_on);

typedef enum { DIFF_FORMAT_TEXT, DIFF_FORMAT_MARKDOWN, DIFF_FORMAT_JSON } diff_format;

/* "text", "markdown" or "json"; -1 otherwise. */
int diff_parse_format(const char *s, diff_format *out);

/* The report in one format (diff_report.c). */
void diff_report(hw_buf *out, const hw_diff *df, diff_format format, int all,
                 diff_classes fail_on);

/* The JSON report as an object, for a report of several pairs; the
 * caller owns it. */
cJSON *diff_report_json(const hw_diff *df, int all, diff_classes fail_on);

/* What `hwcgen diff` was asked for. */
typedef struct diff_opts {
    diff_format format;
    int all;               /* --all */
    diff_classes fail_on;  /* what makes the status 1 */
    const char *templates; /* NULL: the built-in ones */
} diff_opts;

/* OLD against NEW, each loaded and checked here (diff_specs.c). Two paths
 * that name one target each give one report. Paths that name several (a
 * perf tree's directories: arch/, one arch) have their targets paired by
 * id: a report for each pair with anything to list, the targets only one
 * side has (added or removed, which matter when those classes are in
 * fail_on), and a summary line. Reports go to `out`. 0 no change that
 * matters, 1 changes that matter, 2 an error (reported). */
int diff_paths(const char *old_path, const char *new_path, const diff_opts *o, hw_buf *out,
               hw_diag *d);

#endif
