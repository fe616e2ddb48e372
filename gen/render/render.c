/* render.c - templates from resources, rendered with Mustache. */
#include "render/render.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/json.h"
#include "core/resources.h"
#include "core/spdx.h"
#include "core/version.h"

/* Partials come from the same place as their template; their text lives
 * in `arena` until the render ends. */
typedef struct partials {
    const char *dir;
    hw_arena *arena;
} partials;

static const char *partial(void *ctx, const char *name)
{
    partials *p = ctx;
    char path[256];
    snprintf(path, sizeof path, "templates/%s.mustache", name);
    hw_buf b;
    buf_init(&b);
    int found = resources_read(p->dir, path, &b) == 0;
    /* A partial lost to out of memory fails the arena, and so the render,
     * instead of rendering as an empty (missing) partial. */
    const char *text = found || b.failed ? arena_take(p->arena, &b) : NULL;
    buf_free(&b);
    return text;
}

int render_template(const char *templates, const char *name, const cJSON *data,
                    mu_escape escape, hw_buf *out, hw_diag *d)
{
    char path[256];
    snprintf(path, sizeof path, "templates/%s.mustache", name);
    if (json_alloc_take()) {
        diag_error(d, NULL, "out of memory building data for %s", path);
        return -1;
    }
    hw_buf tmpl;
    buf_init(&tmpl);
    if (resources_read(templates, path, &tmpl) != 0) {
        diag_error(d, NULL, tmpl.failed ? "out of memory reading %s"
                                        : "template %s cannot be read", path);
        buf_free(&tmpl);
        return -1;
    }
    partials p = {templates, arena_create()};
    mu_error err;
    int rc = p.arena ? mu_render(name, tmpl.data ? tmpl.data : "", data, escape,
                                 partial, &p, out, &err)
                     : -1;
    if (rc != 0) {
        hw_loc loc = loc_at(path, err.line, err.col);
        if (p.arena)
            diag_error(d, &loc, "template: %s", err.message);
        else
            diag_error(d, NULL, "out of memory rendering %s", path);
    } else if (out->failed || arena_failed(p.arena)) {
        diag_error(d, NULL, "out of memory rendering %s", path);
        rc = -1;
    }
    arena_free(p.arena);
    buf_free(&tmpl);
    return rc;
}

int render_file(const emit_to *to, const char *name, const cJSON *data,
                mu_escape escape, const char *file)
{
    hw_buf b;
    buf_init(&b);
    int rc = render_template(to->templates, name, data, escape, &b, to->d);
    if (rc == 0)
        rc = out_add(to->out, file, &b);
    buf_free(&b);
    return rc;
}

cJSON *jobj(cJSON *parent, const char *key)
{
    cJSON *o = cJSON_CreateObject();
    if (cJSON_IsArray(parent))
        cJSON_AddItemToArray(parent, o);
    else
        cJSON_AddItemToObject(parent, key, o);
    return o;
}

cJSON *jarr(cJSON *parent, const char *key)
{
    return cJSON_AddArrayToObject(parent, key);
}

void jstr(cJSON *obj, const char *key, const char *value)
{
    if (value)
        cJSON_AddStringToObject(obj, key, value);
}

void jnum(cJSON *obj, const char *key, double value)
{
    cJSON_AddNumberToObject(obj, key, value);
}

void jbool(cJSON *obj, const char *key, int value)
{
    cJSON_AddBoolToObject(obj, key, value);
}

void jref(cJSON *obj, const char *key, const char *value)
{
    if (value)
        cJSON_AddItemToObjectCS(obj, key, cJSON_CreateStringReference(value));
}

void jcstr(cJSON *obj, const char *key, const char *value)
{
    if (!value || !value[mu_c_string_plain(value)]) { /* nothing to escape */
        cJSON_AddStringToObject(obj, key, value ? value : "");
        return;
    }
    hw_buf b;
    buf_init(&b);
    mu_escape_append(&b, value ? value : "", MU_ESCAPE_C_STRING);
    cJSON_AddStringToObject(obj, key, b.data ? b.data : "");
    buf_free(&b);
}

void c_banner(cJSON *data, const hw_target *t, const char *what)
{
    jstr(data, "target", t->name);
    jstr(data, "what", what);
    jstr(data, "version", HWCGEN_VERSION);
    jstr(data, "spec", t->spec_name);
    jstr(data, "license", spdx_of(t));
}
