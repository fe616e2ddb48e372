/* json_scan.h - the members of a JSON object, found in its text without
 * building a tree.
 *
 * Parsed whole, a spec's "events" object makes a tree five times the size
 * of its text, all alive at once. The telemetry loader instead finds where
 * each member lies and has cJSON parse one member's value at a time. The
 * scan follows only the structure (strings, brackets, colons, commas) and
 * validates nothing inside values: cJSON still parses every key and value,
 * and text the scan cannot follow is left to a parse of the whole document,
 * which reports the error where it is.
 */
#ifndef HWCGEN_JSON_SCAN_H
#define HWCGEN_JSON_SCAN_H

#include <stddef.h>

typedef struct json_span {
    size_t start, end; /* text[start, end) */
} json_span;

typedef struct json_member {
    json_span key;   /* with its quotes */
    json_span value;
} json_member;

/* Whitespace as cJSON skips it: every byte up to 0x20. */
size_t json_skip_space(const char *text, size_t len, size_t pos);

/* The members of the object at text[*pos] (after whitespace), in order, in
 * a malloc'd array the caller frees; *pos ends just past its '}'. 0 when
 * found, -1 when the text is not shaped like an object or a value nests
 * deeper than max_depth, -2 when out of memory (*members is NULL then). */
int json_scan_object(const char *text, size_t len, size_t *pos, int max_depth,
                     json_member **members, size_t *count);

#endif
