/* perf_enc.c - the keys an event of a perf tree is programmed with, as
 * numbers and as perf's event string (perf_enc.h).
 */
#include "core/perf_enc.h"

#include <ctype.h>
#include <inttypes.h>
#include <string.h>
#include <strings.h>

static const struct {
    const char *key;
    int arity;
} keys[PERF_ENC_COUNT] = {
#define X(e, key, n) {key, n},
    PERF_ENC_KEYS(X)
#undef X
};

const char *perf_enc_key(perf_enc_id k)
{
    return k < PERF_ENC_COUNT ? keys[k].key : "";
}

int perf_enc_find(const char *key)
{
    for (int k = 0; k < PERF_ENC_COUNT; k++)
        if (keys[k].key[0] == key[0] && strcmp(keys[k].key, key) == 0)
            return k;
    return -1;
}

int perf_enc_arity(perf_enc_id k)
{
    return k < PERF_ENC_COUNT ? keys[k].arity : 0;
}

/* e->enc holds the keys in the table's order, so one pass pairs them. */
void perf_enc_read(const hw_event *e, const char *text[PERF_ENC_COUNT])
{
    int j = 0;
    for (int k = 0; k < PERF_ENC_COUNT; k++) {
        text[k] = NULL;
        if (j < e->nenc && strcmp(e->enc[j]->key, keys[k].key) == 0)
            text[k] = e->enc[j++]->value;
    }
}

/* ---- numbers ------------------------------------------------------------- */

static int digit_value(char c, int base)
{
    int v = c >= '0' && c <= '9' ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : 99;
    return v < base ? v : -1;
}

/* [p, end) as one number, blanks around it ignored. Hexadecimal with 0x,
 * else decimal: "010" is ten, never octal, as no file means octal. */
static int parse_number(const char *p, const char *end, uint64_t *v, int *hex)
{
    while (p < end && isspace((unsigned char)*p))
        p++;
    while (end > p && isspace((unsigned char)end[-1]))
        end--;
    int base = 10;
    if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    }
    if (p == end)
        return -1;
    uint64_t n = 0;
    for (; p < end; p++) {
        int d = digit_value(*p, base);
        if (d < 0 || n > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            return -1;
        n = n * (uint64_t)base + (uint64_t)d;
    }
    *v = n;
    if (hex)
        *hex = base == 16;
    return 1;
}

int perf_enc_item(const char *text, int nth, uint64_t *v, int *hex)
{
    const char *p = text;
    for (int i = 0; i < nth; i++) {
        p = strchr(p, ',');
        if (!p)
            return 0;
        p++;
    }
    const char *end = strchr(p, ',');
    return parse_number(p, end ? end : p + strlen(p), v, hex);
}

void perf_enc_filter(const char *text, perf_term_fn *fn, void *ctx)
{
    for (const char *p = text; p && *p;) {
        size_t n = strcspn(p, ",");
        const char *eq = memchr(p, '=', n);
        if (eq && fn(ctx, p, (size_t)(eq - p), eq + 1, n - (size_t)(eq - p) - 1))
            return;
        p += n + (p[n] == ',');
    }
}

/* ---- perf's event string ----------------------------------------------------- */

const char *perf_enc_msr_term(uint64_t msr)
{
    switch (msr) {
    case 0x3F6:
        return "ldlat=";
    case 0x1A6:
    case 0x1A7:
        return "offcore_rsp=";
    case 0x3F7:
        return "frontend=";
    default:
        return NULL;
    }
}

/* The other terms in the order jevents.py appends them. */
static const struct {
    perf_enc_id key;
    const char *term;
} terms[] = {
    {PERF_ENC_ANY_THREAD, "any="},         {PERF_ENC_PORT_MASK, "ch_mask="},
    {PERF_ENC_COUNTER_MASK, "cmask="},     {PERF_ENC_EDGE_DETECT, "edge="},
    {PERF_ENC_FC_MASK, "fc_mask="},        {PERF_ENC_INVERT, "inv="},
    {PERF_ENC_SAMPLE_AFTER_VALUE, "period="}, {PERF_ENC_UMASK, "umask="},
    {PERF_ENC_NODE_TYPE, "type="},         {PERF_ENC_RD_WR_MASK, "rdwrmask="},
    {PERF_ENC_EN_ALL_CORES, "enallcores="}, {PERF_ENC_EN_ALL_SLICES, "enallslices="},
    {PERF_ENC_SLICE_ID, "sliceid="},       {PERF_ENC_THREAD_MASK, "threadmask="},
};

/* What perf writes for every event of these names, whatever the file says
 * (jevents.py's real_event()). */
static const char *const fixed[][2] = {
    {"inst_retired.any", "event=0xc0,period=2000003"},
    {"inst_retired.any_p", "event=0xc0,period=2000003"},
    {"cpu_clk_unhalted.ref", "event=0x0,umask=0x03,period=2000003"},
    {"cpu_clk_unhalted.thread", "event=0x3c,period=2000003"},
    {"cpu_clk_unhalted.core", "event=0x3c,period=2000003"},
    {"cpu_clk_unhalted.thread_any", "event=0x3c,any=1,period=2000003"},
};

static const char *fixed_terms(const char *name)
{
    for (size_t i = 0; name && i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcasecmp(name, fixed[i][0]) == 0)
            return fixed[i][1];
    return NULL;
}

/* A number as Python's %#llx-like llx() of jevents.py: 0 to 9 in decimal,
 * anything else in lower-case hexadecimal. */
static void put_llx(hw_buf *b, uint64_t v)
{
    buf_printf(b, v < 10 ? "%" PRIu64 : "0x%" PRIx64, v);
}

/* A term's value as jevents.py canonicalises it: hexadecimal through
 * llx(), decimal as decimal; text it cannot read as written. 0 when the
 * value is zero (the term is then left out). */
static int put_term(hw_buf *b, const char *term, const char *text)
{
    uint64_t v;
    int hex;
    int ok = perf_enc_item(text, 0, &v, &hex) == 1 && !strchr(text, ',');
    if (ok && v == 0)
        return 0;
    buf_printf(b, ",%s", term);
    if (!ok)
        buf_puts(b, text);
    else if (hex)
        put_llx(b, v);
    else
        buf_printf(b, "%" PRIu64, v);
    return 1;
}

/* config=, eventid= or event=: the first the event has. */
static void put_select(hw_buf *b, const hw_event *e, const char *const text[])
{
    uint64_t v = 0;
    if (text[PERF_ENC_CONFIG_CODE]) {
        perf_enc_item(text[PERF_ENC_CONFIG_CODE], 0, &v, NULL);
        buf_puts(b, "config=");
    } else if (text[PERF_ENC_EVENTID_CODE]) {
        perf_enc_item(text[PERF_ENC_EVENTID_CODE], 0, &v, NULL);
        buf_puts(b, "eventid=");
    } else {
        v = e->has_code ? e->code : 0;
        buf_puts(b, "event=");
    }
    put_llx(b, v);
}

void perf_enc_terms(hw_buf *b, const hw_event *e)
{
    const char *fix = fixed_terms(e->name);
    if (fix) {
        buf_puts(b, fix);
        return;
    }
    const char *text[PERF_ENC_COUNT];
    perf_enc_read(e, text);
    put_select(b, e, text);
    for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++)
        if (text[terms[i].key])
            put_term(b, terms[i].term, text[terms[i].key]);
    if (text[PERF_ENC_FILTER])
        buf_printf(b, ",%s", text[PERF_ENC_FILTER]);
    uint64_t msr;
    const char *reg = text[PERF_ENC_MSR_INDEX] &&
                              perf_enc_item(text[PERF_ENC_MSR_INDEX], 0, &msr, NULL) == 1
                          ? perf_enc_msr_term(msr)
                          : NULL;
    /* without an MSRValue, Python's None (the loader warns of it) */
    if (reg)
        buf_printf(b, ",%s%s", reg, text[PERF_ENC_MSR_VALUE] ? text[PERF_ENC_MSR_VALUE] : "None");
}
