/* load_perf_files.c - reading a kernel's pmu-events tree (see load_perf_files.h). */
#include "load/load_perf_files.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "core/json.h"

/* The largest file of the tree read: the kernel's are well below 1 MiB. */
enum { PERF_FILE_MAX = 64 * 1024 * 1024 };

/* The whole of `path` into `b` (emptied first), NUL-terminated. 0; 1 when
 * there is no such file and missing_ok; -1 after reporting. */
int perf_tree_read(const char *path, hw_buf *b, int missing_ok, hw_diag *d)
{
    buf_reset(b);
    if (buf_read_file(b, path, PERF_FILE_MAX) != 0) {
        if (errno == ENOENT && missing_ok)
            return 1;
        hw_loc loc = loc_at(path, 0, 0);
        diag_error(d, &loc, "cannot read: %s", strerror(errno));
        return -1;
    }
    buf_putc(b, '\0'); /* a terminator, not counted */
    b->len--;
    return b->failed ? -1 : 0;
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int json_file(const struct dirent *e)
{
    return e->d_name[0] != '.' && has_suffix(e->d_name, ".json");
}

/* The *.json regular files of `dir`, sorted; n = 0 when there is no such
 * directory. -1 after reporting. */
int perf_tree_json_files(const char *dir, struct dirent ***names, int *n, hw_diag *d)
{
    *names = NULL;
    *n = scandir(dir, names, json_file, alphasort);
    if (*n >= 0)
        return 0;
    *n = 0;
    if (errno == ENOENT)
        return 0;
    hw_loc loc = loc_at(dir, 0, 0);
    diag_error(d, &loc, "cannot read the directory: %s", strerror(errno));
    return -1;
}

void perf_tree_free_files(struct dirent **names, int n)
{
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* ---- standard events ---------------------------------------------------------- */

static const char *json_text(const cJSON *o, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* An event of a standard file: a name and a code, as jevents.py reads
 * them (the code's first comma-separated part, C's number syntax). */
static void std_add(perf_std *s, const cJSON *o)
{
    const char *name = json_text(o, "EventName"), *code = json_text(o, "EventCode");
    if (!name || !code)
        return; /* a metric (sbsa.json) or no event perf counts alone */
    char *end;
    unsigned long v = strtoul(code, &end, 0);
    if (end == code || (*end && *end != ','))
        return;
    const char *key = perf_name_key(s->a, name);
    if (!key || name_index_get(&s->names, key) >= 0)
        return;
    perf_std_event *e = ARENA_PUSH(s->a, s->events, s->n, s->cap);
    if (!e || name_index_put(&s->names, key, s->n - 1) == -2) {
        arena_fail(s->a);
        return;
    }
    *e = (perf_std_event){arena_strdup(s->a, name), (uint32_t)v, NULL, NULL};
    if (json_text(o, "BriefDescription"))
        e->brief = arena_strdup(s->a, json_text(o, "BriefDescription"));
    if (json_text(o, "PublicDescription"))
        e->desc = arena_strdup(s->a, json_text(o, "PublicDescription"));
}

static int std_file(perf_std *s, const char *path, hw_buf *b, hw_diag *d)
{
    if (perf_tree_read(path, b, 0, d) != 0)
        return -1;
    cJSON *j = json_parse(b->data ? b->data : "", b->len, NULL);
    if (!cJSON_IsArray(j)) {
        hw_loc loc = loc_at(path, 0, 0);
        diag_error(d, &loc, "not a JSON array of perf events");
        cJSON_Delete(j);
        return -1;
    }
    const cJSON *o;
    cJSON_ArrayForEach(o, j)
        std_add(s, o);
    cJSON_Delete(j);
    return 0;
}

int perf_std_read(perf_std *s, const char *arch, hw_diag *d)
{
    memset(s, 0, sizeof *s);
    struct dirent **names;
    int n, rc = -1;
    if (!(s->a = arena_create()) || name_index_init(&s->names, 256) != 0) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    if (perf_tree_json_files(arch, &names, &n, d) != 0)
        return -1;
    hw_buf b;
    buf_init(&b);
    rc = 0;
    for (int i = 0; rc == 0 && i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", arch, names[i]->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
            rc = std_file(s, path, &b, d);
    }
    buf_free(&b);
    perf_tree_free_files(names, n);
    if (rc == 0 && arena_failed(s->a)) {
        diag_error(d, NULL, "out of memory");
        rc = -1;
    }
    return rc;
}

void perf_std_free(perf_std *s)
{
    name_index_free(&s->names);
    arena_free(s->a);
    memset(s, 0, sizeof *s);
}

const perf_std_event *perf_std_find(const perf_std *s, const char *name)
{
    int k = perf_name_find(&s->names, name);
    return k >= 0 ? &s->events[k] : NULL;
}

const perf_std_event *perf_std_lookup(const void *s, const char *name)
{
    return perf_std_find(s, name);
}
