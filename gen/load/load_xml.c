/* load_xml.c - safe XML reading and schema validation for spec loaders. */
#include "load/load_xml.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "core/names.h"
#include "core/number.h"
#include "core/resources.h"
#include "load/load_xml_schema.h"

typedef struct xml_errors {
    const char *path;
    hw_diag *d;
    int parse_errors; /* parser errors so far: only the first is reported */
    xmlError *held;   /* validation errors, kept until the document is judged */
    int nheld;
    int cap_held;
} xml_errors;

/* Where libxml2 says an error is: its line, else its node's. */
static hw_loc error_loc(const xml_errors *x, const xmlError *e)
{
    long line = e->line > 0 ? e->line : e->node ? xmlGetLineNo(e->node) : 0;
    return loc_at(x->path, line > 0 ? (int)line : 0, e->line > 0 ? e->int2 : 0);
}

/* One diagnostic in libxml2's own words. */
static void report_as_is(xml_errors *x, const xmlError *e)
{
    hw_loc loc = error_loc(x, e);
    char msg[512];
    snprintf(msg, sizeof msg, "%s", e->message ? e->message : "XML error");
    size_t n = strlen(msg);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        msg[--n] = '\0';
    diag_error(x->d, &loc, "%s", msg);
}

/* libxml2 speaks of itself ("xmlParseEntityRef: no name", "Element
 * counter failed to validate attributes"); for the mistakes people make,
 * say instead what is wrong with the text. A row applies to an error with
 * its code whose message starts with `says` (any message when NULL). In
 * `words`, $L is the line, $1 and $2 the error's first and second strings,
 * $N its first number (a line, a depth, a character), $E the element it
 * is about and $P that element's parent. */
typedef struct words_row {
    int code;
    const char *says;
    const char *words;
} words_row;

static const words_row parse_words[] = {
    {XML_ERR_NAME_REQUIRED, "xmlParseEntityRef",
     "unescaped '&' at line $L (write &amp; for '&')"},
    {XML_ERR_NAME_REQUIRED, "StartTag",
     "'<' at line $L does not start an element (write &lt; for '<')"},
    {XML_ERR_ENTITYREF_SEMICOL_MISSING, NULL,
     "unescaped '&' at line $L, or an entity reference without its ';' "
     "(write &amp; for '&')"},
    {XML_ERR_UNDECLARED_ENTITY, NULL,
     "unknown entity '&$1;' at line $L (a spec may use &amp; &lt; &gt; "
     "&quot; &apos; only)"},
    {XML_ERR_INVALID_HEX_CHARREF, NULL,
     "malformed character reference at line $L (write &#65; or &#x41;)"},
    {XML_ERR_INVALID_DEC_CHARREF, NULL,
     "malformed character reference at line $L (write &#65; or &#x41;)"},
    {XML_ERR_INVALID_CHAR, "xmlParseCharRef",
     "character reference &#$N; at line $L is not a character XML allows"},
    {XML_ERR_INVALID_CHAR, "Input is not proper UTF-8",
     "text at line $L is not UTF-8 (save the file as UTF-8, or declare its "
     "encoding)"},
    {XML_ERR_UNSUPPORTED_ENCODING, NULL, "unsupported encoding '$1'"},
    {XML_ERR_LT_IN_ATTRIBUTE, NULL,
     "unescaped '<' in an attribute value at line $L (write &lt;), or a "
     "value missing its closing quote"},
    {XML_ERR_ATTRIBUTE_NOT_STARTED, NULL,
     "attribute value at line $L is not in quotes (write name=\"value\")"},
    {XML_ERR_ATTRIBUTE_NOT_FINISHED, "AttValue length too long",
     "attribute value at line $L is too long"},
    {XML_ERR_ATTRIBUTE_NOT_FINISHED, NULL,
     "attribute value at line $L is missing its closing quote"},
    {XML_ERR_ATTRIBUTE_WITHOUT_VALUE, NULL,
     "attribute '$1' has no value (write $1=\"...\")"},
    {XML_ERR_ATTRIBUTE_REDEFINED, NULL, "attribute '$1' is given twice"},
    {XML_ERR_SPACE_REQUIRED, "attributes construct",
     "malformed attributes at line $L (write name=\"value\", separated by "
     "spaces)"},
    {XML_ERR_GT_REQUIRED, NULL, "start tag <$1> at line $N does not end with '>'"},
    {XML_ERR_TAG_NAME_MISMATCH, NULL,
     "end tag </$2> does not match <$1> opened at line $N"},
    {XML_ERR_TAG_NOT_FINISHED, NULL,
     "the file ends before <$1>, opened at line $N, is closed"},
    {XML_ERR_DOCUMENT_EMPTY, NULL, "no XML element in the file"},
    {XML_ERR_DOCUMENT_END, NULL, "text after the end of the root element"},
    {XML_ERR_COMMENT_NOT_FINISHED, NULL, "comment not closed with '-->'"},
    {XML_ERR_MISPLACED_CDATA_END, NULL, "']]>' in text at line $L (write ]]&gt;)"},
    {XML_ERR_RESERVED_XML_NAME, NULL,
     "the XML declaration (<?xml ...?>) must start the file, with nothing "
     "before it"},
    {XML_ERR_ENTITY_LOOP, NULL,
     "entities that refer to each other in a loop (a spec may not declare "
     "entities)"},
    {XML_ERR_INTERNAL_ERROR, "Excessive depth", "elements nested more than $N deep"},
    {XML_ERR_NO_MEMORY, "xmlSAX2Characters: huge text node",
     "text at line $L is too long"},
    {XML_NS_ERR_UNDEFINED_NAMESPACE, NULL, "namespace prefix '$1' is not declared"},
};

/* The validator's errors; the summaries ("failed to validate") come last
 * in this table and are dropped when anything more precise was said. */
static const words_row valid_words[] = {
    {XML_RELAXNG_ERR_ELEMNAME, NULL, "<$P>: expected <$1> here, found <$2>"},
    {XML_RELAXNG_ERR_NOELEM, "Expecting an element ,",
     "<$E>: an element is missing in it"},
    {XML_RELAXNG_ERR_NOELEM, NULL, "<$E>: element <$1> is missing"},
    {XML_RELAXNG_ERR_ELEMWRONG, NULL,
     "<$P>: <$1> is not expected here (is an element before it missing, or "
     "out of order?)"},
    {XML_RELAXNG_ERR_TEXTWRONG, NULL, "<$1>: text is not allowed here, only elements"},
    {XML_RELAXNG_ERR_EXTRACONTENT, NULL, "<$1>: unexpected $2 in it"},
    {XML_RELAXNG_ERR_ELEMNOTEMPTY, NULL, "<$1>: must be empty"},
    {XML_RELAXNG_ERR_DATAELEM, NULL, "<$1>: only text belongs here, found an element"},
    {XML_RELAXNG_ERR_ELEMEXTRANS, NULL,
     "<$1>: must not be in a namespace (remove its xmlns)"},
    {XML_RELAXNG_ERR_ELEMWRONGNS, NULL, "<$1>: wrong namespace, expected '$2'"},
    {XML_RELAXNG_ERR_INVALIDATTR, NULL,
     "<$2>: attribute '$1' is not allowed here, or not with these children"},
    {XML_RELAXNG_ERR_TYPEVAL, NULL, "<$E>: '$2' is not a valid $1"},
    {XML_RELAXNG_ERR_DATATYPE, NULL, "<$E>: its text is not a valid $1"},
    {XML_RELAXNG_ERR_ATTRVALID, NULL, "<$1>: its attributes do not match the schema"},
    {XML_RELAXNG_ERR_CONTENTVALID, NULL, "<$1>: its content does not match the schema"},
};

static int is_summary(const xmlError *e)
{
    return e->code == XML_RELAXNG_ERR_ATTRVALID ||
           e->code == XML_RELAXNG_ERR_CONTENTVALID;
}

static const char *node_name(const xmlNode *n)
{
    return n && n->type == XML_ELEMENT_NODE ? (const char *)n->name : "?";
}

/* Our words for error e into out, from `rows`; 0 when we have none. */
static int words_for(const xmlError *e, const words_row *rows, size_t nrows,
                     char *out, size_t size)
{
    const char *m = e->message ? e->message : "";
    size_t i = 0;
    while (i < nrows && (rows[i].code != e->code ||
                         (rows[i].says &&
                          strncmp(m, rows[i].says, strlen(rows[i].says)) != 0)))
        i++;
    if (i == nrows)
        return 0;
    const xmlNode *n = e->node;
    hw_buf b;
    buf_init(&b);
    for (const char *w = rows[i].words; *w; w++) {
        if (*w != '$' || !w[1]) {
            buf_putc(&b, *w);
            continue;
        }
        switch (*++w) {
        case 'L':
            buf_printf(&b, "%d", e->line);
            break;
        case 'N':
            buf_printf(&b, "%d", e->int1);
            break;
        case '1':
            buf_puts(&b, e->str1 ? e->str1 : "");
            break;
        case '2':
            buf_puts(&b, e->str2 ? e->str2 : "");
            break;
        case 'E':
            buf_puts(&b, node_name(n));
            break;
        case 'P':
            buf_puts(&b, node_name(n ? n->parent : NULL));
            break;
        default:
            buf_putc(&b, '$');
            buf_putc(&b, *w);
        }
    }
    snprintf(out, size, "%s", b.data && !b.failed ? b.data : m);
    buf_free(&b);
    return 1;
}

/* The parser's first error is the one to fix: once the text is not XML,
 * what libxml2 says next is mostly that error again ("attributes
 * construct error", "Premature end of data"), so only the first is
 * reported, in our words where we have them. */
static void on_parse_error(void *ctx, xmlErrorPtr e)
{
    xml_errors *x = ctx;
    char msg[512];
    if (!e || e->level == XML_ERR_WARNING || x->parse_errors++ > 0)
        return;
    if (!words_for(e, parse_words, sizeof parse_words / sizeof parse_words[0],
                   msg, sizeof msg)) {
        report_as_is(x, e);
        return;
    }
    hw_loc loc = loc_at(x->path, e->line, e->int2);
    diag_error(x->d, &loc, "%s", msg);
}

static int has_entity_decls(const xmlDoc *doc)
{
    const xmlDtd *dtds[2] = {doc->intSubset, doc->extSubset};
    for (int i = 0; i < 2; i++) {
        if (!dtds[i])
            continue;
        if (dtds[i]->entities || dtds[i]->pentities)
            return 1;
        if (dtds[i]->ExternalID || dtds[i]->SystemID)
            return 1;
    }
    return 0;
}

/* ---- the line a tag starts on ------------------------------------------------ */

/* libxml2 numbers an element by the line its start tag ends on; a tag
 * whose attributes span lines is reported, by every loader, at the line
 * a reader looks for it on: the one holding "<name". */
typedef struct src_lines {
    const char *text;
    size_t len;
    size_t *start; /* start[k]: offset of line k + 1 */
    long n;
} src_lines;

static long line_of(const src_lines *s, size_t off)
{
    long lo = 0, hi = s->n - 1;
    while (lo < hi) {
        long mid = (lo + hi + 1) / 2;
        if (s->start[mid] <= off)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo + 1;
}

/* The line of the last "<name" (then a space, '>' or '/') that starts
 * before the end of line `line` and not before *floor, the tag of the
 * element before it in document order (so no text is searched twice);
 * `line` when there is none. *floor moves to the tag found. */
static long tag_line(const src_lines *s, const xmlNode *n, long line, size_t *floor)
{
    size_t end = line < s->n ? s->start[line] : s->len;
    size_t k = strlen((const char *)n->name);
    const char *prefix = n->ns && n->ns->prefix ? (const char *)n->ns->prefix : NULL;
    size_t pk = prefix ? strlen(prefix) + 1 : 0;
    for (size_t at = end; at-- > *floor;) {
        const char *p = s->text + at;
        if (*p != '<' || at + 1 + pk + k >= s->len ||
            (prefix && (strncmp(p + 1, prefix, pk - 1) != 0 || p[pk] != ':')) ||
            strncmp(p + 1 + pk, (const char *)n->name, k) != 0 ||
            !strchr(" \t\r\n/>", p[1 + pk + k]))
            continue;
        *floor = at + 1;
        return line_of(s, at);
    }
    return line;
}

static void tag_lines(const src_lines *s, xmlNode *n, size_t *floor)
{
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        long line = (long)n->line; /* 65535: libxml2's mark for "more" */
        if (line > 0 && line < 65535)
            n->line = (unsigned short)tag_line(s, n, line, floor);
        tag_lines(s, n->children, floor);
    }
}

static void first_lines(xmlDocPtr doc, const char *text, size_t len)
{
    src_lines s = {text, len, NULL, 1};
    for (size_t i = 0; i < len; i++)
        s.n += text[i] == '\n';
    s.start = malloc((size_t)s.n * sizeof *s.start);
    if (!s.start)
        return; /* lines stay where the tags end */
    long k = 0;
    s.start[k++] = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n')
            s.start[k++] = i + 1;
    size_t floor = 0;
    tag_lines(&s, xmlDocGetRootElement(doc), &floor);
    free(s.start);
}

xmlDocPtr xmlu_read(const char *path, hw_diag *d)
{
    xml_errors x = {path, d, 0, NULL, 0, 0};
    hw_buf text;
    buf_init(&text);
    if (buf_read_file(&text, path, (size_t)-1) != 0) {
        hw_loc loc = loc_at(path, 0, 0);
        diag_error(d, &loc, "cannot read XML: %s", text.failed ? "out of memory"
                                                                : strerror(errno));
        buf_free(&text);
        return NULL;
    }
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        diag_error(d, NULL, "%s: out of memory", path);
        buf_free(&text);
        return NULL;
    }
    xmlSetStructuredErrorFunc(&x, on_parse_error);
    /* No XML_PARSE_NOENT (substitution), no DTDLOAD, no network. Lines
     * past 65535 keep their numbers (Mesa's oa-acmgt3.xml has 300,000). */
    int opts = XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES |
               XML_PARSE_COMPACT;
    int before = d->errors;
    xmlDocPtr doc = text.len > INT_MAX ? NULL
                  : xmlCtxtReadMemory(ctxt, text.data ? text.data : "", (int)text.len,
                                      path, NULL, opts);
    xmlSetStructuredErrorFunc(NULL, NULL);
    xmlFreeParserCtxt(ctxt);
    if (doc)
        first_lines(doc, text.data ? text.data : "", text.len);
    buf_free(&text);
    if (!doc) {
        if (d->errors == before) {
            hw_loc loc = loc_at(path, 0, 0);
            diag_error(d, &loc, "cannot read XML: %s", strerror(errno));
        }
        return NULL;
    }
    if (has_entity_decls(doc)) {
        hw_loc loc = loc_at(path, doc->intSubset ? xmlGetLineNo(
                                         (xmlNodePtr)doc->intSubset) : 1, 0);
        if (loc.line <= 0)
            loc.line = 1;
        diag_error(d, &loc, "DOCTYPE with entity declarations or an external "
                            "DTD is not allowed in a spec");
        xmlFreeDoc(doc);
        return NULL;
    }
    if (d->errors != before) {
        xmlFreeDoc(doc);
        return NULL;
    }
    return doc;
}

/* Keep a validation error until the document has been judged. */
static void on_valid_error(void *ctx, xmlErrorPtr e)
{
    xml_errors *x = ctx;
    if (!e || e->level == XML_ERR_WARNING)
        return;
    if (x->nheld == x->cap_held) {
        int cap = x->cap_held ? 2 * x->cap_held : 16;
        xmlError *more = realloc(x->held, (size_t)cap * sizeof *more);
        if (!more) {
            report_as_is(x, e);
            return;
        }
        x->held = more;
        x->cap_held = cap;
    }
    memset(&x->held[x->nheld], 0, sizeof x->held[0]);
    if (xmlCopyError(e, &x->held[x->nheld]) == 0)
        x->nheld++;
}

/* Did xml_schema_explain() already say what error e is about: e is on a
 * blamed element or inside one (the validator's node, or when it has
 * none, its element's name)? Blamed elements carry `blamed` in _private,
 * their names are in `names`. */
static const char blamed_mark; /* only its address is used */

static int explained(const xmlError *e, const name_index *names)
{
    if (!e->node)
        return e->str1 && name_index_get(names, e->str1) >= 0;
    for (const xmlNode *n = e->node; n && n->type == XML_ELEMENT_NODE; n = n->parent)
        if (n->_private == &blamed_mark)
            return 1;
    return 0;
}

/* An invalid document: first our own account of each element's
 * attributes and text (load_xml_schema.c), then what the validator said about
 * anything else, in our words where we have them. */
static void report_invalid(xml_errors *x, xmlDocPtr doc, const char *rng,
                           size_t len)
{
    const xmlNode **blamed = xml_schema_explain(rng, len, doc, x->path, x->d);
    name_index names = {0};
    int n = 0;
    while (blamed && blamed[n])
        n++;
    if (name_index_init(&names, (size_t)n) != 0)
        n = 0; /* out of memory: say everything libxml2 said */
    for (int i = 0; i < n; i++) {
        ((xmlNode *)blamed[i])->_private = (void *)&blamed_mark;
        name_index_put(&names, (const char *)blamed[i]->name, i);
    }
    int precise = n > 0;
    for (int i = 0; i < x->nheld; i++)
        precise |= !is_summary(&x->held[i]) && !explained(&x->held[i], &names);
    for (int i = 0; i < x->nheld; i++) {
        const xmlError *e = &x->held[i];
        char msg[512];
        if (explained(e, &names) || (precise && is_summary(e)))
            continue;
        if (e->domain != XML_FROM_RELAXNGV ||
            !words_for(e, valid_words, sizeof valid_words / sizeof valid_words[0],
                       msg, sizeof msg)) {
            report_as_is(x, e);
            continue;
        }
        hw_loc loc = error_loc(x, e);
        diag_error(x->d, &loc, "%s", msg);
    }
    for (int i = 0; i < n; i++)
        ((xmlNode *)blamed[i])->_private = NULL;
    name_index_free(&names);
    free(blamed);
}

/* doc against the RELAX NG schema text (len bytes): libxml2's verdict (0:
 * valid), or -1 when the schema does not compile (*compiled then 0).
 * What libxml2 says goes to the error handler the caller set. */
static int relaxng_validate(xmlDocPtr doc, const char *text, size_t len, int *compiled)
{
    xmlRelaxNGParserCtxtPtr pctx = xmlRelaxNGNewMemParserCtxt(text, (int)len);
    xmlRelaxNGPtr rng = pctx ? xmlRelaxNGParse(pctx) : NULL;
    xmlRelaxNGValidCtxtPtr vctx = rng ? xmlRelaxNGNewValidCtxt(rng) : NULL;
    int rc = vctx ? xmlRelaxNGValidateDoc(vctx, doc) : -1;
    *compiled = rng != NULL;
    if (vctx)
        xmlRelaxNGFreeValidCtxt(vctx);
    if (rng)
        xmlRelaxNGFree(rng);
    if (pctx)
        xmlRelaxNGFreeParserCtxt(pctx);
    return rc;
}

/* The schema text without its pattern parameters, in `out`. */
static void without_patterns(const char *text, size_t len, hw_buf *out)
{
    static const char open[] = "<param name=\"pattern\">", close[] = "</param>";
    const char *p = text, *end = text + len;
    for (;;) {
        const char *at = strstr(p, open);
        const char *stop = at ? strstr(at, close) : NULL;
        if (!stop || stop >= end) {
            buf_putn(out, p, (size_t)(end - p));
            return;
        }
        buf_putn(out, p, (size_t)(at - p));
        p = stop + sizeof close - 1;
    }
}

static void ignore_error(void *ctx, xmlErrorPtr e)
{
    (void)ctx;
    (void)e;
}

/* Whether doc is valid, found the quick way: libxml2 validates it against
 * the schema without its patterns, and load_xml_schema.c checks every
 * patterned value with each pattern compiled once. libxml2 2.9 compiles a
 * pattern's regular expression again for every value it checks, over half
 * of a spec's validation (make bench, every spec to every output). 0 says
 * only "not shown valid": the caller validates again, in full, and
 * reports. */
static int valid_quickly(xmlDocPtr doc, const char *text, size_t len)
{
    hw_buf stripped;
    buf_init(&stripped);
    without_patterns(text, len, &stripped);
    if (stripped.failed) {
        buf_free(&stripped);
        return 0;
    }
    xmlSetStructuredErrorFunc(NULL, ignore_error);
    int compiled = 0;
    int ok = relaxng_validate(doc, stripped.data, stripped.len, &compiled) == 0;
    xmlSetStructuredErrorFunc(NULL, NULL);
    buf_free(&stripped);
    return ok && xml_schema_values_ok(text, len, doc);
}

int xmlu_validate(xmlDocPtr doc, const char *schema, const char *path,
                  hw_diag *d)
{
    size_t len = 0;
    char name[256];
    snprintf(name, sizeof name, "spec/schema/%s", schema);
    const char *text = resources_builtin(name, &len);
    if (!text) {
        diag_error(d, NULL, "internal: schema %s is not built in", name);
        return -1;
    }
    if (valid_quickly(doc, text, len))
        return 0;
    xml_errors x = {path, d, 0, NULL, 0, 0};
    int before = d->errors;
    xmlSetStructuredErrorFunc(&x, on_valid_error);
    int rng = 0; /* the schema compiled */
    int rc = relaxng_validate(doc, text, len, &rng);
    xmlSetStructuredErrorFunc(NULL, NULL);
    if (!rng) {
        for (int i = 0; i < x.nheld; i++)
            report_as_is(&x, &x.held[i]);
        diag_error(d, NULL, "internal: schema %s does not compile", name);
    } else if (rc != 0) {
        report_invalid(&x, doc, text, len);
    }
    for (int i = 0; i < x.nheld; i++)
        xmlResetError(&x.held[i]);
    free(x.held);
    if (!rng)
        return -1;
    if (rc != 0 && d->errors == before) {
        hw_loc loc = loc_at(path, 0, 0);
        diag_error(d, &loc, "does not match schema %s", schema);
    }
    return rc == 0 ? 0 : -1;
}

hw_loc xmlu_loc(const char *file, const xmlNode *n)
{
    long line = n ? xmlGetLineNo(n) : 0;
    return loc_at(file, line > 0 ? (int)line : 0, 0);
}

int xmlu_is(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE &&
           (!name || strcmp((const char *)n->name, name) == 0);
}

static xmlNode *scan(xmlNode *n, const char *name)
{
    for (; n; n = n->next)
        if (xmlu_is(n, name))
            return n;
    return NULL;
}

xmlNode *xmlu_first(const xmlNode *parent, const char *name)
{
    return parent ? scan(parent->children, name) : NULL;
}

xmlNode *xmlu_next(const xmlNode *node, const char *name)
{
    return node ? scan(node->next, name) : NULL;
}

const char *xmlu_attr(hw_arena *a, const xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
    if (!v)
        return NULL;
    const char *copy = arena_strdup(a, (const char *)v);
    xmlFree(v);
    return copy;
}

const char *xmlu_raw_text(hw_arena *a, const xmlNode *n)
{
    xmlChar *v = xmlNodeGetContent(n);
    if (!v)
        return NULL;
    const char *copy = arena_strdup(a, (const char *)v);
    xmlFree(v);
    return copy;
}


const char *xmlu_text(hw_arena *a, const xmlNode *n)
{
    xmlChar *v = xmlNodeGetContent(n);
    if (!v)
        return NULL;
    size_t len = strlen((const char *)v);
    char *out = arena_alloc(a, len + 1);
    if (out)
        text_fold(out, len + 1, (const char *)v);
    xmlFree(v);
    return out;
}


int xmlu_attr_uint(const char *file, const xmlNode *n, const char *name,
                   uint64_t max, uint64_t *out, hw_diag *d)
{
    xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
    if (!v)
        return 1;
    uint64_t val = 0;
    int rc = number_parse_uint((const char *)v, UINT64_MAX, &val);
    hw_loc loc = xmlu_loc(file, n);
    if (rc != 0 && number_too_big((const char *)v))
        diag_error(d, &loc, "<%s %s=\"%s\">: above the limit %" PRIu64, n->name,
                   name, (const char *)v, max);
    else if (rc != 0)
        diag_error(d, &loc, "<%s %s=\"%s\">: not a whole number", n->name,
                   name, (const char *)v);
    else if (val > max) {
        diag_error(d, &loc, "<%s %s=\"%s\">: above the limit %" PRIu64,
                   n->name, name, (const char *)v, max);
        rc = -1;
    } else
        *out = val;
    xmlFree(v);
    return rc == 0 ? 0 : -1;
}

int xmlu_attr_double(const char *file, const xmlNode *n, const char *name,
                     double *out, hw_diag *d)
{
    xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
    if (!v)
        return 1;
    char *end;
    errno = 0;
    double val = strtod((const char *)v, &end);
    int rc = 0;
    if (end == (char *)v || *end || errno) {
        hw_loc loc = xmlu_loc(file, n);
        diag_error(d, &loc, "<%s %s=\"%s\">: not a number", n->name, name,
                   (const char *)v);
        rc = -1;
    } else
        *out = val;
    xmlFree(v);
    return rc;
}

int xmlu_attr_bool(const xmlNode *n, const char *name, int dflt)
{
    xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
    if (!v)
        return dflt;
    const char *s = (const char *)v;
    int r = dflt;
    if (!strcmp(s, "yes") || !strcmp(s, "true") || !strcmp(s, "1"))
        r = 1;
    else if (!strcmp(s, "no") || !strcmp(s, "false") || !strcmp(s, "0"))
        r = 0;
    xmlFree(v);
    return r;
}
