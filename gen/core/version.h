/* version.h - the one place the version lives; it appears in banners. */
#ifndef HWCGEN_VERSION_H
#define HWCGEN_VERSION_H

#define HWCGEN_VERSION "0.1.0"

#endif
