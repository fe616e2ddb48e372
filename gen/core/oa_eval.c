/* oa_eval.c - the value of an OA equation or availability expression, as
 * the C that gen_perf.py writes for it computes it (oa.h): C's types and
 * conversions, step by step. What C leaves undefined (a floating value out
 * of an integer's range, a shift by the width or more) is given the value
 * x86-64 gives, the machine Mesa's generated code mostly runs on; the
 * evaluator itself never does anything undefined. */
#include "core/oa.h"

#include <math.h>
#include <string.h>

oa_type oa_common_type(oa_type a, oa_type b)
{
    if (a == OA_DOUBLE || b == OA_DOUBLE)
        return OA_DOUBLE;
    if (a == OA_FLOAT || b == OA_FLOAT)
        return OA_FLOAT;
    if (a == b)
        return a;
    if (a == OA_ULONG || b == OA_ULONG)
        return OA_ULONG;
    if (a == OA_LONG || b == OA_LONG)
        return OA_LONG; /* long holds every unsigned int */
    return OA_UINT;     /* int and unsigned int */
}

static int is_float(oa_type t)
{
    return t == OA_FLOAT || t == OA_DOUBLE;
}

static oa_val mk_int(oa_type t, uint64_t bits)
{
    oa_val v = {t, {0}};
    switch (t) {
    case OA_INT:
        v.v.i = (int32_t)(uint32_t)bits;
        break;
    case OA_UINT:
        v.v.u = (uint32_t)bits;
        break;
    case OA_LONG:
        v.v.i = (int64_t)bits;
        break;
    default:
        v.v.u = bits;
        break;
    }
    return v;
}

/* x86-64's cvttsd2si: truncation, or INT64_MIN for NaN and out of range. */
static int64_t cvtt64(double d)
{
    if (isnan(d) || d >= 9223372036854775808.0 || d < -9223372036854775808.0)
        return INT64_MIN;
    return (int64_t)d;
}

/* A floating value to integer type t: gcc's x86-64 sequence for uint64_t
 * (values from 2^63 up have 2^63 taken off and the top bit flipped). */
static oa_val float_to_int(double d, oa_type t)
{
    if (t == OA_ULONG) {
        if (d >= 9223372036854775808.0)
            return mk_int(t, (uint64_t)cvtt64(d - 9223372036854775808.0) ^ (UINT64_C(1) << 63));
        return mk_int(t, (uint64_t)cvtt64(d));
    }
    if (t == OA_INT && (isnan(d) || d >= 2147483648.0 || d < -2147483648.0))
        return mk_int(t, (uint32_t)INT32_MIN);
    return mk_int(t, (uint64_t)cvtt64(d));
}

double oa_val_double(oa_val v)
{
    switch (v.type) {
    case OA_INT:
    case OA_LONG:
        return (double)v.v.i;
    case OA_UINT:
    case OA_ULONG:
        return (double)v.v.u;
    case OA_FLOAT:
        return (double)v.v.f;
    case OA_DOUBLE:
        break;
    }
    return v.v.d;
}

static uint64_t bits_of(oa_val v)
{
    return v.type == OA_INT || v.type == OA_LONG ? (uint64_t)v.v.i : v.v.u;
}

oa_val oa_convert(oa_val v, oa_type t)
{
    if (v.type == t)
        return v;
    oa_val r = {t, {0}};
    if (t == OA_DOUBLE) {
        r.v.d = oa_val_double(v);
    } else if (t == OA_FLOAT) {
        if (v.type == OA_DOUBLE)
            r.v.f = (float)v.v.d;
        else if (v.type == OA_INT || v.type == OA_LONG)
            r.v.f = (float)v.v.i;
        else
            r.v.f = (float)v.v.u;
    } else if (is_float(v.type)) {
        r = float_to_int(oa_val_double(v), t);
    } else {
        r = mk_int(t, bits_of(v));
    }
    return r;
}

static int is_signed(oa_type t)
{
    return t == OA_INT || t == OA_LONG;
}

/* a < b in their common type (the operands already converted to it). */
static int less(oa_val a, oa_val b)
{
    switch (a.type) {
    case OA_FLOAT:
        return a.v.f < b.v.f;
    case OA_DOUBLE:
        return a.v.d < b.v.d;
    default:
        return is_signed(a.type) ? a.v.i < b.v.i : a.v.u < b.v.u;
    }
}

static int equal(oa_val a, oa_val b)
{
    if (a.type == OA_FLOAT)
        return a.v.f == b.v.f;
    if (a.type == OA_DOUBLE)
        return a.v.d == b.v.d;
    return bits_of(a) == bits_of(b);
}

static oa_val bool_val(int b)
{
    return mk_int(OA_INT, b ? 1u : 0u);
}

/* + - * in type t (both operands converted to it); integers wrap, as
 * two's complement machines do for signed ones too. */
static oa_val arith(char op, oa_val a, oa_val b)
{
    oa_val r = a;
    if (a.type == OA_FLOAT) {
        r.v.f = op == '+' ? a.v.f + b.v.f : op == '-' ? a.v.f - b.v.f : a.v.f * b.v.f;
        return r;
    }
    if (a.type == OA_DOUBLE) {
        r.v.d = op == '+' ? a.v.d + b.v.d : op == '-' ? a.v.d - b.v.d : a.v.d * b.v.d;
        return r;
    }
    uint64_t x = bits_of(a), y = bits_of(b);
    return mk_int(a.type, op == '+' ? x + y : op == '-' ? x - y : x * y);
}

/* a << b and a >> b: the left operand promoted, the count masked as
 * x86-64 masks it. */
static oa_val shift(int left, oa_val a, oa_val b)
{
    oa_type t = oa_common_type(a.type, OA_INT);
    oa_val x = oa_convert(a, t);
    unsigned width = t == OA_INT || t == OA_UINT ? 32 : 64;
    unsigned n = (unsigned)(bits_of(b) & (width == 32 ? 31u : 63u));
    if (left)
        return mk_int(t, bits_of(x) << n);
    if (t == OA_INT || t == OA_LONG) {
        int64_t v = x.v.i;
        return mk_int(t, (uint64_t)(v < 0 ? ~(~v >> n) : v >> n));
    }
    return mk_int(t, bits_of(x) >> n);
}

/* The C operator `c` on a and b, in C's types: what an availability
 * expression computes, and the right-hand side of an equation's
 * temporary before it is stored. */
static oa_val c_binary(const char *c, oa_val a, oa_val b)
{
    if (strcmp(c, "<<") == 0 || strcmp(c, ">>") == 0)
        return shift(c[0] == '<', a, b);
    if (strcmp(c, "&&") == 0)
        return bool_val(oa_val_double(a) != 0 && oa_val_double(b) != 0);
    oa_type t = oa_common_type(a.type, b.type);
    oa_val x = oa_convert(a, t), y = oa_convert(b, t);
    if (strcmp(c, "min") == 0)
        return less(x, y) ? x : y; /* MIN(a, b): (a) < (b) ? (a) : (b) */
    if (strcmp(c, "max") == 0)
        return less(y, x) ? x : y; /* MAX(a, b): (a) > (b) ? (a) : (b) */
    if (strcmp(c, "<") == 0)
        return bool_val(less(x, y));
    if (strcmp(c, ">") == 0)
        return bool_val(less(y, x));
    if (strcmp(c, "<=") == 0)
        return bool_val(less(x, y) || equal(x, y));
    if (strcmp(c, ">=") == 0)
        return bool_val(less(y, x) || equal(x, y));
    if (strcmp(c, "==") == 0)
        return bool_val(equal(x, y));
    if (strcmp(c, "&") == 0)
        return mk_int(t, bits_of(x) & bits_of(y));
    if (strcmp(c, "|") == 0)
        return mk_int(t, bits_of(x) | bits_of(y));
    return arith(c[0], x, y);
}

typedef struct ev {
    const hw_oa_set *set;
    const oa_inputs *in;
} ev;

static oa_val eval(const ev *e, const oa_node *n);

/* An equation's operator: gen_perf.py's temporaries. UDIV, FDIV and FMAX
 * store both operands first; the others store C's result of `a op b`. */
static oa_val eval_op(const ev *e, const oa_node *n)
{
    oa_val a = eval(e, n->a), b = eval(e, n->b);
    int kind = oa_op_kind(n->op);
    if (kind == OA_AV)
        return c_binary(oa_op_c(n->op), a, b);
    oa_type t = kind == OA_U ? OA_ULONG : OA_DOUBLE;
    if (n->op == OA_OP_UDIV || n->op == OA_OP_FDIV) {
        oa_val x = oa_convert(a, t), y = oa_convert(b, t);
        if (oa_val_double(y) == 0)
            return oa_convert(mk_int(OA_INT, 0), t);
        if (t == OA_DOUBLE) {
            x.v.d /= y.v.d;
            return x;
        }
        x.v.u /= y.v.u;
        return x;
    }
    if (n->op == OA_OP_FMAX)
        return c_binary("max", oa_convert(a, t), oa_convert(b, t));
    return oa_convert(c_binary(oa_op_c(n->op), a, b), t);
}

static oa_val field_val(const oa_inputs *in, int f)
{
    return mk_int(oa_field_type((oa_field)f), in->field[f]);
}

static oa_val eval(const ev *e, const oa_node *n)
{
    switch (n->kind) {
    case OA_N_NUM:
        if (n->type == OA_DOUBLE) {
            oa_val v = {OA_DOUBLE, {0}};
            v.v.d = n->d;
            return v;
        }
        return mk_int(n->type, n->u);
    case OA_N_READ:
        return mk_int(OA_ULONG, e->in->acc[n->block][n->index]);
    case OA_N_FIELD:
        return field_val(e->in, n->field);
    case OA_N_SLICE:
        return bool_val((e->in->slice_mask >> n->slice) & 1);
    case OA_N_XECORE:
        return bool_val((e->in->xecore_mask[n->slice] >> n->xecore) & 1);
    case OA_N_GTXECORE: /* IGT's mapping: XeCore 0 of slice n (oa.h) */
        return bool_val(oa_gtxecore_slice(n->slice) >= 0 &&
                        (e->in->xecore_mask[n->slice] & 1));
    case OA_N_COUNTER:
        return oa_eval_counter(e->set, n->counter, e->in, 0);
    case OA_N_OP:
        return eval_op(e, n);
    case OA_N_TRUE:
        break;
    }
    return bool_val(1);
}

oa_val oa_eval_counter(const hw_oa_set *s, int i, const oa_inputs *in, int max)
{
    const hw_oa_counter *c = &s->counters[i];
    oa_type t = c->data_type == OA_DATA_FLOAT ? OA_FLOAT : OA_ULONG;
    ev e = {s, in};
    if (max && c->max_is_percentage)
        return oa_convert(mk_int(OA_INT, 100), t);
    const oa_node *n = max ? c->max : c->read;
    return oa_convert(n ? eval(&e, n) : mk_int(OA_INT, 0), t);
}

int oa_eval_available(const oa_node *n, const oa_inputs *in)
{
    ev e = {NULL, in};
    return oa_val_double(eval(&e, n)) != 0;
}
