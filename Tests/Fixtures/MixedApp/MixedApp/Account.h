#import <UIKit/UIKit.h>
#import "AccountDelegate.h"

NS_ASSUME_NONNULL_BEGIN

/// A signed-in account.
///
/// Holds the profile the app shows.
@interface Account : NSObject

/// The display name.
@property (nonatomic, copy, nullable) NSString *displayName;
@property (nonatomic, readonly) NSInteger identifier;
@property (nonatomic, weak, nullable) id<AccountDelegate> delegate;

/**
 Creates an account.
 @param identifier The server's identifier.
 @return The account.
 */
+ (instancetype)accountWithIdentifier:(NSInteger)identifier;

/*!
 @abstract Checks a display name.
 @param name The name to check.
 @discussion Names are trimmed first.
 @return YES when the name can be shown.
 */
- (BOOL)validateName:(NSString *)name;

- (void)signOut;

@end

NS_ASSUME_NONNULL_END
