/* check_places.h - where hardware things sit (check_places.c): no two
 * blocks with one name or one id, no two counters at one index of a block,
 * no two registers at one address. Run by check_target() for every format;
 * each clash names both places.
 */
#ifndef HWCGEN_CHECK_PLACES_H
#define HWCGEN_CHECK_PLACES_H

#include "core/diag.h"
#include "core/ir.h"

void check_places(const hw_target *t, hw_diag *d);

#endif
