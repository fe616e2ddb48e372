/* resources.c - built-in files, optionally overridden from a directory. */
#include "core/resources.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const char *resources_builtin(const char *path, size_t *len)
{
    for (int i = 0; hw_resources[i].path; i++)
        if (strcmp(hw_resources[i].path, path) == 0) {
            if (len)
                *len = hw_resources[i].len;
            return hw_resources[i].data;
        }
    return NULL;
}

void resources_override_path(const char *dir, const char *path, char *full, size_t size)
{
    const char *base = strrchr(path, '/');
    snprintf(full, size, "%s/%s", dir, base ? base + 1 : path);
}

/* DIR/x.mustache for "templates/x.mustache"; 1 when read, 0 when there is
 * no such file, -1 when reading it failed. */
static int read_override(const char *dir, const char *path, hw_buf *out)
{
    char full[4096];
    resources_override_path(dir, path, full, sizeof full);
    if (buf_read_file(out, full, (size_t)-1) == 0)
        return 1;
    return errno == ENOENT ? 0 : -1;
}

int resources_read_from(const char *dir, const char *path, hw_buf *out, int *overridden)
{
    if (overridden)
        *overridden = 0;
    if (dir) {
        int rc = read_override(dir, path, out);
        if (rc > 0 && overridden)
            *overridden = 1;
        if (rc != 0)
            return rc > 0 ? 0 : -1;
    }
    size_t len = 0;
    const char *text = resources_builtin(path, &len);
    if (!text)
        return -1;
    buf_putn(out, text, len);
    return out->failed ? -1 : 0;
}

int resources_read(const char *dir, const char *path, hw_buf *out)
{
    return resources_read_from(dir, path, out, NULL);
}
