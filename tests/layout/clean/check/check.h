#include "core/names.h"
int check_names(const names *n);
