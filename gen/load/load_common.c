/* load_common.c - what every loader shares: formulas, and the identity and
 * notes of our XML formats. */
#include "load/load_common.h"

#include "core/expr.h"
#include "load/load_xml.h"

int load_formula(hw_target *t, hw_metric *m, const char *what,
                 const char *text, hw_loc loc, hw_diag *d)
{
    expr_error err;
    m->formula = text;
    m->formula_loc = loc;
    m->expr = expr_parse(t->arena, text, &err);
    if (m->expr)
        return 0;
    hw_loc at = loc;
    diag_error(d, &at, "%s '%s': formula column %d: %s near '%s'", what,
               m->name, err.col, err.message, err.token);
    return -1;
}

int load_xml_identity(hw_target *t, const xmlNode *root, hw_diag *d)
{
    hw_arena *a = t->arena;
    (void)d;
    t->loc = xmlu_loc(t->spec_path, root);
    t->id = xmlu_attr(a, root, "id");
    t->slug = xmlu_attr(a, root, "slug");
    t->vendor = xmlu_attr(a, root, "vendor");
    t->name = xmlu_attr(a, root, "name");
    t->kind = xmlu_attr(a, root, "kind");
    t->source = xmlu_attr(a, root, "source");
    const xmlNode *desc = xmlu_first(root, "description");
    if (desc)
        t->description = xmlu_text(a, desc);
    XMLU_EACH(n, root, "note")
    {
        hw_note *note = IR_PUSH(t, notes);
        if (!note)
            return -1;
        note->loc = xmlu_loc(t->spec_path, n);
        note->kind = xmlu_attr(a, n, "kind");
        note->subject = xmlu_attr(a, n, "subject");
        note->text = xmlu_text(a, n);
    }
    return 0;
}
