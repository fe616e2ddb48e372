/* mali_products.h - Arm's Mali GPUs by the names other files give them.
 *
 * Mesa's Panfrost counter XML names a GPU only by its file ("G57.xml") and
 * a codename (<metrics id="TNAx">); Arm's files name it by product name and
 * id (GPU_ID's product field); our own GPU templates by product name only.
 * This table joins them, so that a GPU's files from different vendors are
 * known to be one device. Product ids
 * are Arm's, from libGPUCounters (backend/device/src/device/product_id.cpp,
 * whose Midgard ids are the old 16-bit product ids, and
 * specification/database/Mali-ProductInfo.xml); the codenames are the ones
 * Mesa's files carry.
 */
#ifndef HWCGEN_MALI_PRODUCTS_H
#define HWCGEN_MALI_PRODUCTS_H

#include <stdint.h>

#include "core/ir.h"

typedef struct mali_product {
    const char *file;     /* Panfrost's file stem: "G57", "T88x"; NULL
                             when Panfrost has no file for the GPU */
    const char *codename; /* Panfrost's <metrics id>: "TNAx" (or NULL) */
    const char *name;     /* Arm's product name: "Mali-G57" */
    const char *family;   /* "Midgard", "Bifrost", "Valhall" */
    uint32_t ids[2];      /* Arm's product ids; 0 ends the list */
    const char *alias;    /* Arm's other name for the same entry of
                             Mali-ProductInfo.xml: "Immortalis-G720" */
} mali_product;

/* The product whose Panfrost file stem is `stem` (case-insensitive), or
 * NULL. */
const mali_product *mali_product_by_file(const char *stem);

/* The product called `name` or its alias ("Mali-G720", "Immortalis-G720"),
 * or NULL. */
const mali_product *mali_product_by_name(const char *name);

/* The product ids of target t, into *ids; how many. Its own where its
 * file states them; else, for an Arm GPU (our templates name a GPU, not
 * its ids), Arm's for its name, so that its files from several vendors are
 * known as one device; else none. */
int mali_target_ids(const hw_target *t, const uint32_t **ids);

#endif
