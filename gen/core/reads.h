/* reads.h - the files a run read from disk, for the dependency file of
 * `generate --depfile` (write/write_depfile.h).
 *
 * Every file hwcgen reads whole goes through buf_read_file (core/arena.h),
 * which notes its path here while recording is on; nothing is noted
 * otherwise, so a command or a test that never turns it on pays nothing.
 * The items of load run side by side (run/par.h): noting takes a lock.
 */
#ifndef HWCGEN_READS_H
#define HWCGEN_READS_H

/* Start (1) or stop (0) recording; starting forgets what was noted. */
void reads_record(int on);

/* `path` was read whole (a no-op unless recording). */
void reads_note(const char *path);

/* Every path noted since recording started, sorted, each once; *n of
 * them. The array and its strings are malloc'd (reads_list_free()). NULL
 * only when out of memory, then or while noting (a list short of a file
 * would be a dependency file short of an input). */
char **reads_list(int *n);
void reads_list_free(char **list, int n);

#endif
