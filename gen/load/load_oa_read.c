/* load_oa_read.c - the elements of an Intel OA metric file into a
 * hw_oa_metrics, as written (load_oa_read.h): read directly when the file
 * is written as Mesa writes them (scan_file), else from libxml2's parser
 * as it goes (oa_read_stream), or from a document (oa_read_doc). All
 * place an element by the elements it is in (kind_of) and take its
 * attributes by the table of its kind. */
#include "load/load_oa_read.h"

#include <limits.h>
#include <stddef.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include "core/reads.h"
#include "load/load_xml.h"

/* ---- where an element stands, and what it keeps ----------------------- */

/* OA_OTHER: an element the loader does not read, and all it holds. */
enum { OA_DOC, OA_ROOT, OA_SET, OA_COUNTER, OA_CONFIG, OA_REG, OA_OTHER };

static int kind_of(int parent, const char *name)
{
    switch (parent) {
    case OA_DOC:
        return OA_ROOT;
    case OA_ROOT:
        return strcmp(name, "set") == 0 ? OA_SET : OA_OTHER;
    case OA_SET:
        return strcmp(name, "counter") == 0           ? OA_COUNTER
               : strcmp(name, "register_config") == 0 ? OA_CONFIG
                                                      : OA_OTHER;
    case OA_CONFIG:
        return strcmp(name, "register") == 0 ? OA_REG : OA_OTHER;
    default:
        return OA_OTHER;
    }
}

typedef struct oa_attr {
    const char *name;
    size_t at; /* offset of its `const char *` in the element's structure */
} oa_attr;

#define OA_ATTR(type, attr, field) {attr, offsetof(type, field)}

static const oa_attr root_attrs[] = {OA_ATTR(hw_oa_metrics, "version", version), {NULL, 0}};
static const oa_attr set_attrs[] = {
    OA_ATTR(hw_oa_set, "name", name),
    OA_ATTR(hw_oa_set, "chipset", chipset),
    OA_ATTR(hw_oa_set, "symbol_name", symbol_name),
    OA_ATTR(hw_oa_set, "underscore_name", underscore_name),
    OA_ATTR(hw_oa_set, "hw_config_guid", guid),
    OA_ATTR(hw_oa_set, "oa_format", oa_format),
    {NULL, 0}};
static const oa_attr counter_attrs[] = {
    OA_ATTR(hw_oa_counter, "name", name),
    OA_ATTR(hw_oa_counter, "symbol_name", symbol_name),
    OA_ATTR(hw_oa_counter, "underscore_name", underscore_name),
    OA_ATTR(hw_oa_counter, "description", description),
    OA_ATTR(hw_oa_counter, "data_type", data_type_text),
    OA_ATTR(hw_oa_counter, "units", units),
    OA_ATTR(hw_oa_counter, "semantic_type", semantic_type),
    OA_ATTR(hw_oa_counter, "equation", equation),
    OA_ATTR(hw_oa_counter, "mdapi_group", mdapi_group),
    OA_ATTR(hw_oa_counter, "max_equation", max_equation),
    OA_ATTR(hw_oa_counter, "availability", availability),
    {NULL, 0}};
static const oa_attr config_attrs[] = {
    OA_ATTR(hw_oa_regs, "type", type_text),
    OA_ATTR(hw_oa_regs, "priority", priority),
    OA_ATTR(hw_oa_regs, "availability", availability),
    {NULL, 0}};
static const oa_attr reg_attrs[] = {
    OA_ATTR(hw_oa_reg, "address", address_text),
    OA_ATTR(hw_oa_reg, "value", value_text),
    {NULL, 0}};

static const oa_attr *const attrs_of[] = {
    [OA_ROOT] = root_attrs,     [OA_SET] = set_attrs, [OA_COUNTER] = counter_attrs,
    [OA_CONFIG] = config_attrs, [OA_REG] = reg_attrs,
};

/* Where attribute `name` of an element of `kind` (at `item`) is kept;
 * NULL for an attribute the loader does not use. */
static const char **slot(int kind, void *item, const char *name)
{
    for (const oa_attr *a = attrs_of[kind]; a->name; a++)
        if (a->name[0] == name[0] && strcmp(a->name, name) == 0) /* most differ there */
            return (const char **)(void *)((char *)item + a->at);
    return NULL;
}

/* ---- the structures, filled in document order --------------------------- */

typedef struct oa_fill {
    hw_arena *a;
    const char *file;
    hw_oa_metrics *m;
    hw_loc *root;
    size_t cap_sets, cap_counters, cap_configs, cap_regs; /* of the last set, config */
} oa_fill;

/* One more item at the end of (*items, *n), zeroed; NULL when out of
 * memory. */
static void *push(oa_fill *f, void **items, int *n, size_t *cap, size_t size)
{
    if (arena_grow(f->a, items, cap, (size_t)*n + 1, size) != 0)
        return NULL;
    return (char *)*items + size * (size_t)(*n)++;
}

/* Room for one item in a new list, so that no list of the set is NULL. */
static int room(oa_fill *f, void **items, size_t *cap, size_t size)
{
    *cap = 0;
    return arena_grow(f->a, items, cap, 1, size);
}

/* The structure of a new element of `kind` (not OA_OTHER) at `line`, in
 * its place after the last one of its parent; NULL when out of memory. */
static void *begin(oa_fill *f, int kind, int line)
{
    hw_oa_metrics *m = f->m;
    hw_oa_set *s = m->nsets ? &m->sets[m->nsets - 1] : NULL;
    hw_oa_regs *g = s && s->nconfigs ? &s->configs[s->nconfigs - 1] : NULL;
    hw_oa_counter *c;
    hw_oa_reg *r;
    hw_loc *at = NULL;
    void *item = NULL;
    switch (kind) {
    case OA_ROOT:
        item = m, at = f->root;
        break;
    case OA_SET:
        s = push(f, (void **)&m->sets, &m->nsets, &f->cap_sets, sizeof *s);
        if (s && room(f, (void **)&s->counters, &f->cap_counters, sizeof *s->counters) == 0 &&
            room(f, (void **)&s->configs, &f->cap_configs, sizeof *s->configs) == 0)
            item = s, at = &s->loc;
        break;
    case OA_COUNTER:
        c = push(f, (void **)&s->counters, &s->ncounters, &f->cap_counters, sizeof *c);
        item = c, at = c ? &c->loc : NULL;
        break;
    case OA_CONFIG:
        g = push(f, (void **)&s->configs, &s->nconfigs, &f->cap_configs, sizeof *g);
        if (g && room(f, (void **)&g->regs, &f->cap_regs, sizeof *g->regs) == 0)
            item = g, at = &g->loc;
        break;
    case OA_REG:
        r = push(f, (void **)&g->regs, &g->nregs, &f->cap_regs, sizeof *r);
        item = r, at = r ? &r->loc : NULL;
        break;
    }
    if (at)
        *at = loc_at(f->file, line, 0);
    return item;
}

/* ---- from a document ------------------------------------------------------ */

/* An attribute's value as the document holds it, copied into the arena:
 * from its one text node when it is one, as every value of these files
 * is (xmlGetNoNsProp, in xmlu_attr, allocates and frees a copy of its
 * own). */
static const char *doc_value(oa_fill *f, const xmlNode *n, const xmlAttr *a)
{
    const xmlNode *v = a->children;
    if (v && v->type == XML_TEXT_NODE && !v->next && v->content)
        return arena_strdup(f->a, (const char *)v->content);
    return xmlu_attr(f->a, n, (const char *)a->name);
}

static int doc_element(oa_fill *f, const xmlNode *n, int kind)
{
    void *item = begin(f, kind, xmlu_loc(f->file, n).line);
    if (!item)
        return -1;
    for (const xmlAttr *a = n->properties; a; a = a->next) {
        const char **to = a->ns ? NULL : slot(kind, item, (const char *)a->name);
        if (to && !(*to = doc_value(f, n, a)))
            return -1;
    }
    XMLU_EACH(c, n, NULL)
    {
        int k = kind_of(kind, (const char *)c->name);
        if (k != OA_OTHER && doc_element(f, c, k) != 0)
            return -1;
    }
    return 0;
}

int oa_read_doc(hw_arena *a, const char *file, const xmlNode *root, hw_oa_metrics *m,
                hw_loc *root_loc)
{
    oa_fill f = {a, file, m, root_loc, 0, 0, 0, 0};
    return doc_element(&f, root, OA_ROOT);
}

/* ---- from the parser ---------------------------------------------------- */

typedef struct oa_stream {
    oa_fill f;
    xmlParserCtxtPtr ctxt;
    const char *text;  /* the file, as read */
    size_t len;
    size_t tag;        /* where the last start tag read begins in text */
    int tag_line;      /* and its line */
    int kinds[8];    /* kinds[d]: the kind of the element read at depth d */
    int depth;       /* of the last element read (0: none) */
    int skipped;     /* depth inside an OA_OTHER element */
    size_t run;      /* characters since the last tag */
    int not_ours;    /* the file is for xmlu_read */
    int oom;
} oa_stream;

/* From an element or the DOCTYPE only: libxml2 frees its input when it
 * stops, and reads on in it after other callbacks (the start tag's
 * attributes, still read, are in it too). */
static void give_up(oa_stream *s)
{
    s->not_ours = 1;
    xmlStopParser(s->ctxt);
}

/* The line the start tag being read begins on, or 0 when it cannot be
 * told. libxml2 gives the line it has reached, at the tag's end (its
 * '>' or "/>", at input->cur), and its tree stores no line above 65535:
 * the line is counted here in the file's text, from the tag before, so
 * that each '\n' is counted once (with memchr: the 28 files of Mesa
 * 25.0.7 are 45 MB). The tag's '<' is the last one before its end: no
 * '<' is written raw inside a tag. The input's offsets are the text's
 * unless libxml2 converts it from another encoding. */
static int tag_line(oa_stream *s)
{
    const xmlParserInput *in = s->ctxt->input;
    size_t end = (size_t)in->consumed + (size_t)(in->cur - in->base);
    if ((in->buf && in->buf->encoder) || end >= s->len || end < s->tag ||
        s->text[end] != (char)*in->cur)
        return 0;
    const char *from = s->text + s->tag, *lt = from;
    for (const char *p; lt + 1 < s->text + end &&
                        (p = memchr(lt + 1, '<', (size_t)(s->text + end - lt - 1))) != NULL;)
        lt = p;
    for (const char *p = from; (p = memchr(p, '\n', (size_t)(lt - p))) != NULL; p++)
        s->tag_line++;
    s->tag = (size_t)(lt - s->text);
    return s->tag_line;
}

/* Attributes come as (name, prefix, URI, value, end of value) fives. */
static void on_start(void *ctx, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri,
                     int nns, const xmlChar **ns, int natts, int ndefaulted,
                     const xmlChar **atts)
{
    oa_stream *s = ((xmlParserCtxtPtr)ctx)->_private;
    (void)ns;
    (void)ndefaulted;
    s->run = 0;
    if (s->not_ours) /* said by on_error or on_text */
        return;
    if (s->skipped) {
        s->skipped++;
        return;
    }
    int kind = kind_of(s->kinds[s->depth], (const char *)name);
    if (prefix || uri || nns > 0 ||
        (kind == OA_ROOT && strcmp((const char *)name, "metrics") != 0) ||
        (s->kinds[s->depth] == OA_ROOT && strcmp((const char *)name, "category") == 0)) {
        give_up(s);
        return;
    }
    if (kind == OA_OTHER) {
        s->skipped = 1;
        return;
    }
    for (int i = 0; i < natts; i++)
        if (atts[5 * i + 1]) { /* a namespaced attribute */
            give_up(s);
            return;
        }
    int line = tag_line(s);
    if (line == 0) {
        give_up(s);
        return;
    }
    void *item = begin(&s->f, kind, line);
    s->kinds[++s->depth] = kind;
    for (int i = 0; item && i < natts; i++) {
        const xmlChar **at = atts + 5 * i;
        const char **to = slot(kind, item, (const char *)at[0]);
        if (to && !(*to = arena_strndup(s->f.a, (const char *)at[3], (size_t)(at[4] - at[3]))))
            item = NULL;
    }
    if (!item) {
        s->oom = 1;
        xmlStopParser(s->ctxt);
    }
}

static void on_end(void *ctx, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri)
{
    oa_stream *s = ((xmlParserCtxtPtr)ctx)->_private;
    (void)name;
    (void)prefix;
    (void)uri;
    s->run = 0;
    if (s->skipped)
        s->skipped--;
    else if (s->depth > 0)
        s->depth--;
}

/* Text is not read, but libxml2's tree refuses a text node longer than
 * XML_MAX_TEXT_LENGTH ("huge text node"): a run of text between two tags
 * that long (comments count in, so the guess errs towards xmlu_read) is
 * left to xmlu_read to report. */
static void on_text(void *ctx, const xmlChar *text, int len)
{
    oa_stream *s = ((xmlParserCtxtPtr)ctx)->_private;
    (void)text;
    s->run += (size_t)len;
    if (s->run > XML_MAX_TEXT_LENGTH)
        s->not_ours = 1;
}

/* A DOCTYPE: xmlu_read judges it (entities, an external DTD). */
static void on_doctype(void *ctx, const xmlChar *name, const xmlChar *public_id,
                       const xmlChar *system_id)
{
    (void)name;
    (void)public_id;
    (void)system_id;
    give_up(((xmlParserCtxtPtr)ctx)->_private);
}

/* Any error libxml2 would report is xmlu_read's to report. */
static void on_error(void *ctx, xmlErrorPtr e)
{
    oa_stream *s = ctx;
    if (e && e->level != XML_ERR_WARNING)
        s->not_ours = 1;
}

static void stream_handler(xmlSAXHandler *sax)
{
    memset(sax, 0, sizeof *sax);
    sax->initialized = XML_SAX2_MAGIC;
    sax->startElementNs = on_start;
    sax->endElementNs = on_end;
    sax->characters = on_text;
    sax->ignorableWhitespace = on_text; /* the same: libxml2 then never asks which */
    sax->internalSubset = on_doctype;
}

/* ---- Mesa's own spelling, read directly ------------------------------- */

/* libxml2's parse of these files, even with no document, was 63% of
 * `generate --outputs c` of Mesa's 28 files (2.0 of 3.2 G instructions).
 * They are written in a small part of XML: a declaration, comments,
 * elements whose attributes are quoted ASCII on one line each, with
 * XML's five entities, and white space between tags. A file that keeps
 * to that part, checked here byte by byte as the XML grammar has it, is
 * read here; at the first byte outside it the file goes to libxml2 (the
 * stream above), which reads what this does not and reports what is not
 * XML. Nothing outside the part is guessed at. */

enum { SCAN_DEPTH = 64, SCAN_NAME = 256, SCAN_ATTRS = 64, SCAN_RUN = 1 << 20 };

typedef struct oa_scan {
    oa_fill f;
    const char *p, *end;
    int line;                   /* of p */
    int depth;                  /* elements open */
    int kinds[SCAN_DEPTH];      /* each open element's kind, and name: */
    const char *names[SCAN_DEPTH];
    size_t lens[SCAN_DEPTH];
} oa_scan;

enum { SCAN_OK = 0, SCAN_NOT = 1, SCAN_OOM = -1 };

/* The text ends in a NUL (hw_buf), which stops these loops. */
static int space(oa_scan *s)
{
    const char *p = s->p;
    int lines = 0;
    for (;; p++) {
        while (*p == ' ') /* the files indent with runs of spaces */
            p++;
        if (*p != '\n' && *p != '\t')
            break;
        lines += *p == '\n';
    }
    int rc = p - s->p > SCAN_RUN ? SCAN_NOT : SCAN_OK;
    s->p = p;
    s->line += lines;
    return rc;
}

static int name_start(char c)
{
    return (unsigned)((c | 0x20) - 'a') < 26 || c == '_';
}

/* The length of the name at p (ASCII, no ':'), 0 when none is there. */
static size_t name_len(const oa_scan *s)
{
    const char *q = s->p, *end = s->end;
    if (q >= end || !name_start(*q))
        return 0;
    while (q < end && (name_start(*q) || (unsigned)(*q - '0') < 10 || *q == '-' || *q == '.'))
        q++;
    return (size_t)(q - s->p) <= SCAN_NAME ? (size_t)(q - s->p) : 0;
}

static int at(const oa_scan *s, const char *text)
{
    size_t n = strlen(text);
    return (size_t)(s->end - s->p) >= n && memcmp(s->p, text, n) == 0;
}

/* "<!--" at p: a comment, with no "--" in it and no byte outside
 * printable ASCII, tab and line feed. */
static int comment(oa_scan *s)
{
    for (s->p += 4; s->p < s->end; s->p++) {
        unsigned char c = (unsigned char)*s->p;
        if (c == '-' && s->p + 1 < s->end && s->p[1] == '-') {
            if (s->p + 2 >= s->end || s->p[2] != '>')
                return SCAN_NOT;
            s->p += 3;
            return SCAN_OK;
        }
        if ((c < 0x20 && c != '\t' && c != '\n') || c >= 0x7f)
            return SCAN_NOT;
        s->line += c == '\n';
    }
    return SCAN_NOT;
}

/* White space and comments. */
static int misc(oa_scan *s)
{
    int rc = space(s);
    while (rc == SCAN_OK && at(s, "<!--") && (rc = comment(s)) == SCAN_OK)
        rc = space(s);
    return rc;
}

static const struct {
    const char *ref;
    char c;
} entities[] = {{"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&apos;", '\''}};

/* The character of the entity at q (before end), *len its length; 0 when
 * it is none of XML's five. */
static char entity(const char *q, const char *end, size_t *len)
{
    for (size_t k = 0; k < sizeof entities / sizeof entities[0]; k++) {
        *len = strlen(entities[k].ref);
        if ((size_t)(end - q) >= *len && memcmp(q, entities[k].ref, *len) == 0)
            return entities[k].c;
    }
    return 0;
}

/* A quoted value at p: printable ASCII but '<' (and the quote), '&'
 * starting one of XML's five entities. When `keep`, *v is a copy with
 * the entities replaced (as libxml2 gives them). */
static int value(oa_scan *s, const char **v, int keep)
{
    char quote = *s->p;
    const char *from = s->p + 1, *to = from, *end = s->end;
    int amp = 0;
    for (; to < end && *to != quote; to++) {
        unsigned char c = (unsigned char)*to;
        if (c < 0x20 || c >= 0x7f || c == '<')
            return SCAN_NOT;
        amp |= c == '&';
    }
    if (to >= end || to - from > SCAN_RUN)
        return SCAN_NOT;
    s->p = to + 1;
    char *out = keep ? arena_alloc(s->f.a, (size_t)(to - from) + 1) : NULL, *o = out;
    if (keep && !out)
        return SCAN_OOM;
    if (!amp && out)
        memcpy(out, from, (size_t)(to - from));
    for (const char *q = from; amp && q < to;) {
        size_t len = 1;
        char c = *q == '&' ? entity(q, to, &len) : *q;
        if (!c)
            return SCAN_NOT;
        if (o)
            *o++ = c;
        q += len;
    }
    *v = out;
    return SCAN_OK;
}

/* The attributes of a start tag, after its name, to its end ('>' or
 * "/>", left at p); those of `kind` the loader uses kept in item. */
static int attributes(oa_scan *s, int kind, void *item)
{
    const char *names[SCAN_ATTRS];
    size_t lens[SCAN_ATTRS];
    int n = 0, rc = SCAN_OK;
    while (rc == SCAN_OK) {
        const char *before = s->p;
        if ((rc = space(s)) != SCAN_OK || s->p >= s->end)
            return SCAN_NOT;
        if (*s->p == '>' || at(s, "/>"))
            return SCAN_OK;
        size_t len = name_len(s);
        if (s->p == before || len == 0 || n == SCAN_ATTRS || (len == 5 && at(s, "xmlns")))
            return SCAN_NOT; /* no space before it, no name, or a namespace */
        for (int i = 0; i < n; i++)
            if (lens[i] == len && memcmp(names[i], s->p, len) == 0)
                return SCAN_NOT; /* given twice */
        names[n] = s->p, lens[n++] = len;
        char attr[SCAN_NAME + 1];
        memcpy(attr, s->p, len);
        attr[len] = '\0';
        s->p += len;
        if (space(s) != SCAN_OK || !at(s, "="))
            return SCAN_NOT;
        s->p++;
        if (space(s) != SCAN_OK || !(at(s, "\"") || at(s, "'")))
            return SCAN_NOT;
        const char **to = item ? slot(kind, item, attr) : NULL;
        const char *v = NULL;
        rc = value(s, &v, to != NULL);
        if (to)
            *to = v;
    }
    return rc;
}

/* '<' and a name at p: a start tag, its element placed by the elements
 * it is in. */
static int start_tag(oa_scan *s)
{
    int line = s->line;
    s->p++;
    size_t len = name_len(s);
    int parent = s->depth ? s->kinds[s->depth - 1] : OA_DOC;
    char name[SCAN_NAME + 1];
    memcpy(name, s->p, len);
    name[len] = '\0';
    int kind = kind_of(parent, name);
    if (len == 0 || s->depth == SCAN_DEPTH || (kind == OA_ROOT && strcmp(name, "metrics") != 0) ||
        (parent == OA_ROOT && strcmp(name, "category") == 0))
        return SCAN_NOT; /* too deep, not an OA file, or Panfrost's */
    s->kinds[s->depth] = kind;
    s->names[s->depth] = s->p;
    s->lens[s->depth] = len;
    s->p += len;
    void *item = kind == OA_OTHER ? NULL : begin(&s->f, kind, line);
    if (kind != OA_OTHER && !item)
        return SCAN_OOM;
    int rc = attributes(s, kind, item);
    if (rc != SCAN_OK)
        return rc;
    if (*s->p == '>') {
        s->p++;
        s->depth++;
        return SCAN_OK;
    }
    s->p += 2; /* "/>" */
    return SCAN_OK;
}

/* "</" at p: the end tag of the element last opened. */
static int end_tag(oa_scan *s)
{
    s->p += 2;
    size_t len = name_len(s);
    const int d = s->depth - 1;
    if (d < 0 || len != s->lens[d] || memcmp(s->p, s->names[d], len) != 0)
        return SCAN_NOT;
    s->p += len;
    if (space(s) != SCAN_OK || !at(s, ">"))
        return SCAN_NOT;
    s->p++;
    s->depth--;
    return SCAN_OK;
}

/* The root element and all it holds: tags, comments, white space. */
static int elements(oa_scan *s)
{
    int rc = start_tag(s);
    while (rc == SCAN_OK && s->depth > 0) {
        if ((rc = space(s)) != SCAN_OK)
            break;
        if (at(s, "</"))
            rc = end_tag(s);
        else if (at(s, "<!--"))
            rc = comment(s);
        else if (at(s, "<") && s->p + 1 < s->end && name_start(s->p[1]))
            rc = start_tag(s);
        else
            rc = SCAN_NOT; /* text, CDATA, a processing instruction, the end */
    }
    return rc;
}

/* The file in Mesa's spelling into s->f; SCAN_NOT when it is not. */
static int scan_file(oa_scan *s)
{
    static const char decl[] = "<?xml version=\"1.0\"?>";
    if (at(s, decl))
        s->p += sizeof decl - 1;
    int rc = misc(s);
    if (rc == SCAN_OK && !(at(s, "<") && s->p + 1 < s->end && name_start(s->p[1])))
        rc = SCAN_NOT; /* a declaration of another kind, a DOCTYPE, no element */
    if (rc == SCAN_OK)
        rc = elements(s);
    if (rc == SCAN_OK)
        rc = misc(s);
    return rc == SCAN_OK && s->p != s->end ? SCAN_NOT : rc;
}

int oa_read_stream(hw_arena *a, const char *path, const char *file, hw_oa_metrics *m,
                   hw_loc *root)
{
    hw_buf text;
    buf_init(&text);
    if (buf_read_file(&text, path, (size_t)-1) != 0 || text.len > INT_MAX || !text.data) {
        buf_free(&text);
        return 1;
    }
    oa_scan scan = {{a, file, m, root, 0, 0, 0, 0}, text.data, text.data + text.len, 1, 0,
                    {0}, {NULL}, {0}};
    int rc = scan_file(&scan);
    if (rc != SCAN_NOT) {
        buf_free(&text);
        return rc;
    }
    memset(m, 0, sizeof *m); /* read again, by libxml2 */
    oa_stream s = {{a, file, m, root, 0, 0, 0, 0}, NULL, text.data, text.len, 0, 1, {OA_DOC},
                   0, 0, 0, 0, 0};
    s.ctxt = xmlCreateMemoryParserCtxt(text.data, (int)text.len);
    if (!s.ctxt) { /* an empty file too: xmlu_read says what it is */
        buf_free(&text);
        return 1;
    }
    stream_handler(s.ctxt->sax);
    s.ctxt->_private = &s;
    /* xmlu_read's options, and entities replaced: the only ones a file
     * without a DOCTYPE can name are XML's five, which the tree holds
     * replaced too. */
    xmlCtxtUseOptions(s.ctxt, XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_NOWARNING |
                                  XML_PARSE_BIG_LINES | XML_PARSE_NOENT);
    xmlSetStructuredErrorFunc(&s, on_error);
    xmlParseDocument(s.ctxt);
    xmlSetStructuredErrorFunc(NULL, NULL);
    rc = s.oom ? -1 : s.not_ours || !s.ctxt->wellFormed ? 1 : 0;
    if (s.ctxt->myDoc) /* where libxml2 keeps the entities a DTD declares */
        xmlFreeDoc(s.ctxt->myDoc);
    xmlFreeParserCtxt(s.ctxt);
    buf_free(&text);
    return rc;
}
