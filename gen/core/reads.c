/* reads.c - the files a run read from disk (reads.h). */
#include "core/reads.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int recording;
static char **paths;
static int npaths, cap, failed;

static void forget(void)
{
    reads_list_free(paths, npaths);
    paths = NULL;
    npaths = cap = failed = 0;
}

void reads_record(int on)
{
    pthread_mutex_lock(&lock);
    forget();
    recording = on;
    pthread_mutex_unlock(&lock);
}

void reads_note(const char *path)
{
    pthread_mutex_lock(&lock);
    if (recording && !failed) {
        if (npaths == cap) {
            int ncap = cap * 2 + 16;
            char **grown = realloc(paths, (size_t)ncap * sizeof *grown);
            if (grown) {
                paths = grown;
                cap = ncap;
            }
        }
        char *copy = npaths < cap ? strdup(path) : NULL;
        if (copy)
            paths[npaths++] = copy;
        else
            failed = 1; /* reads_list says so: a short list would be wrong */
    }
    pthread_mutex_unlock(&lock);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **reads_list(int *n)
{
    pthread_mutex_lock(&lock);
    char **out = failed ? NULL : calloc((size_t)npaths + 1, sizeof *out);
    int k = 0;
    for (int i = 0; out && i < npaths; i++)
        if (!(out[k++] = strdup(paths[i]))) {
            reads_list_free(out, k);
            out = NULL;
        }
    pthread_mutex_unlock(&lock);
    *n = 0;
    if (!out)
        return NULL;
    qsort(out, (size_t)k, sizeof *out, by_name);
    for (int i = 0; i < k; i++) /* each once: a file read twice */
        if (*n == 0 || strcmp(out[*n - 1], out[i]) != 0)
            out[(*n)++] = out[i];
        else
            free(out[i]);
    return out;
}

void reads_list_free(char **list, int n)
{
    for (int i = 0; list && i < n; i++)
        free(list[i]);
    free(list);
}
