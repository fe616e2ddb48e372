/* plan_oa_infix.c - an OA equation or availability expression for people
 * (plan_oa.h): infix with the arithmetic class of each operator shown, and
 * what a counter's equation reads. */
#include "plan/plan_oa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each operator as the infix spells it: a dot after an F-operator's
 * symbol; UMIN and FMAX as the functions min and max. By oa_op. */
static const char *const spelled[OA_OP_COUNT] = {
    [OA_OP_FADD] = "+.", [OA_OP_FDIV] = "/.", [OA_OP_FMAX] = "max",
    [OA_OP_FMUL] = "*.", [OA_OP_FSUB] = "-.", [OA_OP_UADD] = "+",
    [OA_OP_UDIV] = "/",  [OA_OP_UMUL] = "*",  [OA_OP_USUB] = "-",
    [OA_OP_UMIN] = "min", [OA_OP_SHL] = "<<", [OA_OP_SHR] = ">>",
    [OA_OP_BAND] = "&",  [OA_OP_UGTE] = ">=", [OA_OP_UGT] = ">",
    [OA_OP_ULTE] = "<=", [OA_OP_ULT] = "<",   [OA_OP_AV_AND] = "&",
    [OA_OP_AV_OR] = "|", [OA_OP_AV_UGTE] = ">=", [OA_OP_AV_ULT] = "<",
    [OA_OP_AV_LAND] = "&&", [OA_OP_AV_UMUL] = "*", [OA_OP_AV_SHL] = "<<",
    [OA_OP_AV_EQ] = "==",
};

static int is_function(oa_op op)
{
    return op == OA_OP_UMIN || op == OA_OP_FMAX;
}

/* C's precedence of + - * / (2 binds tighter than 1); 0 for any other
 * operator, which the infix always puts in parentheses under another. */
static int arith_level(const oa_node *n)
{
    const char *c = oa_op_c(n->op);
    if (is_function(n->op) || c[1])
        return 0;
    return c[0] == '*' || c[0] == '/' ? 2 : c[0] == '+' || c[0] == '-' ? 1 : 0;
}

/* Whether operand `child` of `parent` (right: it is the right operand)
 * needs parentheses. */
static int needs_parens(const oa_node *parent, const oa_node *child, int right)
{
    if (child->kind != OA_N_OP || is_function(child->op) || is_function(parent->op))
        return 0;
    int p = arith_level(parent), c = arith_level(child);
    const char *op = oa_op_c(parent->op);
    if (!right && child->op == parent->op && (strcmp(op, "&&") == 0 || strcmp(op, "&") == 0 ||
                                              strcmp(op, "|") == 0))
        return 0; /* a && b && c: C groups it from the left too */
    if (p == 0 || c == 0)
        return 1;
    if (oa_op_kind(parent->op) != oa_op_kind(child->op))
        return 1;
    return c < p || (right && c == p);
}

const char *oa_infix_leaf(const oa_node *n, char *buf, size_t size)
{
    if (n->kind != OA_N_READ)
        return n->text;
    if (oa_block_size((oa_block)n->block) == 1)
        return oa_block_name((oa_block)n->block);
    snprintf(buf, size, "%s[%d]", oa_block_name((oa_block)n->block), n->index);
    return buf;
}

static void operand(const oa_node *parent, const oa_node *child, int right,
                    const oa_infix_out *out)
{
    int p = needs_parens(parent, child, right);
    if (p)
        out->text(out->ctx, "(");
    oa_infix(child, out);
    if (p)
        out->text(out->ctx, ")");
}

void oa_infix(const oa_node *n, const oa_infix_out *out)
{
    char buf[32];
    if (n->kind == OA_N_NUM || n->kind == OA_N_TRUE) {
        out->text(out->ctx, n->text);
        return;
    }
    if (n->kind != OA_N_OP) {
        out->name(out->ctx, n, oa_infix_leaf(n, buf, sizeof buf));
        return;
    }
    if (is_function(n->op)) {
        out->text(out->ctx, spelled[n->op]);
        out->text(out->ctx, "(");
        oa_infix(n->a, out);
        out->text(out->ctx, ", ");
        oa_infix(n->b, out);
        out->text(out->ctx, ")");
        return;
    }
    operand(n, n->a, 0, out);
    out->text(out->ctx, " ");
    out->text(out->ctx, spelled[n->op]);
    out->text(out->ctx, " ");
    operand(n, n->b, 1, out);
}

static void text_put(void *ctx, const char *s)
{
    buf_puts(ctx, s);
}

static void text_name(void *ctx, const oa_node *n, const char *shown)
{
    (void)n;
    buf_puts(ctx, shown);
}

void oa_infix_text(hw_buf *b, const oa_node *n)
{
    oa_infix_out out = {b, text_put, text_name};
    oa_infix(n, &out);
}

/* ---- what a counter reads ---------------------------------------------- */

/* The order of oa_reads: fields, then system values and slice functions,
 * then counters. */
static int rank(const oa_node *n)
{
    return n->kind == OA_N_READ ? 0 : n->kind == OA_N_COUNTER ? 2 : 1;
}

static int read_cmp(const void *x, const void *y)
{
    const oa_node *a = *(const oa_node *const *)x, *b = *(const oa_node *const *)y;
    if (rank(a) != rank(b))
        return rank(a) - rank(b);
    if (a->kind == OA_N_READ)
        return a->block != b->block ? a->block - b->block : a->index - b->index;
    if (a->kind == OA_N_COUNTER)
        return a->counter - b->counter;
    return strcmp(a->text, b->text);
}

typedef struct names {
    const oa_node **v;
    int n;
    size_t cap;
} names;

/* The names of expression n into l; with `deep`, those of the counters
 * it names too (each counter once: seen[c]), but not the counters. */
static int gather(const hw_oa_set *s, const oa_node *n, int deep, char *seen, names *l,
                  hw_arena *a)
{
    if (n->kind == OA_N_OP)
        return gather(s, n->a, deep, seen, l, a) | gather(s, n->b, deep, seen, l, a);
    if (n->kind == OA_N_NUM || n->kind == OA_N_TRUE)
        return 0;
    if (n->kind == OA_N_COUNTER && deep) {
        if (seen[n->counter])
            return 0;
        seen[n->counter] = 1;
        const oa_node *e = s->counters[n->counter].read;
        return e ? gather(s, e, 1, seen, l, a) : 0;
    }
    const oa_node **slot = ARENA_PUSH(a, l->v, l->n, l->cap);
    if (!slot)
        return -1;
    *slot = n;
    return 0;
}

/* Sorted, each name once; without those `skip` holds (sorted too). */
static int unique(names *l, const names *skip)
{
    if (l->n > 1)
        qsort(l->v, (size_t)l->n, sizeof *l->v, read_cmp);
    int n = 0, k = 0;
    for (int i = 0; i < l->n; i++) {
        if (n > 0 && read_cmp(&l->v[n - 1], &l->v[i]) == 0)
            continue;
        while (skip && k < skip->n && read_cmp(&skip->v[k], &l->v[i]) < 0)
            k++;
        if (skip && k < skip->n && read_cmp(&skip->v[k], &l->v[i]) == 0)
            continue;
        l->v[n++] = l->v[i];
    }
    return l->n = n;
}

int oa_counter_reads(const hw_oa_set *s, int i, hw_arena *a, oa_reads *out)
{
    const oa_node *e = s->counters[i].read;
    names direct = {NULL, 0, 0}, through = {NULL, 0, 0};
    *out = (oa_reads){NULL, NULL, 0, 0};
    if (!e)
        return 0;
    char *seen = arena_alloc(a, (size_t)s->ncounters + 1);
    if (!seen || gather(s, e, 0, NULL, &direct, a) != 0)
        return -1;
    unique(&direct, NULL);
    for (int k = 0; k < direct.n; k++)
        if (direct.v[k]->kind == OA_N_COUNTER && gather(s, direct.v[k], 1, seen, &through, a) != 0)
            return -1;
    unique(&through, &direct);
    *out = (oa_reads){direct.v, through.v, direct.n, through.n};
    return 0;
}
