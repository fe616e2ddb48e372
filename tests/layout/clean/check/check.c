#include "check/check.h"
int check_names(const names *n) { return names_count(n) > 0; }
