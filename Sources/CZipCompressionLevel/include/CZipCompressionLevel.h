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
 * workbook is written at libxlsxwriter's level, and `docsheet_zip_entries_opened` stays 0.
 *
 * Documentation/Architecture.md ("The workbook's compression") says why and what it buys.
 */

/// No level set: libxlsxwriter's own choice is passed on.
#define DOCSHEET_ZIP_LEVEL_UNCHANGED (-100)

/// Sets the deflate level (1 fastest … 9 smallest, 0 stored) of the zip entries libxlsxwriter opens on the calling
/// thread from now on; `DOCSHEET_ZIP_LEVEL_UNCHANGED` passes libxlsxwriter's own level on again. Per thread, so that
/// workbooks closed on other threads at the same time keep theirs.
void docsheet_zip_set_level(int level);

/// How many zip entries the override has opened on the calling thread with a level set by `docsheet_zip_set_level`
/// (0 where the override does not reach libxlsxwriter).
long docsheet_zip_entries_opened(void);

#endif
