/* oa.h - Intel OA metric sets as Mesa's (and IGT's) oa-*.xml files give
 * them (format "oa-metrics", load/load_oa_metrics.c), and the two small
 * reverse Polish languages of those files.
 *
 * Mesa's generator (src/intel/perf/gen_perf.py) turns each equation into C:
 * every operator's result goes to a temporary of its own type (uint64_t
 * for the U operators, READ, the comparisons and the bit operators; double
 * for the F operators), and what the operator does to its operands is C's
 * arithmetic on their types: `double tmp = a * b` multiplies two uint64_t
 * operands as integers, a float counter read by `$Name` enters as float,
 * a literal as int. UDIV, FDIV and FMAX first store each operand in a
 * temporary of their type; UDIV and FDIV give 0 for a zero divisor. The
 * value is returned as the counter's data_type: uint64_t or float.
 * Availability expressions are spliced into one C expression with no
 * temporaries, so there C's own types decide everything.
 *
 * The nodes below record, for each value, the C type gen_perf.py's code
 * gives it, so that the evaluator (oa_eval.c) computes what that C computes
 * and the emitters write the same arithmetic. Types assume an LP64 target
 * (long is 64 bits), as Mesa's x86-64 builds are.
 */
#ifndef HWCGEN_OA_H
#define HWCGEN_OA_H

#include <stddef.h>
#include <stdint.h>

#include "core/ir.h"

/* The C types a value of gen_perf.py's code can have. bool operands (the
 * slice functions, query_mode) are int here: C promotes them to int
 * before any arithmetic, and their values are 0 and 1. */
typedef enum { OA_INT, OA_UINT, OA_LONG, OA_ULONG, OA_FLOAT, OA_DOUBLE } oa_type;

const char *oa_type_c(oa_type t); /* "int", "uint64_t", "double" ... */

/* Operators. X(enum, spelling, languages, kind, C operator):
 * languages OA_LANG_EQ (equations), OA_LANG_AV (availability); kind
 * OA_U (result a uint64_t temporary), OA_F (a double temporary), OA_AV
 * (availability: C's own result type). */
enum { OA_LANG_EQ = 1, OA_LANG_AV = 2 };
enum { OA_U, OA_F, OA_AV };
#define OA_OPS(X)                                                             \
    X(FADD, "FADD", OA_LANG_EQ, OA_F, "+")                                     \
    X(FDIV, "FDIV", OA_LANG_EQ, OA_F, "/")                                     \
    X(FMAX, "FMAX", OA_LANG_EQ, OA_F, "max")                                   \
    X(FMUL, "FMUL", OA_LANG_EQ, OA_F, "*")                                     \
    X(FSUB, "FSUB", OA_LANG_EQ, OA_F, "-")                                     \
    X(UADD, "UADD", OA_LANG_EQ, OA_U, "+")                                     \
    X(UDIV, "UDIV", OA_LANG_EQ, OA_U, "/")                                     \
    X(UMUL, "UMUL", OA_LANG_EQ, OA_U, "*")                                     \
    X(USUB, "USUB", OA_LANG_EQ, OA_U, "-")                                     \
    X(UMIN, "UMIN", OA_LANG_EQ, OA_U, "min")                                   \
    X(SHL, "<<", OA_LANG_EQ, OA_U, "<<")                                       \
    X(SHR, ">>", OA_LANG_EQ, OA_U, ">>")                                       \
    X(BAND, "AND", OA_LANG_EQ, OA_U, "&")                                      \
    X(UGTE, "UGTE", OA_LANG_EQ, OA_U, ">=")                                    \
    X(UGT, "UGT", OA_LANG_EQ, OA_U, ">")                                       \
    X(ULTE, "ULTE", OA_LANG_EQ, OA_U, "<=")                                    \
    X(ULT, "ULT", OA_LANG_EQ, OA_U, "<")                                       \
    X(AV_AND, "AND", OA_LANG_AV, OA_AV, "&")                                   \
    X(AV_OR, "OR", OA_LANG_AV, OA_AV, "|")                                     \
    X(AV_UGTE, "UGTE", OA_LANG_AV, OA_AV, ">=")                                \
    X(AV_ULT, "ULT", OA_LANG_AV, OA_AV, "<")                                   \
    X(AV_LAND, "&&", OA_LANG_AV, OA_AV, "&&")                                  \
    X(AV_UMUL, "UMUL", OA_LANG_AV, OA_AV, "*")                                 \
    X(AV_SHL, "<<", OA_LANG_AV, OA_AV, "<<")                                   \
    X(AV_EQ, "==", OA_LANG_AV, OA_AV, "==")

typedef enum {
#define X(e, s, l, k, c) OA_OP_##e,
    OA_OPS(X)
#undef X
    OA_OP_COUNT
} oa_op;

const char *oa_op_name(oa_op op);   /* as the files spell it */
const char *oa_op_c(oa_op op);      /* C's operator, or "min"/"max" */
int oa_op_kind(oa_op op);           /* OA_U, OA_F or OA_AV */
/* The operator spelled `tok` in language `lang`, or -1. */
int oa_op_find(const char *tok, int lang);

/* The accumulator fields READ takes: X(enum, spelling in the files, C
 * member, elements). Mesa's accumulator holds them at per-format offsets;
 * hwcgen's headers give each its own array. */
#define OA_BLOCKS(X)                                                          \
    X(GPU_TIME, "GPU_TIME", "gpu_time", 1)                                     \
    X(GPU_CLOCK, "GPU_CLOCK", "gpu_clock", 1)                                  \
    X(A, "A", "a", 64)                                                         \
    X(B, "B", "b", 8)                                                          \
    X(C, "C", "c", 8)                                                          \
    X(PEC, "PEC", "pec", 64)                                                   \
    X(PERFCNT, "PERFCNT", "perfcnt", 2)

typedef enum {
#define X(e, s, m, n) OA_BLOCK_##e,
    OA_BLOCKS(X)
#undef X
    OA_BLOCK_COUNT
} oa_block;

const char *oa_block_name(oa_block b);   /* "GPU_TIME", "A" */
const char *oa_block_member(oa_block b); /* "gpu_time", "a" */
int oa_block_size(oa_block b);
int oa_block_find(const char *tok);      /* -1 when none */
enum { OA_BLOCK_MAX = 64 };

/* System values the equations read: X(enum, C member, type, origin, what
 * the generator that knows the name reads). Origin OA_FROM_MESA: a field
 * of Mesa's sys_vars or device info that gen_perf.py maps a name to.
 * OA_FROM_IGT: a name only IGT's xe generator (lib/xe/oa-configs/
 * codegen.py) knows, used by IGT's xe files for Lunar Lake and later; it
 * maps the three pipe counts to uint32_t fields of its
 * intel_xe_perf_devinfo (lib/xe/xe_oa.h), which IGT's xe_oa.c declares but
 * never sets (its perf struct is calloc'd, so IGT computes with 0 there):
 * a driver fills them here from what it knows of the GPU. */
enum { OA_FROM_MESA, OA_FROM_IGT };
#define OA_FIELDS(X)                                                          \
    X(N_EUS, "n_eus", OA_ULONG, OA_FROM_MESA, "perf->sys_vars.n_eus")          \
    X(N_EU_SLICES, "n_eu_slices", OA_ULONG, OA_FROM_MESA,                      \
      "perf->sys_vars.n_eu_slices")                                            \
    X(N_EU_SUB_SLICES, "n_eu_sub_slices", OA_ULONG, OA_FROM_MESA,              \
      "perf->sys_vars.n_eu_sub_slices")                                        \
    X(N_EU_SLICE0123, "n_eu_slice0123", OA_ULONG, OA_FROM_MESA,                \
      "perf->sys_vars.n_eu_slice0123")                                         \
    X(THREADS_PER_EU, "num_thread_per_eu", OA_UINT, OA_FROM_MESA,              \
      "perf->devinfo->num_thread_per_eu")                                      \
    X(SLICE_MASK, "slice_mask", OA_ULONG, OA_FROM_MESA, "perf->sys_vars.slice_mask") \
    X(SUBSLICE_MASK, "subslice_mask", OA_ULONG, OA_FROM_MESA,                  \
      "perf->sys_vars.subslice_mask")                                          \
    X(TIMESTAMP_FREQ, "timestamp_frequency", OA_ULONG, OA_FROM_MESA,           \
      "perf->devinfo->timestamp_frequency")                                    \
    X(GT_MIN_FREQ, "gt_min_freq", OA_ULONG, OA_FROM_MESA, "perf->sys_vars.gt_min_freq") \
    X(GT_MAX_FREQ, "gt_max_freq", OA_ULONG, OA_FROM_MESA, "perf->sys_vars.gt_max_freq") \
    X(REVISION, "revision", OA_INT, OA_FROM_MESA, "perf->devinfo->revision")   \
    X(QUERY_MODE, "query_mode", OA_INT, OA_FROM_MESA, "perf->sys_vars.query_mode") \
    X(COMPUTE_ENGINES, "compute_engines", OA_UINT, OA_FROM_MESA,               \
      "perf->devinfo->engine_class_supported_count[INTEL_ENGINE_CLASS_COMPUTE]") \
    X(COPY_ENGINES, "copy_engines", OA_UINT, OA_FROM_MESA,                     \
      "perf->devinfo->engine_class_supported_count[INTEL_ENGINE_CLASS_COPY]")  \
    X(N_L3_BANKS, "n_l3_banks", OA_ULONG, OA_FROM_MESA, "perf->sys_vars.n_l3_banks") \
    X(N_L3_NODES, "n_l3_nodes", OA_ULONG, OA_FROM_MESA, "perf->sys_vars.n_l3_nodes") \
    X(N_SQ_IDIS, "n_sq_idis", OA_ULONG, OA_FROM_MESA, "perf->sys_vars.n_sq_idis") \
    X(N_GEOM_PIPES, "n_geom_pipes", OA_UINT, OA_FROM_IGT,                      \
      "perf->devinfo.n_geom_pipes")                                            \
    X(N_DEPTH_PIPES, "n_depth_pipes", OA_UINT, OA_FROM_IGT,                    \
      "perf->devinfo.n_depth_pipes")                                           \
    X(N_COLOR_PIPES, "n_color_pipes", OA_UINT, OA_FROM_IGT,                    \
      "perf->devinfo.n_color_pipes")

typedef enum {
#define X(e, m, t, o, src) OA_FIELD_##e,
    OA_FIELDS(X)
#undef X
    OA_FIELD_COUNT
} oa_field;

const char *oa_field_member(oa_field f);
oa_type oa_field_type(oa_field f);
/* OA_FROM_MESA or OA_FROM_IGT, and the C its generator reads there. */
int oa_field_origin(oa_field f);
const char *oa_field_source(oa_field f);
/* The field `$Name` names (gen_perf.py's hw_vars, then the names of IGT's
 * xe generator that gen_perf.py lacks), or -1. */
int oa_var_find(const char *name);
/* The names that read field f, in gen_perf.py's order: name i, NULL past
 * the last. */
const char *oa_var_name(oa_field f, int i);

/* Slices and XeCores the functions $GtSlice<s> and $GtSlice<s>XeCore<x>
 * may name (Mesa's INTEL_DEVICE_MAX_SLICES and its XeCores per slice;
 * IGT's INTEL_XE_DEVICE_MAX_SLICES is 8 too). */
enum { OA_MAX_SLICES = 8, OA_MAX_XECORES = 32 };

/* The family $GtXeCore<n> (n of one or two digits), which only IGT's xe
 * generator knows, gates counters of IGT's xe files (one per XeCore: n up
 * to 27 on Battlemage). Its mapping there is marked FIXME: it reads
 * intel_xe_perf_devinfo_subslice_available(devinfo, n, 0), that is XeCore
 * 0 of slice n, not XeCore n. hwcgen reads what IGT reads: $GtXeCore<n> is
 * $GtSlice<n>XeCore0, bit 0 of the slice's XeCore mask. A slice from
 * OA_MAX_SLICES on exists on no device (IGT's topology arrays hold 8
 * slices too; its own code can index past them there): such an n is 0. The
 * slice n reads, or -1 for the constant 0. */
int oa_gtxecore_slice(int n);

/* ---- expressions ------------------------------------------------------ */

typedef enum {
    OA_N_NUM,     /* a literal */
    OA_N_READ,    /* `BLOCK n READ` */
    OA_N_FIELD,   /* a system value */
    OA_N_SLICE,   /* $GtSlice<s>: 1 when slice s is available */
    OA_N_XECORE,  /* $GtSlice<s>XeCore<x> */
    OA_N_GTXECORE, /* $GtXeCore<n>, of IGT's xe files: see oa_gtxecore_slice() */
    OA_N_COUNTER, /* $Symbol: another counter of the set */
    OA_N_OP,
    OA_N_TRUE     /* availability's `true` */
} oa_node_kind;

typedef struct oa_node {
    oa_node_kind kind;
    oa_type type;           /* C type of the value this node gives */
    const char *text;       /* the token as written (NUM, FIELD, COUNTER) */
    uint64_t u;             /* NUM: an integer literal's value */
    double d;               /* NUM: a floating literal's value */
    int block, index;       /* READ */
    int field;              /* FIELD */
    int slice, xecore;      /* SLICE, XECORE; GTXECORE: n in slice */
    int counter;            /* COUNTER: index into its set's counters */
    oa_op op;               /* OP */
    struct oa_node *a, *b;  /* OP: a op b (b was on top of the stack) */
} oa_node;

/* Parse `text` in language `lang` into *out (nodes from `a`). Counter
 * references resolve through `find` (NULL: none allowed), which gives the
 * index of `$Name`'s counter (name without '$') and its data type, or -1.
 * 0; or -1 with a message in err (the token and what is wrong). */
typedef int (*oa_counter_find)(void *ctx, const char *name, oa_type *type);
int oa_parse(hw_arena *a, const char *text, int lang, oa_counter_find find,
             void *ctx, oa_node **out, char *err, size_t errlen);

/* ---- metric sets -------------------------------------------------------- */

enum { OA_DATA_UINT64, OA_DATA_FLOAT };
enum { OA_REGS_NOA, OA_REGS_OA, OA_REGS_FLEX };
const char *oa_regs_type_name(int type); /* "NOA", "OA", "FLEX" */

typedef struct hw_oa_reg {
    hw_loc loc;
    uint32_t address, value;
    const char *address_text, *value_text; /* as written */
} hw_oa_reg;

typedef struct hw_oa_regs {
    hw_loc loc;
    int type;                   /* OA_REGS_* */
    const char *type_text;      /* "NOA", "OA", "FLEX", as written */
    const char *availability;   /* as written, or NULL */
    oa_node *avail;
    const char *priority;       /* as written, or NULL */
    hw_oa_reg *regs;
    int nregs;
} hw_oa_regs;

typedef struct hw_oa_counter {
    hw_loc loc;
    const char *name, *symbol_name, *underscore_name, *description;
    int data_type;              /* OA_DATA_* */
    const char *data_type_text; /* "uint64", "float" */
    const char *units, *semantic_type, *mdapi_group;
    const char *equation;
    oa_node *read;
    const char *max_equation;   /* NULL when none */
    oa_node *max;
    int max_is_percentage;      /* max_equation reads as the number 100:
                                   gen_perf.py's percentage_max_* */
    const char *availability;   /* NULL when always */
    oa_node *avail;
    size_t offset;              /* in Mesa's query data: each value
                                   aligned to its own size, in order */
} hw_oa_counter;

typedef struct hw_oa_set {
    hw_loc loc;
    const char *name, *chipset, *symbol_name, *underscore_name;
    const char *guid, *oa_format; /* oa_format NULL when not given */
    hw_oa_counter *counters;
    int ncounters;
    hw_oa_regs *configs;
    int nconfigs;
    size_t data_size;           /* Mesa's query->data_size with every
                                   counter available */
} hw_oa_set;

typedef struct hw_oa_metrics {
    const char *chipset;        /* the first set's, lower case: Mesa's
                                   name for the platform ("tglgt2") */
    const char *version;        /* <metrics version=>, or NULL */
    hw_oa_set *sets;
    int nsets;
} hw_oa_metrics;

/* The format name of targets loaded from such files. */
#define HW_FORMAT_OA_METRICS "oa-metrics"

/* ---- evaluation (oa_eval.c) --------------------------------------------- */

typedef struct oa_val {
    oa_type type;
    union {
        int64_t i;  /* OA_INT, OA_LONG */
        uint64_t u; /* OA_UINT, OA_ULONG */
        float f;
        double d;
    } v;
} oa_val;

/* What an evaluation reads: the accumulated report and the system. */
typedef struct oa_inputs {
    uint64_t acc[OA_BLOCK_COUNT][OA_BLOCK_MAX];
    uint64_t field[OA_FIELD_COUNT];  /* read as each field's type */
    uint64_t slice_mask;             /* device: slices available */
    uint64_t xecore_mask[OA_MAX_SLICES]; /* device: XeCores of each slice */
} oa_inputs;

/* Counter i of set s as gen_perf.py's read function returns it (its
 * data_type); its max function with max != 0 (100 for a percentage). */
oa_val oa_eval_counter(const hw_oa_set *s, int i, const oa_inputs *in, int max);
/* An availability expression: its C value is nonzero. */
int oa_eval_available(const oa_node *e, const oa_inputs *in);
/* A value converted as C converts it to type t (on x86-64, for a
 * floating value a uint64_t cannot hold). */
oa_val oa_convert(oa_val v, oa_type t);
/* C's usual arithmetic conversions (LP64): the type of `a + b`. */
oa_type oa_common_type(oa_type a, oa_type b);
/* The value as a double, for printing. */
double oa_val_double(oa_val v);

#endif
