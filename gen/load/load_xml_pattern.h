/* load_xml_pattern.h - XML Schema `pattern` facets, matched without
 * libxml2's regular expressions (load_xml_pattern.c).
 *
 * libxml2's matcher costs some 300 instructions a character, and its
 * RELAX NG validator compiles a pattern again for every value: checking a
 * spec's names and titles was most of its validation. The patterns of
 * hwcgen's schemas are small: classes of ASCII characters (with \s, \S and
 * '.'), groups, '|', '?', '*' and '+'. Such a pattern becomes a position
 * automaton of at most 64 states, run a character at a time on bit sets.
 * Anything else (counted repeats, \d, \w, \p{..}, class subtraction, a
 * non-ASCII character in the pattern) is not compiled here, and the
 * caller keeps libxml2's matcher for it. tests/test_xml_pattern.c holds
 * the two matchers to the same verdicts.
 */
#ifndef HWCGEN_LOAD_XML_PATTERN_H
#define HWCGEN_LOAD_XML_PATTERN_H

typedef struct xsd_pattern xsd_pattern;

/* The pattern `re` (XML Schema syntax, matched against a whole value), or
 * NULL when it uses what this does not take, or when out of memory. */
xsd_pattern *xsd_pattern_compile(const char *re);

/* 1 when all of the UTF-8 text `s` matches p, else 0. */
int xsd_pattern_match(const xsd_pattern *p, const char *s);

void xsd_pattern_free(xsd_pattern *p);

#endif
