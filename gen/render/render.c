/* render.c - templates from resources, rendered with Mustache. */
#include "render/render.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/json.h"
#include "core/names.h"
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
    int users = 0;
    if (resources_read_from(templates, path, &tmpl, &users) != 0) {
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
        /* an error in the user's copy is reported at the user's file */
        char full[4096];
        if (users)
            resources_override_path(templates, path, full, sizeof full);
        hw_loc loc = loc_at(users ? full : path, err.line, err.col);
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

/* ---- the user's template directory ---------------------------------------- */

/* "templates/<base>" when the binary has such a template. */
static int is_template(const char *base)
{
    char path[512];
    snprintf(path, sizeof path, "templates/%s", base);
    return resources_builtin(path, NULL) != NULL;
}

/* The user's copy of a template parsed once, before any target renders
 * it: a syntax error is reported once, at the user's file, and `check`
 * finds it as `generate` would. */
static void parse_users(const char *full, const char *base, hw_diag *d)
{
    hw_buf text;
    buf_init(&text);
    if (buf_read_file(&text, full, (size_t)-1) != 0) {
        diag_error(d, NULL, "%s: cannot be read", full);
        buf_free(&text);
        return;
    }
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(strlen(base) - strlen(".mustache")), base);
    cJSON *none = cJSON_CreateObject();
    hw_buf out;
    buf_init(&out);
    mu_error err;
    /* every partial empty: only this file's own syntax is checked here */
    if (none && mu_render(name, text.data ? text.data : "", none, MU_ESCAPE_NONE, NULL,
                          NULL, &out, &err) != 0) {
        hw_loc loc = loc_at(full, err.line, err.col);
        diag_error(d, &loc, "template: %s", err.message);
    }
    cJSON_Delete(none);
    buf_free(&out);
    buf_free(&text);
}

/* A *.mustache file hwcgen has no template of is never read: a misspelt
 * name would silently leave the built-in template in use. */
static void not_a_template(const char *full, const char *base, hw_diag *d)
{
    name_hint h = name_hint_for(base);
    for (int i = 0; hw_resources[i].path; i++)
        if (strncmp(hw_resources[i].path, "templates/", 10) == 0)
            name_hint_offer(&h, hw_resources[i].path + 10);
    hw_loc loc = loc_at(full, 0, 0);
    diag_warning(d, &loc, "matches no template of hwcgen, so it is not used%s%s%s",
                 h.best ? " (did you mean '" : "", h.best ? h.best : "", h.best ? "'?)" : "");
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n > m && strcmp(s + n - m, tail) == 0;
}

/* One entry of the user's template directory. */
static void check_entry(const char *dir, const char *base, hw_diag *d)
{
    char full[4096];
    struct stat st;
    snprintf(full, sizeof full, "%s/%s", dir, base);
    if (base[0] == '.' || stat(full, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        hw_loc loc = loc_at(full, 0, 0);
        diag_warning(d, &loc, "a folder inside the template directory is not read: "
                     "templates are taken from %s itself%s", dir,
                     strcmp(base, "templates") == 0
                         ? " (did you mean --templates to name this folder?)" : "");
    } else if (is_template(base)) {
        parse_users(full, base, d);
    } else if (ends_with(base, ".mustache")) {
        not_a_template(full, base, d);
    }
}

void render_check_templates(const char *dir, hw_diag *d)
{
    struct dirent **names = NULL;
    /* in name order: what is said does not depend on the file system */
    int n = dir ? scandir(dir, &names, NULL, alphasort) : -1;
    for (int i = 0; i < n; i++) {
        check_entry(dir, names[i]->d_name, d);
        free(names[i]);
    }
    free(names);
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
