/* perf_enc.h - what an event of a perf pmu-events tree is programmed with:
 * the keys of its JSON object that say it (EventCode, UMask, MSRValue...),
 * read as numbers, and perf's own event string made of them.
 *
 * The loader keeps an event's keys of this table in hw_event.enc, checking
 * their numbers (load_perf_interp.c); the driver header (emit_c_perf.c)
 * writes them as integers and the docs (docs_perf.c) show them and perf's
 * string, so header, page and perf cannot disagree.
 */
#ifndef HWCGEN_PERF_ENC_H
#define HWCGEN_PERF_ENC_H

#include <stdint.h>

#include "core/arena.h"
#include "core/ir.h"

/* X(enum suffix, JSON key, how many numbers it holds: 1, 2 for a list of
 * which the header keeps a second, 0 for Filter's "term=value" list) in
 * the order the header's columns take them. ExtSel is read into the event
 * code (bits 8 and up), as jevents.py reads it, and is no column. */
#define PERF_ENC_KEYS(X)                                                      \
    X(EVENT_CODE, "EventCode", 2)                                             \
    X(UMASK, "UMask", 1)                                                      \
    X(COUNTER_MASK, "CounterMask", 1)                                         \
    X(INVERT, "Invert", 1)                                                    \
    X(EDGE_DETECT, "EdgeDetect", 1)                                           \
    X(ANY_THREAD, "AnyThread", 1)                                             \
    X(MSR_INDEX, "MSRIndex", 2)                                               \
    X(MSR_VALUE, "MSRValue", 1)                                               \
    X(CONFIG_CODE, "ConfigCode", 1)                                           \
    X(EVENTID_CODE, "EventidCode", 1)                                         \
    X(PORT_MASK, "PortMask", 1)                                               \
    X(FC_MASK, "FCMask", 1)                                                   \
    X(SAMPLE_AFTER_VALUE, "SampleAfterValue", 1)                              \
    X(PEBS, "PEBS", 1)                                                        \
    X(DATA_LA, "Data_LA", 1)                                                  \
    X(PER_PKG, "PerPkg", 1)                                                   \
    X(NODE_TYPE, "NodeType", 1)                                               \
    X(EN_ALL_CORES, "EnAllCores", 1)                                          \
    X(EN_ALL_SLICES, "EnAllSlices", 1)                                        \
    X(SLICE_ID, "SliceId", 1)                                                 \
    X(THREAD_MASK, "ThreadMask", 1)                                           \
    X(RD_WR_MASK, "RdWrMask", 1)                                              \
    X(FILTER, "Filter", 0)                                                    \
    X(EXT_SEL, "ExtSel", 1)

typedef enum {
#define X(e, key, n) PERF_ENC_##e,
    PERF_ENC_KEYS(X)
#undef X
    PERF_ENC_COUNT
} perf_enc_id;

/* The JSON key of k ("UMask"). */
const char *perf_enc_key(perf_enc_id k);
/* The table's index of JSON key `key`, or -1. */
int perf_enc_find(const char *key);
/* How many numbers key k holds (see PERF_ENC_KEYS). */
int perf_enc_arity(perf_enc_id k);

/* Event e's keys by the table: text[k] is the value of key k as written,
 * NULL where the event has none. */
void perf_enc_read(const hw_event *e, const char *text[PERF_ENC_COUNT]);

/* Item `nth` (from 0) of a comma-separated list of numbers ("0xB7, 0xBB":
 * hexadecimal with 0x, else decimal, blanks around each ignored) into *v,
 * and whether it is written in hexadecimal into *hex (may be NULL). 1 when
 * it is there and a number, 0 when the list is shorter, -1 when it is not
 * a number. */
int perf_enc_item(const char *text, int nth, uint64_t *v, int *hex);

/* The terms of a Filter ("filter_opc=0x1c8,filter_tid=0x3e"), each as its
 * name and value text (not NUL-terminated); fn returns nonzero to stop. */
typedef int perf_term_fn(void *ctx, const char *term, size_t term_len, const char *value,
                         size_t value_len);
void perf_enc_filter(const char *text, perf_term_fn *fn, void *ctx);

/* The register perf's jevents.py programs with MSRValue for the MSR
 * numbered `msr` ("offcore_rsp"), or NULL when it knows no such MSR. */
const char *perf_enc_msr_term(uint64_t msr);

/* perf's event string for e ("event=0xc0,umask=0x1,period=2000003"),
 * appended to b, as jevents.py makes it: config=, eventid= or event=,
 * then each other term it knows whose value is not zero, the Filter and
 * the MSR term as written (an MSRIndex without MSRValue gets "None", as
 * Python prints it); six x86 events by name get the encodings perf
 * substitutes for them. */
void perf_enc_terms(hw_buf *b, const hw_event *e);

#endif
