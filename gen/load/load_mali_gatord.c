/* load_mali_gatord.c - gatord 9.7.2's names for the counters of Arm's Mali
 * counter database (load_mali_gatord.h). Facts from gatord 9.7.2's source:
 * the product ids and name tables of daemon/mali_userspace/MaliDevice.cpp
 * (PRODUCT_VERSIONS) and the counters its name tables have that its
 * built-in events leave out (daemon/events-Mali-*_hw.xml), of those Arm's
 * database describes (libGPUCounters of March 2026). The test with both at
 * hand (tests/test_mali_db_gatord.c) checks every one of them.
 */
#include "load/load_mali_gatord.h"

#include <string.h>

static const struct {
    uint32_t id;
    const char *prefix;
} gatord_products[] = {
    {0x6000, "G71"},  {0x6001, "G72"},  {0x7000, "G51"},  {0x7001, "G76"},  {0x7002, "G52"},
    {0x7003, "G31"},  {0x9000, "G77"},  {0x9001, "G57"},  {0x9002, "G78"},  {0x9003, "G57"},
    {0x9004, "G68"},  {0x9005, "G78"},  {0xa002, "G710"}, {0xa003, "G510"}, {0xa004, "G310"},
    {0xa007, "G610"}, {0xb002, "G715"}, {0xb003, "G615"}, {0xc000, "G720"}, {0xc001, "G620"},
    {0xd000, "G725"}, {0xd001, "G625"}, {0xe000, "G1"},   {0xe001, "G1"},   {0xe003, "G1"},
};

/* Counters gatord counts (its name table has them) that its built-in
 * events do not show: a Streamline file may add these without showing any
 * counter twice. */
static const struct {
    const char *prefix, *hw_name;
} gatord_unshown[] = {
    {"G620", "PRIMASSY_POS_SHADER_WAIT"}, {"G720", "PRIMASSY_POS_SHADER_WAIT"},
    {"G625", "PRIMASSY_POS_SHADER_WAIT"}, {"G725", "PRIMASSY_POS_SHADER_WAIT"},
    {"G1", "PRIMASSY_POS_SHADER_WAIT"},
};

const char *mali_gatord_prefix(uint32_t product_id)
{
    for (size_t i = 0; i < sizeof gatord_products / sizeof gatord_products[0]; i++)
        if (gatord_products[i].id == product_id)
            return gatord_products[i].prefix;
    return NULL;
}

static int shown(const char *prefix, const char *hw_name)
{
    for (size_t i = 0; i < sizeof gatord_unshown / sizeof gatord_unshown[0]; i++)
        if (strcmp(gatord_unshown[i].prefix, prefix) == 0 &&
            strcmp(gatord_unshown[i].hw_name, hw_name) == 0)
            return 0;
    return 1;
}

int mali_gatord_apply(hw_target *t)
{
    const char *prefix = t->nproduct_ids > 0 ? mali_gatord_prefix(t->product_ids[0]) : NULL;
    for (int i = 0; prefix && i < t->nevents; i++) {
        hw_event *e = &t->events[i];
        if (!e->hw_name)
            continue;
        e->counter_id = arena_printf(t->arena, "ARM_Mali-%s_%s", prefix, e->hw_name);
        if (!e->counter_id)
            return -1;
        if (shown(prefix, e->hw_name))
            e->flags |= EVENT_GATORD_BUILTIN;
    }
    return 0;
}
