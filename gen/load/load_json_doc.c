/* load_json_doc.c - a JSON spec's text as cJSON's tree and the line of
 * each value (load_json_doc.h). */
#include "load/load_json_doc.h"

#include "core/json.h"

static void raw_control_error(const char *path, const char *text, size_t len, size_t raw,
                              hw_diag *d)
{
    int line, col;
    json_line_col(text, len, raw, &line, &col);
    hw_loc loc = loc_at(path, line, col);
    diag_error(d, &loc, "JSON syntax error: raw control character U+%04X in a "
               "string (write it escaped, e.g. \\n)", (unsigned char)text[raw]);
}

cJSON *json_document(const char *path, const char *text, size_t len, hw_arena *scratch,
                     json_lines *lines, hw_diag *d)
{
    const char *end = NULL;
    cJSON *root = json_parse_in(scratch, text, len, &end);
    size_t raw = root ? len : json_raw_control(text, len);
    if (root && json_lines_build(lines, scratch, text, len) != 0) {
        diag_error(d, NULL, "out of memory");
        return NULL;
    }
    if (root)
        raw = lines->raw;
    if (raw < len) {
        raw_control_error(path, text, len, raw, d);
        return NULL;
    }
    if (!root) {
        size_t off = end && end >= text ? (size_t)(end - text) : 0;
        int line, col;
        json_line_col(text, len, off, &line, &col);
        hw_loc loc = loc_at(path, line, col);
        diag_error(d, &loc, "JSON syntax error%s", off >= len ? " (unexpected end, "
                   "or nesting deeper than the parser allows)" : "");
    }
    return root;
}

