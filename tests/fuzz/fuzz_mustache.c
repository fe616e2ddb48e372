/* fuzz_mustache.c - the template renderer: the input is
 *     <escape byte> <template> NUL <JSON data>
 * (no NUL: all template, no data). Partials: "self" is the template
 * itself (recursion must stop at MU_MAX_PARTIAL_DEPTH), "p" a small fixed
 * text, anything else absent.
 *
 * Mustache output grows as (items per list) ^ (nesting of sections), and
 * templates are trusted input (built in, or the user's own --templates),
 * so the harness bounds that product instead of finding the obvious
 * exponential "hang": at most 8 section tags, lists of at most 4 items,
 * and a budget of partial lookups per render. */
#include "fuzz_common.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "render/mustache.h"

enum { MAX_SECTIONS = 8, MAX_ITEMS = 4, MAX_PARTIAL_CALLS = 256 };

typedef struct partials {
    const char *self;
    int calls;
} partials;

static const char *lookup_partial(void *ctx, const char *name)
{
    partials *p = ctx;
    if (++p->calls > MAX_PARTIAL_CALLS)
        return NULL;
    if (strcmp(name, "self") == 0)
        return p->self;
    if (strcmp(name, "p") == 0)
        return "  [{{.}}|{{name}}]\n{{#list}}- {{.}}\n{{/list}}";
    return NULL;
}

static int small_lists(const cJSON *v, int depth)
{
    if (depth > 64)
        return 0;
    if (cJSON_IsArray(v) && cJSON_GetArraySize(v) > MAX_ITEMS)
        return 0;
    for (const cJSON *c = v ? v->child : NULL; c; c = c->next)
        if (!small_lists(c, depth + 1))
            return 0;
    return 1;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    mu_escape escape = (mu_escape)(data[0] % 5);
    char *tmpl = fuzz_strndup(data + 1, size - 1);
    size_t tlen = strlen(tmpl);
    int sections = 0;
    for (size_t i = 0; i < tlen; i++)
        sections += tmpl[i] == '#' || tmpl[i] == '^';
    cJSON *json = NULL;
    if (tlen + 1 < size - 1) {
        const char *js = tmpl + tlen + 1;
        json = cJSON_ParseWithLength(js, size - 1 - (tlen + 1));
    }
    if (sections <= MAX_SECTIONS && small_lists(json, 0)) {
        partials p = {tmpl, 0};
        hw_buf out;
        buf_init(&out);
        buf_puts(&out, "kept:");
        mu_error err;
        int rc = mu_render("fuzz", tmpl, json, escape, lookup_partial, &p,
                           &out, &err);
        /* On error nothing is appended; the message is a C string. */
        if (rc != 0 && (out.len != 5 || strcmp(out.data, "kept:") != 0 ||
                        !memchr(err.message, '\0', sizeof err.message)))
            abort();
        buf_free(&out);
        /* The escapers on their own, over the template text. */
        buf_init(&out);
        mu_escape_append(&out, tmpl, escape);
        buf_free(&out);
    }
    cJSON_Delete(json);
    free(tmpl);
    return 0;
}
