#include "check/check.h"
int check_c_names(void) { return 0; }
