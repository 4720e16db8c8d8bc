#import <Foundation/Foundation.h>

/// Formats a line as the logger writes it.
/// @param line The text.
/// @return The text with its prefix.
FOUNDATION_EXPORT NSString *MXFormatLine(NSString *line);
