/* perf_lang.c - literals, tool events and symbols of perf's metric
 * language (perf_lang.h). */
#include "core/perf_lang.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* perf 6.12 reads #smt_on and #system_tsc_freq in any case, the others
 * only as written here. */
static const perf_literal literals[] = {
    {"#num_cpus", 0, "CPUs present in the system"},
    {"#num_cpus_online", 0, "CPUs online"},
    {"#system_tsc_freq", 1, "frequency of the time-stamp counter in Hz (0 off x86)"},
    {"#smt_on", 1, "1 when simultaneous multithreading is on, else 0"},
    {"#core_wide", 0, "1 when every thread of each counted core is measured, else 0"},
    {"#num_packages", 0, "packages (sockets) with a CPU online"},
    {"#num_dies", 0, "dies with a CPU online"},
    {"#num_cores", 0, "cores with a CPU online"},
    {"#slots", 0, "issue slots per cycle, as the core PMU reports them"},
    {"#has_pmem", 0, "1 when the system has persistent memory, else 0"},
};

void perf_literal_names(char *out, size_t size)
{
    size_t at = 0;
    for (size_t i = 0; i < sizeof literals / sizeof literals[0] && at < size; i++) {
        int n = snprintf(out + at, size - at, "%s%s", i ? ", " : "", literals[i].name);
        at += n > 0 ? (size_t)n : 0;
    }
}

const perf_literal *perf_literal_find(const char *text, size_t len,
                                      int *known_in_case)
{
    if (known_in_case)
        *known_in_case = 0;
    for (size_t i = 0; i < sizeof literals / sizeof literals[0]; i++) {
        const perf_literal *l = &literals[i];
        if (strlen(l->name) != len)
            continue;
        if (strncmp(l->name, text, len) == 0)
            return l;
        if (strncasecmp(l->name, text, len) == 0) {
            if (l->any_case)
                return l;
            if (known_in_case)
                *known_in_case = 1;
        }
    }
    return NULL;
}

const char *perf_tool_event(const char *name)
{
    static const char *const tools[][2] = {
        {"duration_time", "wall-clock time of the measurement, in seconds"},
        {"user_time", "time the measured tasks ran in user space, in seconds"},
        {"system_time", "time the measured tasks ran in the kernel, in seconds"},
    };
    for (size_t i = 0; i < sizeof tools / sizeof tools[0]; i++)
        if (strcmp(tools[i][0], name) == 0)
            return tools[i][1];
    return NULL;
}

/* The text with perf's escapes ("\-", "\,", "\=") resolved. */
static char *unescape(hw_arena *a, const char *text)
{
    char *u = arena_strdup(a, text);
    if (!u)
        return NULL;
    char *to = u;
    for (const char *s = text; *s; s++) {
        if (*s == '\\' && s[1])
            s++;
        *to++ = *s;
    }
    *to = '\0';
    return u;
}

static const char *or_null(const char *s)
{
    return s && *s ? s : NULL;
}

/* Cut s at the first `c`: what follows it, or NULL when there is none. */
static char *cut(char *s, char c)
{
    char *at = strchr(s, c);
    if (!at)
        return NULL;
    *at = '\0';
    return at + 1;
}

static int looks_like_pmu(const char *s)
{
    if (!*s || strchr(s, '.'))
        return 0;
    for (; *s; s++)
        if (isupper((unsigned char)*s))
            return 0;
    return 1;
}

/* "pmu@event,terms@mods", or "event@terms@mods"; u is unescaped. */
static void split_at_form(hw_term *t, char *u)
{
    char *inner = cut(u, '@');
    char *last = strrchr(inner, '@');
    if (last) {
        *last = '\0';
        t->mods = or_null(last + 1);
    }
    char *terms = strchr(inner, ',');
    size_t first = terms ? (size_t)(terms - inner) : strlen(inner);
    if (first && !memchr(inner, '=', first)) {
        /* the first term names the event: the prefix is its PMU */
        t->pmu = or_null(u);
        t->config = terms ? or_null(cut(inner, ',')) : NULL;
        t->event = or_null(inner);
        return;
    }
    t->config = or_null(inner);
    if (looks_like_pmu(u))
        t->pmu = or_null(u);
    else
        t->event = or_null(u);
}

hw_term *perf_term_split(hw_arena *a, const char *text)
{
    hw_term *t = arena_alloc(a, sizeof *t);
    char *u = t ? unescape(a, text) : NULL;
    if (!u)
        return NULL;
    if (strchr(u, '@')) {
        split_at_form(t, u);
        return t;
    }
    t->mods = or_null(cut(u, ':'));
    t->config = or_null(cut(u, ','));
    t->event = or_null(u);
    return t;
}

const char *perf_pmu_or_cpu(const char *pmu)
{
    /* jevents.py names the PMU of an item without Unit "default_core" */
    return !pmu || strcmp(pmu, "default_core") == 0 ? "cpu" : pmu;
}

static const char *without_uncore(const char *pmu)
{
    return strncmp(pmu, "uncore_", 7) == 0 ? pmu + 7 : pmu;
}

int perf_pmu_matches(const char *term_pmu, const char *event_pmu)
{
    const char *ev = without_uncore(perf_pmu_or_cpu(event_pmu));
    const char *tp = without_uncore(term_pmu);
    size_t n = strlen(ev);
    if (strncmp(tp, ev, n) != 0)
        return 0;
    const char *rest = tp + n;
    if (*rest == '_')
        rest++;
    /* the PMU itself, or one of its numbered instances */
    return tp[n] == '\0' || (*rest && strspn(rest, "0123456789") == strlen(rest));
}

/* ---- names, as jevents.py keys them -------------------------------------- */

const char *perf_name_key(hw_arena *a, const char *name)
{
    char *c = arena_strdup(a, name);
    for (char *p = c; p && *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return c;
}

int perf_name_find(const name_index *keys, const char *name)
{
    char key[256];
    size_t i = 0;
    for (; name[i] && i + 1 < sizeof key; i++)
        key[i] = (char)tolower((unsigned char)name[i]);
    if (name[i])
        return -1; /* longer than any name a tree gives */
    key[i] = '\0';
    return name_index_get(keys, key);
}
