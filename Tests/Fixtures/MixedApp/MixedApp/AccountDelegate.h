#import <Foundation/Foundation.h>

@class Account;

/// What an account tells its owner.
@protocol AccountDelegate <NSObject>
/// The account signed out.
- (void)accountDidSignOut:(Account *)account;
@optional
/// The account's name changed.
- (void)account:(Account *)account didChangeName:(NSString *)name;
@end
