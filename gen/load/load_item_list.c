/* load_item_list.c - adding to the list of load items (load_item_list.h). */
#include "load/load_item_list.h"

#include <stdlib.h>

load_item *load_items_add(load_items *l, load_kind kind, int p)
{
    if (l->nitems == l->item_cap) {
        int cap = l->item_cap * 2 + 16;
        load_item *grown = realloc(l->items, (size_t)cap * sizeof *grown);
        if (!grown)
            return NULL;
        l->items = grown;
        l->item_cap = cap;
    }
    load_item *it = &l->items[l->nitems++];
    *it = (load_item){.kind = kind, .path = p, .arch = -1};
    return it;
}
