/* diag.c - diagnostics collector. */
#include "diag.h"

#include <stdarg.h>

void diag_init(hw_diag *d, FILE *stream)
{
    d->stream = stream;
    buf_init(&d->log);
    d->errors = 0;
    d->warnings = 0;
    d->max_errors = 50;
    d->verbose = 0;
    d->werror = 0;
}

void diag_free(hw_diag *d)
{
    buf_free(&d->log);
}

hw_loc loc_at(const char *file, int line, int col)
{
    hw_loc loc = {file, line, col, NULL};
    return loc;
}

/* `tag` follows the message: "" or " [-Werror]". */
static void emit(hw_diag *d, const char *level, const char *tag,
                 const hw_loc *loc, const char *fmt, va_list ap)
{
    size_t start = d->log.len;
    if (loc && loc->file) {
        buf_puts(&d->log, loc->file);
        if (loc->line > 0)
            buf_printf(&d->log, ":%d", loc->line);
        if (loc->line > 0 && loc->col > 0)
            buf_printf(&d->log, ":%d", loc->col);
        buf_puts(&d->log, ": ");
    }
    buf_printf(&d->log, "%s: ", level);
    if (loc && loc->path)
        buf_printf(&d->log, "%s: ", loc->path);
    buf_vprintf(&d->log, fmt, ap);
    buf_puts(&d->log, tag);
    buf_putc(&d->log, '\n');
    if (d->stream && !d->log.failed)
        fputs(d->log.data + start, d->stream);
}

static void error_v(hw_diag *d, const char *tag, const hw_loc *loc,
                    const char *fmt, va_list ap)
{
    d->errors++;
    if (d->errors > d->max_errors)
        return;
    emit(d, "error", tag, loc, fmt, ap);
    if (d->errors == d->max_errors && d->stream)
        fprintf(d->stream, "hwcgen: too many errors, not reporting more\n");
}

void diag_error(hw_diag *d, const hw_loc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_v(d, "", loc, fmt, ap);
    va_end(ap);
}

void diag_warning(hw_diag *d, const hw_loc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (d->werror) {
        error_v(d, " [-Werror]", loc, fmt, ap);
    } else {
        d->warnings++;
        emit(d, "warning", "", loc, fmt, ap);
    }
    va_end(ap);
}

void diag_note(hw_diag *d, const hw_loc *loc, const char *fmt, ...)
{
    if (!d->verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    emit(d, "note", "", loc, fmt, ap);
    va_end(ap);
}
