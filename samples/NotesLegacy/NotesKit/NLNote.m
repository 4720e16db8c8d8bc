#import "NLNote.h"

@interface NLNote ()
@property (nonatomic, copy, readwrite) NSString *identifier;
@end

@implementation NLNote

- (instancetype)initWithIdentifier:(NSString *)identifier text:(NSString *)text {
    if ((self = [super init])) {
        _identifier = [identifier copy];
        _text = [text copy];
        _modifiedAt = [NSDate date];
    }
    return self;
}

- (NSString *)title {
    NSRange end = [self.text rangeOfString:@"\n"];
    return end.location == NSNotFound ? self.text : [self.text substringToIndex:end.location];
}

- (id)copyWithZone:(NSZone *)zone {
    NLNote *copy = [[NLNote alloc] initWithIdentifier:self.identifier text:self.text];
    copy.modifiedAt = self.modifiedAt;
    copy.style = self.style;
    copy.pinned = self.pinned;
    return copy;
}

@end
