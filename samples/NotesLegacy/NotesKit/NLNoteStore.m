#import "NLNoteStore.h"

@interface NLNoteStore ()
@property (nonatomic, strong) NSMutableDictionary<NSString *, NLNote *> *notesByIdentifier;
/// Writes every note to the store's file.
- (BOOL)writeToDisk:(NSError **)error;
@end

@implementation NLNoteStore

+ (instancetype)sharedStore {
    static NLNoteStore *shared;
    if (!shared) {
        shared = [[NLNoteStore alloc] init];
    }
    return shared;
}

- (instancetype)init {
    if ((self = [super init])) {
        _notesByIdentifier = [NSMutableDictionary dictionary];
    }
    return self;
}

- (NSArray<NLNote *> *)notes {
    return [self.notesByIdentifier allValues];
}

- (BOOL)saveNote:(NLNote *)note error:(NSError **)error {
    self.notesByIdentifier[note.identifier] = [note copy];
    if (![self writeToDisk:error]) {
        return NO;
    }
    [self.delegate noteStore:self didSaveNote:note];
    return YES;
}

- (void)deleteNoteWithIdentifier:(NSString *)identifier {
    [self.notesByIdentifier removeObjectForKey:identifier];
    [self writeToDisk:NULL];
    if ([self.delegate respondsToSelector:@selector(noteStore:didDeleteNoteWithIdentifier:)]) {
        [self.delegate noteStore:self didDeleteNoteWithIdentifier:identifier];
    }
}

- (nullable NLNote *)noteWithIdentifier:(NSString *)identifier {
    return self.notesByIdentifier[identifier];
}

- (BOOL)writeToDisk:(NSError **)error {
    return YES;
}

@end
