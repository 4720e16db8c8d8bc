// What the Swift half of the app sees of the Objective-C half.
#import "Account.h"
#import "Account+Formatting.h"
