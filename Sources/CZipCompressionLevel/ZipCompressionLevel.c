// The override of minizip's zipOpenNewFileInZip4_64 described in include/CZipCompressionLevel.h.
#include "CZipCompressionLevel.h"

static _Thread_local int requestedLevel = DOCSHEET_ZIP_LEVEL_UNCHANGED;

void docsheet_zip_set_level(int level) {
    requestedLevel = level;
}

#if !defined(__linux__)
int docsheet_zip_level_can_be_set(void) {
    return 0;
}
#else
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <stddef.h>

/// minizip's error for an internal failure (ZIP_INTERNALERROR in minizip/zip.h, which Debian ships only in
/// libminizip-dev): libxlsxwriter turns it into LXW_ERROR_ZIP_INTERNAL_ERROR.
#define MINIZIP_INTERNAL_ERROR (-104)

/// minizip's zipOpenNewFileInZip4_64 (minizip/zip.h; zipFile is a pointer, uInt unsigned int, uLong unsigned long).
typedef int (*ZipOpenEntry)(void *file, const char *filename, const void *fileInfo,
                            const void *localExtraField, unsigned int localExtraFieldSize,
                            const void *globalExtraField, unsigned int globalExtraFieldSize,
                            const char *comment, int method, int level, int raw,
                            int windowBits, int memLevel, int strategy,
                            const char *password, unsigned long crcForCrypting,
                            unsigned long versionMadeBy, unsigned long flagBase, int zip64);

int docsheet_zip_level_can_be_set(void) {
    return dlsym(RTLD_NEXT, "zipOpenNewFileInZip4_64") != NULL;
}

int zipOpenNewFileInZip4_64(void *file, const char *filename, const void *fileInfo,
                            const void *localExtraField, unsigned int localExtraFieldSize,
                            const void *globalExtraField, unsigned int globalExtraFieldSize,
                            const char *comment, int method, int level, int raw,
                            int windowBits, int memLevel, int strategy,
                            const char *password, unsigned long crcForCrypting,
                            unsigned long versionMadeBy, unsigned long flagBase, int zip64) {
    // The next definition after this one in the lookup order: minizip's (or, for a libxlsxwriter built with minizip
    // inside, libxlsxwriter's own copy). Looked up on every entry: a dlsym per part of a workbook costs nothing.
    ZipOpenEntry minizip = (ZipOpenEntry)dlsym(RTLD_NEXT, "zipOpenNewFileInZip4_64");
    if (minizip == NULL) return MINIZIP_INTERNAL_ERROR;
    if (requestedLevel != DOCSHEET_ZIP_LEVEL_UNCHANGED && method != 0 && raw == 0) level = requestedLevel;
    return minizip(file, filename, fileInfo, localExtraField, localExtraFieldSize, globalExtraField,
                   globalExtraFieldSize, comment, method, level, raw, windowBits, memLevel, strategy, password,
                   crcForCrypting, versionMadeBy, flagBase, zip64);
}
#endif
