/* Stand-in for Mesa's util/hash_table.h: the one call gen_perf.py's code
 * makes, _mesa_hash_table_insert(perf->oa_metrics_table, guid, query),
 * records the queries in registration order (tests/oa-mesa/main.c). */
#ifndef STUB_HASH_TABLE_H
#define STUB_HASH_TABLE_H
struct hash_table;
void _mesa_hash_table_insert(struct hash_table *t, const void *key, void *data);
#endif
