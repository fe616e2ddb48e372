/* load_xml_schema.h - what is wrong with a spec's elements, in our words, read
 * from the same RelaxNG schema the validator uses (load_xml_schema.c).
 *
 * libxml2's validator knows that an element is wrong, but often says only
 * "Element counter failed to validate attributes", at times with no line.
 * For an invalid document, xmlu_validate() asks this first: for each
 * element, its line, which required attribute is missing, which attribute
 * is unknown (and what it may be a misspelling of), which value does not
 * have its attribute's type, and which text-only element holds the wrong
 * text. What it cannot judge (which children, in which order) is left to
 * the validator.
 */
#ifndef HWCGEN_XML_SCHEMA_H
#define HWCGEN_XML_SCHEMA_H

#include <stddef.h>

#include <libxml/tree.h>

#include "core/diag.h"

/* Report the faults of `doc` against the schema text `rng` (len bytes).
 * Returns the elements blamed, NULL-terminated (malloc'd; free() it), so
 * the caller can leave out the validator's vaguer words on them; NULL when
 * none was blamed or out of memory. */
const xmlNode **xml_schema_explain(const char *rng, size_t len, xmlDocPtr doc,
                                   const char *path, hw_diag *d);

/* Whether every attribute value and text of `doc` that the schema text
 * `rng` types has a value of its type, each pattern checked with one
 * compiled regular expression (libxml2's validator compiles a pattern
 * again for every value). 0 when a value is not, or when any value was
 * left unjudged (see the top of load_xml_schema.c): the caller then asks
 * the validator. Reports nothing. */
int xml_schema_values_ok(const char *rng, size_t len, xmlDocPtr doc);

#endif
