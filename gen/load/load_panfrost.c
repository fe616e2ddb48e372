/* load_panfrost.c - Mesa's Panfrost counter XML (load_panfrost.h). */
#include "load/load_panfrost.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/mali_products.h"
#include "load/load_xml.h"

/* Mesa's counters per block (pan_perf.c, PAN_COUNTERS_PER_CATEGORY). */
enum { PAN_BLOCK_SIZE = 64, PAN_MAX_BLOCKS = 4 };

/* A category is a block, by its place (Mesa's category_offset); named as
 * Arm's database names the block of that kbase type. */
static const struct {
    const char *name, *title;
} pan_blocks[PAN_MAX_BLOCKS] = {{"GPU_FRONTEND", "GPU front-end"},
                                {"TILER", "Tiler"},
                                {"MEMORY_SYSTEM", "Memory system"},
                                {"SHADER_CORE", "Shader core"}};

int panfrost_is(const xmlNode *root)
{
    return root && xmlu_is(root, "metrics") && xmlu_first(root, "category");
}

/* "G57" from ".../G57.xml", in the arena. */
static const char *file_stem(hw_arena *a, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strcspn(base, ".");
    return arena_printf(a, "%.*s", (int)n, base);
}

/* "panfrost_mali_g57" / "panfrost-mali-g57" */
static const char *pan_stem(hw_arena *a, const char *name, char sep)
{
    char *s = arena_printf(a, "panfrost%c%s", sep, name);
    for (char *p = s; p && *p; p++)
        *p = isalnum((unsigned char)*p) ? (char)tolower((unsigned char)*p) : sep;
    return s;
}

/* What the table says of the GPU; a file it does not know is an error,
 * a codename other than the table's a warning. */
static int identify(hw_target *t, const xmlNode *root, hw_diag *d)
{
    hw_arena *a = t->arena;
    const char *stem = file_stem(a, t->spec_path);
    const char *codename = xmlu_attr(a, root, "id");
    const mali_product *p = mali_product_by_file(stem);
    hw_loc loc = xmlu_loc(t->spec_path, root);
    if (!p) {
        diag_error(d, &loc, "Panfrost file '%s' (codename %s) is not in hwcgen's table of Mali "
                            "products (core/mali_products.c): its product id is unknown",
                   stem ? stem : "", codename ? codename : "none");
        return -1;
    }
    if (!codename || strcmp(codename, p->codename) != 0)
        diag_warning(d, &loc, "metrics id '%s': the table of Mali products gives %s the "
                              "codename %s", codename ? codename : "", p->name, p->codename);
    int n = p->ids[1] ? 2 : 1;
    uint32_t *ids = arena_alloc(a, sizeof *ids * 2);
    if (ids)
        ids[0] = p->ids[0], ids[1] = p->ids[1];
    t->product_ids = ids;
    t->nproduct_ids = ids ? n : 0;
    t->format = HW_FORMAT_PANFROST;
    t->id = pan_stem(a, p->name, '_');
    t->slug = pan_stem(a, p->name, '-');
    t->vendor = "arm";
    t->name = p->name;
    t->kind = "gpu";
    t->architecture = p->family;
    t->license = "MIT";
    t->source = "Mesa's Panfrost counter XML (src/panfrost/perf)";
    t->description = arena_printf(a, "%s (%s, codename %s), as Mesa's Panfrost driver counts "
                                     "it.", p->name, p->family, p->codename);
    t->loc = loc;
    return 0;
}

static int add_block(hw_target *t, int k, const xmlNode *cat)
{
    hw_block *b = IR_PUSH(t, blocks);
    if (!b)
        return -1;
    b->loc = xmlu_loc(t->spec_path, cat);
    b->name = pan_blocks[k].name;
    b->title = xmlu_attr(t->arena, cat, "name");
    if (!b->title)
        b->title = pan_blocks[k].title;
    b->id = k;
    b->size = PAN_BLOCK_SIZE;
    return 0;
}

/* One <event>: a counter of block k. */
static int add_counter(hw_target *t, int k, const xmlNode *ev, hw_diag *d)
{
    hw_arena *a = t->arena;
    hw_loc loc = xmlu_loc(t->spec_path, ev);
    const char *name = xmlu_attr(a, ev, "counter");
    uint64_t offset = 0;
    int rc = xmlu_attr_uint(t->spec_path, ev, "offset", PAN_BLOCK_SIZE - 1, &offset, d);
    if (!name || !*name || rc != 0) {
        if (rc >= 0)
            diag_error(d, &loc, "<event>: %s", !name || !*name ? "no counter name (counter=)"
                                                              : "no offset");
        return -1;
    }
    hw_event *e = IR_PUSH(t, events);
    if (!e)
        return -1;
    e->loc = loc;
    e->name = name;
    e->hw_name = name;
    e->block = k;
    e->index = (int)offset;
    /* title= is a Streamline chart ("GPU Cycles"), name= the counter's
     * label in it ("GPU active"): the label is its title here; hwcgen's
     * Streamline names are gatord's, which this file does not give */
    e->title = xmlu_attr(a, ev, "name");
    e->description = xmlu_attr(a, ev, "description");
    e->units = xmlu_attr(a, ev, "units");
    e->advanced = xmlu_attr_bool(ev, "advanced", 0);
    e->pfile = e->pobj = -1;
    return 0;
}

/* Two counters at one place of a block, or one name twice. */
static int check_places(hw_target *t, hw_diag *d)
{
    int bad = 0;
    for (int i = 0; i < t->nevents; i++)
        for (int j = 0; j < i; j++) {
            const hw_event *x = &t->events[i], *y = &t->events[j];
            char first[256];
            loc_where(first, sizeof first, &y->loc);
            if (x->block == y->block && x->index == y->index) {
                diag_error(d, &x->loc, "counter '%s': offset %d of %s is %s's (at %s)", x->name,
                           x->index, t->blocks[x->block].name, y->name, first);
                bad = 1;
            } else if (strcmp(x->name, y->name) == 0) {
                diag_error(d, &x->loc, "counter '%s' given again (first at %s)", x->name, first);
                bad = 1;
            }
        }
    return bad ? -1 : 0;
}

int load_panfrost(hw_target *t, xmlDocPtr doc, hw_diag *d)
{
    const xmlNode *root = xmlDocGetRootElement(doc);
    if (identify(t, root, d) != 0)
        return -1;
    int k = 0, bad = 0;
    XMLU_EACH(cat, root, "category") {
        if (k == PAN_MAX_BLOCKS) {
            hw_loc loc = xmlu_loc(t->spec_path, cat);
            diag_error(d, &loc, "<category>: more than %d (Mesa lays out %d blocks)",
                       PAN_MAX_BLOCKS, PAN_MAX_BLOCKS);
            return -1;
        }
        if (add_block(t, k, cat) != 0)
            return -1;
        XMLU_EACH(ev, cat, "event")
            bad |= add_counter(t, k, ev, d) != 0;
        k++;
    }
    return bad ? -1 : check_places(t, d);
}

int panfrost_file(const char *path)
{
    xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR |
                                                XML_PARSE_NOWARNING);
    int is = doc && panfrost_is(xmlDocGetRootElement(doc));
    xmlFreeDoc(doc);
    return is;
}
