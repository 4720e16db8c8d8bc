#import "NLSyncClient.h"
#import "NLNote.h"
#import "Notes-Swift.h"

@interface NLSyncClient ()
@property (nonatomic, copy) NSURL *baseURL;
@property (nonatomic, strong, nullable) NSURLSessionDataTask *task;
@end

@implementation NLSyncClient

- (instancetype)initWithBaseURL:(NSURL *)baseURL {
    if ((self = [super init])) {
        _baseURL = [baseURL copy];
    }
    return self;
}

- (void)syncChangesSince:(NSDate *)date completion:(NLSyncCompletion)completion {
    completion(@[], nil);
}

- (void)cancel {
    [self.task cancel];
    self.task = nil;
}

// Sends every note as the exporter writes it (NoteExporter, written in Swift).
- (NSData *)payloadForNotes:(NSArray<NLNote *> *)notes {
    return [[[NLExporter alloc] init] dataForNotes:notes];
}

@end
