/* load_oa_read.h - the elements of an Intel OA metric file (Mesa's
 * oa-*.xml) into a hw_oa_metrics: each <set>, <counter>, <register_config>
 * and <register> where it stands, with the line its start tag begins on and
 * each attribute the loader uses, copied as written (the register_config's
 * type into type_text). Nothing is checked here: load_oa_metrics.c checks
 * it all, whichever reader read it.
 *
 * Two readers fill the same structures. oa_read_stream reads the file
 * building no document: the 28 files of Mesa 25.0.7 hold 340,000
 * elements, and libxml2's tree of them (made, walked and freed) was two
 * thirds of the time `hwcgen generate --outputs c` took on them. A file
 * written as Mesa writes them (a declaration, comments, elements with
 * quoted ASCII attributes, white space) it reads itself, checking the
 * XML grammar as it goes; any other goes through libxml2's parser, with
 * no document either. It takes only what it can read exactly as the tree
 * would give it, and hands anything else to oa_read_doc, which walks a
 * document read by xmlu_read.
 */
#ifndef HWCGEN_LOAD_OA_READ_H
#define HWCGEN_LOAD_OA_READ_H

#include <libxml/tree.h>

#include "core/arena.h"
#include "core/oa.h"

/* Read `path` (its name in every location: `file`) into m, *root being
 * where <metrics> is. 0; -1 when out of memory; or 1 when the file is for
 * xmlu_read and oa_read_doc: it is not well-formed, or libxml2 has a word
 * on it (each error is then xmlu_read's to report), it has a DOCTYPE or
 * namespaces, its root is not <metrics>, or it is Panfrost's (a
 * <category> in its root). m may then hold part of the file, in arena
 * `a`: start again from an empty one. */
int oa_read_stream(hw_arena *a, const char *path, const char *file, hw_oa_metrics *m,
                   hw_loc *root);

/* The same from a document whose root is <metrics>; 0, or -1 when out of
 * memory. */
int oa_read_doc(hw_arena *a, const char *file, const xmlNode *root, hw_oa_metrics *m,
                hw_loc *root_loc);

#endif
