/* json_lines.h - where in a JSON text each value stands.
 *
 * cJSON keeps no positions, yet every diagnostic should name a line. After
 * cJSON accepted a document, one scan maps every JSON path ("metrics.ipc",
 * "groups.function.Bus[2]") to the line its key (or array element) is on.
 */
#ifndef HWCGEN_JSON_LINES_H
#define HWCGEN_JSON_LINES_H

#include <stddef.h>

#include "arena.h"
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
    /* path of each number value -> byte offset of its text: cJSON keeps a
     * number only as a double, and a loader that must write it back as
     * the file spells it (the perf tree import) reads the spelling here */
    name_index numbers;
    json_repeat *repeats;
    int nrepeats;
    size_t cap_repeats;
} json_lines;

int json_lines_build(json_lines *jl, hw_arena *a, const char *text, size_t len);
/* Line of `path`, or of its nearest recorded parent; 1 for the root ("");
 * 0 when unknown. */
int json_lines_get(const json_lines *jl, const char *path);
/* Byte offset in the text of the number at `path` (as recorded, "#k" and
 * all), or -1 when the value there is not a number. */
int json_lines_number(const json_lines *jl, const char *path);
void json_lines_free(json_lines *jl);

/* Offset of the first raw control character (below 0x20) inside a string,
 * which JSON forbids and cJSON lets through; `len` when there is none. */
size_t json_raw_control(const char *text, size_t len);

/* 1-based line and column of byte `offset`. */
void json_line_col(const char *text, size_t len, size_t offset, int *line,
                   int *col);

#endif
