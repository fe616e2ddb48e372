/* check_revisions.c - revisions of one part side by side. */
#include "check/check_revisions.h"

#include <inttypes.h>
#include <string.h>

#include "core/arena.h"

/* Up to three names, then "and N more". */
typedef struct names_list {
    hw_buf text;
    int n;
} names_list;

static void names_add(names_list *l, const char *name)
{
    if (l->n < 3)
        buf_printf(&l->text, "%s%s", l->n ? ", " : "", name);
    l->n++;
}

/* "2 events only in r0p3 (A, B)": appended to out when l has names. */
static void names_say(hw_buf *out, names_list *l, const char *what)
{
    if (l->n == 0)
        return;
    buf_printf(out, "; %d %s (%s%s", l->n, what, l->text.data ? l->text.data : "",
               l->n > 3 ? ", ..." : "");
    buf_puts(out, ")");
}

static int same_text(const char *x, const char *y)
{
    return (!x && !y) || (x && y && strcmp(x, y) == 0);
}

/* The events (events set) or the metrics of t, read alike. */
static int item_count(const hw_target *t, int events)
{
    return events ? t->nevents : t->nmetrics;
}

static const char *item_name(const hw_target *t, int events, int i)
{
    return events ? t->events[i].name : t->metrics[i].name;
}

static int item_find(const hw_target *t, int events, const char *name)
{
    return events ? ir_find_event(t, name) : ir_find_metric(t, name);
}

/* An event's code, a metric's formula. */
static int item_differs(const hw_target *a, int ia, const hw_target *b, int ib, int events)
{
    return events ? a->events[ia].code != b->events[ib].code
                  : !same_text(a->metrics[ia].formula, b->metrics[ib].formula);
}

/* What differs between the events (or metrics) of a and b. */
static void compare(const hw_target *a, const hw_target *b, int events, hw_buf *out)
{
    const char *what = events ? "events" : "metrics";
    names_list only_a = {{0}, 0}, only_b = {{0}, 0}, changed = {{0}, 0};
    buf_init(&only_a.text);
    buf_init(&only_b.text);
    buf_init(&changed.text);
    for (int i = 0; i < item_count(b, events); i++) {
        int k = item_find(a, events, item_name(b, events, i));
        if (k < 0)
            names_add(&only_b, item_name(b, events, i));
        else if (item_differs(a, k, b, i, events))
            names_add(&changed, item_name(b, events, i));
    }
    for (int i = 0; i < item_count(a, events); i++)
        if (item_find(b, events, item_name(a, events, i)) < 0)
            names_add(&only_a, item_name(a, events, i));
    char label[96];
    snprintf(label, sizeof label, "%s only in %s", what, b->revision);
    names_say(out, &only_b, label);
    snprintf(label, sizeof label, "%s only in %s", what, a->revision);
    names_say(out, &only_a, label);
    names_say(out, &changed, events ? "events with another code" : "metrics with another formula");
    buf_free(&only_a.text);
    buf_free(&only_b.text);
    buf_free(&changed.text);
}

static void differences(const hw_target *a, const hw_target *b, hw_buf *out)
{
    compare(a, b, 1, out);
    compare(a, b, 0, out);
    if (out->len == 0)
        buf_puts(out, "; the same events, codes and formulas");
}

int check_revisions(const hw_target *a, const hw_target *b)
{
    return a->has_revision && b->has_revision && strcmp(a->revision, b->revision) != 0 ? 0 : -1;
}

/* A note at b: what tells it apart from a, an earlier revision given. */
static void explain(const hw_target *a, const hw_target *b, hw_diag *d)
{
    char first[512];
    loc_where(first, sizeof first, &a->loc);
    hw_buf diff;
    buf_init(&diff);
    differences(a, b, &diff);
    diag_note(d, &b->loc, "target '%s' (%s) and '%s' (%s, at %s) are revisions of one "
              "part, told apart by their names: %s here, %s there%s", b->name, b->revision,
              a->name, a->revision, first, b->slug, a->slug, diff.data ? diff.data : "");
    buf_free(&diff);
}

/* Not a perf tree's CPUs: they have no MIDR (its mapfile finds them). */
static int same_part(const hw_target *a, const hw_target *b)
{
    if (target_is_perf_tree(a) || target_is_perf_tree(b))
        return 0;
    return target_is_cpu_pmu(a) && target_is_cpu_pmu(b) && target_midr(a) == target_midr(b);
}

/* Two CPUs of other parts under one product name: most often a spec
 * copied for a new part whose product_name was left as it was. Its
 * outputs would then be told apart only by a revision, which need not
 * differ (Neoverse V1 r1p2 copied as part 0xd98 is "Neoverse V1 r1p2",
 * the revision of the original). Said at the later one, naming both. */
static void same_product_name(hw_target *const *targets, int n, hw_diag *d)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++) {
            const hw_target *a = targets[j], *b = targets[i];
            if (!a->part_name || !b->part_name || strcmp(a->part_name, b->part_name) != 0 ||
                !target_is_cpu_pmu(a) || !target_is_cpu_pmu(b) ||
                target_is_perf_tree(a) || target_is_perf_tree(b) ||
                target_midr(a) == target_midr(b))
                continue;
            char first[512];
            loc_where(first, sizeof first, &a->loc);
            diag_warning(d, &b->loc, "target '%s' (MIDR 0x%08" PRIX32 "): product name '%s' "
                         "is also that of the target at %s, another part (MIDR 0x%08" PRIX32
                         "); give each part its own product_name", b->name, target_midr(b),
                         b->part_name, first, target_midr(a));
            break; /* once per target: the first it meets says it */
        }
}

void check_revisions_explain(hw_target *const *targets, int n, hw_diag *d)
{
    same_product_name(targets, n, d);
    for (int i = 0; i < n; i++) {
        const hw_target *t = targets[i];
        int earlier = 0, others = 0, best = i;
        for (int j = 0; j < i && !earlier; j++)
            earlier = same_part(targets[j], t);
        if (earlier || !target_is_cpu_pmu(t) || target_is_perf_tree(t))
            continue; /* explained with the first revision of its part */
        for (int j = i + 1; j < n; j++) {
            if (!same_part(targets[j], t))
                continue;
            explain(t, targets[j], d);
            others++;
            if (revision_order(targets[j], targets[best]) < 0)
                best = j;
        }
        if (!others)
            continue;
        const hw_target *p = targets[best];
        diag_note(d, &p->loc, "MIDR 0x%08" PRIX32 " (%s, %d revisions): perf's mapfile "
                  "lists one directory per part: %s/%s, %s %s", target_midr(p), p->part_name,
                  others + 1, p->vendor, p->slug, p->revision,
                  p->revision_reference ? "(the part's reference revision)"
                                        : "(the latest revision given)");
    }
}
