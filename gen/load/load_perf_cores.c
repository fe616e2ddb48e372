/* load_perf_cores.c - the CPU cores an arm64 model directory of a perf
 * tree is for, from its arch's mapfile.csv, and what hwcgen's table of
 * cores says of each (load_perf.h).
 *
 * perf finds a CPU's events by the mapfile: each row gives a MIDR and the
 * directory of its JSON files, and several rows may give one directory
 * (arm/cortex-a57-a72 serves Cortex-A57 and Cortex-A72; arm/cortex-a53 an
 * Arm and a Broadcom core). The rule here: every row naming a directory
 * makes one core of it, in the mapfile's order; a MIDR given twice is one
 * core. Rows are read as jevents.py reads them: the first line and lines
 * starting with '#' are not rows. Only arm64's mapfile names CPUs by MIDR
 * (x86 names them by a cpuid pattern, powerpc by PVR), so only its model
 * directories get cores; sys directories and the arch's own files are
 * found by other means (Compat strings) and get none.
 */
#include "load/load_perf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/load_cores.h"

/* Field `k` (0-based) of a comma-separated row, without the blanks and
 * '\r' around it, into out. 0, or -1 when the row has no such field. */
static int row_field(const char *row, int k, char *out, size_t size)
{
    for (; k > 0 && row; k--) {
        row = strchr(row, ',');
        row = row ? row + 1 : NULL;
    }
    if (!row)
        return -1;
    size_t n = strcspn(row, ",");
    while (n && strchr(" \t\r", row[n - 1]))
        n--;
    while (n && strchr(" \t", *row))
        row++, n--;
    snprintf(out, size, "%.*s", (int)n, row);
    return 0;
}

/* The MIDR of a row: a hexadecimal number ("0x00000000410fd0b0"). */
static int row_midr(const char *row, unsigned long long *midr)
{
    char text[64], *end;
    if (row_field(row, 0, text, sizeof text) != 0 || strncmp(text, "0x", 2) != 0)
        return -1;
    *midr = strtoull(text + 2, &end, 16);
    return end > text + 2 && !*end ? 0 : -1;
}

static hw_core *find_core(hw_target *t, uint32_t implementer, uint32_t part_num)
{
    for (int i = 0; i < t->ncores; i++)
        if (t->cores[i].implementer == implementer && t->cores[i].part_num == part_num)
            return &t->cores[i];
    return NULL;
}

/* The cores of mapfile rows naming t's directory, in row order. */
static void rows_of(hw_target *t, const hw_target *arch)
{
    /* t's own copy: a directory loaded alone outlives its arch's target */
    const char *mapfile = arena_printf(t->arena, "%s/mapfile.csv", arch->spec_path);
    for (int i = 1; i < arch->nmapfile_lines; i++) {
        const char *row = arch->mapfile_lines[i];
        char dir[4096];
        unsigned long long midr;
        if (!*row || *row == '#' || row_field(row, 2, dir, sizeof dir) != 0 ||
            strcmp(dir, t->perf_dir) != 0 || row_midr(row, &midr) != 0)
            continue;
        uint32_t implementer = (uint32_t)(midr >> 24 & 0xFF), part = (uint32_t)(midr >> 4 & 0xFFF);
        if (find_core(t, implementer, part))
            continue;
        hw_core *c = IR_PUSH(t, cores);
        if (!c)
            return;
        c->loc = loc_at(mapfile, i + 1, 0);
        c->implementer = implementer;
        c->part_num = part;
    }
}

/* CHAIN (load_cores.h) is hidden as the telemetry loader hides it. */
static void hide_chain(hw_target *t)
{
    for (int i = 0; i < t->nevents; i++) {
        hw_event *e = &t->events[i];
        if (e->has_code && e->code == ARM_CHAIN_EVENT &&
            (!e->pmu || strcmp(e->pmu, "default_core") == 0))
            e->flags |= EVENT_HIDDEN;
    }
}

int perf_cores_assign(const hw_target *arch, hw_target **targets, int n, hw_diag *d)
{
    if (!arch || strcmp(arch->perf_arch, "arm64") != 0 || !arch->nmapfile_lines)
        return 0;
    cJSON *table = NULL;
    int rc = 0, before = d->errors;
    for (int k = 0; k < n && rc == 0; k++) {
        hw_target *t = targets[k];
        if (!t->kind || strcmp(t->kind, "cpu") != 0)
            continue;
        rows_of(t, arch);
        if (arena_failed(t->arena))
            rc = -1;
        if (t->ncores && !table && rc == 0 && !(table = cores_table(d)))
            return -1;
        if (t->ncores)
            hide_chain(t);
        for (int i = 0; i < t->ncores && rc == 0; i++)
            rc = cores_apply_tree(t, &t->cores[i], table, d);
    }
    cJSON_Delete(table);
    if (rc != 0 && d->errors == before)
        diag_error(d, NULL, "out of memory");
    return rc;
}
