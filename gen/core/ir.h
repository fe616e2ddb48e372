/* ir.h - the one intermediate representation every loader builds and every
 * emitter reads.
 *
 * A loader fills a hw_target (all memory from target->arena) with what its
 * input says; the checker (check.h) binds names, orders metrics and
 * validates; from then on the target is read-only. What an output decides
 * from it (C names, perf formulas, Streamline labels) is the plan's
 * (plan/plan.h), never the IR's. Every node that a diagnostic can blame has
 * a hw_loc.
 * Lists keep spec order; emitters that need another order sort explicitly.
 */
#ifndef HWCGEN_IR_H
#define HWCGEN_IR_H

#include <stddef.h>
#include <stdint.h>

#include "core/arena.h"

typedef struct hw_loc {
    const char *file; /* spec path as the user gave it */
    int line;         /* 1-based; 0 when unknown */
    int col;          /* 1-based; 0 when unknown */
    const char *path; /* JSON path ("metrics.ipc.formula") or NULL */
} hw_loc;

/* ---- expressions ------------------------------------------------------ */

/* X(enum suffix, spelling) - one table so names cannot drift. */
#define HW_EXPR_KINDS(X)                                                      \
    X(NUM, "number")                                                          \
    X(REF, "reference")                                                       \
    X(NEG, "-")                                                               \
    X(ADD, "+")                                                               \
    X(SUB, "-")                                                               \
    X(MUL, "*")                                                               \
    X(DIV, "/")                                                               \
    X(MOD, "%")                                                               \
    X(CALL, "call")

typedef enum {
#define X(e, s) EXPR_##e,
    HW_EXPR_KINDS(X)
#undef X
} hw_expr_kind;

/* X(enum suffix, spelling, min args, max args (-1 = unbounded), where it
 * may be called by name (FUNC_OURS: our spec formats; FUNC_PERF: perf's
 * MetricExpr, expr_parse_perf), whether its argument is a name, its infix
 * precedence).
 *
 * A name argument is a REF node the checker binds to the run-time value
 * the call reads (hw_runtime). perf takes exactly two arguments of min and
 * max. perf's operators that our formats lack ('<', '>', '&', '|', '^' and
 * "then if cond else otherwise", args then, cond, otherwise) are calls
 * too, with an infix precedence (INFIX_*, perf's grammar, loosest first)
 * so the printers write them as operators: the node kinds stay those both
 * syntaxes share, and these operators' semantics sit beside d_ratio's
 * (interp.h). */
enum { FUNC_OURS = 1, FUNC_PERF = 2 };
enum { INFIX_NONE, INFIX_IF, INFIX_OR, INFIX_XOR, INFIX_AND, INFIX_CMP };
#define HW_FUNCS(X)                                                           \
    X(MIN, "min", 2, -1, FUNC_OURS | FUNC_PERF, 0, INFIX_NONE)                \
    X(MAX, "max", 2, -1, FUNC_OURS | FUNC_PERF, 0, INFIX_NONE)                \
    X(CEIL, "ceil", 1, 1, FUNC_OURS, 0, INFIX_NONE)                           \
    X(FLOOR, "floor", 1, 1, FUNC_OURS, 0, INFIX_NONE)                         \
    X(ABS, "abs", 1, 1, FUNC_OURS, 0, INFIX_NONE)                             \
    X(D_RATIO, "d_ratio", 2, 2, FUNC_PERF, 0, INFIX_NONE)                     \
    X(HAS_EVENT, "has_event", 1, 1, FUNC_PERF, 1, INFIX_NONE)                 \
    X(STRCMP_CPUID_STR, "strcmp_cpuid_str", 1, 1, FUNC_PERF, 1, INFIX_NONE)   \
    X(SOURCE_COUNT, "source_count", 1, 1, FUNC_PERF, 1, INFIX_NONE)           \
    X(IF, "if", 3, 3, 0, 0, INFIX_IF)                                         \
    X(OR, "|", 2, 2, 0, 0, INFIX_OR)                                          \
    X(XOR, "^", 2, 2, 0, 0, INFIX_XOR)                                        \
    X(AND, "&", 2, 2, 0, 0, INFIX_AND)                                        \
    X(LT, "<", 2, 2, 0, 0, INFIX_CMP)                                         \
    X(GT, ">", 2, 2, 0, 0, INFIX_CMP)

typedef enum {
#define X(e, s, lo, hi, where, name_arg, infix) FUNC_##e,
    HW_FUNCS(X)
#undef X
    FUNC_COUNT
} hw_func;

/* What a reference names once resolved. */
#define HW_REF_KINDS(X)                                                       \
    X(UNRESOLVED, "unresolved")                                               \
    X(EVENT, "event")                                                         \
    X(CONSTANT, "constant")                                                   \
    X(INPUT, "input")                                                         \
    X(METRIC, "metric")                                                       \
    X(RUNTIME, "run-time value")

typedef enum {
#define X(e, s) REF_##e,
    HW_REF_KINDS(X)
#undef X
} hw_ref_kind;

/* A name of perf's metric language as perf's lexer reads a symbol
 * ([0-9a-zA-Z_.:@?] and backslash-escaped '-', ',', '='), taken apart the
 * way perf turns it into an event (perf_lang.h, perf_term_split): "pmu@
 * event,terms@modifiers" is pmu/event,terms/modifiers; "event:modifiers"
 * and "event\,terms" have no PMU. Strings are unescaped; NULL when absent. */
typedef struct hw_term {
    const char *event;    /* "INST_RETIRED.ANY", "cycles", "l1d-loads-misses";
                             NULL for a PMU with raw terms only
                             ("armv8_pmuv3_0@event\=0x201d@") */
    const char *pmu;      /* "cpu_core", "msr", "hv_24x7" */
    const char *config;   /* further terms: "cmask=1", "config1=0x40433" */
    const char *mods;     /* modifiers: "k", "u", "R" */
} hw_term;

typedef struct hw_expr {
    hw_expr_kind kind;
    int col;             /* 1-based column in the formula text */
    double value;        /* NUM (NaN for perf's NaN) */
    const char *text;    /* NUM: spelling; REF: name without any '$'; a perf
                            symbol or '#' literal exactly as written */
    int dollar;          /* REF: written with a leading '$' */
    int literal;         /* REF: a perf '#' literal ("#SMT_on"); its
                            identity is its name in lower case */
    const hw_term *term; /* REF parsed by expr_parse_perf, not a literal */
    hw_ref_kind ref;     /* REF: filled by the checker (check.h) */
    int index;           /* REF: index into the array ref names */
    hw_func func;        /* CALL */
    int nargs;           /* NEG 1, binary 2, CALL nargs */
    struct hw_expr **args;
} hw_expr;

/* ---- the parts of a target -------------------------------------------- */

/* A hardware counter block (Mali: GPU front-end, tiler, ...; Intel: A/B/C). */
typedef struct hw_block {
    hw_loc loc;
    const char *name;  /* C-safe upper name: GPU_FRONTEND */
    const char *title;
    int id;            /* hardware block id */
    int size;          /* counters in the block */
    int bank;          /* Arm's counter database: the block's bank (0
                          elsewhere, where blocks have none) */
} hw_block;

enum {
    EVENT_ARCH_DEFINED = 1u << 0,    /* Arm architecture-defined */
    EVENT_PRODUCT_DEFINED = 1u << 1, /* implementation-defined */
    EVENT_RECONSTRUCTED = 1u << 2,   /* row rebuilt from another source */
    EVENT_HIDDEN = 1u << 3,          /* not exposed to users (CHAIN) */
    EVENT_FLEXIBLE = 1u << 4,        /* programmable counter (Intel A7..A20) */
    /* Flags of the older telemetry shape (before architecture_defined and
     * product_defined): the event counts on the architecturally executed
     * path ("architectural"); what it counts is IMPLEMENTATION DEFINED in
     * part ("impdef"). */
    EVENT_ARCHITECTURAL = 1u << 5,
    EVENT_IMPDEF = 1u << 6,
    /* A perf tree's "Deprecated" and "Experimental" keys (set to anything
     * but "0"): perf hides deprecated events from its lists, and flags
     * experimental ones as not fully validated. */
    EVENT_DEPRECATED = 1u << 7,
    EVENT_EXPERIMENTAL = 1u << 8,
    /* gatord shows the counter among its built-in events (counter_id):
     * a Streamline file leaves it to gatord rather than show it twice */
    EVENT_GATORD_BUILTIN = 1u << 9
};

/* An event (CPU PMU), a raw counter (GPU) or an aggregating counter. */
typedef struct hw_event {
    hw_loc loc;
    const char *name;        /* mnemonic or variable: CPU_CYCLES, MaliGPU.. */
    const char *title;
    const char *description;
    const char *units;       /* NULL when unknown */
    int has_code;
    uint64_t code;           /* CPU PMU event code (powerpc's in perf's tree
                                are 64 bits wide) */
    int block;               /* index into target->blocks, -1 when none */
    int index;               /* counter index inside its block, -1 */
    int width;               /* counter width in bits, 0 when unknown */
    const char *counter_id;  /* gatord counter id, NULL when none */
    const char *st_title;    /* Streamline title ("Mali GPU Cycles") */
    const char *st_name;     /* Streamline name ("GPU active") */
    const char *note;        /* provenance or oddity, shown in docs */
    unsigned flags;          /* EVENT_* */
    const char *reg_name;    /* register holding the counter (OAPERF_A0), NULL */
    const char *reg_upper;   /* register holding its upper bits, NULL */
    double multiplier;       /* gatord scale of the raw count; 0 = none */
    int advanced;            /* gatord advanced="yes": hidden by default */
    const char *hw_name;     /* hardware source name (GPU_ACTIVE), or NULL */
    const char *db_name;     /* name in the vendor's counter database
                                (MaliGPUActiveCy), or NULL */
    int shift;               /* Arm's counter database: the sampler adds
                                raw << shift to the count (0 elsewhere) */
    /* From a perf tree: the PMU that counts it, as jevents names it from
     * the Unit key ("default_core" without one, "cpu_core", "uncore_imc";
     * NULL elsewhere), and
     * the object that defines it (pfiles[pfile].objs[pobj]; -1, -1
     * elsewhere). */
    const char *pmu;
    int pfile, pobj;
    /* From a perf tree: the keys that say what the event is programmed
     * with (EventCode, UMask, MSRValue...), those of perf_enc.h's table
     * that it has, in the table's order; a key its object lacks comes from
     * the standard event its ArchStdEvent names (copied into this
     * target's arena). NULL elsewhere. */
    const struct hw_kv **enc;
    int nenc;
} hw_event;

/* A named value: fixed (has_value) or a device setting given at run time. */
typedef struct hw_constant {
    hw_loc loc;
    const char *name;
    const char *title;
    const char *description;
    const char *units;
    int has_value;
    double value;
} hw_constant;

/* A model input with its valid range. */
typedef struct hw_input {
    hw_loc loc;
    const char *name;
    const char *title;
    const char *description;
    const char *units;
    int has_min, min_exclusive;
    double min;
    int has_max, max_exclusive;
    double max;
    int integer;             /* must be a whole number */
    const char *multiple_of; /* name of another input, or NULL */
    int has_default;         /* a neutral value (0 loads), which eval uses */
    double default_value;    /* when the input is not given */
} hw_input;

enum {
    METRIC_DERIVED = 1u << 0,   /* expression derived, not printed in source */
    METRIC_CORRECTED = 1u << 1, /* source expression was fixed; see note */
    METRIC_EXTERNAL = 1u << 2,  /* series from elsewhere: no evaluator */
    METRIC_INTERMEDIATE = 1u << 3, /* model step, not a final output */
    METRIC_DATABASE = 1u << 4, /* formula from the vendor's counter
                                  database, not the source; see note */
    METRIC_DEPRECATED = 1u << 5,   /* perf tree: as EVENT_DEPRECATED */
    METRIC_EXPERIMENTAL = 1u << 6, /* perf tree: as EVENT_EXPERIMENTAL */
    METRIC_IN_CYCLE = 1u << 7      /* perf tree: uses itself through other
                                      metrics; its formula is dropped */
};

/* A metric, template series, derived value or model output. */
typedef struct hw_metric {
    hw_loc loc;
    const char *name;        /* stable id: ipc, microcontroller_utilization */
    const char *title;
    const char *description;
    const char *units;
    const char *formula;     /* as written in the spec; NULL when none */
    hw_loc formula_loc;      /* where the formula text starts */
    hw_expr *expr;           /* parsed formula; NULL when none */
    const char **groups;     /* metric group names */
    int ngroups;
    const char **events;     /* events the spec says the formula uses */
    int nevents;
    const char **sample_events;
    int nsample_events;
    const char *number;      /* section number in the source ("3.2.1") */
    const char *source_formula; /* original text when CORRECTED */
    const char *note;        /* why corrected / derived from what */
    unsigned flags;          /* METRIC_* */
    const char *pmu;         /* perf tree: as for hw_event */
    int pfile, pobj;
    const char *threshold;   /* perf MetricThreshold, or NULL */
    hw_loc threshold_loc;    /* where its text starts */
    hw_expr *threshold_expr;
} hw_metric;

typedef enum { GROUP_EVENTS, GROUP_METRICS } hw_group_kind;

/* A functional group of events, a metric group or a template group. */
typedef struct hw_group {
    hw_loc loc;
    hw_group_kind kind;
    const char *name;
    const char *title;
    const char *description;
    const char *number;      /* template group number ("3.1") or NULL */
    int section;             /* index into target->sections, -1 */
    const char **members;    /* event or metric names, in order */
    hw_loc *member_locs;
    int nmembers;
} hw_group;

/* A chapter of a template (Mali: "3 GPU front-end"). */
typedef struct hw_section {
    hw_loc loc;
    const char *number;
    const char *title;
    const char *description;
} hw_section;

typedef struct hw_stage {
    const char *name;        /* stage_1 */
    const char **groups;
    int ngroups;
} hw_stage;

typedef struct hw_tree_node {
    hw_loc loc;
    const char *name;        /* metric or group name */
    const char *group;       /* group the metric is looked at in, or NULL */
    const char **next;
    int nnext;
    const char **sample_events;
    int nsample_events;
} hw_tree_node;

/* A method of analysis, e.g. topdown: stages and a decision tree. */
typedef struct hw_methodology {
    hw_loc loc;
    const char *name;
    const char *title;
    const char *description;
    hw_stage *stages;
    int nstages;
    const char **roots;
    int nroots;
    hw_tree_node *nodes;
    int nnodes;
    size_t cap_nodes;
} hw_methodology;

/* A named set of small integer codes (Intel EU increment events, ...). */
typedef struct hw_enum_value {
    hw_loc loc;
    uint32_t value;
    const char *name;        /* C-safe upper name */
    const char *title;
    const char *description;
    int undocumented;        /* named by a rule but missing from the table */
} hw_enum_value;

typedef struct hw_enum {
    hw_loc loc;
    const char *name;
    const char *title;
    int width;               /* bits */
    hw_enum_value *values;
    int nvalues;
} hw_enum;

/* "When enum `subject` is `value`, enum `object` may only take the values in
 * `allowed` (bit v set = value v allowed)." Values absent from every rule's
 * subject impose nothing. */
typedef struct hw_rule {
    hw_loc loc;
    int subject;             /* index into target->enums */
    uint32_t value;
    int object;              /* index into target->enums */
    uint32_t allowed;        /* bit mask over object values (width <= 5) */
    const char *text;        /* the rule as the source states it */
} hw_rule;

/* A bit field of a register or of a field layout. */
typedef struct hw_field {
    hw_loc loc;
    const char *name;
    const char *description;
    int shift;
    int width;
    int enum_index;          /* values from target->enums, -1 when none */
    int layout;              /* sub-fields from target->layouts, -1 */
    int event;               /* counter the field programs, -1 when none */
} hw_field;

typedef struct hw_layout {
    hw_loc loc;
    const char *name;
    const char *description;
    int width;
    hw_field *fields;
    int nfields;
} hw_layout;

typedef struct hw_register {
    hw_loc loc;
    const char *name;
    const char *description;
    uint64_t address;
    int width;
    hw_field *fields;
    int nfields;
} hw_register;

/* A span of bytes in a counter report; count > 1 for arrays. */
typedef struct hw_report_field {
    hw_loc loc;
    const char *name;
    const char *description;
    int offset;              /* bytes from the start of the report */
    int size;                /* bytes per element */
    int count;               /* elements */
    int first;               /* number of the first element (A32 -> 32) */
    const char *block;       /* counter block the elements belong to */
    int high_bits;           /* holds bits above 32 of wider counters */
    const char *overlaps;    /* field whose bytes it may share, or NULL */
} hw_report_field;

typedef struct hw_report {
    hw_loc loc;
    const char *name;
    const char *description;
    int select;              /* format select value */
    int size;                /* bytes per report */
    hw_report_field *fields;
    int nfields;
} hw_report;

/* Something the source says, or gets wrong, that readers must see. */
typedef struct hw_note {
    hw_loc loc;
    const char *kind;        /* "oddity", "limit", "reading", "source" */
    const char *subject;     /* what it is about, or NULL */
    const char *text;
} hw_note;

/* One input value of a worked example: <set input="wl" value="256"/>. */
typedef struct hw_example_set {
    hw_loc loc;
    const char *input;       /* must name an input (the checker's job) */
    double value;
} hw_example_set;

/* A model's inputs whose result the source states; the docs evaluate them
 * and show the result beside the one the source prints. */
typedef struct hw_example {
    hw_loc loc;
    const char *label;       /* where the source gives it */
    const char *expected;    /* the result as the source prints it */
    hw_example_set *sets;    /* in spec order */
    int nsets;
    size_t cap_sets;
} hw_example;

/* ---- values a perf formula reads that the target does not define ---- */

/* perf's metric language reads more than a target's events and metrics:
 * events outside the target, perf's tool events, facts of the running
 * system ('#' literals) and the answers of has_event(), strcmp_cpuid_str()
 * and source_count(). For a target of format "pmu-events" the checker
 * (check_perf.c) binds each such REF to an entry of target->runtime
 * (ref REF_RUNTIME): every one is an input of the evaluators, one value per
 * entry, like a run-time constant; none is an error.
 *
 *   COUNTER       an event outside the target, or one of its events with
 *                 terms or modifiers: a count per sample
 *   TOOL          duration_time, user_time, system_time: seconds
 *   LITERAL       #slots, #smt_on, ...: a fact of the running system
 *   HAS_EVENT     has_event(E): 1 when E can be counted, else 0
 *   CPUID         strcmp_cpuid_str(ID): 1 when the CPU id matches, else 0
 *   SOURCE_COUNT  source_count(E): the sources E sums (default 1) */
#define HW_RUNTIME_KINDS(X)                                                   \
    X(COUNTER, "counter")                                                     \
    X(TOOL, "tool event")                                                     \
    X(LITERAL, "literal")                                                     \
    X(HAS_EVENT, "has_event")                                                 \
    X(CPUID, "strcmp_cpuid_str")                                              \
    X(SOURCE_COUNT, "source_count")

typedef enum {
#define X(e, s) RUNTIME_##e,
    HW_RUNTIME_KINDS(X)
#undef X
} hw_runtime_kind;

typedef struct hw_runtime {
    hw_runtime_kind kind;
    const char *key;         /* identity, as perf spells it: the symbol as
                                written ("msr@tsc@", "duration_time"), the
                                literal in lower case ("#smt_on"), a call
                                with its argument ("has_event(cycles\-t)") */
    const char *text;        /* as first written ("#SMT_on") */
    const hw_term *term;     /* the event a COUNTER counts, or HAS_EVENT and
                                SOURCE_COUNT ask about; NULL otherwise */
    int event;               /* that event of the target, or -1 */
} hw_runtime;

/* ---- a kernel's perf pmu-events tree, kept as the files have it ------ */

/* One key of a perf JSON object, as the file spells it: the round trip
 * writes these back, so nothing the file says is lost, keys hwcgen does
 * not interpret and misspelled ones included. */
typedef struct hw_kv {
    hw_loc loc;
    const char *key;
    const char *value;       /* a string's text, or a number as written */
    int number;              /* the file wrote a JSON number */
} hw_kv;

/* One object of a perf JSON file: an event, a metric, or (metricgroups.json)
 * the whole file's group -> description pairs. */
typedef struct hw_pobj {
    hw_loc loc;
    hw_kv *kvs;
    int nkvs;
    size_t cap_kvs;
    int event;               /* index into target->events, or -1 */
    int metric;              /* index into target->metrics, or -1 */
} hw_pobj;

/* The key `key` of o as perf reads it (the last of a repeated key), or
 * NULL. */
const hw_kv *pobj_kv(const hw_pobj *o, const char *key);

/* One JSON file of a perf model directory, objects in file order. */
typedef struct hw_pfile {
    hw_loc loc;
    const char *name;        /* in the target's directory: "cache.json" (a
                                sys/ directory is a target of its own) */
    int is_object;           /* metricgroups.json: one JSON object, held as
                                objs[0]; every other file is an array */
    hw_pobj *objs;
    int nobjs;
    size_t cap_objs;
} hw_pfile;

/* ---- the cores a perf tree's model directory is for ------------------ */

/* One event gatord has built in for a core, as hwcgen's table of cores
 * (spec/cores.json, load_cores.h) gives it: its code, and its title, name
 * and units there (each NULL when the table gives none). */
typedef struct hw_gatord_event {
    long code;               /* -1 when the table's key is not "0x.." */
    const char *title;
    const char *name;
    const char *units;
} hw_gatord_event;

/* What the table of cores says gatord has built in for a core: its
 * version, category, counter set and cycle counter, and its events in the
 * table's order. */
typedef struct hw_gatord {
    const char *version;     /* NULL when the table gives none */
    const char *category;
    const char *counter_set;
    const char *cycle_counter;
    hw_gatord_event *events;
    int nevents;
} hw_gatord;

/* A CPU core an arm64 model directory of a perf tree is for: a row of the
 * arch's mapfile.csv, by its MIDR (one directory may serve several:
 * arm/cortex-a57-a72), with what hwcgen's table of cores (load_cores.h) says
 * of it. */
typedef struct hw_core {
    hw_loc loc;              /* its mapfile.csv row */
    uint32_t implementer;
    uint32_t part_num;
    const char *name;        /* product name from the table; NULL when the
                                table lacks the core */
    int num_counters;        /* programmable counters, 0 when unknown */
    const hw_gatord *gatord; /* NULL when gatord lacks it (or the table) */
} hw_core;

#define HW_LIST(type, name) type *name; int n##name; size_t cap_##name

typedef struct hw_target {
    hw_arena *arena;
    const char *spec_path;   /* as given, for diagnostics */
    const char *spec_name;   /* from "spec/" on, or the base name: shown
                                in outputs, the same from any directory */
    const char *format;      /* loader that built it: "telemetry", ... */
    const char *id;          /* C stem: neoverse_v1 */
    const char *slug;        /* file stem: neoverse-v1 */
    const char *vendor;      /* "arm", "intel" */
    const char *name;        /* product name: "Neoverse V1" */
    const char *kind;        /* "cpu", "gpu", "model" */
    const char *description;
    const char *source;      /* the document the facts come from */
    hw_loc loc;              /* where the spec names the target (its id,
                                slug and name come from there) */

    /* CPU identity (telemetry product_configuration) */
    uint32_t implementer;
    uint32_t part_num;
    int major_revision, minor_revision;
    const char *architecture;
    const char *pmu_architecture;
    int num_slots;
    int num_bus_slots;
    int num_counters;        /* programmable counters, 0 when unknown */
    const char *part_name;   /* product name as the spec gives it, without
                                the revision that `name` may carry */
    int has_revision;        /* major/minor_revision are the spec's */
    const char *revision;    /* "r1p2" when has_revision, else NULL */
    int revision_named;      /* the revision is part of id, slug and name:
                                it is not the part's reference revision */
    int revision_reference;  /* the revision is the one the table of cores
                                names the part's reference (load_cores.h) */
    const char *facts;       /* where facts the spec lacks came from (the
                                built-in table of cores), or NULL */

    /* A telemetry CPU's core as gatord has it built in, from the table of
     * cores (load_cores.h); NULL when gatord lacks it. */
    const hw_gatord *gatord;

    /* A GPU of Arm's counter database (format "mali-db"): its product ids
     * (GPU_ID's product field) and the other names it is sold under
     * ("Immortalis-G720"). */
    const uint32_t *product_ids;
    int nproduct_ids;
    const char **aliases;
    int naliases;
    /* How its formulas divide (core/div_rule.h); 0, DIV_RULE_NAN, unless
     * the format says otherwise. */
    int div_rule;

    /* The licence of the input, as an SPDX expression: outputs generated
     * from it carry it (NULL: hwcgen's own specs, GPL-2.0-only OR MIT). */
    const char *license;

    /* A directory of a perf pmu-events tree (format "pmu-events"): its
     * arch ("x86"), its path below the arch ("skylake", "arm/cortex-a76";
     * "" for the arch's own files, which also hold its mapfile.csv lines,
     * verbatim and in order), and its JSON files. */
    const char *perf_arch;
    const char *perf_dir;
    const char **mapfile_lines; /* without their '\n' ('\r' kept) */
    int nmapfile_lines;
    int mapfile_unterminated; /* the last line has no '\n' */
    HW_LIST(hw_pfile, pfiles);
    /* arm64 model directories: the cores the mapfile gives them, in its
     * order, one per MIDR (load_perf_cores.c) */
    HW_LIST(hw_core, cores);

    HW_LIST(hw_block, blocks);
    HW_LIST(hw_event, events);
    HW_LIST(hw_constant, constants);
    HW_LIST(hw_input, inputs);
    HW_LIST(hw_metric, metrics);
    HW_LIST(hw_group, groups);
    HW_LIST(hw_section, sections);
    HW_LIST(hw_methodology, methodologies);
    HW_LIST(hw_enum, enums);
    HW_LIST(hw_rule, rules);
    HW_LIST(hw_layout, layouts);
    HW_LIST(hw_register, registers);
    HW_LIST(hw_report, reports);
    HW_LIST(hw_note, notes);
    HW_LIST(hw_example, examples);
    /* Filled by the checker for format "pmu-events": what its formulas
     * read besides events and metrics (hw_runtime); empty elsewhere. */
    HW_LIST(hw_runtime, runtime);

    /* Intel OA metric sets of Mesa's oa-*.xml (format "oa-metrics",
     * core/oa.h); NULL for every other format. */
    struct hw_oa_metrics *oa;

    /* Filled by check_target(): metrics in an order where every metric
     * comes after the metrics it uses (evaluation order). */
    int *metric_order;
    int checked;

    /* Name -> index tables behind ir_find_* (ir_index()); NULL = none. */
    struct ir_names *names_index;
} hw_target;

hw_target *target_create(const char *spec_path);
void target_free(hw_target *t);

/* Append a zeroed element: e.g. IR_PUSH(t, events) -> hw_event *. */
#define IR_PUSH(t, list) ARENA_PUSH((t)->arena, (t)->list, (t)->n##list, (t)->cap_##list)

/* Index of the named item, or -1. Linear in spec order until ir_index()
 * builds hash tables; callers need not care which. */
/* Hash every list ir_find_* searches, so lookups stay O(1) on big specs
 * (check_target() calls it first; loaders may call it once their lists are
 * complete). The first item of a name wins, as in the linear scan; a list
 * that grows afterwards is scanned linearly again. -1 when out of memory
 * (lookups then stay linear, with the same results). */
int ir_index(hw_target *t);
int ir_find_event(const hw_target *t, const char *name);
int ir_find_constant(const hw_target *t, const char *name);
int ir_find_input(const hw_target *t, const char *name);
int ir_find_metric(const hw_target *t, const char *name);
int ir_find_group(const hw_target *t, hw_group_kind kind, const char *name);
int ir_find_block(const hw_target *t, const char *name);
int ir_find_enum(const hw_target *t, const char *name);
/* The name of what a bound reference names: the event, constant, input,
 * metric or run-time value (its key) `index` of `kind`; NULL for
 * REF_UNRESOLVED. */
const char *ir_ref_name(const hw_target *t, hw_ref_kind kind, int index);

/* Where the spec names the target (its line when known), for what is
 * said of the target as a whole. */
hw_loc target_loc(const hw_target *t);
/* A CPU whose events perf can count: kind "cpu" with event codes. */
int target_is_cpu_pmu(const hw_target *t);
/* A directory of a kernel's perf pmu-events tree (format "pmu-events"):
 * its CPUs are known by perf's mapfile, not by a MIDR, and its names are
 * perf's, unique per PMU rather than per target. */
#define HW_FORMAT_PMU_EVENTS "pmu-events"
int target_is_perf_tree(const hw_target *t);
/* MIDR_EL1 of a CPU with variant and revision zero (architecture 0xF). */
uint32_t target_midr(const hw_target *t);
/* Of two revisions of one part, the one perf's mapfile names: the part's
 * reference revision (revision_reference), else the later revision. <0
 * when a goes first, >0 when b does, 0 when neither. */
int revision_order(const hw_target *a, const hw_target *b);
/* The same for two rows: revisions "rNpM" (NULL: none given) and whether
 * each is the reference revision. */
int revision_order_of(const char *a_rev, int a_reference, const char *b_rev, int b_reference);
/* Shown to users (perf, Streamline); a hidden event, such as CHAIN,
 * appears only in the driver header and, marked, in the docs. */
int event_for_users(const hw_event *e);

/* "spec.json:12" (the JSON path, or the file, when the line is unknown):
 * the second place a diagnostic names, as in "first used by 'X' at ...". */
void loc_where(char *out, size_t size, const hw_loc *loc);

/* Expression constructors (arena-owned). */
hw_expr *expr_new(hw_arena *a, hw_expr_kind kind, int col);

const char *expr_kind_name(hw_expr_kind k);
const char *func_name(hw_func f);
/* has_event, strcmp_cpuid_str, source_count: the argument is a name. */
int func_takes_name(hw_func f);
/* The function spelled `name` (len bytes) that `where` (FUNC_OURS or
 * FUNC_PERF) may call by name; -1 when there is none. */
int func_find(const char *name, size_t len, int where);
/* An operator's INFIX_* precedence; INFIX_NONE for a function. */
int func_infix(hw_func f);
/* Does f take nargs arguments, in our formats or (perf) in perf's? */
int func_arity_ok(hw_func f, int nargs, int perf);
/* Is f a function or operator of perf's metric language? */
int func_in_perf(hw_func f);
const char *ref_kind_name(hw_ref_kind k);
const char *runtime_kind_name(hw_runtime_kind k);

#endif
