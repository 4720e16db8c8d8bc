#import "ProfileStore+Legacy.h"
#import "App-Swift.h"

@implementation MXProfileStore (Legacy)

- (void)purgeProfilesBefore:(NSDate *)date {
}

@end
