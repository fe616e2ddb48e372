#include "load/load.h"
#include "check/check.h"
