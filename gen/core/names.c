/* names.c - mangling, keywords, slugs, and the name index. */
#include "core/names.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int name_mangle(const char *name, name_case c, char *out, size_t size)
{
    size_t n = strlen(name);
    if (n == 0 || n >= size)
        return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (ch >= 0x80 || !(isalnum(ch) || ch == '_' || ch == '-' || ch == '.'))
            return -1;
        if (ch == '-' || ch == '.')
            ch = '_';
        else if (c == CASE_LOWER)
            ch = (unsigned char)tolower(ch);
        else if (c == CASE_UPPER)
            ch = (unsigned char)toupper(ch);
        out[i] = (char)ch;
    }
    out[n] = '\0';
    return 0;
}

const char *name_c(hw_arena *a, const char *name, name_case c)
{
    size_t n = strlen(name) + 1;
    char *out = arena_alloc(a, n);
    if (!out || name_mangle(name, c, out, n) != 0)
        return NULL;
    return out;
}

const char *name_c_printf(hw_arena *a, name_case c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = arena_vprintf(a, fmt, ap);
    va_end(ap);
    /* in place: each character is read before it is written */
    if (!s || name_mangle(s, c, s, strlen(s) + 1) != 0)
        return NULL;
    return s;
}

/* C and C++ keywords, sorted by strcmp for bsearch: a const table that
 * threads share, read only. */
static const char *const keywords[] = {
    "_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic",
    "_Imaginary", "_Noreturn", "_Static_assert", "_Thread_local",
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand",
    "bitor", "bool", "break", "case", "catch", "char", "char16_t",
    "char32_t", "char8_t", "class", "co_await", "co_return", "co_yield",
    "compl", "concept", "const", "const_cast", "consteval", "constexpr",
    "constinit", "continue", "decltype", "default", "delete", "do",
    "double", "dynamic_cast", "else", "enum", "explicit", "export",
    "extern", "false", "float", "for", "friend", "goto", "if", "inline",
    "int", "long", "mutable", "namespace", "new", "noexcept", "not",
    "not_eq", "nullptr", "operator", "or", "or_eq", "private",
    "protected", "public", "register", "reinterpret_cast", "requires",
    "restrict", "return", "short", "signed", "sizeof", "static",
    "static_assert", "static_cast", "struct", "switch", "template",
    "this", "thread_local", "throw", "true", "try", "typedef", "typeid",
    "typename", "typeof", "typeof_unqual", "union", "unsigned", "using",
    "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
};

static int by_word(const void *key, const void *word)
{
    return strcmp(key, *(const char *const *)word);
}

int name_is_keyword(const char *ident)
{
    return bsearch(ident, keywords, sizeof keywords / sizeof keywords[0], sizeof keywords[0],
                   by_word) != NULL;
}

/* A word is a run of ASCII letters and digits; anything else separates
 * words and is dropped ("Load/store" -> "LoadStore", "0-127" -> "0127"). */
static size_t streamline_words(const char *s, char *out, size_t j, size_t size)
{
    int start = 1;
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        if (*p >= 0x80 || !isalnum(*p)) {
            start = 1;
            continue;
        }
        if (j + 1 < size)
            out[j] = (char)(start ? toupper(*p) : *p);
        j++;
        start = 0;
    }
    return j;
}

int name_streamline_var(const char *title, const char *name, char *out,
                        size_t size)
{
    if (size == 0)
        return -1;
    out[0] = '$';
    size_t j = streamline_words(title, out, 1, size);
    j = streamline_words(name, out, j, size);
    out[j < size ? j : size - 1] = '\0';
    return j < size ? 0 : -1;
}

const char *name_gatord_pmu(hw_arena *a, const char *architecture,
                            const char *product)
{
    int v9 = architecture && strncmp(architecture, "armv9", 5) == 0;
    char *name = arena_printf(a, "ARMv%d_%s", v9 ? 9 : 8, product);
    for (char *p = name; p && *p; p++)
        if (!isalnum((unsigned char)*p))
            *p = '_';
    return name;
}

void name_slug(const char *text, char sep, char *out, size_t size)
{
    size_t j = 0;
    int pending = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && j + 2 < size; p++) {
        if (isalnum(*p) && *p < 0x80) {
            if (pending && j > 0)
                out[j++] = sep;
            pending = 0;
            out[j++] = (char)tolower(*p);
        } else {
            pending = 1;
        }
    }
    out[j] = '\0';
}

/* ---- did you mean ------------------------------------------------------ */

/* Levenshtein distance; longer names than 63 are never suggested. */
static int edit_distance(const char *a, const char *b, int fold)
{
    size_t n = strlen(b);
    if (n > 63)
        return 99;
    int row[64];
    for (size_t j = 0; j <= n; j++)
        row[j] = (int)j;
    for (size_t i = 1; *a; a++, i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= n; j++) {
            int up = row[j];
            unsigned char x = (unsigned char)*a, y = (unsigned char)b[j - 1];
            int cost = fold ? tolower(x) != tolower(y) : x != y;
            int best = diag + cost;
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[n];
}

name_hint name_hint_for(const char *typed)
{
    name_hint h = {typed, NULL, 0, 0};
    return h;
}

void name_hint_offer(name_hint *h, const char *known)
{
    int folded = edit_distance(h->typed, known, 1);
    if (folded > 2 || (h->best && folded > h->folded))
        return;
    int exact = edit_distance(h->typed, known, 0);
    if (h->best && folded == h->folded &&
        (exact > h->exact || (exact == h->exact && strcmp(known, h->best) >= 0)))
        return;
    h->best = known;
    h->folded = folded;
    h->exact = exact;
}

/* ---- index -------------------------------------------------------------- */

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    /* Multiplication only carries upwards, so the low bits we mask with
     * see little of the key: fold the high half down. */
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return h;
}

int name_index_init(name_index *ix, size_t expected)
{
    size_t cap = 16;
    while (cap < expected * 2 + 1)
        cap *= 2;
    ix->slots = calloc(cap, sizeof *ix->slots);
    ix->cap = ix->slots ? cap : 0;
    ix->count = 0;
    ix->failed = 0;
    return ix->slots ? 0 : -1;
}

void name_index_free(name_index *ix)
{
    free(ix->slots);
    ix->slots = NULL;
    ix->cap = ix->count = 0;
}

static size_t slot(const name_index *ix, const char *key, uint32_t h)
{
    size_t i = (size_t)h & (ix->cap - 1);
    while (ix->slots[i].key &&
           (ix->slots[i].hash != h || strcmp(ix->slots[i].key, key) != 0))
        i = (i + 1) & (ix->cap - 1);
    return i;
}

static int grow(name_index *ix)
{
    name_index bigger;
    if (name_index_init(&bigger, ix->count + 1) != 0) /* twice the slots */
        return -1;
    for (size_t i = 0; i < ix->cap; i++) {
        const name_slot *from = &ix->slots[i];
        if (!from->key)
            continue;
        size_t j = (size_t)from->hash & (bigger.cap - 1);
        while (bigger.slots[j].key) /* keys are distinct: no compare */
            j = (j + 1) & (bigger.cap - 1);
        bigger.slots[j] = *from;
    }
    bigger.count = ix->count;
    name_index_free(ix);
    *ix = bigger;
    return 0;
}

int name_index_put(name_index *ix, const char *key, int value)
{
    if (ix->failed)
        return -2;
    if ((ix->count + 1) * 2 > ix->cap && grow(ix) != 0) {
        ix->failed = 1;
        return -2;
    }
    uint32_t h = (uint32_t)hash(key);
    name_slot *s = &ix->slots[slot(ix, key, h)];
    if (s->key)
        return s->value;
    *s = (name_slot){key, h, value};
    ix->count++;
    return -1;
}

int name_index_get(const name_index *ix, const char *key)
{
    if (!ix->cap)
        return -1;
    const name_slot *s = &ix->slots[slot(ix, key, (uint32_t)hash(key))];
    return s->key ? s->value : -1;
}

void text_fold(char *out, size_t size, const char *in)
{
    size_t j = 0;
    int space = 0;
    for (const unsigned char *p = (const unsigned char *)in; *p; p++) {
        if (isspace(*p)) {
            space = j > 0;
            continue;
        }
        if (j + 1 + (size_t)space >= size)
            break;
        if (space)
            out[j++] = ' ';
        space = 0;
        out[j++] = (char)*p;
    }
    out[j] = '\0';
}
