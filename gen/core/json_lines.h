/* json_lines.h - where in a JSON text each value stands.
 *
 * cJSON keeps no positions, yet every diagnostic should name a line. After
 * cJSON accepted a document, one scan maps every JSON path ("metrics.ipc",
 * "groups.function.Bus[2]") to the line its key (or array element) is on
 * (json_lines_build), or lists every value in the order cJSON's tree
 * holds them (json_spots), for a loader that walks the tree in that order
 * and so needs no paths.
 */
#ifndef HWCGEN_JSON_LINES_H
#define HWCGEN_JSON_LINES_H

#include <stddef.h>

#include "core/arena.h"
#include "core/names.h"

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
    size_t raw; /* what json_raw_control() would say of the text, found on
                   the way */
} json_lines;

int json_lines_build(json_lines *jl, hw_arena *a, const char *text, size_t len);
/* Line of `path`, or of its nearest recorded parent; 1 for the root ("");
 * 0 when unknown. */
int json_lines_get(const json_lines *jl, const char *path);
void json_lines_free(json_lines *jl);

/* One value of a document: where it is. */
typedef struct json_spot {
    int line;   /* its key's line in an object; else the value's own */
    int depth;  /* 0: the root; 1: the root's members or elements; ... */
    size_t at;  /* offset of its first byte ('{', '[', '"', a digit, ...) */
} json_spot;

/* Every value of a document cJSON accepted, in document order, an object
 * or array before its members: the order of a depth-first walk of cJSON's
 * tree (`next` before going up), a key repeated in one object included.
 * *spots is malloc'd (the caller frees it), *n counts them. *raw is what
 * json_raw_control() would say of the text, found on the way. 0, or -1
 * when out of memory. */
int json_spots(const char *text, size_t len, json_spot **spots, size_t *n, size_t *raw);

/* Offset of the first raw control character (below 0x20) inside a string,
 * which JSON forbids and cJSON lets through; `len` when there is none. */
size_t json_raw_control(const char *text, size_t len);

/* 1-based line and column of byte `offset`. */
void json_line_col(const char *text, size_t len, size_t offset, int *line,
                   int *col);

#endif
