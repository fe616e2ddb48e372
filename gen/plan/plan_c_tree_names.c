/* plan_c_tree_names.c - stems, qualification by PMU and unique names for the
 * metrics header of a perf tree's directory (plan_c_tree_names.h). */
#include "plan/plan_c_tree_names.h"

#include <ctype.h>
#include <string.h>

#include "core/expr.h"
#include "core/names.h"
#include "core/perf_lang.h"

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int ends(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n > k && strcmp(s + n - k, suffix) == 0;
}

/* glibc's math constants (M_PI), also with a type's suffix (M_PIl,
 * M_PIf128) */
static int is_math_constant(const char *s)
{
    static const char *const names[] = {
        "M_E", "M_LOG2E", "M_LOG10E", "M_LN2", "M_LN10", "M_PI", "M_PI_2", "M_PI_4",
        "M_1_PI", "M_2_PI", "M_2_SQRTPI", "M_SQRT2", "M_SQRT1_2"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(s, names[i], n) != 0)
            continue;
        const char *rest = s + n;
        if (!*rest || strcmp(rest, "l") == 0 ||
            (rest[0] == 'f' && rest[1] && strspn(rest + 1, "0123456789x") == strlen(rest + 1)))
            return 1;
    }
    return 0;
}

/* Object-like macros of <math.h>, <stddef.h> and <stdint.h> (C99 to C23,
 * glibc's defaults included) and the system names GNU modes predefine:
 * a member spelled so would be replaced by the preprocessor. */
static int is_macro(const char *s)
{
    static const char *const exact[] = {
        "NAN", "INFINITY", "HUGE_VAL", "HUGE_VALF", "HUGE_VALL", "NULL",
        "MATH_ERRNO", "MATH_ERREXCEPT", "math_errhandling", "unix", "linux",
        "i386", "offsetof", "errno", "FP_NAN", "FP_INFINITE", "FP_ZERO",
        "FP_SUBNORMAL", "FP_NORMAL", "FP_FAST_FMA", "FP_FAST_FMAF", "FP_FAST_FMAL",
        "FP_ILOGB0", "FP_ILOGBNAN", "FP_LLOGB0", "FP_LLOGBNAN", "FP_INT_UPWARD",
        "FP_INT_DOWNWARD", "FP_INT_TOWARDZERO", "FP_INT_TONEARESTFROMZERO",
        "FP_INT_TONEAREST",
    };
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        if (strcmp(exact[i], s) == 0)
            return 1;
    /* INT8_MAX, UINT64_C, SIZE_WIDTH... */
    static const char *const limited[] = {"INT", "UINT", "SIZE", "PTRDIFF", "SIG_ATOMIC",
                                          "WCHAR", "WINT"};
    for (size_t i = 0; i < sizeof limited / sizeof limited[0]; i++)
        if (starts(s, limited[i]) &&
            (ends(s, "_MIN") || ends(s, "_MAX") || ends(s, "_WIDTH") || ends(s, "_C")))
            return 1;
    return is_math_constant(s);
}

/* Could s be a keyword or one of those macros? Most members cannot: the
 * longest of them has 24 characters, and none starts with a digit or
 * with most capitals. */
static int maybe_reserved(const char *s, size_t n)
{
    return n <= 24 && (islower((unsigned char)s[0]) || strchr("FHIMNPSUW", s[0]));
}

void c_tree_stem(char *out, size_t size, const char *prefix, const char *text,
                 int member)
{
    size_t n = strlen(prefix);
    if (n >= size)
        n = size - 1;
    memcpy(out, prefix, n);
    for (const char *s = text; *s && n + 1 < size; s++) {
        if (isalnum((unsigned char)*s) && (unsigned char)*s < 0x80)
            out[n++] = *s;
        else if (n && out[n - 1] != '_')
            out[n++] = '_';
    }
    while (n && out[n - 1] == '_')
        n--;
    out[n] = '\0';
    if (member && (!n || isdigit((unsigned char)out[0]) ||
                   (maybe_reserved(out, n) && (name_is_keyword(out) || is_macro(out))))) {
        if (n + 3 > size)
            n = size - 3;
        memmove(out + 2, out, n);
        memcpy(out, "v_", 2);
        out[n + 2] = '\0';
    }
}

/* ---- which names two PMUs share ------------------------------------------ */

/* The name of item i and its PMU. */
typedef const char *name_at_fn(const hw_target *t, int i, const char **pmu);

static const char *event_at(const hw_target *t, int i, const char **pmu)
{
    *pmu = t->events[i].pmu;
    return t->events[i].name;
}

static const char *metric_at(const hw_target *t, int i, const char **pmu)
{
    *pmu = t->metrics[i].pmu;
    return t->metrics[i].name;
}

/* `name` in lower case into out (cut to size). */
static void folded(char *out, size_t size, const char *name)
{
    size_t n = 0;
    for (; name && name[n] && n + 1 < size; n++)
        out[n] = (char)tolower((unsigned char)name[n]);
    out[n] = '\0';
}

/* many[i] for each wanted item (want NULL: all): whether any item of the
 * n, wanted or not, has its name (case ignored) on another PMU. The
 * wanted names are indexed; every item is looked up once. */
static int find_shared(char *many, const hw_target *t, int n, const char *want,
                       name_at_fn *at, hw_arena *a)
{
    name_index first; /* folded name -> first wanted item of that name */
    int *first_of = arena_alloc(a, ((size_t)n + 1) * sizeof *first_of);
    char *on_many = arena_alloc(a, (size_t)n + 1); /* per first wanted item */
    if (!first_of || !on_many || name_index_init(&first, 64) != 0)
        return -1;
    char key[512];
    const char *pmu, *name;
    for (int i = 0; i < n; i++) {
        first_of[i] = -1;
        if (want && !want[i])
            continue;
        name = at(t, i, &pmu);
        folded(key, sizeof key, name);
        char *kept = arena_strdup(a, key);
        int f = kept ? name_index_put(&first, kept, i) : -2;
        if (f == -2) {
            name_index_free(&first);
            return -1;
        }
        first_of[i] = f >= 0 ? f : i;
    }
    for (int i = 0; i < n; i++) {
        name = at(t, i, &pmu);
        folded(key, sizeof key, name);
        int f = name_index_get(&first, key);
        const char *fp;
        if (f >= 0 && (at(t, f, &fp), strcmp(perf_pmu_or_cpu(fp), perf_pmu_or_cpu(pmu)) != 0))
            on_many[f] = 1;
    }
    for (int i = 0; i < n; i++)
        many[i] = first_of[i] >= 0 && on_many[first_of[i]];
    name_index_free(&first);
    return 0;
}

/* ---- unique names ---------------------------------------------------------- */

typedef struct taken {
    name_index names;
    hw_arena *a;
    int failed;
} taken;

static int is_taken(taken *k, const char *name)
{
    return name_index_get(&k->names, name) >= 0;
}

static void take(taken *k, const char *name)
{
    if (!name || name_index_put(&k->names, name, 0) == -2)
        k->failed = 1;
}

/* `stem`, else stem_2, stem_3...: the first free one (with `suffix`
 * after it free too, when given), taken with it. */
static const char *unique(taken *k, const char *stem, const char *suffix)
{
    for (int i = 1;; i++) {
        const char *name = i == 1 ? arena_strdup(k->a, stem) : arena_printf(k->a, "%s_%d", stem, i);
        const char *also = name && suffix ? arena_printf(k->a, "%s%s", name, suffix) : NULL;
        if (!name || (suffix && !also)) {
            k->failed = 1;
            return NULL;
        }
        if (is_taken(k, name) || (also && is_taken(k, also)))
            continue;
        take(k, name);
        if (also)
            take(k, also);
        return name;
    }
}

static int taken_init(taken *k, size_t n, const char *const *fixed)
{
    if (name_index_init(&k->names, n + 16) != 0)
        return -1;
    for (; fixed && *fixed; fixed++)
        take(k, *fixed);
    return k->failed ? -1 : 0;
}

/* The stem of item `name` on `pmu`: with the PMU's stem first when
 * `qualify`; lower case unless `member`. */
static const char *item_stem(hw_arena *a, const char *name, const char *pmu, int qualify,
                             int member)
{
    char prefix[128] = "", stem[512];
    if (qualify) {
        c_tree_stem(prefix, sizeof prefix - 1, "", perf_pmu_or_cpu(pmu), 0);
        strcat(prefix, "_");
    }
    c_tree_stem(stem, sizeof stem, prefix, name ? name : "", member);
    if (!member) {
        for (char *p = stem; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        if (!*stem)
            strcpy(stem, "metric");
    }
    return arena_strdup(a, stem);
}

static int mark_event(void *ctx, hw_expr *ref)
{
    if (ref->ref == REF_EVENT)
        ((char *)ctx)[ref->index] = 1;
    return 0;
}

/* The events some formula or threshold reads. */
static char *used_events(const hw_target *t, hw_arena *a)
{
    char *used = arena_alloc(a, (size_t)t->nevents + 1);
    for (int i = 0; used && i < t->nmetrics; i++) {
        if (t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, mark_event, used);
        if (t->metrics[i].threshold_expr)
            expr_each_ref(t->metrics[i].threshold_expr, mark_event, used);
    }
    return used;
}

static const char *runtime_prefix(hw_runtime_kind kind)
{
    switch (kind) {
    case RUNTIME_HAS_EVENT: return "has_";
    case RUNTIME_CPUID: return "cpuid_";
    case RUNTIME_SOURCE_COUNT: return "sources_";
    default: return "";
    }
}

static void name_runtime(taken *k, const hw_target *t, const char **out)
{
    for (int i = 0; i < t->nruntime; i++) {
        const hw_runtime *r = &t->runtime[i];
        char stem[160];
        /* the literal's name without '#', else the symbol as written */
        c_tree_stem(stem, sizeof stem, runtime_prefix(r->kind),
                    r->kind == RUNTIME_LITERAL ? r->key + 1 : r->text, 1);
        out[i] = unique(k, stem, NULL);
    }
}

int c_tree_name_members(c_tree_members *m, const hw_target *t, hw_arena *out)
{
    hw_arena *a = arena_create();
    char *used = a ? used_events(t, a) : NULL;
    char *many = a ? arena_alloc(a, (size_t)t->nevents + 1) : NULL;
    const char **events = arena_alloc(out, ((size_t)t->nevents + 1) * sizeof *events);
    const char **runtime = arena_alloc(out, ((size_t)t->nruntime + 1) * sizeof *runtime);
    taken k = {{0}, out, 0};
    int ok = used && many && events && runtime &&
             find_shared(many, t, t->nevents, used, event_at, a) == 0 && taken_init(&k, 64, NULL) == 0;
    for (int i = 0; ok && i < t->nevents; i++) {
        if (!used[i])
            continue;
        const char *stem = item_stem(a, t->events[i].name, t->events[i].pmu, many[i], 1);
        ok = stem && (events[i] = unique(&k, stem, NULL)) != NULL;
    }
    if (ok)
        name_runtime(&k, t, runtime);
    name_index_free(&k.names);
    arena_free(a);
    *m = (c_tree_members){events, runtime};
    return ok && !k.failed ? 0 : -1;
}

/* The header's own names after <id>_ (functions, structs) and <ID>_METRIC_
 * (the count): no metric may take them. */
static const char *const fixed_metric_stems[] = {
    "count", "counters", "eval_all", "eval_many", "eval_thresholds", "metric_info",
    "group_info", "field_info", NULL};
static const char *const fixed_group_stems[] = {"count", NULL};

static int metric_names(c_tree_names *n, const hw_target *t, hw_arena *a)
{
    n->metrics = arena_alloc(a, ((size_t)t->nmetrics + 1) * sizeof *n->metrics);
    char *many = arena_alloc(a, (size_t)t->nmetrics + 1);
    taken k = {{0}, a, 0};
    int ok = n->metrics && many && find_shared(many, t, t->nmetrics, NULL, metric_at, a) == 0 &&
             taken_init(&k, 2 * (size_t)t->nmetrics, fixed_metric_stems) == 0;
    for (int i = 0; ok && i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        const char *stem = item_stem(a, m->name, m->pmu, many[i], 0);
        ok = stem && (n->metrics[i] = unique(&k, stem, m->threshold_expr ? "_threshold"
                                                                         : NULL)) != NULL;
    }
    name_index_free(&k.names);
    return ok && !k.failed ? 0 : -1;
}

static int group_names(c_tree_names *n, const hw_target *t, hw_arena *a)
{
    n->groups = arena_alloc(a, ((size_t)t->ngroups + 1) * sizeof *n->groups);
    taken k = {{0}, a, 0};
    int ok = n->groups && taken_init(&k, (size_t)t->ngroups, fixed_group_stems) == 0;
    for (int i = 0; ok && i < t->ngroups; i++) {
        if (t->groups[i].kind != GROUP_METRICS)
            continue;
        const char *stem = item_stem(a, t->groups[i].name, NULL, 0, 0);
        ok = stem && (n->groups[i] = unique(&k, stem, NULL)) != NULL;
    }
    name_index_free(&k.names);
    return ok && !k.failed ? 0 : -1;
}

int c_tree_names_make(c_tree_names *n, const hw_target *t, hw_arena *a)
{
    *n = (c_tree_names){NULL, NULL};
    return metric_names(n, t, a) == 0 && group_names(n, t, a) == 0 ? 0 : -1;
}
