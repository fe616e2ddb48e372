/* diff_audit.c - `hwcgen audit` (diff_audit.h). */
#include "diff/diff_audit.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "core/mali_products.h"
#include "core/json.h"
#include "diff/diff_oa.h"
#include "run/pipeline.h"

enum { AUDIT_SAME = 0, AUDIT_DIFFERS = 1, AUDIT_ERROR = 2 };

/* Every target of every source, with the source it came from. */
enum { KEY_SIZE = 64 };

typedef struct member {
    hw_target *t;
    int source;
    /* a GPU's product ids with those of every GPU that shares one with
     * them ("gpu 0x9001 0x9003"): one device, whichever ids a file gives
     * (Arm's database may name Mali-G57 by either); "" for a CPU */
    char gpu[KEY_SIZE];
} member;

typedef struct audit {
    member *m;
    int n;
    hw_target ***ts; /* per source, as loaded */
    hw_plan **ps;
    int *nts;
    int nsources;
} audit;

enum { KEYS_MAX = 16, IDS_MAX = 8 };

/* The devices member i describes, "cpu 0x410FD400", "gpu 0x9001 0x9003"
 * or "intel chv", into keys (at most max); how many. A perf directory
 * that serves two cores describes two devices; a GPU's ids are one; an
 * Intel OA file's platform is Mesa's chipset (diff_oa.c). */
static int device_keys(const audit *a, int i, char keys[][KEY_SIZE], int max)
{
    const hw_target *t = a->m[i].t;
    int n = 0;
    if ((t->implementer || t->part_num) && n < max)
        snprintf(keys[n++], KEY_SIZE, "cpu 0x%08X", (unsigned)target_midr(t));
    for (int c = 0; c < t->ncores && n < max; c++)
        snprintf(keys[n++], KEY_SIZE, "cpu 0x%08X",
                 (unsigned)((t->cores[c].implementer & 0xFFu) << 24 | 0xFu << 16 |
                            (t->cores[c].part_num & 0xFFFu) << 4));
    if (a->m[i].gpu[0] && n < max)
        snprintf(keys[n++], KEY_SIZE, "%s", a->m[i].gpu);
    const char *platform = diff_oa_platform(t);
    if (platform && n < max)
        snprintf(keys[n++], KEY_SIZE, "intel %s", platform);
    return n;
}

static int has_id(const uint32_t *ids, int n, uint32_t id)
{
    for (int k = 0; k < n; k++)
        if (ids[k] == id)
            return 1;
    return 0;
}

static int by_value(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return a < b ? -1 : a > b;
}

/* Member i's GPU key: its ids and, until none is added, those of every
 * member that shares one (in increasing order). */
static void gpu_key(audit *a, int i)
{
    uint32_t ids[IDS_MAX];
    const uint32_t *own;
    int n = 0, grew = 1, nown = mali_target_ids(a->m[i].t, &own);
    for (int k = 0; k < nown && n < IDS_MAX; k++)
        if (!has_id(ids, n, own[k]))
            ids[n++] = own[k];
    while (grew && n) {
        grew = 0;
        for (int j = 0; j < a->n; j++) {
            const uint32_t *o;
            int no = mali_target_ids(a->m[j].t, &o), shares = 0;
            for (int k = 0; k < no; k++)
                shares |= has_id(ids, n, o[k]);
            for (int k = 0; shares && k < no && n < IDS_MAX; k++)
                if (!has_id(ids, n, o[k]))
                    ids[n++] = o[k], grew = 1;
        }
    }
    qsort(ids, (size_t)n, sizeof *ids, by_value);
    a->m[i].gpu[0] = '\0';
    for (int k = 0; k < n; k++) {
        size_t len = strlen(a->m[i].gpu);
        snprintf(a->m[i].gpu + len, KEY_SIZE - len, "%s0x%04X", k ? " " : "gpu ",
                 (unsigned)ids[k]);
    }
}

/* ---- which sources agree ---------------------------------------------------- */

/* A counter's key across formats (its hardware name, else its name, in
 * lower case) and what places it: its code, or its block number and
 * index. */
static void fact_of(const hw_target *t, const hw_event *e, char *key, size_t ksize, char *val,
                    size_t vsize)
{
    snprintf(key, ksize, "%s", e->hw_name ? e->hw_name : e->name);
    for (char *p = key; *p; p++)
        *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    if (e->has_code)
        snprintf(val, vsize, "code 0x%04llX", (unsigned long long)e->code);
    else if (e->block >= 0)
        snprintf(val, vsize, "block %d[%d]", t->blocks[e->block].id, e->index);
    else
        snprintf(val, vsize, "none");
}

static int find_event_key(const hw_target *t, const char *key, char *val, size_t vsize)
{
    char k[256];
    for (int i = 0; i < t->nevents; i++) {
        fact_of(t, &t->events[i], k, sizeof k, val, vsize);
        if (strcmp(k, key) == 0)
            return i;
    }
    return -1;
}

/* One counter that three or more members have: "KEY: VALUE in A, B;
 * VALUE in C" when they do not all agree. */
static void agree_line(hw_buf *b, const audit *a, const int *members, int nm, const char *key,
                       const char *label, cJSON *json)
{
    char vals[KEYS_MAX][64], v[64];
    const char *who[KEYS_MAX];
    int n = 0, same = 1;
    for (int y = 0; y < nm && n < KEYS_MAX; y++)
        if (find_event_key(a->m[members[y]].t, key, v, sizeof v) >= 0) {
            snprintf(vals[n], sizeof vals[n], "%s", v);
            who[n] = a->m[members[y]].t->spec_path;
            same &= strcmp(vals[n], vals[0]) == 0;
            n++;
        }
    if (n < 3 || same)
        return;
    buf_printf(b, "  agreement  %s:", label);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "counter", label);
    for (int k = 0; k < n; k++) {
        int seen = 0;
        for (int p = 0; p < k; p++)
            seen |= strcmp(vals[p], vals[k]) == 0;
        if (seen)
            continue;
        buf_printf(b, "%s %s in", k ? ";" : "", vals[k]);
        cJSON *list = cJSON_AddArrayToObject(o, vals[k]);
        for (int x = k, first = 1; x < n; x++)
            if (strcmp(vals[x], vals[k]) == 0) {
                buf_printf(b, "%s %s", first ? "" : ",", who[x]);
                cJSON_AddItemToArray(list, cJSON_CreateString(who[x]));
                first = 0;
            }
    }
    buf_putc(b, '\n');
    cJSON_AddItemToArray(json, o);
}

/* For a group of three or more, each counter they do not all place
 * alike, reported once, by the first member that has it. */
static void agreement(hw_buf *b, const audit *a, const int *members, int nm, cJSON *json)
{
    for (int x = 0; x < nm; x++) {
        const hw_target *t = a->m[members[x]].t;
        for (int i = 0; i < t->nevents; i++) {
            char key[256], val[64], v[64];
            fact_of(t, &t->events[i], key, sizeof key, val, sizeof val);
            int earlier = 0;
            for (int y = 0; y < x && !earlier; y++)
                earlier = find_event_key(a->m[members[y]].t, key, v, sizeof v) >= 0;
            if (!earlier)
                agree_line(b, a, members, nm, key,
                           t->events[i].hw_name ? t->events[i].hw_name : t->events[i].name,
                           json);
        }
    }
}

/* ---- the pairs ------------------------------------------------------------------ */

static int listed(const hw_diff *df, const diff_opts *o)
{
    for (int i = 0; i < df->nchanges; i++)
        if (diff_listed(df->changes[i].cls, o->all, o->fail_on))
            return 1;
    return 0;
}

/* Every pair of the group's members from two sources. */
static int audit_pairs(hw_buf *b, const audit *a, const int *members, int nm, const diff_opts *o,
                       cJSON *pairs, int *shown)
{
    int rc = AUDIT_SAME;
    for (int x = 0; x < nm; x++)
        for (int y = x + 1; y < nm; y++) {
            const member *p = &a->m[members[x]], *q = &a->m[members[y]];
            if (p->source == q->source)
                continue;
            hw_diff df;
            if (diff_sources(&df, p->t, q->t) != 0) {
                diff_free(&df);
                return AUDIT_ERROR;
            }
            if (listed(&df, o)) {
                if (o->format == DIFF_FORMAT_JSON)
                    cJSON_AddItemToArray(pairs, diff_report_json(&df, o->all, o->fail_on));
                else
                    diff_report(b, &df, o->format, o->all, o->fail_on);
                ++*shown;
            }
            if (diff_matters(&df, o->fail_on))
                rc = AUDIT_DIFFERS;
            diff_free(&df);
        }
    return rc;
}

/* One device's group: heading, pairs, agreement. -1 when its members
 * come from one source only (nothing to compare). */
static int audit_group(hw_buf *b, const audit *a, const char *key, const int *members, int nm,
                       const diff_opts *o, cJSON *devices, int *shown)
{
    int sources = 0;
    for (int i = 0; i < nm; i++) {
        int again = 0;
        for (int k = 0; k < i; k++)
            again |= a->m[members[k]].source == a->m[members[i]].source;
        sources += !again;
    }
    if (sources < 2)
        return -1;
    int md = o->format == DIFF_FORMAT_MARKDOWN, json = o->format == DIFF_FORMAT_JSON;
    hw_buf body, agreed;
    buf_init(&body);
    buf_init(&agreed);
    cJSON *dev = cJSON_CreateObject();
    cJSON_AddStringToObject(dev, "device", key);
    cJSON *pairs = cJSON_AddArrayToObject(dev, "pairs");
    cJSON *agree = cJSON_AddArrayToObject(dev, "agreement");
    int rc = audit_pairs(&body, a, members, nm, o, pairs, shown);
    agreement(&agreed, a, members, nm, agree);
    if (!json) {
        buf_printf(b, md ? "\n## Device %s\n\n" : "\ndevice %s:\n", key);
        for (int k = 0; k < nm; k++) {
            const hw_target *t = a->m[members[k]].t;
            buf_printf(b, md ? "- `%s` (%s, %s)\n" : "  %s (%s, %s)\n", t->spec_path,
                       t->name ? t->name : t->id, t->format);
        }
        buf_puts(b, body.data ? body.data : "");
        if (agreed.len)
            buf_printf(b, "\n%s", agreed.data);
    }
    cJSON *who = cJSON_AddArrayToObject(dev, "sources");
    for (int k = 0; k < nm; k++)
        cJSON_AddItemToArray(who, cJSON_CreateString(a->m[members[k]].t->spec_path));
    cJSON_AddItemToArray(devices, dev);
    b->failed |= body.failed | agreed.failed;
    buf_free(&body);
    buf_free(&agreed);
    return rc;
}

/* The targets stating device key `key`, in load order; how many. */
static int members_of(const audit *a, const char *key, int *members, int max)
{
    int nm = 0;
    for (int i = 0; i < a->n && nm < max; i++) {
        char k[KEYS_MAX][KEY_SIZE];
        int n = device_keys(a, i, k, KEYS_MAX), has = 0;
        for (int x = 0; x < n; x++)
            has |= strcmp(k[x], key) == 0;
        if (has)
            members[nm++] = i;
    }
    return nm;
}

/* Whether target i's key x comes after one in the audit's order (target
 * j's key y, j before i, or y before x at i) that is the same key or
 * names the same members: each device is audited once. */
static int key_seen(const audit *a, int i, int x, const int *members, int nm)
{
    char mine[KEYS_MAX][KEY_SIZE], k[KEYS_MAX][KEY_SIZE];
    device_keys(a, i, mine, KEYS_MAX);
    for (int j = 0; j <= i; j++) {
        int n = device_keys(a, j, k, KEYS_MAX);
        for (int y = 0; y < n && (j < i || y < x); y++) {
            int other[256];
            if (strcmp(k[y], mine[x]) == 0 ||
                (members_of(a, k[y], other, 256) == nm &&
                 memcmp(other, members, sizeof *members * (size_t)nm) == 0))
                return 1;
        }
    }
    return 0;
}

/* ---- all of it ------------------------------------------------------------------ */

static int load_all(audit *a, char **paths, int npaths, hw_diag *d)
{
    a->nsources = npaths;
    a->ts = calloc((size_t)npaths, sizeof *a->ts);
    a->ps = calloc((size_t)npaths, sizeof *a->ps);
    a->nts = calloc((size_t)npaths, sizeof *a->nts);
    if (!a->ts || !a->ps || !a->nts)
        return -1;
    /* a file under two names (a link) is one source: else every pair
     * with it would be reported twice, once against itself */
    char *skip = calloc((size_t)npaths + 1, 1);
    if (!skip || run_skip_same_files(paths, npaths, skip, d) != 0) {
        free(skip);
        return -1;
    }
    int failed = 0, total = 0;
    for (int s = 0; s < npaths; s++) {
        if (!skip[s])
            failed |= run_open_all(paths[s], &a->ts[s], &a->ps[s], &a->nts[s], d) != 0;
        total += a->nts[s];
    }
    free(skip);
    a->m = calloc((size_t)total + 1, sizeof *a->m);
    if (!a->m)
        return -1;
    for (int s = 0; s < npaths; s++)
        for (int i = 0; i < a->nts[s]; i++)
            a->m[a->n++] = (member){a->ts[s][i], s, ""};
    if (failed)
        return -1; /* an unusable target is NULL */
    for (int i = 0; i < a->n; i++)
        gpu_key(a, i);
    return 0;
}

static void free_all(audit *a)
{
    for (int s = 0; s < a->nsources && a->ts; s++)
        run_free_all(a->ts[s], a->ps[s], a->nts[s]);
    free(a->ts), free(a->ps), free(a->nts), free(a->m);
}

static void put_json(hw_buf *out, cJSON *root)
{
    char *text = json_print(root);
    buf_puts(out, text ? text : "");
    buf_putc(out, '\n');
    out->failed |= !text;
    cJSON_free(text);
}

int audit_paths(char **paths, int npaths, const diff_opts *o, hw_buf *out, hw_diag *d)
{
    audit a = {0};
    int rc = AUDIT_ERROR;
    if (load_all(&a, paths, npaths, d) == 0) {
        cJSON *root = cJSON_CreateObject();
        cJSON_AddNumberToObject(root, "version", 1);
        cJSON *devices = cJSON_AddArrayToObject(root, "devices");
        int md = o->format == DIFF_FORMAT_MARKDOWN, ndev = 0, shown = 0;
        if (o->format != DIFF_FORMAT_JSON)
            buf_printf(out, md ? "# hwcgen audit: %d sources, %d targets\n"
                               : "hwcgen audit: %d sources, %d targets\n", npaths, a.n);
        rc = AUDIT_SAME;
        for (int i = 0; i < a.n && rc != AUDIT_ERROR; i++) {
            char k[KEYS_MAX][KEY_SIZE];
            int nk = device_keys(&a, i, k, KEYS_MAX);
            for (int x = 0; x < nk && rc != AUDIT_ERROR; x++) {
                int members[256], nm = members_of(&a, k[x], members, 256);
                if (key_seen(&a, i, x, members, nm))
                    continue;
                int r = audit_group(out, &a, k[x], members, nm, o, devices, &shown);
                ndev += r >= 0;
                rc = r > rc ? r : rc;
            }
        }
        cJSON_AddNumberToObject(root, "status", rc == AUDIT_ERROR ? 2 : rc);
        if (o->format == DIFF_FORMAT_JSON) {
            put_json(out, root);
        } else {
            buf_printf(out, "\n%s%d device%s described by two or more sources; %d pair%s with "
                            "disagreements listed\n", md ? "**Summary:** " : "summary: ",
                       ndev, ndev == 1 ? "" : "s", shown, shown == 1 ? "" : "s");
        }
        cJSON_Delete(root);
    }
    free_all(&a);
    return out->failed ? AUDIT_ERROR : rc;
}
