/* plan_c_perf_tables.h - the tables of the driver header <id>.h of a directory
 * of perf's pmu-events tree: one X-macro table per PMU, its columns, and
 * a C name for each row.
 *
 * One plan, made once per target (hw_plan, plan.h), serves everything
 * that names them: the emitter writes the tables (emit_c_perf.c), the
 * plan lists the macro names and reports rows that had to be renamed
 * (plan_c_check.h), and the docs name each event's row (docs_perf.c).
 *
 * A row's name is its PMU's stem and its event's name, upper case, every
 * other character '_' (runs of '_' folded into one): CPU_CORE_INST_RETIRED_ANY.
 * perf tells RS_EMPTY.COUNT from RS.EMPTY_COUNT by where the dot is; C
 * cannot, so of two rows whose names meet, the later gets "_2" (then
 * "_3"...), and so does a name perf itself gives twice. The core PMU, which jevents.py calls
 * default_core, has the stem CPU; every other PMU its name.
 */
#ifndef HWCGEN_C_PERF_TABLES_H
#define HWCGEN_C_PERF_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "core/arena.h"
#include "plan/plan_c_names.h"
#include "core/ir.h"
#include "core/perf_enc.h"

/* A column of a table: a number of one key of the encoding. */
typedef struct cpt_col {
    perf_enc_id key;
    int item;           /* 0, or 1: the second of a list ("0xB7,0xBB") */
    const char *term;   /* Filter: the term it holds ("config1"); else NULL */
    int wide;           /* a value needs more than 32 bits: UINT64_C() */
} cpt_col;

typedef struct cpt_table {
    const char *pmu;    /* as jevents.py names it: "default_core" */
    const char *stem;   /* CPU, CPU_CORE, UNCORE_IMC */
    const char *macro;  /* <ID>_<STEM>_EVENTS */
    const char *count;  /* <ID>_<STEM>_EVENT_COUNT */
    int *rows;          /* event indices, in spec order */
    int nrows;
    size_t cap_rows;
    cpt_col *cols;      /* in the order of perf_enc.h's keys; Filter terms
                           where Filter is, in the order first seen */
    int ncols;
    size_t cap_cols;
} cpt_table;

typedef struct cpt_plan {
    const char *ID;     /* X86_SKYLAKE */
    const char *pmus;   /* <ID>_PMUS: the table of tables */
    cpt_table *tables;  /* in the order their PMUs first appear */
    int ntables;
    size_t cap_tables;
    const char **row;   /* by event: its row's name */
    int *table;         /* by event: index into tables */
    int *renamed;       /* by event: the event that has the name its row
                           would have had, or -1 */
} cpt_plan;

/* The plan of t's header, strings and arrays in `a`. 0, or -1 when out of
 * memory (or when t's id cannot be a C name: the checker reports that). */
int cpt_plan_build(const hw_target *t, hw_arena *a, cpt_plan *p);
/* Column c of event e, whose keys perf_enc_read() gave as `text`: 1 with
 * the number in *v (and whether the file writes it in hexadecimal in *hex),
 * or 0 when the event has no such number (the header writes 0). */
int cpt_value(const hw_event *e, const char *const text[], const cpt_col *c, uint64_t *v,
              int *hex);

/* The names the header of a perf tree's directory defines, from its plan
 * (the c_header_names() of such a directory): the list of PMUs, and each
 * table's macro and row count, owned by the table's PMU. */
int cpt_plan_names(const hw_target *t, const cpt_plan *p, hw_arena *a, c_name_fn *fn,
                   void *ctx);

/* A column's name in the header's comments: the key ("UMask"), "EventCode
 * (second)", "Filter config1". */
const char *cpt_col_label(hw_arena *a, const cpt_col *c);

#endif
