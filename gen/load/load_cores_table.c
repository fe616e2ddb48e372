/* load_cores_table.c - the built-in table of cores as stored: spec/cores.json
 * and the files of spec/cores/gatord/ its rows name (load_cores_table.h).
 */
#include "load/load_cores_table.h"

#include <ctype.h>
#include <stdlib.h>

#include "core/json.h"
#include "core/resources.h"

long cores_hex(const char *s)
{
    if (!s || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !isxdigit((unsigned char)s[2]))
        return -1;
    char *end;
    long v = strtol(s + 2, &end, 16);
    return *end ? -1 : v;
}

/* spec/cores.json alone, each gatord member still the path of its file. */
static cJSON *rows_only(hw_diag *d)
{
    size_t len = 0;
    const char *text = resources_builtin(CORES_TABLE, &len);
    cJSON *table = text ? json_parse(text, len, NULL) : NULL;
    if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(table, "cores"))) {
        diag_error(d, NULL, "the built-in %s is missing or not a table of cores "
                   "(rebuild hwcgen)", CORES_TABLE);
        cJSON_Delete(table);
        return NULL;
    }
    return table;
}

/* Replace the path in row's gatord member by the facts of that file. 0
 * (also for a row without one), or -1 after reporting. */
static int read_gatord(cJSON *row, hw_diag *d)
{
    const cJSON *member = cJSON_GetObjectItemCaseSensitive(row, "gatord");
    if (!member)
        return 0;
    const char *path = cJSON_GetStringValue(member);
    size_t len = 0;
    const char *text = path ? resources_builtin(path, &len) : NULL;
    cJSON *facts = text ? json_parse(text, len, NULL) : NULL;
    if (!cJSON_IsObject(facts) ||
        !cJSON_ReplaceItemInObjectCaseSensitive(row, "gatord", facts)) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(row, "name"));
        diag_error(d, NULL, "the built-in %s: the gatord facts of %s (%s) are missing or "
                   "not an object (rebuild hwcgen)", CORES_TABLE, name ? name : "a core",
                   path ? path : "no file named");
        cJSON_Delete(facts);
        return -1;
    }
    return 0;
}

cJSON *cores_table(hw_diag *d)
{
    cJSON *table = rows_only(d);
    if (!table)
        return NULL;
    cJSON *row;
    cJSON_ArrayForEach(row, cJSON_GetObjectItemCaseSensitive(table, "cores"))
        if (read_gatord(row, d) != 0) {
            cJSON_Delete(table);
            return NULL;
        }
    return table;
}

static const char *text_of(const cJSON *obj, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(obj, key));
}

const cJSON *cores_find(const cJSON *table, uint32_t implementer, uint32_t part_num)
{
    const cJSON *core;
    cJSON_ArrayForEach(core, cJSON_GetObjectItemCaseSensitive(table, "cores"))
        if (cores_hex(text_of(core, "implementer")) == (long)implementer &&
            cores_hex(text_of(core, "part_num")) == (long)part_num)
            return core;
    return NULL;
}

int cores_row(uint32_t implementer, uint32_t part_num, cJSON **row, hw_diag *d)
{
    *row = NULL;
    cJSON *table = rows_only(d);
    if (!table)
        return -1;
    cJSON *found = (cJSON *)cores_find(table, implementer, part_num);
    if (found)
        *row = cJSON_DetachItemViaPointer(cJSON_GetObjectItemCaseSensitive(table, "cores"), found);
    cJSON_Delete(table);
    if (*row && read_gatord(*row, d) != 0) {
        cJSON_Delete(*row);
        *row = NULL;
        return -1;
    }
    return 0;
}
