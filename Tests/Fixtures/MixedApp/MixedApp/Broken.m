#import "Account.h"
@implementation
