/* plan/ may use check/ and core/. */
#include "check/check.h"
#include "plan/plan.h"
int plan_names(const names *n) { return check_names(n); }
