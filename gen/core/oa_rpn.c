/* oa_rpn.c - the tables of oa.h and the reader of the two reverse Polish
 * languages of Mesa's oa-*.xml files, as gen_perf.py reads them: tokens
 * split on white space; each token is pushed, and while the top of the
 * stack is an operator it takes its two operands (the one below it
 * first) and leaves its result. One value must be left. */
#include "core/oa.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"

static const struct {
    const char *name, *c;
    int lang, kind;
} ops[] = {
#define X(e, s, l, k, c) {s, c, l, k},
    OA_OPS(X)
#undef X
};

const char *oa_op_name(oa_op op) { return ops[op].name; }
const char *oa_op_c(oa_op op) { return ops[op].c; }
int oa_op_kind(oa_op op) { return ops[op].kind; }

/* The names of the tables below are compared from their first character
 * on, which tells most apart without a call to strcmp: each token of the
 * 53,000 expressions of Mesa's files was compared with every operator
 * name, a twentieth of `generate --outputs c` of them. */
int oa_op_find(const char *tok, int lang)
{
    for (int i = 0; i < OA_OP_COUNT; i++)
        if ((ops[i].lang & lang) && ops[i].name[0] == tok[0] && strcmp(ops[i].name, tok) == 0)
            return i;
    return -1;
}

static const struct {
    const char *name, *member;
    int size;
} blocks[] = {
#define X(e, s, m, n) {s, m, n},
    OA_BLOCKS(X)
#undef X
};

const char *oa_block_name(oa_block b) { return blocks[b].name; }
const char *oa_block_member(oa_block b) { return blocks[b].member; }
int oa_block_size(oa_block b) { return blocks[b].size; }

int oa_block_find(const char *tok)
{
    for (int i = 0; i < OA_BLOCK_COUNT; i++)
        if (blocks[i].name[0] == tok[0] && strcmp(blocks[i].name, tok) == 0)
            return i;
    return -1;
}

static const struct {
    const char *member, *source;
    oa_type type;
    int origin;
} fields[] = {
#define X(e, m, t, o, src) {m, src, t, o},
    OA_FIELDS(X)
#undef X
};

const char *oa_field_member(oa_field f) { return fields[f].member; }
oa_type oa_field_type(oa_field f) { return fields[f].type; }
int oa_field_origin(oa_field f) { return fields[f].origin; }
const char *oa_field_source(oa_field f) { return fields[f].source; }

/* gen_perf.py's hw_vars, in its order; then the names of IGT's xe
 * generator (codegen.py's hw_vars_mapping) that gen_perf.py lacks. Where
 * both know a name, gen_perf.py's mapping is the one here. */
static const struct {
    const char *name;
    oa_field field;
} vars[] = {
    {"$EuCoresTotalCount", OA_FIELD_N_EUS},
    {"$VectorEngineTotalCount", OA_FIELD_N_EUS},
    {"$EuSlicesTotalCount", OA_FIELD_N_EU_SLICES},
    {"$EuSubslicesTotalCount", OA_FIELD_N_EU_SUB_SLICES},
    {"$XeCoreTotalCount", OA_FIELD_N_EU_SUB_SLICES},
    {"$EuDualSubslicesTotalCount", OA_FIELD_N_EU_SUB_SLICES},
    {"$EuDualSubslicesSlice0123Count", OA_FIELD_N_EU_SLICE0123},
    {"$EuThreadsCount", OA_FIELD_THREADS_PER_EU},
    {"$VectorEngineThreadsCount", OA_FIELD_THREADS_PER_EU},
    {"$SliceMask", OA_FIELD_SLICE_MASK},
    {"$SliceTotalCount", OA_FIELD_N_EU_SLICES},
    {"$SubsliceMask", OA_FIELD_SUBSLICE_MASK},
    {"$DualSubsliceMask", OA_FIELD_SUBSLICE_MASK},
    {"$XeCoreMask", OA_FIELD_SUBSLICE_MASK},
    {"$GpuTimestampFrequency", OA_FIELD_TIMESTAMP_FREQ},
    {"$GpuMinFrequency", OA_FIELD_GT_MIN_FREQ},
    {"$GpuMaxFrequency", OA_FIELD_GT_MAX_FREQ},
    {"$SkuRevisionId", OA_FIELD_REVISION},
    {"$QueryMode", OA_FIELD_QUERY_MODE},
    {"$ComputeEngineTotalCount", OA_FIELD_COMPUTE_ENGINES},
    {"$CopyEngineTotalCount", OA_FIELD_COPY_ENGINES},
    {"$L3BankTotalCount", OA_FIELD_N_L3_BANKS},
    {"$L3BankMaxCount", OA_FIELD_N_L3_BANKS},
    {"$L3NodeTotalCount", OA_FIELD_N_L3_NODES},
    {"$SqidiTotalCount", OA_FIELD_N_SQ_IDIS},
    {"$GeometryPipeTotalCount", OA_FIELD_N_GEOM_PIPES},
    {"$DepthPipeTotalCount", OA_FIELD_N_DEPTH_PIPES},
    {"$ColorPipeTotalCount", OA_FIELD_N_COLOR_PIPES},
};

int oa_var_find(const char *name)
{
    if (name[0] != '$') /* as every name of the table */
        return -1;
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (vars[i].name[1] == name[1] && strcmp(vars[i].name, name) == 0)
            return (int)vars[i].field;
    return -1;
}

const char *oa_var_name(oa_field f, int i)
{
    for (size_t k = 0; k < sizeof vars / sizeof vars[0]; k++)
        if (vars[k].field == f && i-- == 0)
            return vars[k].name;
    return NULL;
}

const char *oa_type_c(oa_type t)
{
    static const char *const names[] = {"int", "unsigned", "long", "uint64_t", "float", "double"};
    return names[t];
}

const char *oa_regs_type_name(int type)
{
    static const char *const names[] = {"NOA", "OA", "FLEX"};
    return names[type];
}

/* ---- the reader ---------------------------------------------------------- */

typedef struct rpn {
    hw_arena *a;
    int lang;
    oa_counter_find find;
    void *ctx;
    char *err;
    size_t errlen;
    oa_node **stack;
    int n, cap;
} rpn;

static int fail(rpn *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(rpn *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, r->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static oa_node *node(rpn *r, oa_node_kind kind, oa_type type, const char *text)
{
    oa_node *n = arena_alloc(r->a, sizeof *n);
    if (n) {
        n->kind = kind;
        n->type = type;
        n->text = text;
    }
    return n;
}

/* A C integer literal's type by C's rules for an unsuffixed constant on
 * LP64: decimal int, else long; hexadecimal or octal int, unsigned int,
 * long, unsigned long. */
static oa_type literal_type(uint64_t v, int decimal)
{
    if (v <= INT32_MAX)
        return OA_INT;
    if (!decimal && v <= UINT32_MAX)
        return OA_UINT;
    if (v <= INT64_MAX)
        return OA_LONG;
    return OA_ULONG;
}

/* A number as C reads it: 12, 0x1f, 017 (octal, as C has it), 1.5. */
static oa_node *number(rpn *r, const char *tok)
{
    char *end = NULL;
    errno = 0;
    if (strpbrk(tok, ".eE") && strncmp(tok, "0x", 2) != 0 && strncmp(tok, "0X", 2) != 0) {
        double d = strtod(tok, &end);
        if (*end || errno)
            return NULL;
        oa_node *n = node(r, OA_N_NUM, OA_DOUBLE, tok);
        if (n)
            n->d = d;
        return n;
    }
    if (tok[0] == '-' || tok[0] == '+')
        return NULL;
    unsigned long long v = strtoull(tok, &end, 0);
    if (*end || errno || (tok[0] != '0' && v > INT64_MAX))
        return NULL;
    oa_node *n = node(r, OA_N_NUM, literal_type(v, tok[0] != '0' || !tok[1]), tok);
    if (n)
        n->u = v;
    return n;
}

/* "$GtSlice<s>" or "$GtSlice<s>XeCore<x>", as gen_perf.py matches them. */
static oa_node *slice_function(rpn *r, const char *tok)
{
    unsigned s = 0, x = 0;
    int used = 0;
    if (sscanf(tok, "$GtSlice%2u%n", &s, &used) != 1 || tok[8] < '0' || tok[8] > '9')
        return NULL;
    if (tok[used] == '\0' && s < OA_MAX_SLICES) {
        oa_node *n = node(r, OA_N_SLICE, OA_INT, tok);
        if (n)
            n->slice = (int)s;
        return n;
    }
    int more = 0;
    if (strncmp(tok + used, "XeCore", 6) != 0 || tok[used + 6] < '0' || tok[used + 6] > '9' ||
        sscanf(tok + used, "XeCore%2u%n", &x, &more) != 1 || tok[used + more] ||
        s >= OA_MAX_SLICES || x >= OA_MAX_XECORES)
        return NULL;
    oa_node *n = node(r, OA_N_XECORE, OA_INT, tok);
    if (n) {
        n->slice = (int)s;
        n->xecore = (int)x;
    }
    return n;
}

int oa_gtxecore_slice(int n)
{
    return n >= 0 && n < OA_MAX_SLICES ? n : -1;
}

/* "$GtXeCore<n>", n of one or two digits (as the slice functions' numbers
 * are read above): oa.h says what it reads. */
static oa_node *gtxecore_function(rpn *r, const char *tok)
{
    unsigned n = 0;
    int used = 0;
    if (strncmp(tok, "$GtXeCore", 9) != 0 || tok[9] < '0' || tok[9] > '9' ||
        sscanf(tok + 9, "%2u%n", &n, &used) != 1 || tok[9 + used])
        return NULL;
    oa_node *g = node(r, OA_N_GTXECORE, OA_INT, tok);
    if (g) {
        g->slice = (int)n;
        g->xecore = 0;
    }
    return g;
}

/* A `$Name` operand: a system value, a slice function, or (where counters
 * may be read) a counter of the set. */
static int variable(rpn *r, const char *tok, oa_node **out)
{
    int f = oa_var_find(tok);
    if (f >= 0) {
        *out = node(r, OA_N_FIELD, oa_field_type((oa_field)f), tok);
        if (*out)
            (*out)->field = f;
        return 0;
    }
    *out = slice_function(r, tok);
    if (!*out)
        *out = gtxecore_function(r, tok);
    if (*out)
        return 0;
    oa_type type = OA_ULONG;
    int c = r->find ? r->find(r->ctx, tok + 1, &type) : -1;
    if (c == -2)
        return fail(r, "'%s' names a counter that uses this one (a cycle)", tok);
    if (c < 0)
        return fail(r, "unknown %s '%s'",
                    r->find ? "system variable or counter of this set" : "system variable", tok);
    *out = node(r, OA_N_COUNTER, type, tok);
    if (*out)
        (*out)->counter = c;
    return 0;
}

/* An operand as pushed: kept as its token until an operator takes it. */
static int operand(rpn *r, const char *tok, oa_node **out)
{
    *out = NULL;
    if (tok[0] == '$')
        return variable(r, tok, out);
    if (r->lang == OA_LANG_AV && strcmp(tok, "true") == 0) {
        *out = node(r, OA_N_TRUE, OA_INT, tok);
        return 0;
    }
    *out = number(r, tok);
    if (*out)
        return 0;
    if (r->lang == OA_LANG_EQ && oa_block_find(tok) >= 0) {
        *out = node(r, OA_N_READ, OA_ULONG, tok); /* completed by READ */
        if (*out)
            (*out)->block = -1;
        return 0;
    }
    return fail(r, "unknown operator or operand '%s'", tok);
}

/* `BLOCK n READ`: a field of the accumulator. */
static int read_op(rpn *r, oa_node *blk, oa_node *idx, oa_node **out)
{
    if (blk->kind != OA_N_READ || blk->block != -1)
        return fail(r, "READ needs an accumulator field (A, B, C, PEC, PERFCNT, "
                       "GPU_TIME, GPU_CLOCK) below its index");
    if (idx->kind != OA_N_NUM || idx->type == OA_DOUBLE)
        return fail(r, "READ of %s needs a whole number as its index", blk->text);
    int b = oa_block_find(blk->text);
    if (idx->u >= (uint64_t)oa_block_size((oa_block)b))
        return fail(r, "READ of %s %s: %s has %d fields", blk->text, idx->text, blk->text,
                    oa_block_size((oa_block)b));
    blk->block = b;
    blk->index = (int)idx->u;
    *out = blk;
    return 0;
}

/* C's type of `a op b` for availability (no temporaries): the usual
 * arithmetic conversions, int for comparisons and &&, the promoted left
 * operand for shifts. */

static oa_type av_type(oa_op op, oa_type a, oa_type b)
{
    if (op == OA_OP_AV_UGTE || op == OA_OP_AV_ULT || op == OA_OP_AV_LAND || op == OA_OP_AV_EQ)
        return OA_INT;
    if (op == OA_OP_AV_SHL)
        return oa_common_type(a, OA_INT);
    return oa_common_type(a, b);
}

static int apply(rpn *r, oa_op op)
{
    if (r->n < 2)
        return fail(r, "%s needs two operands, the stack holds %d", oa_op_name(op), r->n);
    oa_node *b = r->stack[--r->n], *a = r->stack[--r->n], *res = NULL;
    oa_node *bare = a->kind == OA_N_READ && a->block == -1 ? a
                  : b->kind == OA_N_READ && b->block == -1 ? b : NULL;
    if (bare)
        return fail(r, "%s: '%s' is read only by READ", oa_op_name(op), bare->text);
    if (op == OA_OP_UDIV && b->kind == OA_N_NUM && b->u == 0 && b->type != OA_DOUBLE)
        return fail(r, "UDIV by the literal 0 (gen_perf.py refuses it)");
    const char *c = oa_op_c(op);
    int bits = strcmp(c, "&") == 0 || strcmp(c, "|") == 0 || strcmp(c, "<<") == 0 ||
               strcmp(c, ">>") == 0;
    if (bits && (a->type == OA_FLOAT || a->type == OA_DOUBLE || b->type == OA_FLOAT ||
                 b->type == OA_DOUBLE))
        return fail(r, "%s needs whole-number operands (C has no %s of a floating value)",
                    oa_op_name(op), c);
    int kind = oa_op_kind(op);
    res = node(r, OA_N_OP, kind == OA_U ? OA_ULONG : kind == OA_F ? OA_DOUBLE
                                                   : av_type(op, a->type, b->type), NULL);
    if (!res)
        return fail(r, "out of memory");
    res->op = op;
    res->a = a;
    res->b = b;
    r->stack[r->n++] = res;
    return 0;
}

/* One token: an operand is pushed; READ or an operator takes two. */
static int token(rpn *r, const char *tok)
{
    if (r->lang == OA_LANG_EQ && strcmp(tok, "READ") == 0) {
        if (r->n < 2)
            return fail(r, "READ needs two operands, the stack holds %d", r->n);
        oa_node *idx = r->stack[--r->n], *blk = r->stack[--r->n], *res = NULL;
        if (read_op(r, blk, idx, &res) != 0)
            return -1;
        r->stack[r->n++] = res;
        return 0;
    }
    int op = oa_op_find(tok, r->lang);
    if (op >= 0)
        return apply(r, (oa_op)op);
    oa_node *n = NULL;
    if (operand(r, tok, &n) != 0)
        return -1;
    if (!n)
        return fail(r, "out of memory");
    r->stack[r->n++] = n;
    return 0;
}

int oa_parse(hw_arena *a, const char *text, int lang, oa_counter_find find,
             void *ctx, oa_node **out, char *err, size_t errlen)
{
    rpn r = {a, lang, find, ctx, err, errlen, NULL, 0, 0};
    size_t len = strlen(text);
    char *copy = arena_strndup(a, text, len);
    r.cap = (int)(len / 2 + 2); /* tokens are separated: at most this many */
    r.stack = arena_alloc(a, (size_t)r.cap * sizeof *r.stack);
    *out = NULL;
    if (!copy || !r.stack)
        return fail(&r, "out of memory");
    static const char space[] = " \t\r\n\f\v";
    for (char *save = NULL, *tok = strtok_r(copy, space, &save); tok;
         tok = strtok_r(NULL, space, &save))
        if (token(&r, tok) != 0)
            return -1;
    if (r.n == 0)
        return fail(&r, "empty expression");
    if (r.n != 1)
        return fail(&r, "%d values are left on the stack, not one (an operator is missing)", r.n);
    oa_node *top = r.stack[0];
    if (top->kind == OA_N_READ && top->block == -1)
        return fail(&r, "'%s' is read only by READ", top->text);
    *out = top;
    return 0;
}
