/* Stand-in for Mesa's util/ralloc.h: what gen_perf.py's code and
 * intel_perf_setup.h call, on calloc (the test frees nothing: it runs once). */
#ifndef STUB_RALLOC_H
#define STUB_RALLOC_H
#include <stdlib.h>
#define rzalloc(ctx, type) ((type *)calloc(1, sizeof(type)))
#define rzalloc_array(ctx, type, n) ((type *)calloc((size_t)(n) + 1, sizeof(type)))
#endif
