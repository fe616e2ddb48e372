/* diff_formula.c - formulas compared by canonical tree and by value
 * (diff_formula.h). */
#include "diff/diff_formula.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/expr.h"
#include "core/interp.h"

const char *renames_old_name(const diff_renames *r, const char *name)
{
    for (int i = 0; r && i < r->n; i++)
        if (strcmp(r->v[i].new_name, name) == 0)
            return r->v[i].old_name;
    return name;
}

int formula_close(double x, double y)
{
    if (isnan(x) || isnan(y))
        return isnan(x) && isnan(y);
    if (x == y)
        return 1;
    if (isinf(x) || isinf(y))
        return 0;
    return fabs(x - y) <= 1e-12 * fmax(fabs(x), fabs(y));
}

/* ---- canonical trees ------------------------------------------------------ */

/* A canonical tree is a string: atoms are "#<number>", "e:<event>" (its
 * OLD name), "c:<run-time constant>", "i:<input>", "r:<run-time value's
 * key>", a metric "{<its tree>}"; a product "[a*b/c/d]" (factors sorted,
 * then divisors sorted); a sum "(+a-b)" (signed terms sorted); calls
 * "min(a,b)" (the arguments of min, max, and, or, xor sorted), "ceil(a)",
 * "mod(a,b)", "lt(a,b)" (a > b as lt(b,a)), "if(then,cond,else)".
 * Negation moves to the sign of a term. */

enum { CANON_MAX = 1 << 20, CANON_DEPTH = 2048 };

typedef struct canon_ctx {
    const hw_target *t;
    const diff_renames *r; /* NULL for OLD */
    int depth;
    int failed;           /* too deep, too long or out of memory */
} canon_ctx;

typedef struct strs {
    char **v;
    int n, cap;
} strs;

static void strs_push(canon_ctx *c, strs *s, char *str)
{
    if (!str) {
        c->failed = 1;
        return;
    }
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        char **v = realloc(s->v, (size_t)cap * sizeof *v);
        if (!v) {
            free(str);
            c->failed = 1;
            return;
        }
        s->v = v, s->cap = cap;
    }
    s->v[s->n++] = str;
}

static void strs_free(strs *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted, joined with `sep` (each item after `sep` when `lead`). */
static void strs_join(hw_buf *b, strs *s, const char *sep, int lead)
{
    if (s->n > 1)
        qsort(s->v, (size_t)s->n, sizeof *s->v, by_string);
    for (int i = 0; i < s->n; i++) {
        if (lead || i)
            buf_puts(b, sep);
        buf_puts(b, s->v[i]);
    }
}

static char *canon(canon_ctx *c, const hw_expr *e);

static char *finish(canon_ctx *c, hw_buf *b)
{
    if (b->failed || b->len > CANON_MAX)
        c->failed = 1;
    if (c->failed) {
        buf_free(b);
        return NULL;
    }
    return buf_steal(b);
}

static char *atom(canon_ctx *c, const hw_expr *e)
{
    hw_buf b;
    buf_init(&b);
    const hw_target *t = c->t;
    char num[40];
    if (e->kind == EXPR_NUM) {
        expr_format_number(num, sizeof num, e->value);
        buf_printf(&b, "#%s", num);
    } else if (e->ref == REF_EVENT) {
        buf_printf(&b, "e:%s", renames_old_name(c->r, t->events[e->index].name));
    } else if (e->ref == REF_CONSTANT && t->constants[e->index].has_value) {
        expr_format_number(num, sizeof num, t->constants[e->index].value);
        buf_printf(&b, "#%s", num);
    } else if (e->ref == REF_CONSTANT) {
        buf_printf(&b, "c:%s", e->text);
    } else if (e->ref == REF_INPUT) {
        buf_printf(&b, "i:%s", e->text);
    } else if (e->ref == REF_RUNTIME) {
        buf_printf(&b, "r:%s", t->runtime[e->index].key);
    } else if (e->ref == REF_METRIC && t->metrics[e->index].expr) {
        char *inner = canon(c, t->metrics[e->index].expr);
        if (inner)
            buf_printf(&b, "{%s}", inner);
        free(inner);
    } else {
        buf_printf(&b, "?%s", e->text); /* no formula: only equal to itself */
    }
    return finish(c, &b);
}

/* Factors of a product: `num` multiply, `den` divide; *neg flips with
 * every negation met. */
static void product_den(canon_ctx *c, const hw_expr *e, strs *den, int *neg)
{
    if (e->kind == EXPR_MUL) {
        product_den(c, e->args[0], den, neg);
        product_den(c, e->args[1], den, neg);
    } else if (e->kind == EXPR_NEG) {
        *neg = !*neg;
        product_den(c, e->args[0], den, neg);
    } else {
        strs_push(c, den, canon(c, e));
    }
}

static void product(canon_ctx *c, const hw_expr *e, strs *num, strs *den, int *neg)
{
    if (e->kind == EXPR_MUL) {
        product(c, e->args[0], num, den, neg);
        product(c, e->args[1], num, den, neg);
    } else if (e->kind == EXPR_DIV) {
        product(c, e->args[0], num, den, neg);
        product_den(c, e->args[1], den, neg);
    } else if (e->kind == EXPR_NEG) {
        *neg = !*neg;
        product(c, e->args[0], num, den, neg);
    } else {
        strs_push(c, num, canon(c, e));
    }
}

/* A term of a sum: the product's text, signed. */
static char *term(canon_ctx *c, const hw_expr *e, int neg)
{
    strs num = {0}, den = {0};
    product(c, e, &num, &den, &neg);
    hw_buf b;
    buf_init(&b);
    buf_putc(&b, neg ? '-' : '+');
    if (num.n == 1 && den.n == 0) {
        buf_puts(&b, num.v[0]);
    } else {
        buf_putc(&b, '[');
        strs_join(&b, &num, "*", 0);
        strs_join(&b, &den, "/", 1);
        buf_putc(&b, ']');
    }
    strs_free(&num);
    strs_free(&den);
    return finish(c, &b);
}

static void sum(canon_ctx *c, const hw_expr *e, int neg, strs *terms)
{
    if (e->kind == EXPR_ADD || e->kind == EXPR_SUB) {
        sum(c, e->args[0], neg, terms);
        sum(c, e->args[1], e->kind == EXPR_SUB ? !neg : neg, terms);
    } else if (e->kind == EXPR_NEG) {
        sum(c, e->args[0], !neg, terms);
    } else {
        strs_push(c, terms, term(c, e, neg));
    }
}

/* The name a node that is not a sum or product has in a canonical tree. */
static const char *call_name(const hw_expr *e)
{
    if (e->kind == EXPR_MOD)
        return "mod";
    switch (e->func) {
    case FUNC_LT:
    case FUNC_GT: return "lt";
    case FUNC_AND: return "and";
    case FUNC_OR: return "or";
    case FUNC_XOR: return "xor";
    default: return func_name(e->func);
    }
}

static int commutes(const hw_expr *e)
{
    return e->kind == EXPR_CALL && (e->func == FUNC_MIN || e->func == FUNC_MAX ||
                                    e->func == FUNC_AND || e->func == FUNC_OR ||
                                    e->func == FUNC_XOR);
}

static char *call(canon_ctx *c, const hw_expr *e)
{
    strs args = {0};
    for (int i = 0; i < e->nargs; i++) /* a > b is b < a */
        strs_push(c, &args, canon(c, e->args[e->kind == EXPR_CALL && e->func == FUNC_GT ? 1 - i : i]));
    hw_buf b;
    buf_init(&b);
    buf_printf(&b, "%s(", call_name(e));
    if (!c->failed) {
        if (commutes(e))
            strs_join(&b, &args, ",", 0);
        else
            for (int i = 0; i < args.n; i++)
                buf_printf(&b, "%s%s", i ? "," : "", args.v[i]);
    }
    buf_putc(&b, ')');
    strs_free(&args);
    return finish(c, &b);
}

/* Sums and products are flattened; everything else is a call. */
static int arithmetic(hw_expr_kind k)
{
    return k == EXPR_ADD || k == EXPR_SUB || k == EXPR_MUL || k == EXPR_DIV ||
           k == EXPR_NEG;
}

static char *canon(canon_ctx *c, const hw_expr *e)
{
    if (c->failed || ++c->depth > CANON_DEPTH) {
        c->failed = 1;
        return NULL;
    }
    char *out;
    if (e->kind == EXPR_NUM || e->kind == EXPR_REF) {
        out = atom(c, e);
    } else if (!arithmetic(e->kind)) {
        out = call(c, e);
    } else {
        strs terms = {0};
        sum(c, e, 0, &terms);
        hw_buf b;
        buf_init(&b);
        if (terms.n == 1 && terms.v[0][0] == '+') {
            buf_puts(&b, terms.v[0] + 1);
        } else if (!c->failed) {
            buf_putc(&b, '(');
            strs_join(&b, &terms, "", 0);
            buf_putc(&b, ')');
        }
        strs_free(&terms);
        out = finish(c, &b);
    }
    c->depth--;
    return out;
}

/* 1 when both canonical trees could be built and are identical. */
static int same_tree(const hw_target *old_t, const hw_expr *a, const hw_target *new_t,
                     const hw_expr *b, const diff_renames *r)
{
    canon_ctx ca = {old_t, NULL, 0, 0}, cb = {new_t, r, 0, 0};
    char *ka = canon(&ca, a), *kb = canon(&cb, b);
    int same = ka && kb && strcmp(ka, kb) == 0;
    free(ka);
    free(kb);
    return same;
}

/* ---- evaluation ------------------------------------------------------------ */

/* One formula's side: what its metric reads, and where each value goes. */
typedef struct side {
    const hw_target *t;
    int metric;
    hw_mask need;
    double *events, *constants, *inputs, *runtime, *metrics;
    int *event_slot, *constant_slot, *input_slot, *runtime_slot; /* into names, -1 */
} side;

typedef struct sampler {
    const char **names; /* the union of what both sides read, sorted */
    int n;
    side s[2];
    const diff_renames *r;
    const formula_binding *bind; /* held at their values */
    int nbind;
} sampler;

static int side_init(side *s, const hw_target *t, int metric)
{
    s->t = t;
    s->metric = metric;
    s->events = calloc((size_t)t->nevents + 1, sizeof(double));
    s->constants = calloc((size_t)t->nconstants + 1, sizeof(double));
    s->inputs = calloc((size_t)t->ninputs + 1, sizeof(double));
    s->runtime = calloc((size_t)t->nruntime + 1, sizeof(double));
    s->metrics = calloc((size_t)t->nmetrics + 1, sizeof(double));
    s->event_slot = calloc((size_t)t->nevents + 1, sizeof(int));
    s->constant_slot = calloc((size_t)t->nconstants + 1, sizeof(int));
    s->input_slot = calloc((size_t)t->ninputs + 1, sizeof(int));
    s->runtime_slot = calloc((size_t)t->nruntime + 1, sizeof(int));
    if (!s->events || !s->constants || !s->inputs || !s->runtime || !s->metrics ||
        !s->event_slot || !s->constant_slot || !s->input_slot || !s->runtime_slot ||
        mask_init(&s->need, t) != 0)
        return -1;
    s->need.metrics[metric] = 1;
    interp_needs(t, &s->need);
    return 0;
}

static void side_free(side *s)
{
    free(s->events), free(s->constants), free(s->inputs), free(s->runtime), free(s->metrics);
    free(s->event_slot), free(s->constant_slot), free(s->input_slot), free(s->runtime_slot);
    mask_free(&s->need);
}

/* The name a value of side `k` is known by: events under their OLD name. */
static const char *event_key(const sampler *sp, int k, int i)
{
    const char *name = sp->s[k].t->events[i].name;
    return k ? renames_old_name(sp->r, name) : name;
}

static void add_name(sampler *sp, const char *name)
{
    for (int i = 0; i < sp->n; i++)
        if (strcmp(sp->names[i], name) == 0)
            return;
    sp->names[sp->n++] = name;
}

static int collect_names(sampler *sp)
{
    size_t most = 1;
    for (int k = 0; k < 2; k++)
        most += (size_t)sp->s[k].t->nevents + (size_t)sp->s[k].t->nconstants +
                (size_t)sp->s[k].t->ninputs + (size_t)sp->s[k].t->nruntime;
    sp->names = calloc(most, sizeof *sp->names);
    if (!sp->names)
        return -1;
    for (int k = 0; k < 2; k++) {
        const side *s = &sp->s[k];
        for (int i = 0; i < s->t->nevents; i++)
            if (s->need.events[i])
                add_name(sp, event_key(sp, k, i));
        for (int i = 0; i < s->t->nconstants; i++)
            if (s->need.constants[i] && !s->t->constants[i].has_value)
                add_name(sp, s->t->constants[i].name);
        for (int i = 0; i < s->t->ninputs; i++)
            if (s->need.inputs[i])
                add_name(sp, s->t->inputs[i].name);
        for (int i = 0; i < s->t->nruntime; i++)
            if (s->need.runtime[i])
                add_name(sp, s->t->runtime[i].key);
    }
    if (sp->n > 1)
        qsort(sp->names, (size_t)sp->n, sizeof *sp->names, by_string);
    return 0;
}

static int slot_of(const sampler *sp, const char *name)
{
    const char **hit = bsearch(&name, sp->names, (size_t)sp->n, sizeof *sp->names, by_string);
    return hit ? (int)(hit - sp->names) : -1;
}

/* Where each value side k reads comes from in a sample. */
static void find_slots(sampler *sp, int k)
{
    side *s = &sp->s[k];
    const hw_target *t = s->t;
    for (int i = 0; i < t->nevents; i++)
        s->event_slot[i] = s->need.events[i] ? slot_of(sp, event_key(sp, k, i)) : -1;
    for (int i = 0; i < t->nconstants; i++)
        s->constant_slot[i] = s->need.constants[i] ? slot_of(sp, t->constants[i].name) : -1;
    for (int i = 0; i < t->ninputs; i++)
        s->input_slot[i] = s->need.inputs[i] ? slot_of(sp, t->inputs[i].name) : -1;
    for (int i = 0; i < t->nruntime; i++)
        s->runtime_slot[i] = s->need.runtime[i] ? slot_of(sp, t->runtime[i].key) : -1;
}

static void fill(double *values, const int *slot, int n, const double *u)
{
    for (int i = 0; i < n; i++)
        values[i] = slot[i] >= 0 ? u[slot[i]] : 0.0;
}

/* Side k's metric with the values u (indexed like sp->names). */
static double evaluate(const sampler *sp, int k, const double *u)
{
    const side *s = &sp->s[k];
    const hw_target *t = s->t;
    fill(s->events, s->event_slot, t->nevents, u);
    fill(s->constants, s->constant_slot, t->nconstants, u);
    fill(s->inputs, s->input_slot, t->ninputs, u);
    fill(s->runtime, s->runtime_slot, t->nruntime, u);
    hw_values v = {s->events, s->constants, s->inputs};
    for (int o = 0; o < t->nmetrics; o++) {
        int i = t->metric_order[o];
        if (s->need.metrics[i])
            s->metrics[i] = t->metrics[i].expr ? interp_expr_rt(t->metrics[i].expr, t, &v,
                                                                s->runtime, s->metrics)
                                               : NAN;
    }
    return s->metrics[s->metric];
}

/* xorshift64*: small, fast, and the same sequence everywhere. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static const uint64_t SEED = 0x9E3779B97F4A7C15ULL;

/* A count-like value: zero, small and large integers up to 2^40, fractions,
 * wide magnitudes, or a repeat of an earlier name's value (so that a - b
 * meets a == b). */
static double random_value(uint64_t *state, const double *u, int i)
{
    uint64_t r = next_random(state), v = next_random(state);
    double unit = (double)(v >> 11) * 0x1p-53;
    switch (r % 8) {
    case 0: return 0.0;
    case 1: return (double)(1 + v % 10);
    case 2: return (double)(v % 1001);
    case 3: return (double)(v % 1000001);
    case 4: return (double)(v % (1ULL << 40));
    case 5: return unit;
    case 6: return ldexp(1.0 + unit, (int)(r >> 32) % 80 - 20);
    default: return i > 0 ? u[v % (uint64_t)i] : 1.0;
    }
}

/* The values of sample j into u: all 1; each name 0 in turn (the rest 1);
 * each name 2 in turn; all 0; then random. 0 when there is no sample j. */
static int sample(const sampler *sp, int j, uint64_t *state, double *u)
{
    int n = sp->n;
    for (int i = 0; i < n; i++)
        u[i] = 1.0;
    if (j == 0)
        return 1;
    j--;
    if (j < 2 * n) {
        u[j % n] = j < n ? 0.0 : 2.0;
        return 1;
    }
    j -= 2 * n;
    if (j == 0) {
        for (int i = 0; i < n; i++)
            u[i] = 0.0;
        return 1;
    }
    if (j > FORMULA_RANDOM_SAMPLES)
        return 0;
    for (int i = 0; i < n; i++)
        u[i] = random_value(state, u, i);
    return 1;
}

/* Run every sample: equivalent until one parts them; scaled while NEW
 * stays one factor times OLD. */
static int run_samples(sampler *sp, hw_arena *a, formula_cmp *out)
{
    double *u = calloc((size_t)sp->n + 1, sizeof *u);
    if (!u)
        return -1;
    uint64_t state = SEED;
    int equivalent = 1, scaled = 1, have_factor = 0;
    double factor = 0.0;
    for (int j = 0; (equivalent || scaled) && sample(sp, j, &state, u); j++) {
        for (int b = 0; b < sp->nbind; b++) {
            int slot = slot_of(sp, sp->bind[b].name);
            if (slot >= 0)
                u[slot] = sp->bind[b].value;
        }
        double x = evaluate(sp, 0, u), y = evaluate(sp, 1, u);
        if (equivalent && !formula_close(x, y)) {
            equivalent = 0;
            diff_witness *w = &out->witness;
            w->n = sp->n;
            w->names = arena_alloc(a, ((size_t)sp->n + 1) * sizeof *w->names);
            w->values = arena_alloc(a, ((size_t)sp->n + 1) * sizeof *w->values);
            if (!w->names || !w->values) {
                free(u);
                return -1;
            }
            memcpy(w->names, sp->names, (size_t)sp->n * sizeof *w->names);
            memcpy(w->values, u, (size_t)sp->n * sizeof *w->values);
            w->old_value = x, w->new_value = y;
        }
        if (!scaled)
            continue;
        if (!have_factor && isfinite(x) && isfinite(y) && x != 0.0 && y != 0.0)
            factor = y / x, have_factor = 1;
        /* zero where the other is zero, NaN where NaN, else the factor */
        if ((x == 0.0) != (y == 0.0) || !formula_close(y, factor * x))
            scaled = 0;
    }
    free(u);
    out->verdict = equivalent ? FORMULA_EQUIVALENT
                   : scaled && have_factor ? FORMULA_SCALED
                                           : FORMULA_DIFFERENT;
    out->factor = factor;
    if (out->verdict != FORMULA_DIFFERENT)
        out->witness = (diff_witness){0, NULL, NULL, 0, 0};
    return 0;
}

int formula_compare(hw_arena *a, const hw_target *old_t, int mo, const hw_target *new_t,
                    int mn, const diff_renames *r, formula_cmp *out)
{
    return formula_compare_bound(a, old_t, mo, new_t, mn, r, NULL, 0, out);
}

int formula_compare_bound(hw_arena *a, const hw_target *old_t, int mo,
                          const hw_target *new_t, int mn, const diff_renames *r,
                          const formula_binding *bind, int nbind, formula_cmp *out)
{
    *out = (formula_cmp){FORMULA_EQUIVALENT, 0, 1.0, {0, NULL, NULL, 0, 0}};
    if (same_tree(old_t, old_t->metrics[mo].expr, new_t, new_t->metrics[mn].expr, r)) {
        out->same_tree = 1;
        return 0;
    }
    sampler sp = {NULL, 0, {{0}, {0}}, r, bind, nbind};
    int rc = -1;
    if (side_init(&sp.s[0], old_t, mo) == 0 && side_init(&sp.s[1], new_t, mn) == 0 &&
        collect_names(&sp) == 0) {
        find_slots(&sp, 0);
        find_slots(&sp, 1);
        rc = run_samples(&sp, a, out);
    }
    side_free(&sp.s[0]);
    side_free(&sp.s[1]);
    free(sp.names);
    return rc;
}
