#import <UIKit/UIKit.h>
#import "MXLogger.h"

NS_ASSUME_NONNULL_BEGIN

/*!
 @abstract A signed-in account.
 @discussion Holds the profile the app shows; the Swift half adds signing in.
 */
@interface Account : NSObject <MXLogSink>

/// The display name.
@property (nonatomic, copy, nullable) NSString *displayName;
/// The server's identifier.
@property (nonatomic, readonly) NSInteger identifier;

/**
 Creates an account.
 @param identifier The server's identifier.
 @return The account.
 */
+ (instancetype)accountWithIdentifier:(NSInteger)identifier;

/*!
 @abstract Checks a display name.
 @param name The name to check.
 @return YES when the name can be shown.
 */
- (BOOL)validateName:(NSString *)name;

- (void)signOut;

@end

NS_ASSUME_NONNULL_END
