/* diag.c - diagnostics collector. */
#include "core/diag.h"

#include <stdarg.h>
#include <string.h>

void diag_init(hw_diag *d, FILE *stream)
{
    d->stream = stream;
    buf_init(&d->log);
    d->errors = 0;
    d->warnings = 0;
    d->max_errors = 50;
    d->verbose = 0;
    d->werror = 0;
    d->deferred = 0;
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

/* After an error is shown: say so when it was the last one shown. */
static void note_cap(hw_diag *d)
{
    if (d->errors == d->max_errors && d->stream)
        fprintf(d->stream, "hwcgen: too many errors, not reporting more\n");
}

/* `tag` follows the message: "" or " [-Werror]". A deferred diag keeps
 * the message as an entry: its level's initial, the text, a NUL. */
static void emit(hw_diag *d, const char *level, const char *tag,
                 const hw_loc *loc, const char *fmt, va_list ap)
{
    size_t start = d->log.len;
    if (d->deferred)
        buf_putc(&d->log, level[0]);
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
    buf_putc(&d->log, d->deferred ? '\0' : '\n');
    if (d->stream && !d->deferred && !d->log.failed)
        fputs(d->log.data + start, d->stream);
}

static void error_v(hw_diag *d, const char *tag, const hw_loc *loc,
                    const char *fmt, va_list ap)
{
    d->errors++;
    if (!d->deferred && d->errors > d->max_errors)
        return;
    emit(d, "error", tag, loc, fmt, ap);
    if (!d->deferred)
        note_cap(d);
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

/* ---- deferred diagnostics (par.h) -------------------------------------- */

void diag_defer(hw_diag *sub, const hw_diag *like)
{
    diag_init(sub, NULL);
    sub->verbose = like->verbose;
    sub->werror = like->werror;
    sub->deferred = 1;
}

/* One message of a replay, as if reported now. */
static void replay_one(hw_diag *d, char level, const char *text)
{
    d->errors += level == 'e';
    d->warnings += level == 'w';
    if (level == 'e' && d->errors > d->max_errors)
        return;
    size_t start = d->log.len;
    if (d->deferred) { /* replayed into one that defers too: kept as an entry */
        buf_putc(&d->log, level);
        buf_puts(&d->log, text);
        buf_putc(&d->log, '\0');
        return;
    }
    buf_puts(&d->log, text);
    buf_putc(&d->log, '\n');
    if (d->stream && !d->log.failed)
        fputs(d->log.data + start, d->stream);
    if (level == 'e')
        note_cap(d);
}

void diag_replay(hw_diag *d, hw_diag *sub)
{
    if (sub->log.failed)
        diag_error(d, NULL, "out of memory");
    for (size_t at = 0; at < sub->log.len && !sub->log.failed;) {
        const char *entry = sub->log.data + at;
        replay_one(d, entry[0], entry + 1);
        at += strlen(entry) + 1;
    }
    diag_free(sub);
}
