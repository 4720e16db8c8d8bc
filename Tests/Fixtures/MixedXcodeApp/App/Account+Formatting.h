#import "Account.h"

/// Text for the account's labels.
@interface Account (Formatting)
/// The name as a label shows it.
- (NSString *)formattedName;
@end
