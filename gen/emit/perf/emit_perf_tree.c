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
#include "emit/perf/emit_perf_tree.h"

#include <stdio.h>
#include <string.h>

/* The bytes a JSON string cannot hold as they are: the control
 * characters, the quote and the backslash; and NUL, which ends ours. */
static const unsigned char must_escape[256] = {
    [0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1, [0x06] = 1,
    [0x07] = 1, [0x08] = 1, [0x09] = 1, [0x0a] = 1, [0x0b] = 1, [0x0c] = 1, [0x0d] = 1,
    [0x0e] = 1, [0x0f] = 1, [0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1, [0x14] = 1,
    [0x15] = 1, [0x16] = 1, [0x17] = 1, [0x18] = 1, [0x19] = 1, [0x1a] = 1, [0x1b] = 1,
    [0x1c] = 1, [0x1d] = 1, [0x1e] = 1, [0x1f] = 1, ['"'] = 1, ['\\'] = 1,
};

/* JSON's two-character escape of a byte that needs escaping, or NULL for
 * a control character without one (written "\u00XX"). */
static const char *short_escape(unsigned char c)
{
    switch (c) {
    case '"': return "\\\"";
    case '\\': return "\\\\";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    case '\b': return "\\b";
    case '\f': return "\\f";
    default: return NULL;
    }
}

/* Most a string of n bytes can take written in quotes: six bytes each
 * ("\u00XX"). */
static size_t quoted_max(size_t n)
{
    return 6 * n + 2;
}

/* The string in quotes at w, escaped as JSON requires and no more (UTF-8
 * kept as it is), each run of bytes that need nothing copied whole;
 * returns the end. */
static char *put_quoted(char *w, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    *w++ = '"';
    for (const unsigned char *p = (const unsigned char *)s;; p++) {
        const unsigned char *run = p;
        while (!must_escape[*p])
            p++;
        memcpy(w, run, (size_t)(p - run));
        w += p - run;
        if (!*p)
            break;
        const char *esc = short_escape(*p);
        if (esc) {
            memcpy(w, esc, 2);
            w += 2;
        } else {
            memcpy(w, "\\u00", 4);
            w[4] = hex[*p >> 4];
            w[5] = hex[*p & 15];
            w += 6;
        }
    }
    *w++ = '"';
    return w;
}

/* The keys of o, each on its own line at `indent`: each line written in
 * one go into room for the most it can take. */
static void put_keys(hw_buf *b, const hw_pobj *o, const char *indent)
{
    size_t ni = strlen(indent);
    for (int k = 0; k < o->nkvs; k++) {
        const hw_kv *kv = &o->kvs[k];
        size_t nv = strlen(kv->value);
        char *start = buf_room(b, ni + quoted_max(strlen(kv->key)) + 2 +
                                      (kv->number ? nv : quoted_max(nv)) + 2);
        if (!start)
            return;
        char *w = start;
        memcpy(w, indent, ni);
        w = put_quoted(w + ni, kv->key);
        memcpy(w, ": ", 2);
        w += 2;
        if (kv->number) {
            memcpy(w, kv->value, nv);
            w += nv;
        } else {
            w = put_quoted(w, kv->value);
        }
        if (k + 1 < o->nkvs)
            *w++ = ',';
        *w++ = '\n';
        buf_wrote(b, (size_t)(w - start));
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
    if (out_add(to->out, path, b) == 0)
        return 0;
    diag_error(to->d, NULL, "out of memory adding %s", path);
    return -1;
}

int emit_perf_tree(const hw_target *t, const hw_plan *p, const emit_to *to)
{
    (void)p; /* written back as its files have it: nothing planned */
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
