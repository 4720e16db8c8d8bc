#import <Foundation/Foundation.h>
#import "NLNote.h"

NS_ASSUME_NONNULL_BEGIN

@class NLNoteStore;

/// What a note store tells the screen that shows it.
@protocol NLNoteStoreDelegate <NSObject>
/// A note was added or changed.
/// @param store The store.
/// @param note The note as it is now.
- (void)noteStore:(NLNoteStore *)store didSaveNote:(NLNote *)note;
@optional
/// A note was deleted.
/// @param store The store.
/// @param identifier The deleted note's identifier.
- (void)noteStore:(NLNoteStore *)store didDeleteNoteWithIdentifier:(NSString *)identifier;
/// The store finished loading from disk.
- (void)noteStoreDidLoad:(NLNoteStore *)store;
@end

/**
 Keeps the notes on disk and in memory.

 The store is not thread-safe: use it from the main queue.
 */
@interface NLNoteStore : NSObject

/// The store of the signed-in account.
+ (instancetype)sharedStore;

/// Told about every change.
@property (nonatomic, weak, nullable) id<NLNoteStoreDelegate> delegate;
/// Every note, pinned notes first, then by date.
@property (nonatomic, readonly) NSArray<NLNote *> *notes;

/// Saves a note, replacing the one with the same identifier.
/// @param note The note to save.
/// @param error Set when the file cannot be written.
/// @return NO when the note could not be saved.
- (BOOL)saveNote:(NLNote *)note error:(NSError **)error;

- (void)deleteNoteWithIdentifier:(NSString *)identifier;

/// The note with an identifier.
/// @param identifier The server's identifier.
/// @return The note, or nil.
- (nullable NLNote *)noteWithIdentifier:(NSString *)identifier;

@end

NS_ASSUME_NONNULL_END
