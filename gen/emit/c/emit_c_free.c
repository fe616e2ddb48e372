/* emit_c_free.c - the freestanding header <id>.h of a target of our own
 * formats: identity, event codes, counter blocks and groups as macros,
 * then the register part (emit_c_regs.h). */
#include "emit/c/emit_c_free.h"

#include "emit/c/emit_c_regs.h"
#include "plan/plan_c_names.h"

typedef struct fgen {
    const hw_target *t;
    hw_arena *scratch;  /* strings that live until rendering is done */
    const char *ID;     /* NEOVERSE_V1 */
} fgen;

/* A macro name of <id>.h, as plan_c_names.h spells it. */
#define MNAME(g, ...) c_checked_macro((g)->scratch, (g)->ID, __VA_ARGS__)

static void define(fgen *g, cJSON *sec, const char *name, const char *value,
                   const char *comment)
{
    c_define(g->scratch, sec, name, NULL, value, comment);
}

/* s as a C string literal, quotes included. */
static const char *c_string(fgen *g, const char *s)
{
    hw_buf b;
    buf_init(&b);
    buf_putc(&b, '"');
    mu_escape_append(&b, s ? s : "", MU_ESCAPE_C_STRING);
    buf_putc(&b, '"');
    const char *r = arena_strdup(g->scratch, b.data ? b.data : "\"\"");
    buf_free(&b);
    return r;
}

/* A GPU known by its product ids (GPU_ID's product field): the ids as a
 * list and as a test, and the names it is sold under, so a driver can
 * tell which header describes the GPU it probed. */
static void product_defines(fgen *g, cJSON *s)
{
    const hw_target *t = g->t;
    define(g, s, MNAME(g, "NAME"), c_string(g, t->name), NULL);
    if (t->architecture)
        define(g, s, MNAME(g, "ARCHITECTURE"), c_string(g, t->architecture), NULL);
    hw_buf list, test;
    buf_init(&list);
    buf_init(&test);
    for (int i = 0; i < t->naliases; i++)
        buf_printf(&list, "%s%s", i ? ", " : "{", c_string(g, t->aliases[i]));
    buf_puts(&list, t->naliases ? "}" : "{0}");
    define(g, s, MNAME(g, "ALIAS_COUNT"), arena_printf(g->scratch, "%d", t->naliases),
           "other names of the same GPU (same product id)");
    define(g, s, MNAME(g, "ALIASES"), arena_take(g->scratch, &list), NULL);
    buf_init(&list);
    for (int i = 0; i < t->nproduct_ids; i++) {
        buf_printf(&list, "%s0x%04X", i ? ", " : "{", (unsigned)t->product_ids[i]);
        buf_printf(&test, "%s(id) == 0x%04X", i ? " || " : "(", (unsigned)t->product_ids[i]);
    }
    buf_puts(&list, "}");
    buf_puts(&test, ")");
    define(g, s, MNAME(g, "PRODUCT_ID_COUNT"), arena_printf(g->scratch, "%d", t->nproduct_ids),
           "product ids (the product field of GPU_ID)");
    define(g, s, MNAME(g, "PRODUCT_IDS"), arena_take(g->scratch, &list), NULL);
    c_define(g->scratch, s, MNAME(g, "IS_PRODUCT_ID"), "id", arena_take(g->scratch, &test),
             "1 when id is one of them");
}

static void identity_section(fgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    cJSON *s = c_section(sections, "Identity");
    if (c_has_midr(t)) {
        uint32_t midr = target_midr(t);
        define(g, s, MNAME(g, "MIDR_VALUE"), arena_printf(g->scratch, "0x%08Xu", (unsigned)midr),
               "MIDR_EL1 with variant and revision zero");
        define(g, s, MNAME(g, "MIDR_MASK"), "0xFF0FFFF0u",
               "implementer, architecture and part number fields");
        define(g, s, MNAME(g, "IMPLEMENTER"),
               arena_printf(g->scratch, "0x%02X", (unsigned)t->implementer), NULL);
        define(g, s, MNAME(g, "PART_NUM"),
               arena_printf(g->scratch, "0x%03X", (unsigned)t->part_num), NULL);
    }
    if (t->num_counters)
        define(g, s, MNAME(g, "NUM_COUNTERS"), arena_printf(g->scratch, "%d", t->num_counters),
               "programmable counters, besides any cycle counter");
    if (t->num_slots)
        define(g, s, MNAME(g, "NUM_SLOTS"), arena_printf(g->scratch, "%d", t->num_slots),
               "operation slots per cycle (topdown)");
    if (c_has_product_ids(t))
        product_defines(g, s);
    if (cJSON_GetArraySize(cJSON_GetObjectItem(s, "defines")) == 0)
        cJSON_DeleteItemFromArray(sections, cJSON_GetArraySize(sections) - 1);
}

static void event_section(fgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    cJSON *s = NULL;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (!e->has_code)
            continue;
        if (!s)
            s = c_section(sections, "Event codes");
        define(g, s, MNAME(g, "EVENT_%s", e->name),
               arena_printf(g->scratch, "0x%04X", (unsigned)e->code), e->title);
    }
}

static void block_section(fgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    if (!t->nblocks)
        return;
    cJSON *s = c_section(sections, "Counter blocks: hardware block ids");
    for (int i = 0; i < t->nblocks; i++) {
        const hw_block *b = &t->blocks[i];
        define(g, s, MNAME(g, "BLOCK_%s", b->name), arena_printf(g->scratch, "%d", b->id),
               b->title);
        if (b->size)
            define(g, s, MNAME(g, "BLOCK_%s_SIZE", b->name),
                   arena_printf(g->scratch, "%d", b->size), "counters in the block");
        if (c_has_product_ids(t))
            define(g, s, MNAME(g, "BLOCK_%s_BANK", b->name),
                   arena_printf(g->scratch, "%d", b->bank), "the block's bank");
    }
}

/* Counters placed in blocks: where each one is read from. */
static void counter_section(fgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    cJSON *s = NULL;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (e->block < 0 || e->index < 0)
            continue;
        if (!s)
            s = c_section(sections, c_has_product_ids(t)
                                        ? "Counters: block id, bank, index inside the block, shift"
                                        : "Counters: block id and index inside the block");
        const char *n = c_counter_stem(e);
        define(g, s, MNAME(g, "%s_BLOCK", n),
               MNAME(g, "BLOCK_%s", t->blocks[e->block].name), e->title);
        if (c_has_product_ids(t))
            define(g, s, MNAME(g, "%s_BANK", n),
                   MNAME(g, "BLOCK_%s_BANK", t->blocks[e->block].name), NULL);
        define(g, s, MNAME(g, "%s_INDEX", n), arena_printf(g->scratch, "%d", e->index),
               NULL);
        if (c_has_product_ids(t))
            define(g, s, MNAME(g, "%s_SHIFT", n), arena_printf(g->scratch, "%d", e->shift),
                   e->shift ? "the sampler adds raw << shift to the count" : NULL);
        if (e->width)
            define(g, s, MNAME(g, "%s_WIDTH", n), arena_printf(g->scratch, "%d", e->width),
                   "bits");
        if (c_counter_multiplier(e))
            define(g, s, MNAME(g, "%s_MULTIPLIER", n),
                   arena_printf(g->scratch, "%d", c_counter_multiplier(e)),
                   "tools scale the raw count by this before use");
    }
}

/* Functional groups as initialiser lists: `static const unsigned short
 * ev[] = ID_GROUP_BUS_EVENTS;` costs nothing until used. */
static void group_section(fgen *g, cJSON *sections)
{
    const hw_target *t = g->t;
    cJSON *s = NULL;
    for (int i = 0; i < t->ngroups; i++) {
        const hw_group *gr = &t->groups[i];
        if (gr->kind != GROUP_EVENTS)
            continue;
        hw_buf list;
        buf_init(&list);
        int n = 0;
        for (int k = 0; k < gr->nmembers; k++) {
            int e = ir_find_event(t, gr->members[k]);
            if (e < 0 || !t->events[e].has_code)
                continue;
            buf_printf(&list, "%s0x%04X", n++ ? ", " : "{", (unsigned)t->events[e].code);
        }
        buf_puts(&list, n ? "}" : "{0}");
        if (!s)
            s = c_section(sections, "Functional groups: event codes as initialisers");
        define(g, s, MNAME(g, "GROUP_%s_COUNT", gr->name),
               arena_printf(g->scratch, "%d", n), gr->title);
        define(g, s, MNAME(g, "GROUP_%s_EVENTS", gr->name),
               arena_strdup(g->scratch, list.data ? list.data : "{0}"), NULL);
        buf_free(&list);
    }
}

int emit_c_freestanding(const hw_target *t, const char *ID, hw_arena *scratch,
                        const emit_to *to)
{
    fgen fg = {t, scratch, ID}, *g = &fg;
    cJSON *data = cJSON_CreateObject();
    c_banner(data, t, "hardware counter facts for drivers");
    jstr(data, "guard", c_checked(g->scratch, c_guard(g->scratch, g->ID)));
    cJSON *sections = jarr(data, "sections");
    identity_section(g, sections);
    event_section(g, sections);
    block_section(g, sections);
    counter_section(g, sections);
    group_section(g, sections);
    if (emit_c_regs(t, g->ID, g->scratch, sections, jarr(data, "code"), to) != 0) {
        cJSON_Delete(data);
        return -1;
    }
    const char *file = arena_printf(g->scratch, "include/hwcgen/%s.h", t->id);
    int rc = render_file(to, "c_header.h", data, MU_ESCAPE_C_COMMENT, file);
    cJSON_Delete(data);
    return rc;
}

