#ifndef DOCSHEET_CZIPCOMPRESSIONLEVEL_H
#define DOCSHEET_CZIPCOMPRESSIONLEVEL_H

/*
 * The deflate level of the zip entries libxlsxwriter writes.
 *
 * libxlsxwriter 1.1.4 opens every part of the .xlsx with zlib's default level (6) and offers no option to choose
 * another. On Linux it calls the shared minizip library (libminizip.so) for that, through the dynamic linker, so a
 * definition of minizip's `zipOpenNewFileInZip4_64` in DocSheet's own executable is the one it reaches (ELF symbol
 * interposition). ZipCompressionLevel.c defines it: it passes every argument on to minizip's own function unchanged,
 * except the level, which it replaces by the one set here for the calling thread. Where the override cannot reach
 * libxlsxwriter (macOS's two-level namespace, a libxlsxwriter with minizip built in statically) nothing changes: the
 * workbook is written at libxlsxwriter's level, and `docsheet_zip_level_can_be_set` says so.
 *
 * Documentation/Architecture.md ("The workbook's compression") says why and what it buys.
 */

/// No level set: libxlsxwriter's own choice is passed on.
#define DOCSHEET_ZIP_LEVEL_UNCHANGED (-100)

/// Sets the deflate level (1 fastest … 9 smallest, 0 stored) of the zip entries libxlsxwriter opens on the calling
/// thread from now on; `DOCSHEET_ZIP_LEVEL_UNCHANGED` passes libxlsxwriter's own level on again. Per thread, so that
/// workbooks closed on other threads at the same time keep theirs.
void docsheet_zip_set_level(int level);

/// 1 when the override can reach libxlsxwriter: on Linux, where a shared library loaded after DocSheet's own code
/// defines minizip's `zipOpenNewFileInZip4_64` (libminizip, or a libxlsxwriter that exports its own copy); else 0.
int docsheet_zip_level_can_be_set(void);

#endif
