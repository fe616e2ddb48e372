/* load_xml_schema.c - a spec's attribute and text faults, read from its schema.
 *
 * Nothing here copies a schema: an element's rules come from the schema's
 * <element> of that name that may stand inside the element's parent
 * (following <ref>s up to the <define>s that hold it). Its attributes are
 * the <attribute>s its pattern reaches without entering a child element;
 * one is required unless an <optional>, <zeroOrMore> or <choice> holds
 * it. A value is checked against the attribute's pattern: <data> with the
 * XML Schema datatype and its pattern and length parameters, <value>,
 * <choice>, <ref>. An element whose content is <data> is text only.
 * Where the schema says more than that (interleaving, lists, names by
 * class), this says nothing and the validator speaks.
 */
#include "load/load_xml_schema.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlregexp.h>
#include <libxml/xmlschemastypes.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/names.h"
#include "load/load_xml_pattern.h"

#define RNG_NS "http://relaxng.org/ns/structure/1.0"
#define XSD_DATATYPES "http://www.w3.org/2001/XMLSchema-datatypes"
#define XSD_NS "http://www.w3.org/2001/XMLSchema"

enum { MAX_REFS = 16 }; /* how deep <ref>s may nest before we stop looking */

typedef struct rule_attr {
    const char *name;
    int required;
    const xmlNode *type; /* the value's pattern; NULL: any text */
    int two_shapes;      /* the schema gives it two: type is NULL, unjudged */
} rule_attr;

/* What the schema says of one element under one parent. */
typedef struct rule {
    const xmlNode *element; /* the schema's <element>; NULL: unknown/unsure */
    rule_attr *attrs;
    int nattrs;
    size_t cap_attrs;
    const xmlNode *text;    /* the pattern of a text-only element's text */
    int any_attr;           /* attributes by class (anyName): any may do */
    int text_unjudged;      /* text of a pattern this does not follow */
} rule;

/* A pattern parameter compiled: by load_xml_pattern.c, or by libxml2
 * where that does not take it. */
typedef struct compiled_pattern {
    xsd_pattern *fast;
    xmlRegexpPtr slow;
} compiled_pattern;

/* What one <data> of the schema asks of a value. */
typedef struct facets {
    const xmlNode *data;
    xmlSchemaTypePtr type; /* its XML Schema datatype; NULL: none checked */
    int collapse;          /* a token: judged with its blanks collapsed */
    int min_len, max_len;  /* -1: none */
    compiled_pattern *patterns;
    int npatterns;
    size_t cap_patterns;
    int unusable; /* a pattern neither could compile (or no memory) */
} facets;

typedef struct schema {
    hw_arena *a;
    xmlDocPtr doc;
    const xmlNode **refs;
    int nrefs;
    size_t cap_refs;
    const xmlNode **elements;
    int nelements;
    size_t cap_elements;
    const xmlNode **defines;
    int ndefines;
    size_t cap_defines;
    name_index rule_of;   /* "parent/name" -> index into rules */
    name_index define_at; /* a <define>'s name -> index into defines */
    rule *rules;
    int nrules;
    size_t cap_rules;
    facets *facets;
    int nfacets;
    size_t cap_facets;
    int unjudged; /* a value met a pattern this does not judge */
} schema;

/* ---- reading the schema -------------------------------------------------- */

static int is_rng(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && n->ns &&
           strcmp((const char *)n->ns->href, RNG_NS) == 0 &&
           (!name || strcmp((const char *)n->name, name) == 0);
}

/* An attribute of a schema node, as written (the schema is plain text). */
static const char *prop(const xmlNode *n, const char *name)
{
    for (const xmlAttr *p = n->properties; p; p = p->next)
        if (!p->ns && strcmp((const char *)p->name, name) == 0)
            return p->children && p->children->type == XML_TEXT_NODE
                       ? (const char *)p->children->content
                       : "";
    return NULL;
}

static const xmlNode *first_pattern(const xmlNode *n)
{
    for (const xmlNode *c = n ? n->children : NULL; c; c = c->next)
        if (is_rng(c, NULL))
            return c;
    return NULL;
}

/* The pattern a <define> holds when it holds one; NULL otherwise. */
static const xmlNode *only_pattern(const xmlNode *define)
{
    const xmlNode *p = first_pattern(define);
    for (const xmlNode *c = p ? p->next : NULL; c; c = c->next)
        if (is_rng(c, NULL))
            return NULL;
    return p;
}

static void index_schema(schema *s, const xmlNode *n)
{
    for (; n; n = n->next) {
        if (!is_rng(n, NULL))
            continue;
        const xmlNode **slot = NULL;
        if (is_rng(n, "ref"))
            slot = ARENA_PUSH(s->a, s->refs, s->nrefs, s->cap_refs);
        else if (is_rng(n, "element") && prop(n, "name"))
            slot = ARENA_PUSH(s->a, s->elements, s->nelements, s->cap_elements);
        else if (is_rng(n, "define"))
            slot = ARENA_PUSH(s->a, s->defines, s->ndefines, s->cap_defines);
        if (slot)
            *slot = n;
        index_schema(s, n->children);
    }
}

/* The <define> of that name: the first, as the index keeps it. */
static const xmlNode *define_of(const schema *s, const char *name)
{
    int at = name ? name_index_get(&s->define_at, name) : -1;
    return at >= 0 ? s->defines[at] : NULL;
}

/* Can schema node n stand directly inside a document element named
 * `parent` ("" for the document itself)? */
static int within(const schema *s, const xmlNode *n, const char *parent, int depth)
{
    for (const xmlNode *up = n->parent; up && up->type == XML_ELEMENT_NODE;
         up = up->parent) {
        if (is_rng(up, "element")) {
            const char *name = prop(up, "name");
            return name && strcmp(name, parent) == 0;
        }
        if (is_rng(up, "start"))
            return *parent == '\0';
        if (!is_rng(up, "define"))
            continue;
        const char *d = prop(up, "name");
        for (int i = 0; d && depth < MAX_REFS && i < s->nrefs; i++) {
            const char *r = prop(s->refs[i], "name");
            if (r && strcmp(r, d) == 0 && within(s, s->refs[i], parent, depth + 1))
                return 1;
        }
        return 0;
    }
    return 0;
}

/* Two patterns of an attribute that say the same: one node, or a <ref>
 * to one <define> each. */
static int same_type(const xmlNode *a, const xmlNode *b)
{
    if (a == b)
        return 1;
    const char *x = is_rng(a, "ref") ? prop(a, "name") : NULL;
    const char *y = is_rng(b, "ref") ? prop(b, "name") : NULL;
    return x && y && strcmp(x, y) == 0;
}

static void add_attr(schema *s, rule *r, const xmlNode *n, int required)
{
    const char *name = prop(n, "name");
    const xmlNode *type = first_pattern(n);
    if (!name) {
        r->any_attr = 1;
        return;
    }
    for (int i = 0; i < r->nattrs; i++)
        if (strcmp(r->attrs[i].name, name) == 0) {
            r->attrs[i].required |= required;
            if (!same_type(r->attrs[i].type, type)) { /* two shapes: judge neither */
                r->attrs[i].type = NULL;
                r->attrs[i].two_shapes = 1;
            }
            return;
        }
    rule_attr *at = ARENA_PUSH(s->a, r->attrs, r->nattrs, r->cap_attrs);
    if (at)
        *at = (rule_attr){name, required, type, 0};
}

/* The attributes and text of pattern list `n` (required: no optional or
 * choice around it). */
static void collect(schema *s, rule *r, const xmlNode *n, int required, int depth)
{
    for (; n && depth < MAX_REFS; n = n->next) {
        if (!is_rng(n, NULL))
            continue;
        const char *k = (const char *)n->name;
        if (strcmp(k, "attribute") == 0)
            add_attr(s, r, n, required);
        else if (!strcmp(k, "optional") || !strcmp(k, "zeroOrMore") ||
                 !strcmp(k, "choice"))
            collect(s, r, n->children, 0, depth);
        else if (!strcmp(k, "oneOrMore") || !strcmp(k, "group") ||
                 !strcmp(k, "interleave") || !strcmp(k, "mixed"))
            collect(s, r, n->children, required, depth);
        else if (!strcmp(k, "ref")) {
            const xmlNode *d = define_of(s, prop(n, "name"));
            if (d)
                collect(s, r, d->children, required, depth + 1);
        } else if (!strcmp(k, "data") || !strcmp(k, "value")) {
            if (required)
                r->text = n;
            else
                r->text_unjudged = 1;
        }
    }
}

/* The rule for an element `name` inside `parent`; NULL when out of memory. */
static const rule *rule_for(schema *s, const char *parent, const char *name)
{
    static const rule unknown = {0};
    char look[256];
    if ((size_t)snprintf(look, sizeof look, "%s/%s", parent, name) >= sizeof look)
        return &unknown; /* longer than any name a schema of ours gives */
    int at = name_index_get(&s->rule_of, look);
    if (at >= 0)
        return &s->rules[at];
    const char *key = arena_strdup(s->a, look);
    rule *r = key ? ARENA_PUSH(s->a, s->rules, s->nrules, s->cap_rules) : NULL;
    if (!r || name_index_put(&s->rule_of, key, s->nrules - 1) == -2)
        return NULL;
    int found = 0;
    for (int i = 0; i < s->nelements; i++)
        if (strcmp(prop(s->elements[i], "name"), name) == 0 &&
            within(s, s->elements[i], parent, 0) && found++ == 0)
            r->element = s->elements[i];
    if (found != 1) /* not allowed there, or in two ways: the validator says */
        r->element = NULL;
    else
        collect(s, r, r->element->children, 1, 0);
    return r;
}

/* ---- judging values -------------------------------------------------------- */

static const char *library(const xmlNode *n)
{
    for (; n && n->type == XML_ELEMENT_NODE; n = n->parent) {
        const char *lib = prop(n, "datatypeLibrary");
        if (lib)
            return lib;
    }
    return "";
}

/* A pattern parameter, compiled once: by load_xml_pattern.c when it
 * takes it, else by libxml2. */
static void add_pattern(schema *s, facets *f, const xmlNode *param)
{
    compiled_pattern *slot = ARENA_PUSH(s->a, f->patterns, f->npatterns, f->cap_patterns);
    xmlChar *text = xmlNodeGetContent(param);
    if (slot && text) {
        slot->fast = xsd_pattern_compile((const char *)text);
        slot->slow = slot->fast ? NULL : xmlRegexpCompile(text);
    }
    if (!slot || !text || (!slot->fast && !slot->slow))
        f->unusable = 1;
    xmlFree(text);
}

static void add_param(schema *s, facets *f, const xmlNode *p)
{
    const char *name = is_rng(p, "param") ? prop(p, "name") : NULL;
    if (!name)
        return;
    if (strcmp(name, "pattern") == 0) {
        add_pattern(s, f, p);
        return;
    }
    xmlChar *text = xmlNodeGetContent(p);
    int limit = text ? atoi((const char *)text) : 0;
    xmlFree(text);
    if (strcmp(name, "minLength") == 0)
        f->min_len = limit;
    else if (strcmp(name, "maxLength") == 0)
        f->max_len = limit;
    else if (strcmp(name, "length") == 0)
        f->min_len = f->max_len = limit;
}

/* What <data> asks of a value, read once per schema. */
static const facets *facets_of(schema *s, const xmlNode *data)
{
    for (int i = 0; i < s->nfacets; i++)
        if (s->facets[i].data == data)
            return &s->facets[i];
    facets *f = ARENA_PUSH(s->a, s->facets, s->nfacets, s->cap_facets);
    if (!f)
        return NULL;
    const char *type = prop(data, "type");
    *f = (facets){.data = data, .min_len = -1, .max_len = -1};
    f->collapse = type && strcmp(type, "token") == 0;
    if (type && strcmp(library(data), XSD_DATATYPES) == 0)
        f->type = xmlSchemaGetPredefinedType((const xmlChar *)type, (const xmlChar *)XSD_NS);
    for (const xmlNode *p = first_pattern(data); p; p = p->next)
        add_param(s, f, p);
    return f;
}

/* v against <data>'s type and facets, as the validator judges it. */
static int facets_ok(schema *s, const facets *f, const char *v)
{
    if (f->type && xmlSchemaValidatePredefinedType(f->type, (const xmlChar *)v, NULL) > 0)
        return 0;
    if (f->min_len >= 0 || f->max_len >= 0) {
        int length = xmlUTF8Strlen((const xmlChar *)v);
        if ((f->min_len >= 0 && length < f->min_len) || (f->max_len >= 0 && length > f->max_len))
            return 0;
    }
    s->unjudged |= f->unusable;
    for (int i = 0; i < f->npatterns; i++) {
        const compiled_pattern *p = &f->patterns[i];
        if (p->fast ? !xsd_pattern_match(p->fast, v)
                    : p->slow && xmlRegexpExec(p->slow, (const xmlChar *)v) == 0)
            return 0;
    }
    return 1;
}

/* A token is judged, facets included, after XML Schema collapses its
 * blanks (the validator does so: "  " is a token of length 0). */
static int data_ok(schema *s, const xmlNode *data, const char *v)
{
    const facets *f = facets_of(s, data);
    if (f && !f->collapse)
        return facets_ok(s, f, v);
    size_t size = strlen(v) + 1;
    char *folded = f ? malloc(size) : NULL;
    if (!folded) { /* out of memory: blame nothing rather than wrongly */
        s->unjudged = 1;
        return 1;
    }
    text_fold(folded, size, v);
    int ok = facets_ok(s, f, folded);
    free(folded);
    return ok;
}

static int value_ok(schema *s, const xmlNode *type, const char *v, int depth);

/* <list> of one repeated pattern (<oneOrMore> or <zeroOrMore>): each
 * blank-separated token of v matches it. Any other list is unjudged. */
static int list_ok(schema *s, const xmlNode *list, const char *v, int depth)
{
    const xmlNode *rep = only_pattern(list);
    const xmlNode *item = rep ? only_pattern(rep) : NULL;
    if (!item || !(is_rng(rep, "oneOrMore") || is_rng(rep, "zeroOrMore"))) {
        s->unjudged = 1;
        return 1;
    }
    char *copy = strdup(v);
    if (!copy) {
        s->unjudged = 1;
        return 1;
    }
    int ok = 1, n = 0;
    for (char *save = NULL, *tok = strtok_r(copy, " \t\n\r", &save); tok && ok;
         tok = strtok_r(NULL, " \t\n\r", &save), n++)
        ok = value_ok(s, item, tok, depth + 1);
    free(copy);
    return ok && (n > 0 || is_rng(rep, "zeroOrMore"));
}

static int value_ok(schema *s, const xmlNode *type, const char *v, int depth)
{
    if (!type || depth > MAX_REFS) {
        s->unjudged |= depth > MAX_REFS;
        return 1;
    }
    if (is_rng(type, "data"))
        return data_ok(s, type, v);
    if (is_rng(type, "value")) {
        xmlChar *want = xmlNodeGetContent(type);
        const char *t = prop(type, "type");
        char a[256], b[256];
        int same;
        if (t && strcmp(t, "string") == 0)
            same = want && strcmp((const char *)want, v) == 0;
        else {
            text_fold(a, sizeof a, want ? (const char *)want : "");
            text_fold(b, sizeof b, v);
            same = strcmp(a, b) == 0;
        }
        xmlFree(want);
        return same;
    }
    if (is_rng(type, "choice")) {
        const xmlNode *c = first_pattern(type);
        if (!c)
            return 1;
        for (; c; c = c->next)
            if (is_rng(c, NULL) && value_ok(s, c, v, depth + 1))
                return 1;
        return 0;
    }
    if (is_rng(type, "list"))
        return list_ok(s, type, v, depth);
    if (is_rng(type, "ref")) {
        const xmlNode *held = only_pattern(define_of(s, prop(type, "name")));
        s->unjudged |= !held;
        return value_ok(s, held, v, depth + 1);
    }
    s->unjudged |= !is_rng(type, "text");
    return 1; /* list, ...: not ours to judge */
}

/* ---- saying what a value should be ----------------------------------------- */

/* XML Schema datatypes in words; the rest are named as they are. */
static const char *type_words(const char *type)
{
    static const char *const words[][2] = {
        {"nonNegativeInteger", "a whole number"},
        {"positiveInteger", "a whole number above 0"},
        {"integer", "an integer"},
        {"decimal", "a decimal number"},
        {"double", "a number"},
        {"float", "a number"},
        {"boolean", "true or false"},
    };
    for (size_t i = 0; type && i < sizeof words / sizeof words[0]; i++)
        if (strcmp(words[i][0], type) == 0)
            return words[i][1];
    return NULL;
}

static int starts_vowel(const char *s)
{
    return s[0] && strchr("aeioAEIO", s[0]) != NULL; /* "a units" */
}

/* What `type` accepts, for "must be ...": "a whole number", "one of
 * 'fixed', 'flexible'", "a var-name ([A-Za-z_][A-Za-z0-9_]*)". `named`
 * is the <define> it came through, if any. */
static void describe(schema *s, const xmlNode *type, const char *named,
                     hw_buf *out, int depth)
{
    if (depth > MAX_REFS || !type) {
        buf_puts(out, "valid");
        return;
    }
    if (is_rng(type, "ref")) {
        const char *name = prop(type, "name");
        describe(s, only_pattern(define_of(s, name)), name, out, depth + 1);
        return;
    }
    if (is_rng(type, "value")) {
        xmlChar *v = xmlNodeGetContent(type);
        buf_printf(out, "'%s'", v ? (const char *)v : "");
        xmlFree(v);
        return;
    }
    if (is_rng(type, "choice")) {
        int values = 1, n = 0;
        for (const xmlNode *c = first_pattern(type); c; c = c->next)
            if (is_rng(c, NULL)) {
                values &= is_rng(c, "value");
                n++;
            }
        if (values)
            buf_puts(out, "one of ");
        int i = 0;
        for (const xmlNode *c = first_pattern(type); c; c = c->next) {
            if (!is_rng(c, NULL))
                continue;
            if (i++ > 0)
                buf_puts(out, values ? ", " : " or ");
            describe(s, c, NULL, out, depth + 1);
        }
        if (n == 0)
            buf_puts(out, "valid");
        return;
    }
    const char *words = is_rng(type, "data") ? type_words(prop(type, "type")) : NULL;
    if (words) {
        buf_puts(out, words);
        return;
    }
    const xmlNode *pattern = NULL;
    for (const xmlNode *p = first_pattern(type); p; p = p->next)
        if (is_rng(p, "param") && prop(p, "name") &&
            strcmp(prop(p, "name"), "pattern") == 0)
            pattern = p;
    xmlChar *re = pattern ? xmlNodeGetContent(pattern) : NULL;
    if (named)
        buf_printf(out, "%s %s", starts_vowel(named) ? "an" : "a", named);
    else
        buf_puts(out, re ? "text" : "valid");
    if (re)
        buf_printf(out, named ? " (%s)" : " matching %s", (const char *)re);
    xmlFree(re);
}

/* ---- judging the document ---------------------------------------------- */

typedef struct judge {
    schema *s;
    const char *path;
    hw_diag *d;     /* NULL: count the faults, say nothing */
    const xmlNode **blamed;
    int nblamed;
    size_t cap_blamed;
    int faults;     /* blamed while quiet */
} judge;

/* "<counter>" or "<xi:include>". */
static void element_name(const xmlNode *n, char *out, size_t size)
{
    if (n->ns && n->ns->prefix)
        snprintf(out, size, "<%s:%s>", n->ns->prefix, n->name);
    else
        snprintf(out, size, "<%s>", n->name);
}

/* Up to 60 characters of a value, for "found '...'". */
static void quoted(const char *v, char *out, size_t size)
{
    size_t n = strlen(v);
    snprintf(out, size, "'%.*s%s'", n > 60 ? 57 : (int)n, v, n > 60 ? "..." : "");
}

static void blame(judge *j, const xmlNode *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void blame(judge *j, const xmlNode *n, const char *fmt, ...)
{
    char what[96], msg[1024];
    if (!j->d) {
        j->faults++;
        return;
    }
    element_name(n, what, sizeof what);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    long line = xmlGetLineNo(n);
    hw_loc loc = loc_at(j->path, line > 0 ? (int)line : 0, 0);
    diag_error(j->d, &loc, "%s: %s", what, msg);
    if (j->nblamed == 0 || j->blamed[j->nblamed - 1] != n) {
        const xmlNode **slot = ARENA_PUSH(j->s->a, j->blamed, j->nblamed, j->cap_blamed);
        if (slot)
            *slot = n;
    }
}

static const rule_attr *attr_rule(const rule *r, const char *name)
{
    for (int i = 0; i < r->nattrs; i++)
        if (strcmp(r->attrs[i].name, name) == 0)
            return &r->attrs[i];
    return NULL;
}

/* The attribute of n that the rule does not know and that is closest to
 * `name`, within two edits; NULL when none is. */
static const char *misspelling(const xmlNode *n, const rule *r, const char *name)
{
    name_hint h = name_hint_for(name);
    for (const xmlAttr *p = n->properties; p; p = p->next)
        if (!p->ns && !attr_rule(r, (const char *)p->name))
            name_hint_offer(&h, (const char *)p->name);
    return h.best;
}

/* Judge value v of attribute `attr` of n, or of n's text when attr is
 * NULL, against `type`. */
static void judge_value(judge *j, const xmlNode *n, const char *attr,
                        const xmlNode *type, const char *v)
{
    if (value_ok(j->s, type, v, 0))
        return;
    char what[96], found[80];
    if (attr)
        snprintf(what, sizeof what, "attribute '%s' ", attr);
    else
        what[0] = '\0';
    text_fold(found, sizeof found, v);
    if (!found[0]) {
        blame(j, n, "%smust not be empty", what);
        return;
    }
    hw_buf want;
    buf_init(&want);
    describe(j->s, type, NULL, &want, 0);
    quoted(v, found, sizeof found);
    blame(j, n, "%s%s be %s, found %s", what, attr ? "must" : "its text must",
          want.data && !want.failed ? want.data : "valid", found);
    buf_free(&want);
}

static void judge_attributes(judge *j, const xmlNode *n, const rule *r)
{
    for (int i = 0; i < r->nattrs; i++) {
        const rule_attr *ra = &r->attrs[i];
        if (!ra->required || xmlHasNsProp(n, (const xmlChar *)ra->name, NULL))
            continue;
        const char *typo = misspelling(n, r, ra->name);
        if (typo)
            blame(j, n, "missing required attribute '%s' (found '%s': did you "
                  "mean '%s'?)", ra->name, typo, ra->name);
        else
            blame(j, n, "missing required attribute '%s'", ra->name);
    }
    for (const xmlAttr *p = n->properties; p; p = p->next) {
        if (p->ns || (r->any_attr && !attr_rule(r, (const char *)p->name))) {
            j->s->unjudged = 1; /* xml:lang, or allowed by class: the validator's */
            continue;
        }
        const char *name = (const char *)p->name;
        const rule_attr *ra = attr_rule(r, name);
        j->s->unjudged |= ra && ra->two_shapes;
        xmlChar *v = ra ? xmlGetNoNsProp(n, p->name) : NULL;
        if (ra) {
            judge_value(j, n, name, ra->type, v ? (const char *)v : "");
            xmlFree(v);
            continue;
        }
        name_hint h = name_hint_for(name);
        for (int i = 0; i < r->nattrs; i++)
            name_hint_offer(&h, r->attrs[i].name);
        const char *meant = h.best;
        if (!meant || xmlHasNsProp(n, (const xmlChar *)meant, NULL))
            blame(j, n, "unknown attribute '%s'", name);
        else if (!attr_rule(r, meant)->required) /* else said as missing */
            blame(j, n, "unknown attribute '%s' (did you mean '%s'?)", name, meant);
    }
}

static void judge_text(judge *j, const xmlNode *n, const rule *r)
{
    for (const xmlNode *c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE) {
            char what[96];
            element_name(c, what, sizeof what);
            blame(j, n, "only text belongs here, found element %s", what);
            return;
        }
    xmlChar *text = xmlNodeGetContent(n);
    judge_value(j, n, NULL, r->text, text ? (const char *)text : "");
    xmlFree(text);
}

/* Every element of the document in order, without recursion. */
static void judge_document(judge *j, const xmlNode *root)
{
    const xmlNode *n = root;
    while (n) {
        j->s->unjudged |= n->type == XML_ELEMENT_NODE && n->ns;
        if (n->type == XML_ELEMENT_NODE && !n->ns) {
            const char *parent = n->parent && n->parent->type == XML_ELEMENT_NODE
                                     ? (const char *)n->parent->name
                                     : "";
            const rule *r = rule_for(j->s, parent, (const char *)n->name);
            j->s->unjudged |= !r || !r->element || r->text_unjudged;
            if (r && r->element) {
                judge_attributes(j, n, r);
                if (r->text)
                    judge_text(j, n, r);
            }
        }
        if (n->children && n->type == XML_ELEMENT_NODE) {
            n = n->children;
            continue;
        }
        while (n && n != root && !n->next)
            n = n->parent;
        n = n && n != root ? n->next : NULL;
    }
}

/* The schema text `rng` read into *s. 0, or -1 (out of memory, or a
 * schema that does not parse). */
static int schema_open(schema *s, const char *rng, size_t len)
{
    *s = (schema){0};
    s->a = arena_create();
    s->doc = s->a ? xmlReadMemory(rng, (int)len, "schema.rng", NULL, XML_PARSE_NONET) : NULL;
    if (!s->doc || name_index_init(&s->rule_of, 64) != 0 ||
        name_index_init(&s->define_at, 64) != 0)
        return -1;
    index_schema(s, xmlDocGetRootElement(s->doc));
    for (int i = 0; i < s->ndefines; i++) { /* the first of a name stays */
        const char *d = prop(s->defines[i], "name");
        if (d && name_index_put(&s->define_at, d, i) == -2)
            return -1;
    }
    return 0;
}

static void schema_close(schema *s)
{
    for (int i = 0; i < s->nfacets; i++)
        for (int k = 0; k < s->facets[i].npatterns; k++) {
            xsd_pattern_free(s->facets[i].patterns[k].fast);
            if (s->facets[i].patterns[k].slow)
                xmlRegFreeRegexp(s->facets[i].patterns[k].slow);
        }
    name_index_free(&s->rule_of);
    name_index_free(&s->define_at);
    xmlFreeDoc(s->doc);
    arena_free(s->a);
}

const xmlNode **xml_schema_explain(const char *rng, size_t len, xmlDocPtr doc,
                                   const char *path, hw_diag *d)
{
    schema s;
    const xmlNode *root = xmlDocGetRootElement(doc);
    const xmlNode **out = NULL;
    if (schema_open(&s, rng, len) == 0 && root) {
        judge j = {&s, path, d, NULL, 0, 0, 0};
        judge_document(&j, root);
        if (j.nblamed > 0 && (out = malloc(((size_t)j.nblamed + 1) * sizeof *out))) {
            memcpy(out, j.blamed, (size_t)j.nblamed * sizeof *out);
            out[j.nblamed] = NULL;
        }
    }
    schema_close(&s);
    return out;
}

int xml_schema_values_ok(const char *rng, size_t len, xmlDocPtr doc)
{
    schema s;
    const xmlNode *root = xmlDocGetRootElement(doc);
    int ok = 0;
    if (schema_open(&s, rng, len) == 0 && root) {
        judge j = {&s, "", NULL, NULL, 0, 0, 0};
        judge_document(&j, root);
        ok = j.faults == 0 && !s.unjudged && !arena_failed(s.a);
    }
    schema_close(&s);
    return ok;
}
