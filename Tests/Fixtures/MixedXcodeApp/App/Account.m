#import "Account.h"
#import "App-Swift.h"

@interface Account ()
@property (nonatomic, readwrite) NSInteger identifier;
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
    self.displayName = nil;
}

- (void)logger:(MXLogger *)logger didWrite:(NSString *)line {
}

@end
