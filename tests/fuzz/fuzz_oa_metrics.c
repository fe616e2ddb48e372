/* fuzz_oa_metrics.c - arbitrary bytes as Intel OA metric XML (Mesa's
 * oa-*.xml, load/load_oa_metrics.c) or as one expression of its two
 * reverse Polish languages (core/oa_rpn.c, core/oa_eval.c).
 *
 * An input whose first line is "EQ" or "AV" is an equation or an
 * availability expression (the rest of the input): it is parsed, and
 * when that succeeds evaluated on accumulator and system values taken
 * from the input's bytes. An equation may name the counters $Read (a
 * uint64) and $Ratio (a float) of a small set it is evaluated in.
 *
 * Any other input is written to oa-fuzz.xml in a private temporary
 * directory (in /dev/shm when there is one, else /tmp; removed at exit),
 * loaded by load_spec as the CLI loads it, every counter and availability
 * of every set evaluated, then checked and run through every emitter (in
 * memory). */
#include "fuzz_common.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/arena.h"
#include "core/oa.h"
#include "load/load.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    json_init();
    fuzz_spec_file("oa-fuzz.xml", "fuzz_oa_metrics");
    return 0;
}

/* Inputs spread from the fuzz bytes, so that divisors, masks and shift
 * counts take zero, small and huge values. */
static void fill_inputs(oa_inputs *in, const uint8_t *data, size_t size)
{
    uint8_t *p = (uint8_t *)in;
    for (size_t i = 0; i < sizeof *in; i++)
        p[i] = size ? (uint8_t)(data[i % size] * (i % 7 == 0)) : 0;
    in->field[OA_FIELD_TIMESTAMP_FREQ] = size ? data[0] : 0;
}

static void eval_all(const hw_oa_metrics *m, const oa_inputs *in)
{
    volatile double sink = 0;
    for (int s = 0; s < m->nsets; s++) {
        const hw_oa_set *set = &m->sets[s];
        for (int c = 0; c < set->ncounters; c++) {
            sink += oa_val_double(oa_eval_counter(set, c, in, 0));
            sink += oa_val_double(oa_eval_counter(set, c, in, 1));
            if (set->counters[c].avail)
                sink += oa_eval_available(set->counters[c].avail, in);
        }
        for (int r = 0; r < set->nconfigs; r++)
            if (set->configs[r].avail)
                sink += oa_eval_available(set->configs[r].avail, in);
    }
    (void)sink;
}

static int find_counter(void *ctx, const char *name, oa_type *type)
{
    (void)ctx;
    if (strcmp(name, "Read") == 0)
        return *type = OA_ULONG, 0;
    if (strcmp(name, "Ratio") == 0)
        return *type = OA_FLOAT, 1;
    return -1;
}

/* The expression after the first line, in language lang. */
static void fuzz_expr(int lang, const char *text, const uint8_t *data, size_t size)
{
    hw_arena *a = arena_create();
    oa_node *n = NULL;
    char err[256];
    hw_oa_counter c[3];
    memset(c, 0, sizeof c);
    c[0].data_type = OA_DATA_UINT64;
    c[1].data_type = OA_DATA_FLOAT;
    c[2].data_type = size && (data[size - 1] & 1) ? OA_DATA_FLOAT : OA_DATA_UINT64;
    if (oa_parse(a, "A 0 READ B 1 READ UADD", OA_LANG_EQ, NULL, NULL, &c[0].read, err,
                 sizeof err) != 0 ||
        oa_parse(a, "A 2 READ C 3 READ FDIV", OA_LANG_EQ, NULL, NULL, &c[1].read, err,
                 sizeof err) != 0)
        abort(); /* fixed equations of our own: they must parse */
    if (oa_parse(a, text, lang, lang == OA_LANG_EQ ? find_counter : NULL, NULL, &n, err,
                 sizeof err) == 0) {
        oa_inputs in;
        fill_inputs(&in, data, size);
        hw_oa_set s = {0};
        s.counters = c;
        s.ncounters = 3;
        c[2].read = n;
        volatile double sink = lang == OA_LANG_EQ ? oa_val_double(oa_eval_counter(&s, 2, &in, 0))
                                                  : oa_eval_available(n, &in);
        (void)sink;
    }
    arena_free(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strndup(data, size);
    if (strncmp(text, "EQ\n", 3) == 0 || strncmp(text, "AV\n", 3) == 0) {
        fuzz_expr(text[0] == 'E' ? OA_LANG_EQ : OA_LANG_AV, text + 3, data, size);
        free(text);
        return 0;
    }
    free(text);
    fuzz_spec_write(data, size);
    hw_diag d;
    fuzz_diag(&d);
    hw_target *t = load_spec(fuzz_spec_path, &d);
    if (t && t->oa) {
        oa_inputs in;
        fill_inputs(&in, data, size);
        eval_all(t->oa, &in);
    }
    fuzz_check_and_emit(t, &d);
    diag_free(&d);
    return 0;
}
