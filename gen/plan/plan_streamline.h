/* plan_streamline.h - how a CPU's events go into Streamline (gatord).
 *
 * A CPU's events-<Name>.xml puts them in one category per core. For a
 * core gatord has built in (the table of cores gives its hw_gatord), the
 * category, counter set and cycle counter are gatord's own, and each event
 * of a code gatord has takes gatord's label, so that gatord -E replaces
 * gatord's event in place. gatord's merge keeps one event per label, the
 * last: an earlier built-in event whose label a later one repeats can
 * never be replaced (shadowed), and the labels of gatord's events that no
 * event of ours replaces stay taken. A telemetry CPU gatord lacks gets a
 * category of its own; a core of a perf tree's directory that gatord
 * lacks gets none (a category of our own needs the product's
 * architecture, and gatord keeps only one new category of a file).
 *
 * The plan also says which events each category of the file carries and
 * under which label: gatord's own for an event gatord has; for one it
 * lacks, a label of ours that no built-in event of the core has, titled
 * by the first functional group that lists the event (gatord titles CPU
 * events by topic) or else the product name, and named by the event's
 * title (in a perf tree, whose titles are sentences, perf's EventName).
 * A GPU's counter keeps its own Streamline title and name (the device's
 * name where it has no title). A label already taken in the category
 * gets the event's name appended,
 * so Streamline never shows two series under one label. The events file
 * writes these labels and the docs show them.
 */
#ifndef HWCGEN_PLAN_STREAMLINE_H
#define HWCGEN_PLAN_STREAMLINE_H

#include "core/arena.h"
#include "core/diag.h"
#include "core/ir.h"

/* One event of the target as a category labels it. */
typedef struct st_label {
    const char *gd_title; /* gatord's title of its code; NULL when gatord
                             has no event of the code for the core */
    const char *gd_name;
    int gd_shadowed;      /* a later built-in event repeats the label, so
                             gatord -E can never replace this one */
    const char *units;    /* a CPU's: gatord's where it has the event, else
                             by its kind (st_units_by_kind) */
    int in_file;          /* the category in the events file carries it */
    const char *title;    /* the label Streamline's counter picker shows for
                             it: gatord's own (not shadowed), else, where
                             the file carries it, ours; NULL: none */
    const char *name;
} st_label;

/* One core's Streamline identity. */
typedef struct st_category {
    const char *name;          /* product name: the title of an event gatord
                                  lacks that no group titles */
    int num_counters;
    const char *category;      /* NULL: no Streamline category */
    const char *counter_set;
    const char *cycle_counter;
    const char *gatord;        /* "gatord 9.7.2", or NULL: a category of ours */
    const char **taken;        /* "title\nname" of each of gatord's own events
                                  of the core that no event of the spec
                                  replaces: a label of ours must differ */
    int ntaken;
    st_label *labels;          /* one per event of the target */
} st_category;

typedef struct st_plan {
    st_category cpu;           /* a telemetry CPU: its one core (category
                                  NULL for any other target) */
    st_category *cores;        /* a perf tree's directory: by t->cores */
    int ncores;
    st_category gpu;           /* a target whose counters have gatord ids
                                  (Mali): its one category, when the file
                                  carries any counter (category NULL else) */
} st_plan;

/* t's Streamline identities, strings in `a`; a core of a perf tree that
 * gets no category is noted with why, at its mapfile row. 0, or -1 when
 * out of memory (reported). */
int st_plan_make(st_plan *p, const hw_target *t, hw_arena *a, hw_diag *d);

/* An event a CPU's Streamline category carries: coded with an Arm PMU
 * event number (16 bits), counted by the core's own PMU (a perf tree's
 * model directory may hold uncore events too, as hisilicon/hip08 does)
 * and shown to users (not CHAIN). */
int st_event_wanted(const hw_event *e);

/* The units gatord gives a CPU event of this kind, decided from Arm's
 * mnemonic and title: "cycles" for the cycle counter (0x11), events that
 * count cycles ("cycle" in the title, *_PERCYC, STALL_FRONTEND and
 * STALL_BACKEND and their IMP_ kin), "slots" for STALL_SLOT*, "exceptions"
 * for "Exception taken...", "instructions" for instructions or operations
 * architecturally or speculatively executed (micro-operations excepted);
 * NULL otherwise. */
const char *st_units_by_kind(const hw_event *e);

#endif
