#import "Account.h"
#import "App-Swift.h"

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
}

- (void)clearToken {
}

- (void)logger:(MXLogger *)logger didWrite:(NSString *)line {
}

@end
