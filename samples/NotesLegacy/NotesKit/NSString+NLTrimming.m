#import "NSString+NLTrimming.h"

@implementation NSString (NLTrimming)

- (NSString *)nl_trimmed {
    return [self stringByTrimmingCharactersInSet:[NSCharacterSet whitespaceAndNewlineCharacterSet]];
}

- (BOOL)nl_isBlank {
    return [self nl_trimmed].length == 0;
}

@end
