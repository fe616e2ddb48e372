#include "check/check.h"
int check_target(void) { return check_c_names(); }
