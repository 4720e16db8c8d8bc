#import "Account.h"
#import "Account+Formatting.h"
#import <Analytics/Analytics.h>

@interface Account ()
@property (nonatomic, readwrite) NSInteger identifier;
/// Forgets the cached token.
- (void)clearToken;
@end

@implementation Account

+ (instancetype)accountWithIdentifier:(NSInteger)identifier {
    Account *account = [[self alloc] init];
    account.identifier = identifier;
    return account;
}

- (BOOL)validateName:(NSString *)name {
    return name.length > 0;
}

- (void)signOut {
    [self clearToken];
    [self.delegate accountDidSignOut:self];
}

- (void)clearToken {
}

// Not in any header.
- (void)logState {
}

@end

@implementation Account (Formatting)

- (NSString *)formattedName {
    return self.displayName ?: @"";
}

@end

NSString *AccountJoinNames(NSString *first, NSString *last) {
    return [NSString stringWithFormat:@"%@ %@", first, last];
}
