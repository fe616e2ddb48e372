/* emit_perf_tree.c - a directory of a perf pmu-events tree written back
 * from the keys its files keep: the lossless round trip (emit.h).
 *
 * Each file goes to perf/arch/<arch>/<dir>/<file> as a JSON array of
 * objects (metricgroups.json: one object), four spaces a level as the
 * kernel's files are laid out, keys in file order, each value as the file
 * wrote it: strings escaped as JSON requires and no more (UTF-8 kept as
 * it is), numbers by their spelling. The arch's own target also writes
 * its mapfile.csv, line for line. Layout may differ from the original
 * (its tabs, a missing final newline); nothing perf reads does.
 */
#include "emit.h"

#include <stdio.h>
#include <string.h>

static void put_string(hw_buf *b, const char *s)
{
    buf_putc(b, '"');
    const char *run = s;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        const char *esc = NULL;
        switch (*p) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        default:
            if (*p >= 0x20)
                continue; /* part of the run copied whole */
        }
        buf_putn(b, run, (size_t)((const char *)p - run));
        if (esc)
            buf_puts(b, esc);
        else
            buf_printf(b, "\\u%04x", *p);
        run = (const char *)p + 1;
    }
    buf_puts(b, run);
    buf_putc(b, '"');
}

/* The keys of o, each on its own line at `indent`. */
static void put_keys(hw_buf *b, const hw_pobj *o, const char *indent)
{
    for (int k = 0; k < o->nkvs; k++) {
        const hw_kv *kv = &o->kvs[k];
        buf_puts(b, indent);
        put_string(b, kv->key);
        buf_puts(b, ": ");
        if (kv->number)
            buf_puts(b, kv->value);
        else
            put_string(b, kv->value);
        buf_puts(b, k + 1 < o->nkvs ? ",\n" : "\n");
    }
}

static void put_file(hw_buf *b, const hw_pfile *f)
{
    if (f->is_object) {
        buf_puts(b, "{\n");
        if (f->nobjs)
            put_keys(b, &f->objs[0], "    ");
        buf_puts(b, "}\n");
        return;
    }
    if (!f->nobjs) {
        buf_puts(b, "[]\n");
        return;
    }
    buf_puts(b, "[\n");
    for (int i = 0; i < f->nobjs; i++) {
        if (f->objs[i].nkvs) {
            buf_puts(b, "    {\n");
            put_keys(b, &f->objs[i], "        ");
            buf_puts(b, "    }");
        } else {
            buf_puts(b, "    {}");
        }
        buf_puts(b, i + 1 < f->nobjs ? ",\n" : "\n");
    }
    buf_puts(b, "]\n");
}

/* perf/arch/<arch>/<dir>/<name>, or perf/arch/<arch>/<name> for the
 * arch's own files. */
static int add(const hw_target *t, const emit_to *to, const char *name, hw_buf *b)
{
    char path[4096];
    snprintf(path, sizeof path, "perf/arch/%s/%s%s%s", t->perf_arch, t->perf_dir,
             *t->perf_dir ? "/" : "", name);
    if (out_add(to->out, to->dir, path, b) == 0)
        return 0;
    diag_error(to->d, NULL, "out of memory adding %s/%s", to->dir, path);
    return -1;
}

int emit_perf_tree(const hw_target *t, const emit_to *to)
{
    hw_buf b;
    buf_init(&b);
    int rc = 0;
    for (int f = 0; f < t->npfiles && rc == 0; f++) {
        put_file(&b, &t->pfiles[f]);
        rc = add(t, to, t->pfiles[f].name, &b);
    }
    if (rc == 0 && t->nmapfile_lines) {
        for (int i = 0; i < t->nmapfile_lines; i++)
            buf_printf(&b, "%s%s", t->mapfile_lines[i],
                       i + 1 < t->nmapfile_lines || !t->mapfile_unterminated ? "\n" : "");
        rc = add(t, to, "mapfile.csv", &b);
    }
    buf_free(&b);
    return rc;
}
