/* load_xml_pattern.c - XML Schema patterns as position automata
 * (load_xml_pattern.h).
 *
 * Each character class of the pattern is a position; the automaton's
 * state is the set of positions the text read so far can end on
 * (Glushkov's construction): the first positions, the last ones, and the
 * positions that may follow each one. Characters are what XML Schema
 * counts: a UTF-8 sequence is one character, and every non-ASCII
 * character is one symbol, since no class here names one.
 */
#include "load/load_xml_pattern.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    SYMBOLS = 129,   /* ASCII, then any other character */
    OTHER = 128,
    MAX_POS = 64,    /* positions: the bits of a uint64_t */
    MAX_DEPTH = 32,  /* nested groups */
};

typedef uint64_t posset;

struct xsd_pattern {
    posset first, last;
    int nullable;           /* the empty text matches */
    posset follow[MAX_POS];
    posset accepts[SYMBOLS]; /* the positions whose class holds symbol s */
};

/* What a part of the pattern can start with, end on, and whether it may
 * be empty. */
typedef struct part {
    posset first, last;
    int nullable;
} part;

typedef struct parser {
    const char *p;
    struct xsd_pattern *out;
    int npos;
    int failed; /* syntax this does not take */
} parser;

static part alternatives(parser *ps, int depth);

/* ---- character classes ------------------------------------------------- */

typedef struct cls {
    unsigned char in[SYMBOLS];
} cls;

static void cls_space(cls *c, int value)
{
    c->in[' '] = c->in['\t'] = c->in['\n'] = c->in['\r'] = (unsigned char)value;
}

/* \s or \S into c (a class being built); 0 for another escape. */
static int multi_escape(cls *c, char e)
{
    if (e == 's') {
        cls_space(c, 1);
        return 1;
    }
    if (e == 'S') {
        cls tmp = {{0}};
        cls_space(&tmp, 1);
        for (int s = 0; s < SYMBOLS; s++)
            c->in[s] |= !tmp.in[s];
        return 1;
    }
    return 0;
}

/* A single-character escape's character, or -1. */
static int single_escape(char e)
{
    static const char plain[] = "\\|.?*+(){}-[]^";
    if (e == 'n')
        return '\n';
    if (e == 'r')
        return '\r';
    if (e == 't')
        return '\t';
    return e && strchr(plain, e) ? e : -1;
}

/* One character of a class (after '[' or a range's '-'), or -1. */
static int class_char(parser *ps)
{
    unsigned char ch = (unsigned char)*ps->p;
    if (ch == '\\') {
        int e = single_escape(ps->p[1]);
        ps->p += e >= 0 ? 2 : 0;
        return e;
    }
    if (!ch || ch >= 0x80 || ch == '[' || ch == ']')
        return -1;
    ps->p++;
    return ch;
}

/* [...] or [^...], from just after the '['. */
static int bracket(parser *ps, cls *c)
{
    int negate = *ps->p == '^';
    ps->p += negate;
    cls set = {{0}};
    do {
        if (ps->p[0] == '\\' && multi_escape(&set, ps->p[1])) {
            ps->p += 2;
            continue;
        }
        int lo = class_char(ps);
        if (lo < 0)
            return -1;
        int hi = lo;
        if (ps->p[0] == '-' && ps->p[1] != ']') {
            ps->p++;
            if (*ps->p == '[' || (hi = class_char(ps)) < lo)
                return -1; /* a subtraction, or a range backwards */
        }
        for (int s = lo; s <= hi; s++)
            set.in[s] = 1;
    } while (*ps->p && *ps->p != ']');
    if (*ps->p != ']')
        return -1;
    ps->p++;
    for (int s = 0; s < SYMBOLS; s++)
        c->in[s] = (unsigned char)(negate ? !set.in[s] : set.in[s]);
    return 0;
}

/* The class of the atom at ps->p (not a group). */
static int atom_class(parser *ps, cls *c)
{
    char ch = *ps->p;
    if (ch == '[') {
        ps->p++;
        return bracket(ps, c);
    }
    if (ch == '.') {
        ps->p++;
        for (int s = 0; s < SYMBOLS; s++)
            c->in[s] = s != '\n' && s != '\r';
        return 0;
    }
    if (ch == '\\') {
        if (multi_escape(c, ps->p[1])) {
            ps->p += 2;
            return 0;
        }
        int e = single_escape(ps->p[1]);
        if (e < 0)
            return -1;
        ps->p += 2;
        c->in[e] = 1;
        return 0;
    }
    if ((unsigned char)ch >= 0x80 || strchr("?*+{}()|]", ch))
        return -1;
    ps->p++;
    c->in[(unsigned char)ch] = 1;
    return 0;
}

/* ---- the pattern's structure ------------------------------------------- */

static void follow_all(parser *ps, posset from, posset to)
{
    for (int q = 0; q < ps->npos; q++)
        if (from >> q & 1)
            ps->out->follow[q] |= to;
}

/* An atom: a class becomes a new position; a group is parsed whole. */
static part atom(parser *ps, int depth)
{
    part none = {0, 0, 0};
    if (*ps->p == '(') {
        ps->p++;
        part inner = alternatives(ps, depth + 1);
        if (*ps->p != ')')
            ps->failed = 1;
        else
            ps->p++;
        return ps->failed ? none : inner;
    }
    cls c = {{0}};
    if (ps->npos >= MAX_POS || atom_class(ps, &c) != 0) {
        ps->failed = 1;
        return none;
    }
    int q = ps->npos++;
    for (int s = 0; s < SYMBOLS; s++)
        if (c.in[s])
            ps->out->accepts[s] |= (posset)1 << q;
    return (part){(posset)1 << q, (posset)1 << q, 0};
}

/* An atom and its quantifier. */
static part piece(parser *ps, int depth)
{
    part a = atom(ps, depth);
    char q = ps->failed ? '\0' : *ps->p;
    if (q == '{')
        ps->failed = 1; /* counted repeats: libxml2's */
    if (q == '*' || q == '+')
        follow_all(ps, a.last, a.first);
    if (q == '*' || q == '?')
        a.nullable = 1;
    if (q == '*' || q == '+' || q == '?')
        ps->p++;
    return a;
}

/* Pieces one after another, up to '|', ')' or the end. */
static part branch(parser *ps, int depth)
{
    part all = {0, 0, 1};
    while (!ps->failed && *ps->p && *ps->p != '|' && *ps->p != ')') {
        part b = piece(ps, depth);
        follow_all(ps, all.last, b.first);
        all.first |= all.nullable ? b.first : 0;
        all.last = b.last | (b.nullable ? all.last : 0);
        all.nullable &= b.nullable;
    }
    return all;
}

static part alternatives(parser *ps, int depth)
{
    part all = {0, 0, 0};
    if (depth > MAX_DEPTH) {
        ps->failed = 1;
        return all;
    }
    for (;;) {
        part b = branch(ps, depth);
        all.first |= b.first;
        all.last |= b.last;
        all.nullable |= b.nullable;
        if (ps->failed || *ps->p != '|')
            return all;
        ps->p++;
    }
}

xsd_pattern *xsd_pattern_compile(const char *re)
{
    struct xsd_pattern *out = re ? calloc(1, sizeof *out) : NULL;
    if (!out)
        return NULL;
    parser ps = {re, out, 0, 0};
    part all = alternatives(&ps, 0);
    if (ps.failed || *ps.p) { /* a ')' with no '(' stops early */
        free(out);
        return NULL;
    }
    out->first = all.first;
    out->last = all.last;
    out->nullable = all.nullable;
    return out;
}

/* ---- matching ------------------------------------------------------------ */

int xsd_pattern_match(const xsd_pattern *p, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    posset cur = 0;
    int started = 0;
    for (; *u; u++) {
        if ((*u & 0xC0) == 0x80)
            continue; /* inside a character already read */
        int sym = *u < 0x80 ? *u : OTHER;
        posset next = 0;
        if (!started)
            next = p->first;
        for (posset left = cur; left; left &= left - 1)
            next |= p->follow[__builtin_ctzll(left)];
        cur = next & p->accepts[sym];
        started = 1;
        if (!cur)
            return 0;
    }
    return started ? (cur & p->last) != 0 : p->nullable;
}

void xsd_pattern_free(xsd_pattern *p)
{
    free(p);
}
