#import "Account+Formatting.h"

@implementation Account (Formatting)

- (NSString *)formattedName {
    return self.displayName ?: @"";
}

@end
