/* emit_c_oa_metrics.c - include/hwcgen/<id>_metrics.h of an Intel OA
 * platform: every counter's read function and, where the file gives a
 * max_equation, its max function, with gen_perf.py's semantics (oa.h):
 * the same temporaries of the same C types, so the same C arithmetic; the
 * inputs are the accumulated report (<id>_accumulator, one array per
 * field READ takes) and the system values (<id>_sysvars). Counters whose
 * equations are the same (with the counters they read expanded, and the
 * same data type) share one function, as gen_perf.py shares them. Then
 * one table of the sets and their counters: names, units, Mesa's offsets
 * in the query data, the functions and availability. Freestanding (no
 * libc) but with floating point: for tools and user-space drivers. */
#include "emit/c/emit_c_oa.h"

#include <string.h>

typedef struct fn_table {
    const char **keys;  /* canonical equation + type */
    const char **names; /* the function that computes it */
    size_t cap;         /* power of two */
} fn_table;

static size_t hash(const char *s)
{
    size_t h = 14695981039346656037u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* The function already computing `key`, or NULL after recording `name`
 * as the one that does. */
static const char *fn_find_or_add(fn_table *t, const char *key, const char *name)
{
    size_t i = hash(key) & (t->cap - 1);
    while (t->keys[i] && strcmp(t->keys[i], key) != 0)
        i = (i + 1) & (t->cap - 1);
    if (t->keys[i])
        return t->names[i];
    t->keys[i] = key;
    t->names[i] = name;
    return NULL;
}

typedef struct mgen {
    const oa_cgen *g;
    fn_table fns;
    const hw_oa_set *set;
    const char **read_fn, **max_fn; /* per counter of the set: the C name */
    const char **read_key;          /* per counter: its canonical key */
    hw_buf *b;
    int tmp;
} mgen;

static const char *ret_type(const hw_oa_counter *c)
{
    return c->data_type == OA_DATA_FLOAT ? "float" : "uint64_t";
}

static void key_of(mgen *m, hw_buf *k, const oa_node *n);

static const char *counter_key(mgen *m, int i);

/* A canonical form of an equation: its tree, with counters replaced by
 * their own canonical forms, so that equal keys compute equal values. */
static void key_of(mgen *m, hw_buf *k, const oa_node *n)
{
    switch (n->kind) {
    case OA_N_OP:
        buf_putc(k, '(');
        key_of(m, k, n->a);
        buf_putc(k, ' ');
        key_of(m, k, n->b);
        oa_c_printf(k, " %s)", oa_op_name(n->op));
        return;
    case OA_N_READ:
        oa_c_printf(k, "%s[%d]", oa_block_name((oa_block)n->block), n->index);
        return;
    case OA_N_COUNTER:
        oa_c_printf(k, "{%s}", counter_key(m, n->counter));
        return;
    default:
        buf_puts(k, n->text);
        return;
    }
}

static const char *counter_key(mgen *m, int i)
{
    if (m->read_key[i])
        return m->read_key[i];
    hw_buf k;
    buf_init(&k);
    oa_c_printf(&k, "%s ", ret_type(&m->set->counters[i]));
    key_of(m, &k, m->set->counters[i].read);
    m->read_key[i] = arena_take(m->g->a, &k);
    return m->read_key[i] ? m->read_key[i] : "";
}

/* The C of operand n: a literal, a system value or a call inline; an
 * operator or READ as the temporaries gen_perf.py writes before it. */
static const char *operand(mgen *m, const oa_node *n);

/* `type tmpN = rhs;`: the temporary's name. */
static const char *tmp_decl(mgen *m, const char *type, const char *rhs)
{
    int id = m->tmp++;
    oa_c_printf(m->b, "    %s tmp%d = %s;\n", type, id, rhs ? rhs : "0");
    return oa_c_aprintf(m->g->a, "tmp%d", id);
}

static const char *op_c(mgen *m, const oa_node *n)
{
    hw_arena *ar = m->g->a;
    const char *a = operand(m, n->a), *b = operand(m, n->b);
    const char *type = oa_op_kind(n->op) == OA_F ? "double" : "uint64_t";
    if (n->op == OA_OP_UDIV || n->op == OA_OP_FDIV) {
        const char *x = tmp_decl(m, type, a), *y = tmp_decl(m, type, b);
        return tmp_decl(m, type, oa_c_aprintf(ar, "%s ? %s / %s : 0", y, x, y));
    }
    if (n->op == OA_OP_FMAX) { /* Mesa's MAX(a, b): ((a) > (b) ? (a) : (b)) */
        const char *x = tmp_decl(m, type, a), *y = tmp_decl(m, type, b);
        return tmp_decl(m, type, oa_c_aprintf(ar, "%s > %s ? %s : %s", x, y, x, y));
    }
    if (n->op == OA_OP_UMIN) /* Mesa's MIN(a, b): ((a) < (b) ? (a) : (b)) */
        return tmp_decl(m, type, oa_c_aprintf(ar, "(%s) < (%s) ? (%s) : (%s)", a, b, a, b));
    return tmp_decl(m, type, oa_c_aprintf(ar, "%s %s %s", a, oa_op_c(n->op), b));
}

static const char *operand(mgen *m, const oa_node *n)
{
    hw_arena *a = m->g->a;
    switch (n->kind) {
    case OA_N_NUM:
        return n->text;
    case OA_N_READ:
        return tmp_decl(m, "uint64_t", oa_c_aprintf(a, "acc->%s[%d]",
                        oa_block_member((oa_block)n->block), n->index));
    case OA_N_FIELD:
        return oa_c_aprintf(a, "sv->%s", oa_field_member((oa_field)n->field));
    case OA_N_SLICE:
        return oa_c_aprintf(a, "((int)((sv->gt_slice_mask >> %d) & 1))", n->slice);
    case OA_N_XECORE:
        return oa_c_aprintf(a, "((int)((sv->gt_xecore_mask[%d] >> %d) & 1))", n->slice,
                            n->xecore);
    case OA_N_GTXECORE: /* XeCore 0 of slice n, as IGT reads it (core/oa.h) */
        if (oa_gtxecore_slice(n->slice) < 0)
            return "0";
        return arena_printf(a, "((int)((sv->gt_xecore_mask[%d] >> 0) & 1))", n->slice);
    case OA_N_COUNTER:
        return oa_c_aprintf(a, "%s(sv, acc)", m->read_fn[n->counter]);
    case OA_N_OP:
        return op_c(m, n);
    case OA_N_TRUE:
        break;
    }
    return "1";
}

/* ---- functions ------------------------------------------------------------ */

static void fn_head(mgen *m, const hw_oa_counter *c, const char *name, const char *rpn)
{
    const oa_cgen *g = m->g;
    buf_puts(m->b, "\n/* ");
    oa_c_comment(m->b, m->set->name);
    buf_puts(m->b, " :: ");
    oa_c_comment(m->b, c->name);
    if (rpn) {
        buf_puts(m->b, "\n * RPN: ");
        oa_c_comment(m->b, rpn);
    }
    oa_c_printf(m->b, " */\nstatic %s_INLINE %s\n%s(const struct %s_sysvars *sv, "
                     "const struct %s_accumulator *acc)\n{\n", g->ID, ret_type(c), name, g->id,
               g->id);
}

static void emit_read(mgen *m, int i, char *done);

/* What counter i's expression reads of other counters comes first. */
static void emit_uses(mgen *m, const oa_node *n, char *done)
{
    if (n && n->kind == OA_N_COUNTER)
        emit_read(m, n->counter, done);
    else if (n && n->kind == OA_N_OP) {
        emit_uses(m, n->a, done);
        emit_uses(m, n->b, done);
    }
}

/* The function of expression e of counter c named `name`, or a macro
 * naming an earlier one that computes the same (key). */
static void emit_fn(mgen *m, const hw_oa_counter *c, const char *name, const char *key,
                    const oa_node *e, const char *rpn)
{
    const char *same = key ? fn_find_or_add(&m->fns, key, name) : NULL;
    if (same) {
        buf_puts(m->b, "\n/* ");
        oa_c_comment(m->b, m->set->name);
        buf_puts(m->b, " :: ");
        oa_c_comment(m->b, c->name);
        oa_c_printf(m->b, " */\n#define %s %s\n", name, same);
        return;
    }
    fn_head(m, c, name, rpn);
    m->tmp = 0;
    const char *v = e ? operand(m, e) : "100";
    oa_c_printf(m->b, "    (void)sv;\n    (void)acc;\n    return %s;\n}\n", v);
}

static void emit_read(mgen *m, int i, char *done)
{
    if (done[i])
        return;
    done[i] = 1;
    const hw_oa_counter *c = &m->set->counters[i];
    emit_uses(m, c->read, done);
    emit_fn(m, c, m->read_fn[i], counter_key(m, i), c->read, c->equation);
}

static void emit_max(mgen *m, int i)
{
    const hw_oa_counter *c = &m->set->counters[i];
    if (!c->max_equation)
        return;
    hw_buf k;
    buf_init(&k);
    oa_c_printf(&k, "%s ", ret_type(c));
    if (c->max)
        key_of(m, &k, c->max);
    else
        buf_puts(&k, "100");
    emit_fn(m, c, m->max_fn[i], arena_take(m->g->a, &k), c->max,
            c->max_is_percentage ? NULL : c->max_equation);
}

/* The C names of set s's functions into m (a counter without a
 * max_equation has none: "0"). */
static int set_names(mgen *m, const hw_oa_set *s)
{
    const oa_cgen *g = m->g;
    size_t n = (size_t)s->ncounters + 1;
    m->set = s;
    m->read_fn = arena_alloc(g->a, n * sizeof *m->read_fn);
    m->max_fn = arena_alloc(g->a, n * sizeof *m->max_fn);
    m->read_key = arena_alloc(g->a, n * sizeof *m->read_key);
    if (!m->read_fn || !m->max_fn || !m->read_key)
        return -1;
    for (int i = 0; i < s->ncounters; i++) {
        const hw_oa_counter *c = &s->counters[i];
        m->read_fn[i] = oa_name_read_fn(g->a, g->id, s, c);
        m->max_fn[i] = c->max_equation ? oa_name_max_fn(g->a, g->id, s, c) : "0";
    }
    return arena_failed(g->a) ? -1 : 0;
}

static int set_fns(mgen *m, const hw_oa_set *s)
{
    char *done = arena_alloc(m->g->a, (size_t)s->ncounters + 1);
    if (!done || set_names(m, s) != 0)
        return -1;
    for (int i = 0; i < s->ncounters; i++)
        emit_read(m, i, done);
    for (int i = 0; i < s->ncounters; i++)
        emit_max(m, i);
    return arena_failed(m->g->a) ? -1 : 0;
}

/* ---- the tables ----------------------------------------------------------- */

static void str_field(hw_buf *b, const char *s)
{
    oa_c_string(b, s ? s : "");
    buf_puts(b, ", ");
}

static void counter_row(mgen *m, int i)
{
    const oa_cgen *g = m->g;
    const hw_oa_counter *c = &m->set->counters[i];
    int fl = c->data_type == OA_DATA_FLOAT;
    buf_puts(m->b, "        {");
    str_field(m->b, c->name);
    str_field(m->b, c->symbol_name);
    str_field(m->b, c->description);
    str_field(m->b, c->units);
    str_field(m->b, c->semantic_type);
    str_field(m->b, c->mdapi_group);
    oa_c_printf(m->b, "%s_%s, %lu, %s, %s, %s, %s, ", g->ID, fl ? "FLOAT" : "UINT64",
               (unsigned long)c->offset, fl ? "0" : m->read_fn[i], fl ? m->read_fn[i] : "0",
               fl ? "0" : m->max_fn[i], fl ? m->max_fn[i] : "0");
    if (c->availability)
        oa_c_printf(m->b, "%s},\n",
                   oa_name_avail_fn(g->a, g->id, oa_avail_index(&g->avail, c->availability)));
    else
        buf_puts(m->b, "0},\n");
}

static int tables(mgen *m)
{
    const oa_cgen *g = m->g;
    hw_buf *b = m->b;
    /* (void)sv: an availability may read nothing of the system (IGT's
     * xe files write availability="1") */
    for (int i = 0; i < g->avail.n; i++)
        oa_c_printf(b, "static %s_INLINE int %s(const struct %s_sysvars *sv)\n"
                      "{\n    (void)sv;\n    return %s(sv);\n}\n", g->ID, oa_name_avail_fn(g->a, g->id, i), g->id,
                   oa_name_avail_macro(g->a, g->ID, i));
    oa_c_printf(b, "\n/* Every metric set, in the file's order; *n gets their number. */\n"
                  "static %s_INLINE const struct %s_set *%s(int *n)\n{\n", g->ID, g->id,
               oa_name_sets_fn(g->a, g->id));
    for (int s = 0; s < g->m->nsets; s++) {
        const hw_oa_set *set = &g->m->sets[s];
        if (set->ncounters == 0)
            continue;
        if (set_names(m, set) != 0)
            return -1;
        oa_c_printf(b, "    static const struct %s_counter c%d[] = {\n", g->id, s);
        for (int i = 0; i < set->ncounters; i++)
            counter_row(m, i);
        buf_puts(b, "    };\n");
    }
    oa_c_printf(b, "    static const struct %s_set sets[] = {\n", g->id);
    for (int s = 0; s < g->m->nsets; s++) {
        const hw_oa_set *set = &g->m->sets[s];
        buf_puts(b, "        {");
        str_field(b, set->name);
        str_field(b, set->symbol_name);
        str_field(b, set->underscore_name);
        str_field(b, set->guid);
        str_field(b, set->oa_format);
        if (set->ncounters)
            oa_c_printf(b, "c%d, %d},\n", s, set->ncounters);
        else
            buf_puts(b, "0, 0},\n");
    }
    oa_c_printf(b, "    };\n    *n = %d;\n    return sets;\n}\n", g->m->nsets);
    return 0;
}

/* The types: the accumulator, a counter's and a set's table entries. */
static void prelude(hw_buf *b, const oa_cgen *g)
{
    oa_c_printf(b, "#ifndef %s_INLINE\n"
                  "#if defined(__cplusplus) || (defined(__STDC_VERSION__) && "
                  "__STDC_VERSION__ >= 199901L)\n#define %s_INLINE inline\n"
                  "#elif defined(__GNUC__)\n#define %s_INLINE __inline__\n"
                  "#else\n#define %s_INLINE\n#endif\n#endif\n\n", g->ID, g->ID, g->ID, g->ID);
    oa_c_printf(b, "/* The accumulated report: each field READ takes (`A 7 READ` is a[7]),\n"
                  " * summed over the reports of a query as Mesa's accumulator holds them. */\n"
                  "struct %s {\n", oa_name_accumulator(g->a, g->id));
    for (int k = 0; k < OA_BLOCK_COUNT; k++)
        oa_c_printf(b, "    uint64_t %s[%d]; /* %s */\n", oa_block_member((oa_block)k),
                   oa_block_size((oa_block)k), oa_block_name((oa_block)k));
    buf_puts(b, "};\n\n");
    oa_c_printf(b, "#define %s_UINT64 0\n#define %s_FLOAT 1\n\n", g->ID, g->ID);
    oa_c_printf(b, "typedef uint64_t (*%s_read_uint64)(const struct %s_sysvars *,\n"
                  "                                  const struct %s_accumulator *);\n"
                  "typedef float (*%s_read_float)(const struct %s_sysvars *,\n"
                  "                               const struct %s_accumulator *);\n\n",
               g->id, g->id, g->id, g->id, g->id, g->id);
    oa_c_printf(b, "/* A counter: data_type %s_UINT64 reads through the _uint64 functions,\n"
                  " * %s_FLOAT through the _float ones; offset is Mesa's, in the query's\n"
                  " * data; max 0 when the file gives no max_equation; available 0 when\n"
                  " * the counter always is. */\n"
                  "struct %s_counter {\n    const char *name, *symbol_name, *description, *units,\n"
                  "        *semantic_type, *category;\n    int data_type;\n    unsigned long offset;\n"
                  "    %s_read_uint64 read_uint64;\n    %s_read_float read_float;\n"
                  "    %s_read_uint64 max_uint64;\n    %s_read_float max_float;\n"
                  "    int (*available)(const struct %s_sysvars *);\n};\n\n",
               g->ID, g->ID, g->id, g->id, g->id, g->id, g->id, g->id);
    oa_c_printf(b, "struct %s_set {\n    const char *name, *symbol_name, *underscore_name, *guid,\n"
                  "        *oa_format;\n    const struct %s_counter *counters;\n"
                  "    int ncounters;\n};\n", g->id, g->id);
}

int emit_c_oa_metrics(const oa_cgen *g, const emit_to *to)
{
    hw_buf b;
    buf_init(&b);
    mgen m = {g, {NULL, NULL, 1024}, NULL, NULL, NULL, NULL, &b, 0};
    size_t need = 64;
    for (int s = 0; s < g->m->nsets; s++)
        need += 2 * (size_t)g->m->sets[s].ncounters;
    while (m.fns.cap < 2 * need)
        m.fns.cap *= 2;
    m.fns.keys = arena_alloc(g->a, m.fns.cap * sizeof *m.fns.keys);
    m.fns.names = arena_alloc(g->a, m.fns.cap * sizeof *m.fns.names);
    if (!m.fns.keys || !m.fns.names)
        return -1;
    memset((void *)m.fns.keys, 0, m.fns.cap * sizeof *m.fns.keys);
    oa_c_banner(&b, g, "counter read and max functions");
    oa_c_printf(&b, "/*\n * gen_perf.py's arithmetic, operator by operator (C's, on the same\n"
                   " * temporaries). Needs floating point, no libc (C89 or later, or C++).\n"
                   " */\n#ifndef HWCGEN_%s_METRICS_H\n#define HWCGEN_%s_METRICS_H\n\n"
                   "#include \"%s.h\"\n\n", g->ID, g->ID, g->id);
    prelude(&b, g);
    int rc = 0;
    for (int s = 0; s < g->m->nsets && rc == 0; s++)
        rc = set_fns(&m, &g->m->sets[s]);
    buf_putc(&b, '\n');
    if (rc == 0)
        rc = tables(&m);
    oa_c_printf(&b, "\n#endif /* HWCGEN_%s_METRICS_H */\n", g->ID);
    const char *file = oa_name_metrics_header(g->a, g->id);
    if (rc != 0 || b.failed || arena_failed(g->a)) {
        buf_free(&b);
        return -1;
    }
    return out_add(to->out, file, &b);
}
