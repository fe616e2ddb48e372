/* check_revisions.c - revisions of one part side by side. */
#include "check_revisions.h"

#include <inttypes.h>
#include <string.h>

#include "arena.h"

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

/* What differs between the events and metrics of a and b. */
static void differences(const hw_target *a, const hw_target *b, hw_buf *out)
{
    names_list only_a = {{0}, 0}, only_b = {{0}, 0}, codes = {{0}, 0}, formulas = {{0}, 0};
    buf_init(&only_a.text);
    buf_init(&only_b.text);
    buf_init(&codes.text);
    buf_init(&formulas.text);
    for (int i = 0; i < b->nevents; i++) {
        int k = ir_find_event(a, b->events[i].name);
        if (k < 0)
            names_add(&only_b, b->events[i].name);
        else if (a->events[k].code != b->events[i].code)
            names_add(&codes, b->events[i].name);
    }
    for (int i = 0; i < a->nevents; i++)
        if (ir_find_event(b, a->events[i].name) < 0)
            names_add(&only_a, a->events[i].name);
    char what_a[64], what_b[64];
    snprintf(what_a, sizeof what_a, "events only in %s", a->revision);
    snprintf(what_b, sizeof what_b, "events only in %s", b->revision);
    names_say(out, &only_b, what_b);
    names_say(out, &only_a, what_a);
    names_say(out, &codes, "events with another code");
    only_a.n = only_b.n = 0;
    buf_reset(&only_a.text);
    buf_reset(&only_b.text);
    for (int i = 0; i < b->nmetrics; i++) {
        int k = ir_find_metric(a, b->metrics[i].name);
        if (k < 0)
            names_add(&only_b, b->metrics[i].name);
        else if (!same_text(a->metrics[k].formula, b->metrics[i].formula))
            names_add(&formulas, b->metrics[i].name);
    }
    for (int i = 0; i < a->nmetrics; i++)
        if (ir_find_metric(b, a->metrics[i].name) < 0)
            names_add(&only_a, a->metrics[i].name);
    snprintf(what_a, sizeof what_a, "metrics only in %s", a->revision);
    snprintf(what_b, sizeof what_b, "metrics only in %s", b->revision);
    names_say(out, &only_b, what_b);
    names_say(out, &only_a, what_a);
    names_say(out, &formulas, "metrics with another formula");
    if (out->len == 0)
        buf_puts(out, "; the same events, codes and formulas");
    buf_free(&only_a.text);
    buf_free(&only_b.text);
    buf_free(&codes.text);
    buf_free(&formulas.text);
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

static int same_part(const hw_target *a, const hw_target *b)
{
    return target_is_cpu_pmu(a) && target_is_cpu_pmu(b) && target_midr(a) == target_midr(b);
}

void check_revisions_explain(hw_target *const *targets, int n, hw_diag *d)
{
    for (int i = 0; i < n; i++) {
        const hw_target *t = targets[i];
        int earlier = 0, others = 0, best = i;
        for (int j = 0; j < i && !earlier; j++)
            earlier = same_part(targets[j], t);
        if (earlier || !target_is_cpu_pmu(t))
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
