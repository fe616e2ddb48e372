/* diag.c - diagnostics collector. */
#include "diag.h"

#include <stdarg.h>
#include <pthread.h>

#include "json_lines.h"

void diag_init(hw_diag *d, FILE *stream)
{
    d->stream = stream;
    buf_init(&d->log);
    d->errors = 0;
    d->warnings = 0;
    d->max_errors = 50;
    d->verbose = 0;
    d->held = 0;
}

void diag_free(hw_diag *d)
{
    buf_free(&d->log);
}

hw_loc loc_at(const char *file, int line, int col)
{
    hw_loc loc = {file, line, col, NULL, NULL};
    return loc;
}

/* A spec's line map is built (or its text read again) on the first
 * lookup, and two threads may report on one spec at once (emit.c). */
static pthread_mutex_t lines_lock = PTHREAD_MUTEX_INITIALIZER;

int loc_line(const hw_loc *loc)
{
    if (loc->line > 0 || !loc->lines || !loc->path)
        return loc->line;
    pthread_mutex_lock(&lines_lock);
    int line = json_lines_find(loc->lines, loc->path);
    pthread_mutex_unlock(&lines_lock);
    return line;
}

static void emit(hw_diag *d, const char *level, const hw_loc *loc,
                 const char *fmt, va_list ap)
{
    size_t start = d->log.len;
    if (loc && loc->file) {
        int line = loc_line(loc);
        buf_puts(&d->log, loc->file);
        if (line > 0)
            buf_printf(&d->log, ":%d", line);
        if (line > 0 && loc->col > 0)
            buf_printf(&d->log, ":%d", loc->col);
        buf_puts(&d->log, ": ");
    }
    buf_printf(&d->log, "%s: ", level);
    if (loc && loc->path)
        buf_printf(&d->log, "%s: ", loc->path);
    buf_vprintf(&d->log, fmt, ap);
    buf_putc(&d->log, '\n');
    if (d->stream && !d->held && !d->log.failed)
        fputs(d->log.data + start, d->stream);
}

void diag_error(hw_diag *d, const hw_loc *loc, const char *fmt, ...)
{
    d->errors++;
    if (d->errors > d->max_errors)
        return;
    va_list ap;
    va_start(ap, fmt);
    emit(d, "error", loc, fmt, ap);
    va_end(ap);
    if (d->errors == d->max_errors && d->stream && !d->held)
        fprintf(d->stream, "hwcgen: too many errors, not reporting more\n");
}

void diag_warning(hw_diag *d, const hw_loc *loc, const char *fmt, ...)
{
    d->warnings++;
    va_list ap;
    va_start(ap, fmt);
    emit(d, "warning", loc, fmt, ap);
    va_end(ap);
}

void diag_note(hw_diag *d, const hw_loc *loc, const char *fmt, ...)
{
    if (!d->verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    emit(d, "note", loc, fmt, ap);
    va_end(ap);
}

diag_mark diag_hold(hw_diag *d)
{
    diag_mark m = {d->log.len, d->errors, d->warnings};
    d->held = 1;
    return m;
}

void diag_release(hw_diag *d, diag_mark m)
{
    d->held = 0;
    if (!d->stream || d->log.failed)
        return;
    if (d->log.len > m.len)
        fwrite(d->log.data + m.len, 1, d->log.len - m.len, d->stream);
    if (m.errors < d->max_errors && d->errors >= d->max_errors)
        fprintf(d->stream, "hwcgen: too many errors, not reporting more\n");
}

void diag_discard(hw_diag *d, diag_mark m)
{
    d->held = 0;
    if (!d->log.failed && d->log.data) {
        d->log.len = m.len;
        d->log.data[m.len] = '\0';
    }
    d->errors = m.errors;
    d->warnings = m.warnings;
}

void diag_append(hw_diag *d, const hw_diag *from)
{
    int was = d->errors;
    d->errors += from->errors;
    d->warnings += from->warnings;
    if (from->log.failed)
        d->log.failed = 1;
    if (from->log.len == 0)
        return;
    size_t start = d->log.len;
    buf_putn(&d->log, from->log.data, from->log.len);
    if (!d->stream || d->held || d->log.failed)
        return;
    fputs(d->log.data + start, d->stream);
    if (was < d->max_errors && d->errors >= d->max_errors)
        fprintf(d->stream, "hwcgen: too many errors, not reporting more\n");
}
