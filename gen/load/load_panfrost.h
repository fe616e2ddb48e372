/* load_panfrost.h - Mesa's Panfrost counter XML (format "panfrost").
 *
 * Mesa (MIT) describes the counters of each Mali GPU its Panfrost driver
 * samples in one file, src/panfrost/perf/<GPU>.xml: <metrics id=CODENAME>
 * holding a <category> per counter block, in the order Mesa lays the
 * blocks out (pan_perf.c: job manager, tiler, memory system or L2, shader
 * core; 64 counters each), and an <event> per counter: its offset in the
 * block, hardware name (counter=), Streamline title and name, description,
 * units, and advanced="yes" for those hidden by default. A file names no
 * product id: the GPU is known by the file's name, through the table of
 * core/mali_products.h, and its codename is checked against that table.
 * One file is one target; a directory of such files is one target per file.
 */
#ifndef HWCGEN_LOAD_PANFROST_H
#define HWCGEN_LOAD_PANFROST_H

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/ir.h"
#include "load/load_item_list.h"

#define HW_FORMAT_PANFROST "panfrost"

/* Is this parsed document Panfrost's (<metrics> holding <category>)? */
int panfrost_is(const xmlNode *root);

/* Load one file's document into t. 0, or -1 after reporting. */
int load_panfrost(hw_target *t, xmlDocPtr doc, hw_diag *d);

/* Does the XML file at `path` parse, with Panfrost's root? (A directory
 * of such files, and of no other XML, is Panfrost's folder: load_items.c.) */
int panfrost_file(const char *path);

#endif
