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

#include "diff/diff_change.h"

const char *diff_section_name(diff_section s);
const char *diff_section_heading(diff_section s);
const char *diff_class_name(diff_class c);

/* Every class that is not quiet: what matters unless --fail-on says. */
diff_classes diff_default_classes(void);

/* "different,removed" (commas, no spaces) into *out; "all" names every
 * class. -1 on an unknown or empty name, copied into bad. */
int diff_parse_classes(const char *list, diff_classes *out, char *bad, size_t size);

/* Compare two checked targets into df (initialised here; diff_free() it).
 * 0, or -1 when out of memory. */
int diff_targets(hw_diff *df, const hw_target *old_t, const hw_target *new_t);

/* The same for two files that describe one device, A (as OLD) and B (as
 * NEW), neither a version of the other: the names each file gives the
 * device (id, slug, name) and its own description are not compared, even
 * between two files of one format; the report says "only in A" where a
 * diff says "removed". */
int diff_sources(hw_diff *df, const hw_target *a, const hw_target *b);

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
