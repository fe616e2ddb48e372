/* diff_bind.c - perf's run-time values held at what the other file knows
 * (diff_bind.h). */
#include "diff/diff_bind.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load/load_facts.h"

/* perf's strcmp_cpuid_str(ID) on arm64 (tools/perf/arch/arm64/util/
 * header.c, negated by util/expr.c): 1 when the CPU is ID's part, of ID's
 * revision (variant, then revision) or a later one, else 0. */
static int cpuid_matches(uint32_t id, uint32_t midr)
{
    const uint32_t version = 0xFu << 20 | 0xFu;
    if ((id & ~version) != (midr & ~version))
        return 0;
    unsigned id_var = id >> 20 & 0xF, var = midr >> 20 & 0xF;
    return var > id_var || (var == id_var && (midr & 0xF) >= (id & 0xF));
}

/* strcmp_cpuid_str(ID) that one side reads, held at its answer on the
 * core the other side describes by MIDR and revision: perf's files pick a
 * formula by the CPU's revision, a telemetry file is for one revision. */
static void bind_cpuids(ctx *c, int side, hw_buf *said)
{
    const hw_target *free_t = side ? c->n : c->o, *knows = side ? c->o : c->n;
    unsigned facts = load_facts_of(knows->format)->facts;
    if (!(facts & HW_FACT(MIDR)) || !(facts & HW_FACT(REVISION)))
        return;
    uint32_t midr = target_midr(knows) | (uint32_t)(knows->major_revision & 0xF) << 20 |
                    (uint32_t)(knows->minor_revision & 0xF);
    for (int r = 0; r < free_t->nruntime; r++) {
        const hw_runtime *rt = &free_t->runtime[r];
        const char *arg = rt->kind == RUNTIME_CPUID ? strchr(rt->key, '(') : NULL;
        if (!arg || c->nbind == (int)(sizeof c->bind / sizeof c->bind[0]))
            continue;
        int v = cpuid_matches((uint32_t)strtoul(arg + 1, NULL, 16), midr);
        c->bind[c->nbind++] = (formula_binding){rt->key, v};
        buf_printf(said, "%s%s = %d (the MIDR %s states, 0x%08X)", said->len ? "; " : "", rt->key,
                   v, c->df->sources ? (side ? "A" : "B") : (side ? "OLD" : "NEW"),
                   (unsigned)midr);
    }
}

/* (diff_bind.h) */
void dw_bind_runtime(ctx *c)
{
    static const struct {
        const char *key;
        unsigned fact;
        size_t off; /* an int of hw_target */
        const char *what;
    } literals[] = {{"#slots", HW_FACT(SLOTS), offsetof(hw_target, num_slots), "slot count"}};
    hw_buf said;
    buf_init(&said);
    for (size_t k = 0; k < sizeof literals / sizeof literals[0]; k++)
        for (int side = 0; side < 2; side++) {
            const hw_target *free_t = side ? c->n : c->o, *knows = side ? c->o : c->n;
            int value = *(const int *)((const char *)knows + literals[k].off);
            int reads = 0;
            for (int r = 0; r < free_t->nruntime; r++)
                reads |= free_t->runtime[r].kind == RUNTIME_LITERAL &&
                         strcmp(free_t->runtime[r].key, literals[k].key) == 0;
            if (!reads || !value || !(load_facts_of(knows->format)->facts & literals[k].fact) ||
                c->nbind == (int)(sizeof c->bind / sizeof c->bind[0]))
                continue;
            c->bind[c->nbind++] = (formula_binding){literals[k].key, value};
            buf_printf(&said, "%s%s = %d (the %s %s states)", said.len ? "; " : "",
                       literals[k].key, value, literals[k].what,
                       c->df->sources ? (side ? "A" : "B") : (side ? "OLD" : "NEW"));
        }
    for (int side = 0; side < 2; side++)
        bind_cpuids(c, side, &said);
    c->df->bound = said.len ? arena_take(c->df->arena, &said) : (buf_free(&said), NULL);
}
