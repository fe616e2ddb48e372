/* load_mali_gatord.h - how gatord 9.7.2 (Arm's Streamline daemon) knows
 * the GPUs of Arm's Mali counter database.
 *
 * gatord names a Mali counter "ARM_Mali-" and the entry of its name table
 * for the GPU (daemon/mali_userspace/MaliHwCntrNamesGenerated.h), which is
 * the table's prefix ("G720", "G78" for Mali-G78AE, "G1" for the three
 * G1s: daemon/mali_userspace/MaliDevice.cpp picks the table by product id)
 * and the counter's hardware name: ARM_Mali-G720_GPU_ACTIVE. Its built-in
 * events (daemon/events-Mali-<table>_hw.xml) show almost every counter of
 * the database; the few it counts and does not show are listed here.
 */
#ifndef HWCGEN_LOAD_MALI_GATORD_H
#define HWCGEN_LOAD_MALI_GATORD_H

#include "core/ir.h"

/* gatord 9.7.2's name-table prefix for a product id, or NULL when gatord
 * does not know the GPU. */
const char *mali_gatord_prefix(uint32_t product_id);

/* For a GPU gatord knows (by its first product id): each hardware
 * counter's gatord id (counter_id), and EVENT_GATORD_BUILTIN on those its
 * built-in events show. A GPU it does not know is left as it is. 0, or -1
 * when out of memory (the arena remembers it). */
int mali_gatord_apply(hw_target *t);

#endif
