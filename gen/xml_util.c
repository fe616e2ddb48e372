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
    xml_errors x = {path, d};
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        diag_error(d, NULL, "%s: out of memory", path);
        return NULL;
    }
    xmlSetStructuredErrorFunc(&x, on_xml_error);
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
    xml_errors x = {path, d};
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
