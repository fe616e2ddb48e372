/* json_lines.h - where in a JSON text each value stands.
 *
 * cJSON keeps no positions, yet every diagnostic should name a line. After
 * cJSON accepted a document, one scan maps every JSON path ("metrics.ipc",
 * "groups.function.Bus[2]") to the line its key (or array element) is on.
 *
 * Every item keeps a location, but few are ever printed, and on a spec of
 * 100,000 events the map costs more than the rest of loading. So a loader
 * keeps the text (hw_lines) and the map is built when the first line is
 * asked for.
 */
#ifndef HWCGEN_JSON_LINES_H
#define HWCGEN_JSON_LINES_H

#include <stddef.h>
#include <sys/stat.h>

#include "arena.h"
#include "ir.h"
#include "names.h"

/* A key repeated in one object: JSON says the result is undefined and
 * cJSON keeps both, so the loader reports it. The k-th copy of a path is
 * recorded as "path#k" (its children under "path#k.child"). */
typedef struct json_repeat {
    const char *path; /* "product_configuration.num_slots#2" */
    int line;
} json_repeat;

typedef struct json_lines {
    name_index paths; /* path (arena string) -> line */
    json_repeat *repeats;
    int nrepeats;
    size_t cap_repeats;
} json_lines;

int json_lines_build(json_lines *jl, hw_arena *a, const char *text, size_t len);
/* Line of `path`, or of its nearest recorded parent; 1 for the root ("");
 * 0 when unknown. */
int json_lines_get(const json_lines *jl, const char *path);
void json_lines_free(json_lines *jl);

/* A copy of `text` whose map is built on first use; NULL when out of
 * memory. */
hw_lines *json_lines_defer(const char *text, size_t len);
/* The same without the copy: takes `text` (malloc'd), freed even when the
 * result is NULL. */
hw_lines *json_lines_adopt(char *text, size_t len);
/* Free the text of a spec read from the regular file `path` (st: its
 * stat when read), keeping lines: the first line asked for reads the file
 * again, and gets none (0) if the file has changed since (st differs). A
 * loader calls it once the text is parsed. */
void json_lines_release(hw_lines *lz, const char *path, const struct stat *st);
/* The map, built now if it was not; NULL when out of memory (or the
 * released text cannot be read again). */
const json_lines *json_lines_map(hw_lines *lz);
/* json_lines_get() on the map; 0 when it cannot be built. */
int json_lines_find(hw_lines *lz, const char *path);
void json_lines_defer_free(hw_lines *lz);

/* Offset of the first raw control character (below 0x20) inside a string,
 * which JSON forbids and cJSON lets through; `len` when there is none. */
size_t json_raw_control(const char *text, size_t len);

/* 1-based line and column of byte `offset`. */
void json_line_col(const char *text, size_t len, size_t offset, int *line,
                   int *col);

#endif
