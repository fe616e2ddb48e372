/* json_scan.c - object members by structure alone (json_scan.h). */
#include "json_scan.h"

#include <stdlib.h>

size_t json_skip_space(const char *text, size_t len, size_t pos)
{
    while (pos < len && (unsigned char)text[pos] <= 32)
        pos++;
    return pos;
}

/* text[*pos] is '"': *pos goes past the closing quote. */
static int skip_string(const char *text, size_t len, size_t *pos)
{
    for (size_t i = *pos + 1; i < len; i++) {
        if (text[i] == '\\')
            i++;
        else if (text[i] == '"') {
            *pos = i + 1;
            return 0;
        }
    }
    return -1;
}

/* Brackets of either kind count alike: a mismatch ends the value where
 * cJSON would stop too, and its parse of the value then fails. */
static int skip_nested(const char *text, size_t len, size_t *pos, int max_depth)
{
    int depth = 0;
    size_t i = *pos;
    while (i < len) {
        char c = text[i];
        if (c == '"') {
            if (skip_string(text, len, &i) != 0)
                return -1;
            continue;
        }
        if (c == '{' || c == '[') {
            if (++depth > max_depth)
                return -1;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            *pos = i + 1;
            return 0;
        }
        i++;
    }
    return -1;
}

static int skip_value(const char *text, size_t len, size_t *pos, int max_depth)
{
    size_t i = *pos;
    if (i >= len)
        return -1;
    if (text[i] == '"')
        return skip_string(text, len, pos);
    if (text[i] == '{' || text[i] == '[')
        return skip_nested(text, len, pos, max_depth);
    while (i < len && (unsigned char)text[i] > 32 && text[i] != ',' &&
           text[i] != '}' && text[i] != ']')
        i++;
    if (i == *pos)
        return -1;
    *pos = i;
    return 0;
}

static int push(json_member **members, size_t *count, size_t *cap,
                json_member m)
{
    if (*count == *cap) {
        size_t ncap = *cap ? *cap * 2 : 16;
        json_member *grown = realloc(*members, ncap * sizeof *grown);
        if (!grown)
            return -1;
        *members = grown;
        *cap = ncap;
    }
    (*members)[(*count)++] = m;
    return 0;
}

/* One "key": value; i is at the key's quote. */
static int scan_member(const char *text, size_t len, size_t *pos, int max_depth,
                       json_member *m)
{
    size_t i = *pos;
    m->key.start = i;
    if (i >= len || text[i] != '"' || skip_string(text, len, &i) != 0)
        return -1;
    m->key.end = i;
    i = json_skip_space(text, len, i);
    if (i >= len || text[i] != ':')
        return -1;
    i = json_skip_space(text, len, i + 1);
    m->value.start = i;
    if (skip_value(text, len, &i, max_depth) != 0)
        return -1;
    m->value.end = i;
    *pos = i;
    return 0;
}

int json_scan_object(const char *text, size_t len, size_t *pos, int max_depth,
                     json_member **members, size_t *count)
{
    size_t i = json_skip_space(text, len, *pos), cap = 0;
    *members = NULL;
    *count = 0;
    if (i >= len || text[i] != '{')
        return -1;
    i = json_skip_space(text, len, i + 1);
    int rc = 0;
    if (i < len && text[i] == '}') {
        *pos = i + 1;
        return 0;
    }
    for (;;) {
        json_member m;
        if (scan_member(text, len, &i, max_depth, &m) != 0) {
            rc = -1;
            break;
        }
        if (push(members, count, &cap, m) != 0) {
            rc = -2;
            break;
        }
        i = json_skip_space(text, len, i);
        if (i < len && text[i] == ',') {
            i = json_skip_space(text, len, i + 1);
            continue;
        }
        if (i < len && text[i] == '}') {
            *pos = i + 1;
            return 0;
        }
        rc = -1;
        break;
    }
    free(*members);
    *members = NULL;
    *count = 0;
    return rc;
}
