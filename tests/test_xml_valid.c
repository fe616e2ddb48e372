/* test_xml_valid.c - xmlu_validate()'s quick way says valid only where
 * libxml2's validator does (gen/load/load_xml.c).
 *
 * xmlu_validate() first validates against the schema without its
 * patterns and checks the patterned values itself; only when that does
 * not show the document valid does libxml2 validate it in full (and the
 * messages come from there). So a verdict can only go wrong one way: the
 * quick way accepting a document the full schema rejects. Here each seed
 * XML spec is broken one value at a time (every attribute and text-only
 * element, at its first place in the spec, given values that break one
 * pattern or another) and every verdict is held to libxml2's own, with
 * the whole schema.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <string.h>

#include "core/arena.h"
#include "core/diag.h"
#include "core/names.h"
#include "core/resources.h"
#include "load/load_xml.h"

/* Values that break the patterns of hwcgen's schemas, and some that do not. */
static const char *const values[] = {
    "", " ", "x y", "-1", "0x", "A b!", "\xc3\xa9", "9name", " lead", "two\nlines",
};

static int lib_valid(xmlDocPtr doc, const char *schema)
{
    char name[256];
    snprintf(name, sizeof name, "spec/schema/%s", schema);
    size_t len = 0;
    const char *text = resources_builtin(name, &len);
    assert_non_null(text);
    xmlRelaxNGParserCtxtPtr p = xmlRelaxNGNewMemParserCtxt(text, (int)len);
    xmlRelaxNGPtr rng = xmlRelaxNGParse(p);
    xmlRelaxNGValidCtxtPtr v = xmlRelaxNGNewValidCtxt(rng);
    xmlRelaxNGSetValidStructuredErrors(v, NULL, NULL);
    int rc = xmlRelaxNGValidateDoc(v, doc);
    xmlRelaxNGFreeValidCtxt(v);
    xmlRelaxNGFree(rng);
    xmlRelaxNGFreeParserCtxt(p);
    return rc == 0;
}

static void silent(void *ctx, xmlErrorPtr e)
{
    (void)ctx;
    (void)e;
}

static int ours_valid(xmlDocPtr doc, const char *schema)
{
    hw_diag d;
    diag_init(&d, NULL);
    int rc = xmlu_validate(doc, schema, "mutant.xml", &d);
    diag_free(&d);
    xmlSetStructuredErrorFunc(NULL, silent);
    return rc == 0;
}

typedef struct tally {
    const char *schema;
    xmlDocPtr doc;
    name_index seen; /* "element/attribute" already broken */
    hw_arena *keys;  /* the index's keys */
    int mutants, rejected, wrong;
} tally;

/* Give one value after another to `set`, comparing the verdicts. */
static void try_values(tally *t, xmlNodePtr n, const xmlChar *attr)
{
    xmlChar *was = attr ? xmlGetNoNsProp(n, attr) : xmlNodeGetContent(n);
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        if (attr)
            xmlSetProp(n, attr, (const xmlChar *)values[i]);
        else
            xmlNodeSetContent(n, (const xmlChar *)values[i]);
        int lib = lib_valid(t->doc, t->schema), ours = ours_valid(t->doc, t->schema);
        t->mutants++;
        t->rejected += !lib;
        if (lib != ours) {
            t->wrong++;
            fprintf(stderr, "<%s> %s = \"%s\": libxml2 says %s, hwcgen %s\n", n->name,
                    attr ? (const char *)attr : "(text)", values[i],
                    lib ? "valid" : "invalid", ours ? "valid" : "invalid");
        }
    }
    if (attr)
        xmlSetProp(n, attr, was);
    else
        xmlNodeSetContent(n, was);
    xmlFree(was);
}

static int first_time(tally *t, const xmlNode *n, const char *what)
{
    char key[256];
    snprintf(key, sizeof key, "%s/%s", (const char *)n->name, what);
    char *copy = arena_strdup(t->keys, key);
    assert_non_null(copy);
    return name_index_put(&t->seen, copy, 0) == -1;
}

static int text_only(const xmlNode *n)
{
    for (const xmlNode *c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            return 0;
    return n->children != NULL;
}

static void mutate_all(tally *t, xmlNodePtr n)
{
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        for (xmlAttrPtr a = n->properties; a; a = a->next)
            if (first_time(t, n, (const char *)a->name))
                try_values(t, n, a->name);
        if (text_only(n) && first_time(t, n, "#text"))
            try_values(t, n, NULL);
        mutate_all(t, n->children);
    }
}

static void check_spec(const char *path, const char *schema)
{
    xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
    assert_non_null(doc);
    tally t = {schema, doc, {0}, arena_create(), 0, 0, 0};
    assert_non_null(t.keys);
    assert_int_equal(name_index_init(&t.seen, 64), 0);
    assert_true(lib_valid(doc, schema) && ours_valid(doc, schema));
    mutate_all(&t, xmlDocGetRootElement(doc));
    printf("%s: %d mutants, %d invalid, %d judged otherwise\n", path, t.mutants, t.rejected,
           t.wrong);
    assert_int_equal(t.wrong, 0);
    assert_true(t.rejected > t.mutants / 4); /* the mutants do break patterns */
    name_index_free(&t.seen);
    arena_free(t.keys);
    xmlFreeDoc(doc);
}

static void test_gpu_template(void **state)
{
    (void)state;
    check_spec("spec/mali/mali-g720.xml", "gpu-template.rng");
}

static void test_oa_counters(void **state)
{
    (void)state;
    check_spec("spec/intel/oa-chv.xml", "oa-counters.rng");
}

static void test_perf_model(void **state)
{
    (void)state;
    check_spec("spec/mali/mali-t624-model.xml", "perf-model.rng");
}

int main(void)
{
    xmlInitParser();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gpu_template),
        cmocka_unit_test(test_oa_counters),
        cmocka_unit_test(test_perf_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
