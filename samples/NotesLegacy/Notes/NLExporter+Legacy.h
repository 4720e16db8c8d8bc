#import <Foundation/Foundation.h>

@class NLExporter;

/// The old plain-text export, kept for the share extension of version 2.
@interface NLExporter (Legacy)
/// The notes as plain text, one note per paragraph.
/// @param notes The notes to export.
/// @return The text, UTF-8.
- (NSData *)plainTextDataForNotes:(NSArray *)notes;
@end
