/* mali_products.c - the table of mali_products.h. */
#include "core/mali_products.h"

#include <stddef.h>
#include <string.h>
#include <strings.h>

/* Ids: libGPUCounters' product_id.cpp maps GPU_ID's architecture and
 * product major to each product (7, 3 is Mali-G31: 0x7003, as
 * Mali-ProductInfo.xml writes it); a Midgard GPU has a 16-bit product id
 * (0x0880 is Mali-T880; Mali-T760's is 0x0750). Mali-G57 has two. */
static const mali_product products[] = {
    {"T72x", "T72x", "Mali-T720", "Midgard", {0x0720, 0}, NULL},
    {"T76x", "T76x", "Mali-T760", "Midgard", {0x0750, 0}, NULL},
    {"T82x", "T82x", "Mali-T820", "Midgard", {0x0820, 0}, NULL},
    {"T83x", "T83x", "Mali-T830", "Midgard", {0x0830, 0}, NULL},
    {"T86x", "T86x", "Mali-T860", "Midgard", {0x0860, 0}, NULL},
    {"T88x", "T88x", "Mali-T880", "Midgard", {0x0880, 0}, NULL},
    {"G71", "TMIx", "Mali-G71", "Bifrost", {0x6000, 0}, NULL},
    {"G72", "THEx", "Mali-G72", "Bifrost", {0x6001, 0}, NULL},
    {"G51", "TSIx", "Mali-G51", "Bifrost", {0x7000, 0}, NULL},
    {"G76", "TNOx", "Mali-G76", "Bifrost", {0x7001, 0}, NULL},
    {"G52", "TGOx", "Mali-G52", "Bifrost", {0x7002, 0}, NULL},
    {"G31", "TDVx", "Mali-G31", "Bifrost", {0x7003, 0}, NULL},
    {"G77", "TTRx", "Mali-G77", "Valhall", {0x9000, 0}, NULL},
    {"G57", "TNAx", "Mali-G57", "Valhall", {0x9001, 0x9003}, NULL},
    {"G78", "TBOx", "Mali-G78", "Valhall", {0x9002, 0}, NULL},
    {"G68", "TOTx", "Mali-G68", "Valhall", {0x9004, 0}, NULL},
    /* no Panfrost file: for our own spec (spec/mali/mali-g720.xml), by
     * name; Mali-ProductInfo.xml gives Mali-G720 and Immortalis-G720 one
     * entry, 0xc000, as product_id.cpp maps GPU_ID 12.0 */
    {NULL, NULL, "Mali-G720", "5th Generation", {0xC000, 0}, "Immortalis-G720"},
};

const mali_product *mali_product_by_file(const char *stem)
{
    for (size_t i = 0; stem && i < sizeof products / sizeof products[0]; i++)
        if (products[i].file && strcasecmp(products[i].file, stem) == 0)
            return &products[i];
    return NULL;
}

const mali_product *mali_product_by_name(const char *name)
{
    for (size_t i = 0; name && i < sizeof products / sizeof products[0]; i++)
        if (strcmp(products[i].name, name) == 0 ||
            (products[i].alias && strcmp(products[i].alias, name) == 0))
            return &products[i];
    return NULL;
}

int mali_target_ids(const hw_target *t, const uint32_t **ids)
{
    *ids = t->product_ids;
    if (t->nproduct_ids > 0)
        return t->nproduct_ids;
    const mali_product *p = t->vendor && strcmp(t->vendor, "arm") == 0 && t->name
                                ? mali_product_by_name(t->name)
                                : NULL;
    if (!p)
        return 0;
    *ids = p->ids;
    return p->ids[1] ? 2 : 1;
}
