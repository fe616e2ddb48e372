#include "core/count.h"
int count(void) { return 1; }
int twice(int x) { return 2 * x; }
