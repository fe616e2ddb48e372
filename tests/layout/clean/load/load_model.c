#include "load/load.h"
int load_model(names *n) { return names_count(n); }
