#include "core/names.h"
int plan_names(const names *n);
