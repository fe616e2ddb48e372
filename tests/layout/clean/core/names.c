#include "core/names.h"
/* "#include" and "{" in a comment, or a string, change nothing: "}" */
static int helper(int x); /* a static forward declaration is the file's own */
static const int table[] = {1, 2};
int names_count(const names *n) { return helper(n->count) + table[0]; }
const char *names_first(const names *n) { (void)n; return "extern int f(void);"; }
static int helper(int x) { return x; }
