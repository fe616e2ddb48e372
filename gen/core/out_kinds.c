/* out_kinds.c - the kinds of output and their directories (out_kinds.h). */
#include "core/out_kinds.h"

#include <stdio.h>
#include <string.h>

#include "core/names.h"

static const struct kind {
    const char *name;
    const char *dir; /* below the output directory, with its '/' */
} kinds[OUT_KINDS] = {
    {"c", "include/"},
    {"docs", "docs/"},
    {"perf", "perf/"},
    {"streamline", "streamline/"},
};

unsigned out_kind_bit(int i)
{
    return 1u << i;
}

unsigned out_kind_of(const char *name)
{
    for (int i = 0; name && i < OUT_KINDS; i++)
        if (strncmp(name, kinds[i].dir, strlen(kinds[i].dir)) == 0)
            return out_kind_bit(i);
    return 0;
}

static unsigned kind_named(const char *word, size_t len)
{
    for (int i = 0; i < OUT_KINDS; i++)
        if (strlen(kinds[i].name) == len && strncmp(kinds[i].name, word, len) == 0)
            return out_kind_bit(i);
    return 0;
}

/* Why `word` (len bytes) is no kind, into why: the closest name, then
 * every name. */
static void explain(const char *list, const char *word, size_t len, char *why, size_t n)
{
    char typed[64], valid[64] = "";
    snprintf(typed, sizeof typed, "%.*s", (int)(len < 60 ? len : 60), word);
    name_hint h = name_hint_for(typed);
    for (int i = 0; i < OUT_KINDS; i++) {
        name_hint_offer(&h, kinds[i].name);
        size_t used = strlen(valid);
        snprintf(valid + used, sizeof valid - used, "%s%s", i ? ", " : "", kinds[i].name);
    }
    if (!*list)
        snprintf(why, n, "an empty list (valid: %s)", valid);
    else if (len == 0)
        snprintf(why, n, "an empty word in '%s' (valid: %s)", list, valid);
    else if (h.best)
        snprintf(why, n, "unknown output '%s' (did you mean '%s'? valid: %s)", typed, h.best,
                 valid);
    else
        snprintf(why, n, "unknown output '%s' (valid: %s)", typed, valid);
}

int out_kinds_parse(const char *list, unsigned *kinds_out, char *why, size_t n)
{
    unsigned set = 0;
    for (const char *word = list;; word += strcspn(word, ",") + 1) {
        size_t len = strcspn(word, ",");
        unsigned k = kind_named(word, len);
        if (!k) {
            explain(list, word, len, why, n);
            return -1;
        }
        set |= k;
        if (word[len] == '\0')
            break;
    }
    *kinds_out = set;
    return 0;
}
