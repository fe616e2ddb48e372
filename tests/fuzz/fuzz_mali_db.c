/* fuzz_mali_db.c - arbitrary bytes as a small Mali counter database in the
 * shape of Arm's (load_mali_db.h): its XML files and, inside them, the
 * infix equations of derived counters. Every GPU it yields is checked and,
 * when that passes, run through every emitter (in memory).
 *
 * The input is four files, in this order, each ending at a line "%%" (the
 * last at the end of the input): Mali-ProductInfo.xml,
 * hardwarelayout/Mali-T1.xml, counterinfo/Mali-CounterInfo-00a-Constants.xml
 * and counterinfo/Mali-CounterInfo-01a-Fuzz.xml. A file the input lacks is
 * missing from the database. They are written to a private temporary
 * directory (in /dev/shm when there is one, else /tmp), removed at exit,
 * since the loader reads a directory. */
#include "fuzz_common.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "load/load_mali_db.h"

static const char *const files[] = {
    "Mali-ProductInfo.xml",
    "hardwarelayout/Mali-T1.xml",
    "counterinfo/Mali-CounterInfo-00a-Constants.xml",
    "counterinfo/Mali-CounterInfo-01a-Fuzz.xml",
};
enum { NFILES = sizeof files / sizeof files[0] };

static char db_dir[64];

static void path_of(char *out, size_t size, const char *rel)
{
    snprintf(out, size, "%s/%s", db_dir, rel);
}

static void remove_db(void)
{
    char p[160];
    for (int i = 0; i < NFILES; i++) {
        path_of(p, sizeof p, files[i]);
        unlink(p);
    }
    path_of(p, sizeof p, "hardwarelayout");
    rmdir(p);
    path_of(p, sizeof p, "counterinfo");
    rmdir(p);
    rmdir(db_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    json_init();
    const char *dirs[] = {"/dev/shm", "/tmp"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        snprintf(db_dir, sizeof db_dir, "%s/hwcgen-fuzz-XXXXXX", dirs[i]);
        if (mkdtemp(db_dir)) {
            char p[160];
            path_of(p, sizeof p, "hardwarelayout");
            if (mkdir(p, 0700) != 0)
                break;
            path_of(p, sizeof p, "counterinfo");
            if (mkdir(p, 0700) != 0)
                break;
            atexit(remove_db);
            return 0;
        }
    }
    perror("fuzz_mali_db: cannot create a temporary directory");
    abort();
}

/* File i: the input's part i, or no file when the input has fewer parts. */
static void write_part(int i, const char *start, size_t len, int present)
{
    char p[160];
    path_of(p, sizeof p, files[i]);
    unlink(p);
    if (!present)
        return;
    FILE *f = fopen(p, "wb");
    if (!f || fwrite(start, 1, len, f) != len || fclose(f) != 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strndup(data, size);
    const char *p = text, *end = text + size;
    for (int i = 0; i < NFILES; i++) {
        const char *sep = p ? strstr(p, "\n%%\n") : NULL;
        const char *stop = sep ? sep + 1 : end; /* the part keeps its newline */
        write_part(i, p ? p : "", p ? (size_t)(stop - p) : 0, p != NULL);
        p = sep ? sep + 4 : NULL;
    }
    free(text);
    hw_diag d;
    fuzz_diag(&d);
    hw_target **t = NULL;
    int n = 0;
    load_mali_db(db_dir, NULL, &t, &n, &d);
    for (int i = 0; i < n; i++)
        fuzz_check_and_emit(t[i], &d);
    free(t);
    diag_free(&d);
    return 0;
}
