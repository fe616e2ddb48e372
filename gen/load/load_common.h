/* load_common.h - what the loaders share (load_common.c): formulas, and
 * the identity and notes of our XML formats. */
#ifndef HWCGEN_LOAD_COMMON_H
#define HWCGEN_LOAD_COMMON_H

#include <libxml/tree.h>

#include "core/diag.h"
#include "core/ir.h"

/* Parse `text` as m's formula; a syntax error is reported at `loc` as
 * "<what> 'name': formula column N: message near 'token'". Sets m->formula,
 * m->formula_loc, m->expr. Returns 0 or -1. */
int load_formula(hw_target *t, hw_metric *m, const char *what,
                 const char *text, hw_loc loc, hw_diag *d);

/* Read common root attributes of our XML formats into t: id, slug, vendor,
 * name, kind, source, and the <description> and <note> children. */
int load_xml_identity(hw_target *t, const xmlNode *root, hw_diag *d);

#endif
