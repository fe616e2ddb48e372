/* A family header: load_model.c in the same folder defines what it declares. */
#include "core/names.h"
int load_model(names *n);
