#import "MXLogger.h"
#import "MXLogFormat.h"

@interface MXLogger ()
@property (nonatomic, strong) NSMutableArray *sinks;
@end

@implementation MXLogger

+ (instancetype)sharedLogger {
    static MXLogger *shared;
    if (!shared) { shared = [[MXLogger alloc] init]; }
    return shared;
}

- (void)log:(NSString *)line {
    for (id<MXLogSink> sink in self.sinks) { [sink logger:self didWrite:MXFormatLine(line)]; }
}

- (void)addSink:(id<MXLogSink>)sink {
    [self.sinks addObject:sink];
}

@end

NSString *MXFormatLine(NSString *line) {
    return line;
}
