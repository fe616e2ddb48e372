/* load_mali_db_entries.c - read the files of Arm's Mali counter database
 * into plain lists (load_mali_db_entries.h). Shapes are checked here, each
 * problem reported at its file:line and reading goes on, so one run shows
 * them all; what needs a product (which entries apply, where counters sit)
 * is load_mali_db.c's business.
 */
#include "load/load_mali_db_entries.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"
#include "load/load_xml.h"

/* ---- small readers ------------------------------------------------------ */

/* Folded text of the first `name` child, or NULL when there is none. */
static const char *child(mdb *db, const xmlNode *n, const char *name)
{
    const xmlNode *c = xmlu_first(n, name);
    return c ? xmlu_text(db->a, c) : NULL;
}

/* An attribute that must be there and be a whole number up to max (as
 * xmlu_attr_uint reads one); -1 after reporting. */
static int int_attr(const char *file, const xmlNode *n, const char *name, uint64_t max,
                    int *out, hw_diag *d)
{
    uint64_t v = 0;
    int rc = xmlu_attr_uint(file, n, name, max, &v, d);
    if (rc == 1) {
        hw_loc loc = xmlu_loc(file, n);
        diag_error(d, &loc, "<%s>: attribute '%s' is missing", (const char *)n->name, name);
        return -1;
    }
    if (rc == 0)
        *out = (int)v;
    return rc;
}

/* The text of every `name` child of n, appended to *list (*n_list,
 * *cap): 0, or -1 when out of memory. */
static int texts_of(mdb *db, const xmlNode *n, const char *name, const char ***list,
                    int *n_list, size_t *cap)
{
    XMLU_EACH(c, n, name)
    {
        const char **s = ARENA_PUSH(db->a, *list, *n_list, *cap);
        if (!s)
            return -1;
        *s = xmlu_text(db->a, c);
    }
    return 0;
}

static xmlNode *root_named(xmlDocPtr doc, const char *file, const char *name, hw_diag *d)
{
    xmlNode *root = xmlDocGetRootElement(doc);
    if (root && xmlu_is(root, name))
        return root;
    hw_loc loc = xmlu_loc(file, root);
    diag_error(d, &loc, "root element <%s> is not <%s>", root ? (const char *)root->name : "",
               name);
    return NULL;
}

/* ---- Mali-ProductInfo.xml ------------------------------------------------ */

static int product_ids(mdb *db, mdb_product *p, const char *file, const xmlNode *n, hw_diag *d)
{
    XMLU_EACH(c, n, "Id")
    {
        const char *s = xmlu_text(db->a, c);
        uint64_t v = 0;
        uint32_t *id = ARENA_PUSH(db->a, p->ids, p->nids, p->cap_ids);
        if (!id)
            return -1;
        if (!s || number_parse_uint(s, UINT32_MAX, &v) != 0) {
            hw_loc loc = xmlu_loc(file, c);
            diag_error(d, &loc, "product id '%s' is not a 32-bit number", s ? s : "");
        }
        *id = (uint32_t)v;
    }
    return texts_of(db, n, "Name", &p->names, &p->nnames, &p->cap_names);
}

static int read_product(mdb *db, const char *file, const xmlNode *n, hw_diag *d)
{
    mdb_product *p = ARENA_PUSH(db->a, db->products, db->nproducts, db->cap_products);
    if (!p || product_ids(db, p, file, n, d) != 0)
        return -1;
    p->loc = xmlu_loc(file, n);
    p->arch = child(db, n, "Architecture");
    p->key = child(db, n, "DatabaseKey");
    const char *missing = p->nids == 0 ? "<Id>" : p->nnames == 0 ? "<Name>"
                          : !p->key || !*p->key ? "<DatabaseKey>" : NULL;
    if (missing)
        diag_error(d, &p->loc, "<ProductInfo>%s%s: no %s", p->nnames ? " " : "",
                   p->nnames ? p->names[0] : "", missing);
    return 0;
}

int mdb_read_products(mdb *db, hw_diag *d)
{
    const char *file = arena_printf(db->a, "%s/Mali-ProductInfo.xml", db->dir);
    xmlDocPtr doc = file ? xmlu_read(file, d) : NULL;
    if (!doc)
        return -1;
    int before = d->errors, rc = 0;
    xmlNode *root = root_named(doc, file, "ProductInfoList", d);
    if (root)
        XMLU_EACH(n, root, "ProductInfo")
            if (rc == 0)
                rc = read_product(db, file, n, d);
    xmlFreeDoc(doc);
    return rc == 0 && d->errors == before ? 0 : -1;
}

/* ---- hardwarelayout/<key>.xml ------------------------------------------- */

static int read_counter(mdb *db, mdb_block *b, const char *file, const xmlNode *n, hw_diag *d)
{
    mdb_counter *c = ARENA_PUSH(db->a, b->counters, b->ncounters, b->cap_counters);
    if (!c)
        return -1;
    c->loc = xmlu_loc(file, n);
    c->name = xmlu_attr(db->a, n, "name");
    if (!c->name || !*c->name)
        diag_error(d, &c->loc, "<Counter> without a name");
    if (int_attr(file, n, "index", INT_MAX, &c->index, d) != 0)
        c->index = -1;
    if (xmlu_attr(db->a, n, "shift") && int_attr(file, n, "shift", 63, &c->shift, d) != 0)
        c->shift = 0;
    return 0;
}

static int read_block(mdb *db, mdb_layout *l, const xmlNode *n, hw_diag *d)
{
    mdb_block *b = ARENA_PUSH(db->a, l->blocks, l->nblocks, l->cap_blocks);
    if (!b)
        return -1;
    b->loc = xmlu_loc(l->file, n);
    b->type = xmlu_attr(db->a, n, "type");
    if (!b->type)
        diag_error(d, &b->loc, "<CounterBlock> without a type");
    int bad = int_attr(l->file, n, "bank", INT_MAX, &b->bank, d) != 0;
    bad |= int_attr(l->file, n, "size", INT_MAX, &b->size, d) != 0;
    if (bad)
        b->size = INT_MAX; /* reported: no index error on top */
    XMLU_EACH(c, n, "Counter")
        if (read_counter(db, b, l->file, c, d) != 0)
            return -1;
    return 0;
}

static int is_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* The layout of product p's key (read once per key). */
static int read_layout(mdb *db, const mdb_product *p, hw_diag *d)
{
    if (!p->key || mdb_layout_of(db, p->key))
        return 0;
    mdb_layout *l = ARENA_PUSH(db->a, db->layouts, db->nlayouts, db->cap_layouts);
    if (!l)
        return -1;
    l->key = p->key;
    l->file = arena_printf(db->a, "%s/hardwarelayout/%s.xml", db->dir, p->key);
    if (!l->file)
        return -1;
    if (!is_file(l->file)) {
        diag_error(d, &p->loc, "product %s: no hardware layout for DatabaseKey '%s' "
                   "(expected %s)", p->names[0], p->key, l->file);
        return 0;
    }
    xmlDocPtr doc = xmlu_read(l->file, d);
    if (!doc)
        return 0;
    int rc = 0;
    xmlNode *root = root_named(doc, l->file, "HardwareLayout", d);
    if (root)
        XMLU_EACH(n, root, "CounterBlock")
            if (rc == 0)
                rc = read_block(db, l, n, d);
    xmlFreeDoc(doc);
    return rc;
}

int mdb_read_layouts(mdb *db, hw_diag *d)
{
    int before = d->errors;
    for (int i = 0; i < db->nproducts; i++)
        if (read_layout(db, &db->products[i], d) != 0)
            return -1;
    return d->errors == before ? 0 : -1;
}

const mdb_layout *mdb_layout_of(const mdb *db, const char *key)
{
    for (int i = 0; i < db->nlayouts; i++)
        if (strcmp(db->layouts[i].key, key) == 0)
            return &db->layouts[i];
    return NULL;
}

/* ---- counterinfo/<name>.xml --------------------------------------------------- */

/* Where the equation's text starts: the first line of the element's text
 * that is not blank (the database writes it on the line after the tag). */
static hw_loc equation_loc(mdb *db, const char *file, const xmlNode *n)
{
    hw_loc loc = xmlu_loc(file, n);
    const char *raw = xmlu_raw_text(db->a, n);
    int col = 0;
    for (const char *p = raw; p && *p && strchr(" \t\r\n", *p); p++) {
        col++;
        if (*p == '\n') {
            loc.line++;
            col = 0;
        }
    }
    loc.col = col + 1;
    return loc;
}

static int entry_lists(mdb *db, mdb_entry *e, const xmlNode *n)
{
    if (texts_of(db, n, "SourceAlias", &e->aliases, &e->naliases, &e->cap_aliases) != 0)
        return -1;
    return texts_of(db, xmlu_first(n, "SupportedGPUs"), "GPU", &e->gpus, &e->ngpus,
                    &e->cap_gpus);
}

static int read_entry(mdb *db, const char *file, const xmlNode *n, hw_diag *d)
{
    mdb_entry *e = ARENA_PUSH(db->a, db->entries, db->nentries, db->cap_entries);
    if (!e || entry_lists(db, e, n) != 0)
        return -1;
    e->loc = xmlu_loc(file, n);
    e->machine = child(db, n, "MachineName");
    e->source = child(db, n, "SourceName");
    e->stable_id = child(db, n, "StableID");
    e->human = child(db, n, "HumanName");
    e->group = child(db, n, "GroupName");
    e->group_human = child(db, n, "GroupHumanName");
    e->units = child(db, n, "Units");
    e->visibility = child(db, n, "Visibility");
    e->short_desc = child(db, n, "ShortDescription");
    e->long_desc = child(db, n, "LongDescription");
    const xmlNode *eq = xmlu_first(n, "Equation");
    if (eq) {
        e->equation = xmlu_text(db->a, eq);
        e->equation_loc = equation_loc(db, file, eq);
    }
    if (!e->machine || !*e->machine)
        diag_error(d, &e->loc, "<CounterInfo> without a <MachineName>");
    else if (!e->source == !e->equation)
        diag_error(d, &e->loc, "counter '%s': %s", e->machine,
                   e->source ? "has both a <SourceName> and an <Equation>"
                             : "has neither a <SourceName> nor an <Equation>");
    return 0;
}

static int read_entry_file(mdb *db, const char *file, hw_diag *d)
{
    xmlDocPtr doc = xmlu_read(file, d);
    if (!doc)
        return 0;
    int rc = 0;
    xmlNode *root = root_named(doc, file, "CounterInfoList", d);
    if (root)
        XMLU_EACH(n, root, "CounterInfo")
            if (rc == 0)
                rc = read_entry(db, file, n, d);
    xmlFreeDoc(doc);
    return rc;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.xml file names of `dir`, sorted, into the arena; NULL after
 * reporting. */
static const char **xml_files(mdb *db, const char *dir, int *n, hw_diag *d)
{
    DIR *dp = opendir(dir);
    if (!dp) {
        hw_loc loc = loc_at(dir, 0, 0);
        diag_error(d, &loc, "cannot open the directory: %s", strerror(errno));
        return NULL;
    }
    const char **names = NULL;
    size_t cap = 0;
    *n = 0;
    for (struct dirent *de; (de = readdir(dp)) != NULL;) {
        size_t len = strlen(de->d_name);
        if (len < 5 || strcmp(de->d_name + len - 4, ".xml") != 0)
            continue;
        const char **slot = ARENA_PUSH(db->a, names, *n, cap);
        if (!slot)
            break;
        *slot = arena_strdup(db->a, de->d_name);
    }
    closedir(dp);
    if (names)
        qsort(names, (size_t)*n, sizeof *names, by_name);
    return names;
}

int mdb_read_entries(mdb *db, hw_diag *d)
{
    int before = d->errors, n = 0;
    const char *dir = arena_printf(db->a, "%s/counterinfo", db->dir);
    const char **names = dir ? xml_files(db, dir, &n, d) : NULL;
    for (int i = 0; i < n; i++) {
        const char *file = arena_printf(db->a, "%s/%s", dir, names[i]);
        if (!file || read_entry_file(db, file, d) != 0)
            return -1;
    }
    return d->errors == before && !arena_failed(db->a) ? 0 : -1;
}

int mdb_entry_supports(const mdb_entry *e, const char *key)
{
    for (int i = 0; i < e->ngpus; i++)
        if (strcmp(e->gpus[i], key) == 0)
            return 1;
    return 0;
}
