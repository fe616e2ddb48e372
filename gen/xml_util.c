/* xml_util.c - safe XML reading and schema validation for spec loaders. */
#include "xml_util.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "number.h"
#include "resources.h"

typedef struct xml_errors {
    const char *path;
    hw_diag *d;
    int parse_errors; /* parser errors so far: only the first is reported */
} xml_errors;

/* libxml2 hands us structured errors; turn each into one diagnostic. */
static void on_xml_error(void *ctx, xmlErrorPtr e)
{
    xml_errors *x = ctx;
    if (!e || e->level == XML_ERR_WARNING)
        return;
    hw_loc loc = loc_at(x->path, e->line, e->int2);
    char msg[512];
    snprintf(msg, sizeof msg, "%s", e->message ? e->message : "XML error");
    size_t n = strlen(msg);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        msg[--n] = '\0';
    diag_error(x->d, &loc, "%s", msg);
}

/* libxml2's parser speaks of itself ("xmlParseEntityRef: no name"); for
 * the mistakes people make, say instead what is wrong with the text. A
 * row applies to an error with its code whose message starts with `says`
 * (any message when NULL). In `words`, $L is the line, $1 and $2 the
 * error's first and second strings, $N its first number (a line, a depth,
 * a character). */
static const struct {
    xmlParserErrors code;
    const char *says;
    const char *words;
} parse_words[] = {
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

/* Our words for parser error e into out; 0 when we have none. */
static int parse_message(const xmlError *e, char *out, size_t size)
{
    const char *m = e->message ? e->message : "";
    size_t i = 0, n = sizeof parse_words / sizeof parse_words[0];
    while (i < n && (parse_words[i].code != (xmlParserErrors)e->code ||
                     (parse_words[i].says &&
                      strncmp(m, parse_words[i].says, strlen(parse_words[i].says)) != 0)))
        i++;
    if (i == n)
        return 0;
    hw_buf b;
    buf_init(&b);
    for (const char *w = parse_words[i].words; *w; w++) {
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
    if (!parse_message(e, msg, sizeof msg)) {
        on_xml_error(ctx, e);
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

xmlDocPtr xmlu_read(const char *path, hw_diag *d)
{
    xml_errors x = {path, d, 0};
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        diag_error(d, NULL, "%s: out of memory", path);
        return NULL;
    }
    xmlSetStructuredErrorFunc(&x, on_parse_error);
    /* No XML_PARSE_NOENT (substitution), no DTDLOAD, no network. */
    int opts = XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_NOWARNING;
    int before = d->errors;
    xmlDocPtr doc = xmlCtxtReadFile(ctxt, path, NULL, opts);
    xmlSetStructuredErrorFunc(NULL, NULL);
    xmlFreeParserCtxt(ctxt);
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
    xml_errors x = {path, d, 0};
    int before = d->errors;
    xmlSetStructuredErrorFunc(&x, on_xml_error);
    xmlRelaxNGParserCtxtPtr pctx = xmlRelaxNGNewMemParserCtxt(text, (int)len);
    xmlRelaxNGPtr rng = pctx ? xmlRelaxNGParse(pctx) : NULL;
    xmlRelaxNGValidCtxtPtr vctx = rng ? xmlRelaxNGNewValidCtxt(rng) : NULL;
    int rc = vctx ? xmlRelaxNGValidateDoc(vctx, doc) : -1;
    xmlSetStructuredErrorFunc(NULL, NULL);
    if (vctx)
        xmlRelaxNGFreeValidCtxt(vctx);
    if (rng)
        xmlRelaxNGFree(rng);
    if (pctx)
        xmlRelaxNGFreeParserCtxt(pctx);
    if (!rng) {
        diag_error(d, NULL, "internal: schema %s does not compile", name);
        return -1;
    }
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
    if (out) {
        size_t j = 0;
        int space = 0;
        for (const unsigned char *p = v; *p; p++) {
            if (isspace(*p)) {
                space = j > 0;
                continue;
            }
            if (space)
                out[j++] = ' ';
            space = 0;
            out[j++] = (char)*p;
        }
        out[j] = '\0';
    }
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
    if (rc != 0)
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
