/* load_json_doc.h - a JSON spec's text parsed for a loader: cJSON's tree
 * and the line of every value, or a located syntax error.
 */
#ifndef HWCGEN_LOAD_JSON_DOC_H
#define HWCGEN_LOAD_JSON_DOC_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/json_lines.h"

/* The `len` bytes of `text`, read from `path`, as cJSON's tree in
 * `scratch` (json_parse_in(): read it, never free it), and the line of
 * every value into *lines (json_lines_free() it, also after NULL); NULL
 * after reporting at path:line:column. A raw control character in a
 * string, which cJSON lets through, is reported before anything else the
 * text has wrong. */
cJSON *json_document(const char *path, const char *text, size_t len, hw_arena *scratch,
                     json_lines *lines, hw_diag *d);

#endif
