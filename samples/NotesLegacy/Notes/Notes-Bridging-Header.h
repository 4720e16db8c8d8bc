// The Objective-C half of the app, as the Swift half sees it.
#import "NLNote.h"
#import "NLNoteStore.h"
#import "NSString+NLTrimming.h"
#import "NLSyncClient.h"
