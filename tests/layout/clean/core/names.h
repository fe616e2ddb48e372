/* A core header: includes nothing outside core/. */
#ifndef NAMES_H
#define NAMES_H
typedef struct names {
    int (*compare)(const char *a, const char *b); /* a member, not a prototype */
    int count;
} names;
int names_count(const names *n) __attribute__((pure));
const char *names_first(const names *n);
#endif
