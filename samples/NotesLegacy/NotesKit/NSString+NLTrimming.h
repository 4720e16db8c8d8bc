#import <Foundation/Foundation.h>

/// Text clean-up the editor and the server client share.
@interface NSString (NLTrimming)
/// The text without spaces and newlines at either end.
- (NSString *)nl_trimmed;
/// YES when the text holds nothing but spaces and newlines.
- (BOOL)nl_isBlank;
@end
