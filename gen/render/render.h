/* render.h - render a built-in template with data built from the IR. */
#ifndef HWCGEN_RENDER_H
#define HWCGEN_RENDER_H

#include <cjson/cJSON.h>

#include "core/arena.h"
#include "core/diag.h"
#include "render/mustache.h"
#include "core/out_set.h"

/* Render templates/<name>.mustache (partials: templates/<partial>.mustache)
 * with `data`, appending to `out`; a template found in the directory
 * `templates` (NULL: none) wins over the built-in one. 0, or -1 after
 * reporting. */
int render_template(const char *templates, const char *name, const cJSON *data,
                    mu_escape escape, hw_buf *out, hw_diag *d);

/* The user's template directory (--templates DIR), looked at once before
 * anything renders: each file that replaces a built-in template is
 * parsed, its syntax errors reported at that file; a *.mustache file that
 * replaces none, and a folder inside DIR (which is never read), are
 * warnings. Files of other names are not templates and are left alone. */
void render_check_templates(const char *dir, hw_diag *d);

/* Where rendered files go: the output set (which names them below the
 * output directory, wherever that is), the user's template directory
 * (NULL: the built-in ones), where problems are reported, and the Graphviz
 * program that draws the docs' diagrams (render/graphviz.h; NULL: none,
 * the docs keep the DOT files and link no drawing). */
typedef struct emit_to {
    out_set *out;
    const char *templates;
    hw_diag *d;
    const char *dot;
    /* The target's diagrams, already being drawn (emit/docs/emit_docs.h);
     * NULL: the docs draw them when their turn comes. */
    struct docs_drawings *drawings;
} emit_to;

/* Render templates/<name>.mustache with `data` into the file `file` (below
 * the output directory) of to->out. 0, or -1 after reporting. */
int render_file(const emit_to *to, const char *name, const cJSON *data,
                mu_escape escape, const char *file);

/* Builders for template data. They may fail silently one by one because
 * render_template() refuses to render after any failed allocation on its
 * thread (json_alloc_take(), core/json.h). */
cJSON *jobj(cJSON *parent, const char *key);
cJSON *jarr(cJSON *parent, const char *key);
void jstr(cJSON *obj, const char *key, const char *value);
/* What every C header's banner says of t (templates/c_banner.mustache):
 * target, what the header is, hwcgen's version, the spec, its licence. */
void c_banner(cJSON *data, const hw_target *t, const char *what);
void jnum(cJSON *obj, const char *key, double value);
void jbool(cJSON *obj, const char *key, int value);
/* Adds the string escaped for a C string literal. */
void jcstr(cJSON *obj, const char *key, const char *value);
/* Adds a string by reference, not copied: for a long one (an arena's)
 * that outlives the data. `key` must be a string literal. */
void jref(cJSON *obj, const char *key, const char *value);

#endif
