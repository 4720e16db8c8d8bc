#import <Foundation/Foundation.h>

@class MXProfileStore;

/// The Objective-C code's additions to the Swift class `ProfileStore`.
@interface MXProfileStore (Legacy)
/// Removes every profile older than a date.
/// @param date The oldest date kept.
- (void)purgeProfilesBefore:(NSDate *)date;
@end
