#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@class NLNote;

/// What a sync finished with: the notes the server sent, or the error.
typedef void (^NLSyncCompletion)(NSArray<NLNote *> *_Nullable notes, NSError *_Nullable error);

/*!
 @abstract Sends local changes to the notes server and fetches the others.
 @discussion One sync at a time; a second call while one runs waits for it.
 */
@interface NLSyncClient : NSObject

/// Creates a client for a server.
/// @param baseURL The server's address.
- (instancetype)initWithBaseURL:(NSURL *)baseURL;

/*!
 @abstract Syncs the notes changed since a date.
 @param date The last successful sync.
 @param completion Called on the main queue.
 */
- (void)syncChangesSince:(NSDate *)date completion:(NLSyncCompletion)completion;

- (void)cancel;

@end

NS_ASSUME_NONNULL_END
