#include "load/load.h"
