#include "core/expr.h"
#include "core/parser.h"
int expr_eval(int x) { return parse(x); }
