/* render.c - templates from resources, rendered with Mustache. */
#include "render.h"

#include <stdio.h>
#include <stdlib.h>

#include "resources.h"

static int alloc_failures;

static void *counting_malloc(size_t n)
{
    void *p = malloc(n);
    if (!p)
        alloc_failures++;
    return p;
}

void render_init(void)
{
    cJSON_Hooks hooks = {counting_malloc, free};
    cJSON_InitHooks(&hooks);
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
    if (alloc_failures) {
        alloc_failures = 0;
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

void jcstr(cJSON *obj, const char *key, const char *value)
{
    hw_buf b;
    buf_init(&b);
    mu_escape_append(&b, value ? value : "", MU_ESCAPE_C_STRING);
    cJSON_AddStringToObject(obj, key, b.data ? b.data : "");
    buf_free(&b);
}
