/* emit_c_oa.c - the freestanding driver header of an Intel OA platform:
 * include/hwcgen/<id>.h. Macros only (C89, no storage, no floating
 * point): the system values availability reads, one macro per distinct
 * availability expression, the metric sets with their GUID and OA format,
 * and each set's register blocks (NOA/mux, OA/boolean counter, FLEX) as
 * X-macro lists of address/value pairs in the file's order, which a driver
 * expands into const arrays of its own type. */
#include "emit/c/emit_c_oa.h"

#include <stdarg.h>
#include <string.h>

#include "core/names.h"
#include "core/spdx.h"
#include "core/version.h"

/* Whether every conversion of fmt is one oa_c_vprintf writes itself. */
static int plain_format(const char *fmt)
{
    for (const char *p = strchr(fmt, '%'); p; p = strchr(p + 2, '%'))
        if (p[1] != 's' && p[1] != 'd' && !(p[1] == 'l' && p[2] == 'u' && p++))
            return 0;
    return 1;
}

static void put_unsigned(hw_buf *b, unsigned long v)
{
    char digits[24];
    int n = sizeof digits;
    do
        digits[--n] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    buf_putn(b, digits + n, sizeof digits - (size_t)n);
}

static void oa_c_vprintf(hw_buf *b, const char *fmt, va_list ap)
{
    if (!plain_format(fmt)) {
        buf_vprintf(b, fmt, ap);
        return;
    }
    for (const char *p; (p = strchr(fmt, '%')) != NULL; fmt = p + 2) {
        buf_putn(b, fmt, (size_t)(p - fmt));
        if (p[1] == 's') {
            const char *v = va_arg(ap, const char *);
            buf_puts(b, v ? v : "(null)"); /* as glibc's printf */
        } else if (p[1] == 'd') {
            int v = va_arg(ap, int);
            if (v < 0)
                buf_putc(b, '-');
            put_unsigned(b, v < 0 ? 0UL - (unsigned long)v : (unsigned long)v);
        } else {
            put_unsigned(b, va_arg(ap, unsigned long));
            p++; /* %lu */
        }
    }
    buf_puts(b, fmt);
}

void oa_c_printf(hw_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    oa_c_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *oa_c_aprintf(hw_arena *a, const char *fmt, ...)
{
    hw_buf b;
    buf_init(&b);
    va_list ap;
    va_start(ap, fmt);
    oa_c_vprintf(&b, fmt, ap);
    va_end(ap);
    return arena_take(a, &b);
}

/* Plain characters go in runs: descriptions are most of the tables. */
void oa_c_string(hw_buf *b, const char *s)
{
    buf_putc(b, '"');
    const unsigned char *run = (const unsigned char *)s, *p = run;
    for (; *p; p++) {
        int quote = *p == '"' || *p == '\\';
        int octal = *p < 0x20 || *p >= 0x7f || (*p == '?' && p[1] == '?'); /* no trigraph */
        if (!quote && !octal)
            continue;
        buf_putn(b, (const char *)run, (size_t)(p - run));
        run = p + 1;
        if (quote)
            buf_printf(b, "\\%c", *p);
        else
            buf_printf(b, "\\%03o", *p);
    }
    buf_putn(b, (const char *)run, (size_t)(p - run));
    buf_putc(b, '"');
}

void oa_c_comment(hw_buf *b, const char *s)
{
    for (; *s; s++) {
        if (s[0] == '*' && s[1] == '/')
            buf_puts(b, "* "); /* the text cannot close the comment */
        else
            buf_putc(b, *s == '\n' || *s == '\r' ? ' ' : *s);
    }
}

void oa_c_avail_expr(hw_buf *b, const oa_node *n, const char *sv)
{
    switch (n->kind) {
    case OA_N_NUM:
        buf_puts(b, n->text);
        return;
    case OA_N_TRUE:
        buf_puts(b, "1");
        return;
    case OA_N_FIELD:
        oa_c_printf(b, "(%s)->%s", sv, oa_field_member((oa_field)n->field));
        return;
    case OA_N_SLICE:
        oa_c_printf(b, "((int)(((%s)->gt_slice_mask >> %d) & 1))", sv, n->slice);
        return;
    case OA_N_XECORE:
        oa_c_printf(b, "((int)(((%s)->gt_xecore_mask[%d] >> %d) & 1))", sv, n->slice, n->xecore);
        return;
    case OA_N_OP:
        buf_putc(b, '(');
        oa_c_avail_expr(b, n->a, sv);
        oa_c_printf(b, " %s ", oa_op_c(n->op));
        oa_c_avail_expr(b, n->b, sv);
        buf_putc(b, ')');
        return;
    case OA_N_READ:
    case OA_N_COUNTER:
        break; /* not in availability (the reader refuses them) */
    }
    buf_puts(b, "0");
}

int oa_c_avail_index(const oa_cgen *g, const char *text)
{
    for (int i = 0; i < g->navail; i++)
        if (strcmp(g->avail[i], text) == 0)
            return i;
    return -1;
}

static int avail_add(oa_cgen *g, const char *text)
{
    if (!text || oa_c_avail_index(g, text) >= 0)
        return 0;
    const char **slot = ARENA_PUSH(g->a, g->avail, g->navail, g->cap_avail);
    if (!slot)
        return -1;
    *slot = text;
    return 0;
}

/* Every availability text of the platform, counters' and blocks', in
 * file order, so the macros are numbered the same on every run. */
static int collect_avail(oa_cgen *g)
{
    int rc = 0;
    for (int s = 0; s < g->m->nsets; s++) {
        const hw_oa_set *set = &g->m->sets[s];
        for (int i = 0; i < set->ncounters; i++)
            rc |= avail_add(g, set->counters[i].availability);
        for (int i = 0; i < set->nconfigs; i++)
            rc |= avail_add(g, set->configs[i].availability);
    }
    return rc;
}

void oa_c_banner(hw_buf *b, const oa_cgen *g, const char *what)
{
    oa_c_printf(b, "/* SPDX-License-Identifier: %s */\n", spdx_of(g->t));
    oa_c_printf(b, "/*\n * %s: %s.\n *\n", g->t->name, what);
    oa_c_printf(b, " * Generated by hwcgen %s from %s", HWCGEN_VERSION, g->t->spec_name);
    if (g->m->version)
        oa_c_printf(b, " (metrics version %s)", g->m->version);
    buf_puts(b, ".\n * Do not edit: change the XML and run hwcgen again.\n */\n");
}

/* The system values, one member per value Mesa's generated code reads. */
static void sysvars_struct(hw_buf *b, const oa_cgen *g)
{
    oa_c_printf(b, "/* What availability and the equations read of the system: Mesa's\n"
                  " * intel_perf_config sys_vars and device info (names as there). The\n"
                  " * $Name each is for: */\nstruct %s_sysvars {\n", g->id);
    for (int f = 0; f < OA_FIELD_COUNT; f++) {
        const char *type = oa_field_type((oa_field)f) == OA_ULONG ? "uint64_t"
                                                                 : oa_type_c(oa_field_type((oa_field)f));
        oa_c_printf(b, "    %s %s; /*", type, oa_field_member((oa_field)f));
        for (int k = 0; oa_var_name((oa_field)f, k); k++)
            oa_c_printf(b, " %s", oa_var_name((oa_field)f, k));
        buf_puts(b, " */\n");
    }
    oa_c_printf(b, "    uint64_t gt_slice_mask; /* $GtSlice<s>: bit s, slice s is available */\n"
                  "    uint64_t gt_xecore_mask[%d]; /* $GtSlice<s>XeCore<x>: bit x of [s] */\n"
                  "};\n\n", OA_MAX_SLICES);
}

static void avail_macros(hw_buf *b, const oa_cgen *g)
{
    oa_c_printf(b, "/* Availability: nonzero when what it gates exists on the system sv\n"
                  " * points to (a const struct %s_sysvars *). */\n", g->id);
    oa_c_printf(b, "#define %s_AVAIL_ALWAYS(sv) 1\n", g->ID);
    for (int i = 0; i < g->navail; i++) {
        oa_node *n = NULL;
        char err[160];
        hw_buf e;
        buf_init(&e);
        if (oa_parse(g->a, g->avail[i], OA_LANG_AV, NULL, NULL, &n, err, sizeof err) == 0)
            oa_c_avail_expr(&e, n, "sv");
        buf_puts(b, "/* ");
        oa_c_comment(b, g->avail[i]);
        oa_c_printf(b, " */\n#define %s_AVAIL_%d(sv) (%s != 0)\n", g->ID, i, e.data ? e.data : "0");
        buf_free(&e);
    }
    buf_putc(b, '\n');
}

static const char *const regs_kind[] = {"MUX", "B_COUNTER", "FLEX"};

/* 8 hex digits, as %08x writes them. */
static char *hex8(char *p, uint32_t v)
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 7; i >= 0; i--, v >>= 4)
        p[i] = digits[v & 0xf];
    return p + 8;
}

/* " \\\n    R(0x%08x, 0x%08x)" without printf: Mesa's files hold 300,000
 * register writes, and formatting them was most of this header's time. */
static void reg_line(hw_buf *b, uint32_t address, uint32_t value)
{
    char line[40], *p = line;
    memcpy(p, " \\\n    R(0x", 11);
    p = hex8(p + 11, address);
    memcpy(p, ", 0x", 4);
    p = hex8(p + 4, value);
    *p++ = ')';
    buf_putn(b, line, (size_t)(p - line));
}

static void set_regs(hw_buf *b, const oa_cgen *g, const hw_oa_set *s, const char *SET)
{
    for (int i = 0; i < s->nconfigs; i++) {
        const hw_oa_regs *r = &s->configs[i];
        oa_c_printf(b, "#define %s_%s_REGS_%d(R)", g->ID, SET, i);
        for (int k = 0; k < r->nregs; k++)
            reg_line(b, r->regs[k].address, r->regs[k].value);
        buf_putc(b, '\n');
    }
    oa_c_printf(b, "/* X(kind, list, count, availability, priority): kind MUX (NOA), B_COUNTER\n"
                  " * (OA) or FLEX; priority -1 when the file gives none */\n"
                  "#define %s_%s_REG_CONFIGS(X)", g->ID, SET);
    for (int i = 0; i < s->nconfigs; i++) {
        const hw_oa_regs *r = &s->configs[i];
        int av = r->availability ? oa_c_avail_index(g, r->availability) : -1;
        oa_c_printf(b, " \\\n    X(%s, %s_%s_REGS_%d, %d, ", regs_kind[r->type], g->ID, SET, i,
                   r->nregs);
        if (av < 0)
            oa_c_printf(b, "%s_AVAIL_ALWAYS, ", g->ID);
        else
            oa_c_printf(b, "%s_AVAIL_%d, ", g->ID, av);
        oa_c_printf(b, "%s)", r->priority ? r->priority : "-1");
    }
    oa_c_printf(b, "\n#define %s_%s_REG_CONFIG_COUNT %d\n\n", g->ID, SET, s->nconfigs);
}

static void sets_list(hw_buf *b, const oa_cgen *g)
{
    oa_c_printf(b, "/* The metric sets: X(SET, set, name, guid, oa_format); SET names the\n"
                  " * set's macros below; oa_format is \"\" when the file gives none. */\n"
                  "#define %s_SET_COUNT %d\n#define %s_SETS(X)", g->ID, g->m->nsets, g->ID);
    for (int i = 0; i < g->m->nsets; i++) {
        const hw_oa_set *s = &g->m->sets[i];
        oa_c_printf(b, " \\\n    X(%s, %s, ", name_c(g->a, s->underscore_name, CASE_UPPER),
                   s->underscore_name);
        oa_c_string(b, s->name);
        buf_puts(b, ", ");
        oa_c_string(b, s->guid);
        buf_puts(b, ", ");
        oa_c_string(b, s->oa_format ? s->oa_format : "");
        buf_putc(b, ')');
    }
    buf_puts(b, "\n\n");
}

static int driver_header(oa_cgen *g, const emit_to *to)
{
    hw_buf b;
    buf_init(&b);
    oa_c_banner(&b, g, "metric sets for drivers");
    oa_c_printf(&b, "/*\n * Freestanding: macros and one struct, no storage, no libc, no floating\n"
                   " * point (C89 or later, or C++). A register list expands into a driver's\n"
                   " * own array: static const struct reg r[] = { %s_<SET>_REGS_0(REG) };\n */\n",
               g->ID);
    oa_c_printf(&b, "#ifndef HWCGEN_%s_H\n#define HWCGEN_%s_H\n\n", g->ID, g->ID);
    buf_puts(&b, "#ifndef UINT64_C\n#include <stdint.h>\n#endif\n\n");
    sysvars_struct(&b, g);
    avail_macros(&b, g);
    sets_list(&b, g);
    for (int i = 0; i < g->m->nsets; i++) {
        const hw_oa_set *s = &g->m->sets[i];
        const char *SET = name_c(g->a, s->underscore_name, CASE_UPPER);
        buf_puts(&b, "/* ");
        oa_c_comment(&b, s->name);
        buf_puts(&b, " (");
        oa_c_comment(&b, s->symbol_name);
        oa_c_printf(&b, ") */\n#define %s_%s_GUID ", g->ID, SET);
        oa_c_string(&b, s->guid);
        buf_putc(&b, '\n');
        if (s->oa_format) {
            oa_c_printf(&b, "#define %s_%s_OA_FORMAT ", g->ID, SET);
            oa_c_string(&b, s->oa_format);
            buf_putc(&b, '\n');
        }
        set_regs(&b, g, s, SET);
    }
    oa_c_printf(&b, "#endif /* HWCGEN_%s_H */\n", g->ID);
    const char *file = oa_c_aprintf(g->a, "include/hwcgen/%s.h", g->id);
    return b.failed || !file ? (buf_free(&b), -1) : out_add(to->out, file, &b);
}

int emit_c_oa(const hw_target *t, const emit_to *to)
{
    oa_cgen g = {t, t->oa, arena_create(), t->id, NULL, NULL, 0, 0};
    int rc = -1;
    if (g.a && (g.ID = name_c(g.a, t->id, CASE_UPPER)) && collect_avail(&g) == 0)
        rc = driver_header(&g, to) == 0 && emit_c_oa_metrics(&g, to) == 0 ? 0 : -1;
    if (rc != 0)
        diag_error(to->d, NULL, "out of memory");
    arena_free(g.a);
    return rc;
}
