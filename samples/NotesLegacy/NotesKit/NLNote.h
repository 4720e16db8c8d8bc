#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// How a note is shown in the list.
typedef NS_ENUM(NSInteger, NLNoteStyle) {
    NLNoteStylePlain,
    NLNoteStyleChecklist,
};

/*!
 @abstract One note: its text, when it changed and how it is shown.
 @discussion Notes are value-like: the store copies them in and out.
 */
@interface NLNote : NSObject <NSCopying>

/// The identifier the server gives the note.
@property (nonatomic, copy, readonly) NSString *identifier;
/// The note's text, first line first.
@property (nonatomic, copy) NSString *text;
/// When the text last changed.
@property (nonatomic, strong) NSDate *modifiedAt;
/// How the note is shown.
@property (nonatomic) NLNoteStyle style;
@property (nonatomic, getter=isPinned) BOOL pinned;

/**
 Creates a note.
 @param identifier The server's identifier.
 @param text The note's text.
 @return A note modified now.
 */
- (instancetype)initWithIdentifier:(NSString *)identifier text:(NSString *)text NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

/// The first line of the text, as the list shows it.
- (NSString *)title;

@end

NS_ASSUME_NONNULL_END
