/* render.c - templates from resources, rendered with Mustache. */
#include "render.h"

#include <stdio.h>
#include <stdlib.h>

#include "cjson_alloc.h"
#include "resources.h"

void render_init(void)
{
    cjson_alloc_init();
}

static const char *partial(void *ctx, const char *name)
{
    (void)ctx;
    char path[256];
    snprintf(path, sizeof path, "templates/%s.mustache", name);
    return resources_get(path, NULL);
}

int render_template(const char *name, const cJSON *data, mu_escape escape,
                    hw_buf *out, hw_diag *d)
{
    char path[256];
    snprintf(path, sizeof path, "templates/%s.mustache", name);
    const char *tmpl = resources_get(path, NULL);
    if (cjson_alloc_failures()) {
        diag_error(d, NULL, "out of memory building data for %s", path);
        return -1;
    }
    if (!tmpl) {
        diag_error(d, NULL, "internal: template %s is not built in", path);
        return -1;
    }
    mu_error err;
    if (mu_render(name, tmpl, data, escape, partial, NULL, out, &err) != 0) {
        hw_loc loc = loc_at(path, err.line, err.col);
        diag_error(d, &loc, "template: %s", err.message);
        return -1;
    }
    if (out->failed) {
        diag_error(d, NULL, "out of memory rendering %s", path);
        return -1;
    }
    return 0;
}

int render_file(const char *name, const cJSON *data, mu_escape escape, out_set *out,
                const char *dir, const char *file, hw_diag *d)
{
    hw_buf b;
    if (out_begin(out, dir, file, &b) != 0) {
        diag_error(d, NULL, "out of memory adding %s/%s", dir, file);
        return -1;
    }
    return out_end(out, &b, render_template(name, data, escape, &b, d));
}

cJSON *jobj(cJSON *parent, const char *key)
{
    cJSON *o = cJSON_CreateObject();
    int added = cJSON_IsArray(parent) ? cJSON_AddItemToArray(parent, o)
                                      : cJSON_AddItemToObject(parent, key, o);
    if (!added) {
        cJSON_Delete(o); /* `parent` was lost to out-of-memory */
        return NULL;
    }
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

void jcstr(cJSON *obj, const char *key, const char *value)
{
    hw_buf b;
    buf_init(&b);
    mu_escape_append(&b, value ? value : "", MU_ESCAPE_C_STRING);
    cJSON_AddStringToObject(obj, key, b.data ? b.data : "");
    buf_free(&b);
}
