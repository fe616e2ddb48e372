/* load_xml.h - the safe way every XML loader reads its spec.
 *
 * Specs are untrusted: documents are parsed with no network, no DTD loading
 * and no entity substitution, and a DOCTYPE that declares entities is
 * rejected outright, so external entities are never read and expansion
 * bombs never expand. Validation against our RelaxNG schema (embedded in
 * the binary) runs before any semantic work.
 */
#ifndef HWCGEN_XML_UTIL_H
#define HWCGEN_XML_UTIL_H

#include <stdint.h>

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/ir.h"

/* Parse `path`; NULL (with diagnostics) on any error. Free with xmlFreeDoc. */
xmlDocPtr xmlu_read(const char *path, hw_diag *d);

/* Validate against the embedded schema `schema` (e.g. "gpu-template.rng").
 * Returns 0 when valid. Errors name file:line and the element, and say in
 * our words what is wrong: attributes and text as load_xml_schema.c reads them
 * from the schema, the rest from libxml2's validator, reworded. */
int xmlu_validate(xmlDocPtr doc, const char *schema, const char *path,
                  hw_diag *d);

hw_loc xmlu_loc(const char *file, const xmlNode *n);

/* Element children by name; NULL name matches any element. */
xmlNode *xmlu_first(const xmlNode *parent, const char *name);
xmlNode *xmlu_next(const xmlNode *node, const char *name);
#define XMLU_EACH(var, parent, name)                                          \
    for (xmlNode *var = xmlu_first((parent), (name)); var;                   \
         var = xmlu_next(var, (name)))

int xmlu_is(const xmlNode *n, const char *name);

/* Attribute value copied into the arena, or NULL when absent. */
const char *xmlu_attr(hw_arena *a, const xmlNode *n, const char *name);

/* Text content with leading/trailing white space trimmed and inner runs of
 * white space (line breaks of a wrapped paragraph) folded to one space. */
const char *xmlu_text(hw_arena *a, const xmlNode *n);


/* Text content exactly as written (formulas keep their spelling). */
const char *xmlu_raw_text(hw_arena *a, const xmlNode *n);

/* Integer attribute: decimal, 0x hex or 0b binary. Returns 0 on success,
 * 1 when absent (out untouched), -1 after reporting a malformed or
 * out-of-range value (above `max`). */
int xmlu_attr_uint(const char *file, const xmlNode *n, const char *name,
                   uint64_t max, uint64_t *out, hw_diag *d);

/* Floating attribute (C locale). Same return convention. */
int xmlu_attr_double(const char *file, const xmlNode *n, const char *name,
                     double *out, hw_diag *d);

/* "yes"/"true"/"1" -> 1, "no"/"false"/"0" -> 0, absent -> dflt. */
int xmlu_attr_bool(const xmlNode *n, const char *name, int dflt);

#endif
