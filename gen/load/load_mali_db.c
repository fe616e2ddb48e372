/* load_mali_db.c - one target per product of Arm's Mali counter database
 * (load_mali_db.h), built from the lists load_mali_db_entries.c reads.
 *
 * For a product with layout K, as Arm's own tools read the database
 * (lgcpy's IndexedView and HardwareView): every entry whose SupportedGPUs
 * lists K applies; a layout counter is the entry whose SourceName, or one
 * of whose SourceAliases, is the counter's name (case aside); an entry with
 * an equation is a derived counter. Errors, each at its file:line: a
 * layout counter at an index outside its block or at an index another
 * counter holds, or with no entry; an entry with a SourceName its layout
 * lacks; a name defined twice for one GPU with different equations; a
 * product whose layout file is missing (load_mali_db_entries.c). A formula
 * naming an unknown counter is the checker's error, at the formula.
 */
#include "load/load_mali_db.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sys/stat.h>

#include "core/div_rule.h"
#include "core/expr.h"
#include "load/load_common.h"
#include "load/load_mali_db_entries.h"
#include "load/load_mali_gatord.h"

/* ---- finding a database --------------------------------------------------- */

static int has_product_info(const char *dir)
{
    size_t n = strlen(dir) + sizeof "/Mali-ProductInfo.xml";
    char *p = malloc(n);
    struct stat st;
    int ok = p && snprintf(p, n, "%s/Mali-ProductInfo.xml", dir) > 0 &&
             stat(p, &st) == 0 && S_ISREG(st.st_mode);
    free(p);
    return ok;
}

char *mali_db_dir(const char *path)
{
    if (has_product_info(path))
        return strdup(path);
    size_t n = strlen(path) + sizeof "/specification/database";
    char *db = malloc(n);
    if (db && snprintf(db, n, "%s/specification/database", path) > 0 && has_product_info(db))
        return db;
    free(db);
    return NULL;
}

char *mali_db_product_path(const char *path, const char **name)
{
    struct stat st;
    const char *slash = strrchr(path, '/');
    if (!slash || !slash[1] || stat(path, &st) == 0)
        return NULL;
    char *parent = strndup(path, (size_t)(slash - path));
    char *db = parent ? mali_db_dir(parent) : NULL;
    free(parent);
    if (db)
        *name = slash + 1;
    return db;
}

/* ---- a target's identity ---------------------------------------------------- */

/* "Mali G1-Ultra" -> "armdb_mali_g1_ultra" (sep '_') or "armdb-mali-g1-ultra". */
static const char *stem(hw_arena *a, const char *name, char sep)
{
    char *s = arena_printf(a, "armdb%c%s", sep, name);
    if (!s)
        return NULL;
    size_t j = 0;
    for (const char *p = s; *p; p++) {
        char c = isalnum((unsigned char)*p) ? (char)tolower((unsigned char)*p) : sep;
        if (c != sep || (j > 0 && s[j - 1] != sep))
            s[j++] = c;
    }
    while (j > 0 && s[j - 1] == sep)
        j--;
    s[j] = '\0';
    return s;
}

static void product_description(hw_target *t, const mdb_product *p)
{
    hw_buf b;
    buf_init(&b);
    buf_printf(&b, "%s GPU of Arm's %s architecture; product id", p->names[0],
               p->arch ? p->arch : "(unnamed)");
    for (int i = 0; i < p->nids; i++)
        buf_printf(&b, "%s 0x%04x", i ? (i + 1 == p->nids ? " and" : ",") : (p->nids > 1 ? "s" : ""),
                   (unsigned)p->ids[i]);
    for (int i = 1; i < p->nnames; i++)
        buf_printf(&b, "%s %s", i == 1 ? "; also sold as" : ",", p->names[i]);
    buf_printf(&b, ". Counters of hardware layout %s.", p->key);
    t->description = arena_take(t->arena, &b);
}

static hw_target *product_target(const mdb *db, const mdb_product *p)
{
    hw_target *t = target_create(arena_printf(db->a, "%s/%s", db->dir, p->names[0]));
    if (!t)
        return NULL;
    hw_arena *a = t->arena;
    t->format = HW_FORMAT_MALI_DB;
    /* the manifest keys targets by it: the same wherever the database is */
    t->spec_name = arena_printf(a, "specification/database/%s", p->names[0]);
    t->id = stem(a, p->names[0], '_');
    t->slug = stem(a, p->names[0], '-');
    t->vendor = "arm";
    t->name = arena_strdup(a, p->names[0]);
    t->kind = "gpu";
    t->architecture = arena_strdup(a, p->arch);
    t->source = "Arm's Mali counter database (libGPUCounters, specification/database)";
    t->license = "MIT";
    t->div_rule = DIV_RULE_ARM;
    uint32_t *ids = arena_alloc(a, sizeof *ids * (size_t)p->nids);
    const char **aliases = arena_alloc(a, sizeof *aliases * (size_t)p->nnames);
    for (int i = 0; ids && i < p->nids; i++)
        ids[i] = p->ids[i];
    for (int i = 1; aliases && i < p->nnames; i++)
        aliases[i - 1] = arena_strdup(a, p->names[i]);
    t->product_ids = ids;
    t->nproduct_ids = p->nids;
    t->aliases = aliases;
    t->naliases = p->nnames - 1;
    product_description(t, p);
    return t;
}

/* ---- building one product's target --------------------------------------------- */

/* What defines each name of the target so far, to find a name defined
 * twice. */
typedef struct defined {
    const char *name;
    const mdb_entry *by;
} defined;

typedef struct kept_file {
    const char *from, *to;
} kept_file;

typedef struct build {
    const mdb *db;
    const mdb_product *p;
    const mdb_layout *l;
    hw_target *t;
    hw_diag *d;
    defined *defs;
    int ndefs;
    size_t cap_defs;
    char *matched;           /* per entry: a layout counter is it */
    kept_file *files;
    int nfiles;
    size_t cap_files;
} build;

/* The database's lists die with the load; what a target keeps is copied
 * into its arena. */
static const char *keep(build *b, const char *s)
{
    return s ? arena_strdup(b->t->arena, s) : NULL;
}

/* loc with its file name in the target's arena (one copy per file). */
static hw_loc keep_loc(build *b, hw_loc loc)
{
    for (int i = 0; i < b->nfiles; i++)
        if (b->files[i].from == loc.file) {
            loc.file = b->files[i].to;
            return loc;
        }
    kept_file *f = ARENA_PUSH(b->t->arena, b->files, b->nfiles, b->cap_files);
    if (f) {
        f->from = loc.file;
        f->to = keep(b, loc.file);
        loc.file = f->to;
    }
    return loc;
}

static const defined *find_def(const build *b, const char *name)
{
    for (int i = 0; i < b->ndefs; i++)
        if (strcmp(b->defs[i].name, name) == 0)
            return &b->defs[i];
    return NULL;
}

static int add_def(build *b, const char *name, const mdb_entry *by)
{
    defined *d = ARENA_PUSH(b->t->arena, b->defs, b->ndefs, b->cap_defs);
    if (!d)
        return -1;
    d->name = name;
    d->by = by;
    return 0;
}

static int names_counter(const mdb_entry *e, const char *name)
{
    if (e->source && strcasecmp(e->source, name) == 0)
        return 1;
    for (int i = 0; i < e->naliases; i++)
        if (strcasecmp(e->aliases[i], name) == 0)
            return 1;
    return 0;
}

/* The entry of the product's layout counter `name`, or -1. */
static int entry_of_counter(const build *b, const char *name)
{
    for (int i = 0; i < b->db->nentries; i++) {
        const mdb_entry *e = &b->db->entries[i];
        if (e->source && mdb_entry_supports(e, b->l->key) && names_counter(e, name))
            return i;
    }
    return -1;
}

static const struct {
    const char *type, *name, *title;
    int id;
} block_types[] = {
    /* ids: kbase's block types, which hwcpipe's block_type follows */
    {"GPU Front-end", "GPU_FRONTEND", "GPU front-end", 0},
    {"Tiler", "TILER", "Tiler", 1},
    {"Memory System", "MEMORY_SYSTEM", "Memory system", 2},
    {"Shader Core", "SHADER_CORE", "Shader core", 3},
};

/* hw_block for layout block lb; its index in t->blocks, or -1 (reported
 * when the type is unknown or the block comes twice). */
static int add_block(build *b, const mdb_block *lb)
{
    size_t k = 0, n = sizeof block_types / sizeof block_types[0];
    while (k < n && (!lb->type || strcmp(lb->type, block_types[k].type) != 0))
        k++;
    if (k == n) {
        diag_error(b->d, &lb->loc, "block type '%s' is none of GPU Front-end, Tiler, "
                   "Memory System, Shader Core", lb->type ? lb->type : "");
        return -1;
    }
    hw_arena *a = b->t->arena;
    const char *name = lb->bank ? arena_printf(a, "%s_BANK%d", block_types[k].name, lb->bank)
                                : block_types[k].name;
    int at = name ? ir_find_block(b->t, name) : -1;
    if (at >= 0) {
        char where[256];
        loc_where(where, sizeof where, &b->t->blocks[at].loc);
        diag_error(b->d, &lb->loc, "block '%s' bank %d comes twice (first at %s)", lb->type,
                   lb->bank, where);
        return -1;
    }
    hw_block *hb = IR_PUSH(b->t, blocks);
    if (!hb)
        return -1;
    hb->loc = keep_loc(b, lb->loc);
    hb->name = name;
    hb->title = lb->bank ? arena_printf(a, "%s, bank %d", block_types[k].title, lb->bank)
                         : block_types[k].title;
    hb->id = block_types[k].id;
    hb->size = lb->size;
    hb->bank = lb->bank;
    return b->t->nblocks - 1;
}

static void fill_event(build *b, hw_event *ev, const mdb_entry *e, const mdb_counter *c)
{
    ev->loc = keep_loc(b, c->loc);
    ev->name = keep(b, e->machine);
    ev->title = keep(b, e->human);
    ev->st_name = ev->title; /* its label in a Streamline file of ours */
    ev->description = keep(b, e->short_desc);
    ev->units = keep(b, e->units);
    ev->index = c->index;
    ev->shift = c->shift;
    ev->hw_name = keep(b, c->name);
    ev->db_name = ev->name;
    ev->advanced = !e->visibility || strcmp(e->visibility, "Novice") != 0;
    ev->pfile = ev->pobj = -1;
}

/* Layout counter c of block `blk` (whose holders so far are in `at`). */
static int add_counter(build *b, int blk, const mdb_block *lb, const mdb_counter *c,
                       const mdb_counter **at)
{
    if (c->index < 0 || !c->name)
        return 0; /* reported */
    if (c->index >= lb->size) {
        diag_error(b->d, &c->loc, "counter %s: index %d is outside block '%s' (size %d)",
                   c->name, c->index, lb->type, lb->size);
        return 0;
    }
    if (at[c->index]) {
        diag_error(b->d, &c->loc, "counter %s: index %d of block '%s' is %s's already (line %d)",
                   c->name, c->index, lb->type, at[c->index]->name, at[c->index]->loc.line);
        return 0;
    }
    at[c->index] = c;
    int k = entry_of_counter(b, c->name);
    if (k < 0) {
        diag_error(b->d, &c->loc, "counter %s: no counterinfo entry for %s has it as "
                   "SourceName or SourceAlias", c->name, b->l->key);
        return 0;
    }
    const mdb_entry *e = &b->db->entries[k];
    const defined *def = find_def(b, e->machine);
    if (def) {
        diag_error(b->d, &c->loc, "counter %s: its entry %s (%s:%d) is counter %s's too",
                   c->name, e->machine, e->loc.file, e->loc.line, def->name);
        return 0;
    }
    b->matched[k] = 1;
    hw_event *ev = IR_PUSH(b->t, events);
    if (!ev || add_def(b, e->machine, e) != 0)
        return -1;
    fill_event(b, ev, e, c);
    ev->block = blk;
    return 0;
}

static int add_hardware(build *b)
{
    for (int i = 0; i < b->l->nblocks; i++) {
        const mdb_block *lb = &b->l->blocks[i];
        int blk = add_block(b, lb);
        if (blk < 0 || lb->size == INT_MAX)
            continue;
        const mdb_counter **at = arena_alloc(b->t->arena, sizeof *at * (size_t)(lb->size + 1));
        if (!at)
            return -1;
        for (int j = 0; j < lb->ncounters; j++)
            if (add_counter(b, blk, lb, &lb->counters[j], at) != 0)
                return -1;
    }
    return 0;
}

/* ---- derived counters and constants ---------------------------------------------- */

static const struct {
    const char *name, *title, *units, *description;
} config_values[] = {
    {"MALI_CONFIG_SHADER_CORE_COUNT", "Shader core count", "instances",
     "Shader cores of the GPU as built; given at run time."},
    {"MALI_CONFIG_L2_CACHE_COUNT", "L2 cache slice count", "instances",
     "L2 cache slices of the GPU as built; given at run time."},
    {"MALI_CONFIG_EXT_BUS_BYTE_SIZE", "External bus beat size", "bytes",
     "Bytes moved per beat of the external bus (its width in bits / 8); given at run time."},
    {"MALI_CONFIG_TIME_SPAN", "Sample time span", "seconds",
     "Length of the sample period; given at run time. Arm's hwcpipe tables leave out "
     "the counters that need it."},
};

static int add_config_values(build *b)
{
    for (size_t i = 0; i < sizeof config_values / sizeof config_values[0]; i++) {
        hw_constant *k = IR_PUSH(b->t, constants);
        if (!k)
            return -1;
        k->loc = b->t->loc;
        k->name = config_values[i].name;
        k->title = config_values[i].title;
        k->units = config_values[i].units;
        k->description = config_values[i].description;
    }
    return 0;
}

/* An equation that is only a number ("16"): the entry is a constant. */
static int equation_number(const char *s, double *v)
{
    char *end = NULL;
    if (!s || !isdigit((unsigned char)*s))
        return 0;
    *v = strtod(s, &end);
    return *end == '\0';
}

/* The entry defines a name the target has: the same equation again is
 * harmless; anything else is an error naming both places. */
static void defined_twice(build *b, const mdb_entry *e, const defined *def)
{
    const mdb_entry *first = def->by;
    if (e->equation && first->equation && strcmp(e->equation, first->equation) == 0)
        return;
    diag_error(b->d, &e->loc, "counter %s is defined twice for %s, differently: here (%s) "
               "and at %s:%d (%s)", e->machine, b->l->key,
               e->equation ? e->equation : e->source ? e->source : "?",
               first->loc.file, first->loc.line,
               first->equation ? first->equation : first->source ? first->source : "?");
}

static int add_constant(build *b, const mdb_entry *e, double v)
{
    hw_constant *k = IR_PUSH(b->t, constants);
    if (!k)
        return -1;
    k->loc = keep_loc(b, e->loc);
    k->name = keep(b, e->machine);
    k->title = keep(b, e->human);
    k->description = keep(b, e->short_desc);
    k->units = keep(b, e->units);
    k->has_value = 1;
    k->value = v;
    return 0;
}

static int add_metric(build *b, const mdb_entry *e)
{
    hw_metric *m = IR_PUSH(b->t, metrics);
    if (!m)
        return -1;
    m->loc = keep_loc(b, e->loc);
    m->name = keep(b, e->machine);
    m->title = keep(b, e->human);
    m->description = keep(b, e->short_desc);
    m->units = keep(b, e->units);
    m->pfile = m->pobj = -1;
    load_formula(b->t, m, "counter", keep(b, e->equation), keep_loc(b, e->equation_loc), b->d);
    return 0;
}

static int add_entry(build *b, int k)
{
    const mdb_entry *e = &b->db->entries[k];
    if (!e->machine || !mdb_entry_supports(e, b->l->key))
        return 0;
    if (e->source) {
        if (!b->matched[k] && !find_def(b, e->machine))
            diag_error(b->d, &e->loc, "counter %s: hardware layout %s has no counter %s",
                       e->machine, b->l->key, e->source);
        else if (!b->matched[k])
            defined_twice(b, e, find_def(b, e->machine));
        return 0;
    }
    const defined *def = find_def(b, e->machine);
    if (def) {
        defined_twice(b, e, def);
        return 0;
    }
    double v = 0;
    int rc = equation_number(e->equation, &v) ? add_constant(b, e, v) : add_metric(b, e);
    return rc != 0 ? -1 : add_def(b, e->machine, e);
}

static hw_target *build_product(const mdb *db, const mdb_product *p, hw_diag *d)
{
    build b = {.db = db, .p = p, .l = mdb_layout_of(db, p->key), .d = d};
    if (!b.l)
        return NULL; /* reported */
    b.t = product_target(db, p);
    if (!b.t)
        return NULL;
    b.t->loc = keep_loc(&b, p->loc);
    b.matched = arena_alloc(b.t->arena, (size_t)db->nentries + 1);
    int rc = b.matched ? add_config_values(&b) : -1;
    if (rc == 0)
        rc = add_hardware(&b);
    for (int k = 0; rc == 0 && k < db->nentries; k++)
        rc = add_entry(&b, k);
    if (rc == 0)
        rc = mali_gatord_apply(b.t);
    if (rc != 0 || arena_failed(b.t->arena)) {
        diag_error(d, &p->loc, "out of memory");
        target_free(b.t);
        return NULL;
    }
    return b.t;
}

/* ---- the whole database ----------------------------------------------------------- */

static int has_name(const mdb_product *p, const char *name)
{
    for (int i = 0; i < p->nnames; i++)
        if (strcmp(p->names[i], name) == 0)
            return 1;
    return 0;
}

static int read_db(mdb *db, hw_diag *d)
{
    if (mdb_read_products(db, d) != 0)
        return -1;
    int rc = mdb_read_layouts(db, d);
    if (mdb_read_entries(db, d) != 0)
        rc = -1;
    return rc;
}

static int build_all(const mdb *db, const char *only, hw_target ***out, int *n, hw_diag *d)
{
    *out = calloc((size_t)db->nproducts + 1, sizeof **out);
    if (!*out) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    int before = d->errors;
    for (int i = 0; i < db->nproducts; i++) {
        const mdb_product *p = &db->products[i];
        if (only && !has_name(p, only))
            continue;
        hw_target *t = build_product(db, p, d);
        if (t)
            (*out)[(*n)++] = t;
    }
    if (d->errors == before)
        return 0;
    for (int i = 0; i < *n; i++)
        target_free((*out)[i]);
    *n = 0;
    return -1;
}

static void unknown_product(const mdb *db, const char *only, hw_diag *d)
{
    hw_buf b;
    buf_init(&b);
    for (int i = 0; i < db->nproducts; i++)
        for (int j = 0; j < db->products[i].nnames; j++)
            buf_printf(&b, "%s%s", b.len ? ", " : "", db->products[i].names[j]);
    hw_loc loc = loc_at(arena_printf(db->a, "%s/Mali-ProductInfo.xml", db->dir), 0, 0);
    diag_error(d, &loc, "no product is named '%s'; the products are %s", only,
               b.data ? b.data : "none");
    buf_free(&b);
}

int load_mali_db(const char *dir, const char *only, hw_target ***out, int *n, hw_diag *d)
{
    *out = NULL;
    *n = 0;
    mdb db = {.a = arena_create(), .dir = dir};
    if (!db.a) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    int rc = read_db(&db, d);
    if (rc == 0)
        rc = build_all(&db, only, out, n, d);
    if (rc == 0 && only && *n == 0) {
        unknown_product(&db, only, d);
        rc = -1;
    }
    arena_free(db.a);
    return rc;
}
