#import "Account.h"

/// Text for the account's labels.
@interface Account (Formatting)
/// The name as a label shows it.
- (NSString *)formattedName;
@end

/// Joins two names with a space.
FOUNDATION_EXPORT NSString *AccountJoinNames(NSString *first, NSString *last);
