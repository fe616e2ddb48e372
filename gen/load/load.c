/* load.c - read a spec file and hand it to the loader of its format. */
#include "load/load.h"
#include "load/load_common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/expr.h"
#include "load/load_panfrost.h"
#include "load/load_xml.h"

typedef int (*xml_loader)(hw_target *, xmlDocPtr, hw_diag *);

static const struct {
    const char *root;
    const char *schema;
    xml_loader load;
} xml_formats[] = {
    {"gpu-template", "gpu-template.rng", load_gpu_template},
    {"oa-counters", "oa-counters.rng", load_oa},
    {"perf-model", "perf-model.rng", load_model},
    {"metrics", NULL, load_oa_metrics}, /* Mesa's oa-*.xml */
};

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Specs are small; a file over this is a mistake or an attack. */
enum { SPEC_MAX_BYTES = 64 * 1024 * 1024 };

static char *read_file(const char *path, size_t *len, hw_diag *d)
{
    hw_loc loc = loc_at(path, 0, 0);
    hw_buf b;
    buf_init(&b);
    if (buf_read_file(&b, path, SPEC_MAX_BYTES) != 0) {
        diag_error(d, &loc, errno == EFBIG ? "file larger than 64 MiB" : "cannot open: %s",
                   strerror(errno));
        buf_free(&b);
        return NULL;
    }
    *len = b.len;
    return buf_steal(&b);
}

static int load_json_file(hw_target *t, const char *path, hw_diag *d)
{
    size_t len = 0;
    char *text = read_file(path, &len, d);
    if (!text)
        return -1;
    int rc = load_telemetry(t, text, len, d);
    free(text);
    return rc;
}

static int load_xml_file(hw_target *t, const char *path, hw_diag *d)
{
    /* Intel's OA metric files are the largest XML read (14 MB for one
     * platform): they are read as they are parsed, with no document; any
     * other file is passed on at its root. */
    int rc = load_oa_metrics_stream(t, d);
    if (rc != 1)
        return rc;
    xmlDocPtr doc = xmlu_read(path, d);
    if (!doc)
        return -1;
    const xmlNode *root = xmlDocGetRootElement(doc);
    rc = -1;
    size_t i = 0, n = sizeof xml_formats / sizeof xml_formats[0];
    /* Panfrost's root is <metrics> too, as Intel's OA files' is: told
     * apart by what it holds (<category>, not <set>) */
    int panfrost = panfrost_is(root);
    while (!panfrost && i < n && !xmlu_is(root, xml_formats[i].root))
        i++;
    if (panfrost) {
        rc = load_panfrost(t, doc, d); /* Mesa's file: its own shape, no schema of ours */
    } else if (i == n) {
        hw_loc loc = xmlu_loc(path, root);
        diag_error(d, &loc, "root element <%s> is not a hwcgen spec "
                            "(gpu-template, oa-counters, perf-model or metrics)",
                   root ? (const char *)root->name : "");
    } else if (!xml_formats[i].schema) {
        rc = xml_formats[i].load(t, doc, d);
    } else if (xmlu_validate(doc, xml_formats[i].schema, path, d) == 0) {
        t->format = xml_formats[i].root;
        rc = load_xml_identity(t, root, d);
        if (rc == 0)
            rc = xml_formats[i].load(t, doc, d);
    }
    xmlFreeDoc(doc);
    return rc;
}

hw_target *load_spec(const char *path, hw_diag *d)
{
    hw_target *t = target_create(path);
    if (!t) {
        diag_error(d, NULL, "out of memory");
        return NULL;
    }
    int before = d->errors;
    int rc;
    if (ends_with(path, ".json")) {
        rc = load_json_file(t, path, d);
    } else if (ends_with(path, ".xml")) {
        rc = load_xml_file(t, path, d);
    } else {
        hw_loc loc = loc_at(path, 0, 0);
        diag_error(d, &loc, "unknown spec format: expected a .json or .xml file");
        rc = -1;
    }
    /* Loaders skip what they could not allocate; never use such a target. */
    if (rc == 0 && arena_failed(t->arena)) {
        hw_loc loc = loc_at(path, 0, 0);
        diag_error(d, &loc, "out of memory while loading");
    }
    if (rc != 0 || d->errors != before) {
        target_free(t);
        return NULL;
    }
    return t;
}
