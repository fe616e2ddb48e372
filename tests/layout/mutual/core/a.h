#include "core/b.h"
