/// The stand-in framework headers DocSheet ships for clang (Documentation/ObjectiveC.md): without the SDK, a
/// `#import <UIKit/UIKit.h>` is a fatal error in clang, and unknown framework types would turn parameter and return
/// types invalid. These headers declare the basics (NSObject, NSString, the collections, NSInteger, CGFloat, CGRect,
/// UIView, UIViewController, NSView, the NS_… macros, TARGET_OS_…): enough for clang to parse a project's own code.
/// Written by DocSheet's authors for DocSheet (the project's license); they describe no behaviour, only names.
enum FrameworkStubs {
    /// Each stub header's path below the stub include folder, and its text.
    static let headers: [(path: String, text: String)] = [
        ("AppKit/AppKit.h", #"""
// DocSheet's stand-in for AppKit: enough declarations for clang to parse Objective-C without the SDK.
#pragma once
#import <Foundation/Foundation.h>
@class NSColor, NSFont, NSImage, NSWindow, NSEvent, NSScreen, NSMenu, NSMenuItem, NSTableView, NSButton, NSTextField;
@interface NSResponder : NSObject
@end
@interface NSView : NSResponder
- (instancetype)initWithFrame:(NSRect)frameRect;
@property NSRect frame;
@end
@interface NSControl : NSView
@end
@interface NSViewController : NSResponder
@property (strong) NSView *view;
@end
@interface NSWindowController : NSResponder
@end
@interface NSImage : NSObject
@end
@interface NSColor : NSObject
@end
@interface NSApplication : NSResponder
@end
@protocol NSApplicationDelegate <NSObject>
@end
"""#),
        ("Foundation/Foundation.h", #"""
// DocSheet's stand-in for Foundation: enough declarations for clang to parse Objective-C without the SDK.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdarg.h>
#include <TargetConditionals.h>
#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#define NS_SWIFT_NAME(name) __attribute__((swift_name(#name)))
#define NS_SWIFT_UNAVAILABLE(message)
#define NS_REFINED_FOR_SWIFT
#define NS_DESIGNATED_INITIALIZER __attribute__((objc_designated_initializer))
#define NS_UNAVAILABLE __attribute__((unavailable))
#define NS_REQUIRES_SUPER __attribute__((objc_requires_super))
#define NS_RETURNS_RETAINED __attribute__((ns_returns_retained))
#define NS_FORMAT_FUNCTION(F, A) __attribute__((format(__NSString__, F, A)))
#define NS_NOESCAPE __attribute__((noescape))
#define NS_INLINE static inline
#define NS_EXTENSIBLE_STRING_ENUM
#define NS_STRING_ENUM
#define NS_TYPED_ENUM
#define NS_TYPED_EXTENSIBLE_ENUM
#define NS_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
#define NS_OPTIONS(_type, _name) enum _name : _type _name; enum _name : _type
#define NS_CLOSED_ENUM(_type, _name) NS_ENUM(_type, _name)
#define NS_ERROR_ENUM(_domain, _name) enum _name : NSInteger
#define API_AVAILABLE(...)
#define API_UNAVAILABLE(...)
#define API_DEPRECATED(...)
#define API_DEPRECATED_WITH_REPLACEMENT(...)
#define NS_AVAILABLE(...)
#define NS_AVAILABLE_IOS(...)
#define NS_CLASS_AVAILABLE_IOS(...)
#define NS_DEPRECATED(...)
#define NS_DEPRECATED_IOS(...)
#define __deprecated_msg(...)
#define DEPRECATED_ATTRIBUTE __attribute__((deprecated))
#define DEPRECATED_MSG_ATTRIBUTE(s) __attribute__((deprecated(s)))
#define UNAVAILABLE_ATTRIBUTE __attribute__((unavailable))
#define FOUNDATION_EXPORT extern
#define FOUNDATION_EXTERN extern
#define UIKIT_EXTERN extern
#define APPKIT_EXTERN extern
#define NS_SWIFT_SENDABLE
#define NS_SWIFT_UI_ACTOR
#define NS_HEADER_AUDIT_BEGIN(...) NS_ASSUME_NONNULL_BEGIN
#define NS_HEADER_AUDIT_END(...) NS_ASSUME_NONNULL_END
#define NS_VALID_UNTIL_END_OF_SCOPE
#define NS_NONATOMIC_IOSONLY nonatomic
#define NSFoundationVersionNumber 1
#ifndef nil
#define nil ((id)0)
#endif
#ifndef Nil
#define Nil ((Class)0)
#endif
#ifndef YES
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#endif
typedef signed char BOOL;
typedef long NSInteger;
typedef unsigned long NSUInteger;
typedef double CGFloat;
typedef double NSTimeInterval;
typedef struct CGPoint { CGFloat x; CGFloat y; } CGPoint;
typedef struct CGSize { CGFloat width; CGFloat height; } CGSize;
typedef struct CGRect { CGPoint origin; CGSize size; } CGRect;
typedef struct CGAffineTransform { CGFloat a, b, c, d, tx, ty; } CGAffineTransform;
typedef struct UIEdgeInsets { CGFloat top, left, bottom, right; } UIEdgeInsets;
typedef struct _NSRange { NSUInteger location; NSUInteger length; } NSRange;
typedef CGPoint NSPoint; typedef CGSize NSSize; typedef CGRect NSRect;
typedef struct __CFString *CFStringRef;
typedef struct CGImage *CGImageRef;
typedef struct CGColor *CGColorRef;
typedef struct CGContext *CGContextRef;
typedef struct __SecTrust *SecTrustRef;
typedef struct dispatch_queue_s *dispatch_queue_t;
typedef struct dispatch_group_s *dispatch_group_t;
typedef struct dispatch_semaphore_s *dispatch_semaphore_t;
typedef void (^dispatch_block_t)(void);
typedef NSInteger NSComparisonResult;
typedef NSUInteger NSStringEncoding;
@class NSString, NSArray, NSDictionary, NSSet, NSData, NSDate, NSURL, NSError, NSNumber, NSCoder, NSZone, NSBundle,
    NSMethodSignature, NSInvocation, NSNotification, NSIndexPath, NSIndexSet, NSUUID, NSLocale, NSTimer, NSThread,
    NSOperation, NSOperationQueue, NSURLSession, NSURLSessionTask, NSURLSessionDataTask, NSURLRequest,
    NSMutableURLRequest, NSURLResponse, NSHTTPURLResponse, NSInputStream, NSOutputStream, NSFileManager,
    NSNotificationCenter, NSUserDefaults, NSAttributedString, NSMutableAttributedString, NSValue, NSCache,
    NSRunLoop, NSPredicate, NSSortDescriptor, NSCharacterSet, NSDateFormatter, NSNumberFormatter, NSProgress,
    NSRecursiveLock, NSLock, NSCondition, NSPointerArray, NSHashTable, NSMapTable, NSOrderedSet, NSKeyedArchiver,
    NSKeyedUnarchiver, NSJSONSerialization, NSTimeZone, NSCalendar, NSDateComponents, NSScanner, NSException,
    NSMutableString, NSMutableArray, NSMutableDictionary, NSMutableSet, NSMutableData;
typedef NSString *NSErrorDomain;
typedef NSString *NSNotificationName;
typedef NSString *NSAttributedStringKey;
typedef NSString *NSKeyValueChangeKey;
typedef NSComparisonResult (^NSComparator)(id obj1, id obj2);
@protocol NSObject
- (BOOL)isEqual:(id)object;
@property (readonly) NSUInteger hash;
- (instancetype)self;
- (BOOL)isKindOfClass:(Class)aClass;
- (BOOL)respondsToSelector:(SEL)aSelector;
@property (readonly, copy) NSString *description;
@end
@protocol NSCopying
- (id)copyWithZone:(NSZone *)zone;
@end
@protocol NSMutableCopying
- (id)mutableCopyWithZone:(NSZone *)zone;
@end
@protocol NSCoding
- (void)encodeWithCoder:(NSCoder *)coder;
- (instancetype)initWithCoder:(NSCoder *)coder;
@end
@protocol NSSecureCoding <NSCoding>
@end
@protocol NSFastEnumeration
@end
__attribute__((objc_root_class))
@interface NSObject <NSObject>
+ (instancetype)alloc;
+ (instancetype)new;
- (instancetype)init;
- (id)copy;
- (id)mutableCopy;
+ (Class)class;
@end
@interface NSString : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
@property (readonly) NSUInteger length;
+ (instancetype)stringWithFormat:(NSString *)format, ...;
@end
@interface NSMutableString : NSString
@end
@interface NSArray<__covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSSecureCoding, NSFastEnumeration>
@property (readonly) NSUInteger count;
- (ObjectType)objectAtIndex:(NSUInteger)index;
- (ObjectType)objectAtIndexedSubscript:(NSUInteger)index;
@end
@interface NSMutableArray<ObjectType> : NSArray<ObjectType>
- (void)addObject:(ObjectType)anObject;
@end
@interface NSDictionary<__covariant KeyType, __covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSSecureCoding, NSFastEnumeration>
@property (readonly) NSUInteger count;
- (ObjectType)objectForKey:(KeyType)aKey;
- (ObjectType)objectForKeyedSubscript:(KeyType)key;
@end
@interface NSMutableDictionary<KeyType, ObjectType> : NSDictionary<KeyType, ObjectType>
- (void)setObject:(ObjectType)anObject forKeyedSubscript:(KeyType)aKey;
@end
@interface NSSet<__covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSSecureCoding, NSFastEnumeration>
@end
@interface NSMutableSet<ObjectType> : NSSet<ObjectType>
@end
@interface NSOrderedSet<__covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSSecureCoding, NSFastEnumeration>
@end
@interface NSHashTable<ObjectType> : NSObject
@end
@interface NSMapTable<KeyType, ObjectType> : NSObject
@end
@interface NSCache<KeyType, ObjectType> : NSObject
@end
@interface NSValue : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSNumber : NSValue
@end
@interface NSData : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
@end
@interface NSMutableData : NSData
@end
@interface NSDate : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSURL : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSError : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSException : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSCoder : NSObject
@end
@interface NSBundle : NSObject
@end
@interface NSNotification : NSObject <NSCopying, NSCoding>
@end
@interface NSNotificationCenter : NSObject
@end
@interface NSOperation : NSObject
@end
@interface NSOperationQueue : NSObject
@end
@interface NSURLRequest : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
@end
@interface NSMutableURLRequest : NSURLRequest
@end
@interface NSURLResponse : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSHTTPURLResponse : NSURLResponse
@end
@interface NSURLSession : NSObject
@end
@interface NSURLSessionTask : NSObject <NSCopying>
@end
@interface NSURLSessionDataTask : NSURLSessionTask
@end
@interface NSAttributedString : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
@end
@interface NSMutableAttributedString : NSAttributedString
@end
@interface NSIndexPath : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSIndexSet : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
@end
@interface NSProgress : NSObject
@end
@interface NSLock : NSObject
@end
@interface NSRecursiveLock : NSObject
@end
@interface NSTimer : NSObject
@end
@interface NSThread : NSObject
@end
@interface NSRunLoop : NSObject
@end
@interface NSUserDefaults : NSObject
@end
@interface NSFileManager : NSObject
@end
@interface NSInputStream : NSObject
@end
@interface NSOutputStream : NSObject
@end
@interface NSUUID : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSLocale : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSTimeZone : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSPredicate : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSSortDescriptor : NSObject <NSCopying, NSSecureCoding>
@end
@interface NSCharacterSet : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
@end
@interface NSDateFormatter : NSObject
@end
@interface NSNumberFormatter : NSObject
@end
@interface NSMethodSignature : NSObject
@end
@interface NSInvocation : NSObject
@end
"""#),
        ("TargetConditionals.h", #"""
// DocSheet's stand-in for TargetConditionals.h: the platform macros.
#pragma once
#ifndef TARGET_OS_IPHONE
// iOS unless DocSheet gives the platform's values with -D (a file whose #ifs depend on the platform is read once
// per platform: Documentation/ObjectiveC.md).
#define TARGET_OS_MAC 1
#define TARGET_OS_OSX 0
#define TARGET_OS_IPHONE 1
#define TARGET_OS_IOS 1
#define TARGET_OS_TV 0
#define TARGET_OS_WATCH 0
#define TARGET_OS_VISION 0
#define TARGET_OS_EMBEDDED 0
#define OS_OBJECT_USE_OBJC 1
#define TARGET_OS_MACCATALYST 0
#define TARGET_OS_SIMULATOR 0
#define TARGET_IPHONE_SIMULATOR 0
#endif
"""#),
        ("UIKit/UIKit.h", #"""
// DocSheet's stand-in for UIKit: enough declarations for clang to parse Objective-C without the SDK.
#pragma once
#import <Foundation/Foundation.h>
@class UIColor, UIFont, UIImage, UIImageView, UILabel, UIButton, UIWindow, UIScreen, UIEvent, UITouch, UIGestureRecognizer,
    UINavigationController, UITabBarController, UITableView, UITableViewCell, UICollectionView, UICollectionViewCell,
    UIScrollView, UITextField, UITextView, UIStoryboard, UINib, UIApplication, UIAlertController, UIBarButtonItem,
    UINavigationItem, UIStackView, UIActivityIndicatorView, UIBezierPath, UITraitCollection, UILayoutGuide,
    NSLayoutConstraint, NSLayoutAnchor, CALayer;
typedef NSInteger UIViewContentMode;
typedef NSUInteger UIControlState;
typedef NSUInteger UIControlEvents;
typedef NSInteger UIStatusBarStyle;
typedef NSUInteger UIInterfaceOrientationMask;
typedef NSInteger UIInterfaceOrientation;
@protocol UIApplicationDelegate <NSObject>
@end
@protocol UITableViewDataSource <NSObject>
@end
@protocol UITableViewDelegate <NSObject>
@end
@protocol UICollectionViewDataSource <NSObject>
@end
@protocol UICollectionViewDelegate <NSObject>
@end
@protocol UIScrollViewDelegate <NSObject>
@end
@protocol UITextFieldDelegate <NSObject>
@end
@protocol UIGestureRecognizerDelegate <NSObject>
@end
@interface UIResponder : NSObject
@end
@interface UIView : UIResponder
- (instancetype)initWithFrame:(CGRect)frame;
@property (nonatomic) CGRect frame;
@property (nonatomic) CGRect bounds;
@property (nonatomic, readonly) UIView *superview;
@property (nonatomic, readonly, copy) NSArray<UIView *> *subviews;
- (void)addSubview:(UIView *)view;
- (void)layoutSubviews;
@end
@interface UIControl : UIView
@end
@interface UIViewController : UIResponder
@property (nonatomic, strong) UIView *view;
- (void)viewDidLoad;
- (void)viewWillAppear:(BOOL)animated;
- (void)viewDidAppear:(BOOL)animated;
@end
@interface UIColor : NSObject
@end
@interface UIFont : NSObject
@end
@interface UIImage : NSObject
@end
@interface UIImageView : UIView
@end
@interface UILabel : UIView
@end
@interface UIButton : UIControl
@end
@interface UIScrollView : UIView
@end
@interface UITableView : UIScrollView
@end
@interface UITableViewCell : UIView
@end
@interface UICollectionView : UIScrollView
@end
@interface UICollectionViewCell : UIView
@end
@interface UITextField : UIControl
@end
@interface UITextView : UIScrollView
@end
@interface UIWindow : UIView
@end
@interface UIApplication : UIResponder
@end
@interface UINavigationController : UIViewController
@end
@interface UITabBarController : UIViewController
@end
@interface UITableViewController : UIViewController
@end
@interface UIGestureRecognizer : NSObject
@end
@interface UIScreen : NSObject
@end
@interface CALayer : NSObject
@end
@interface NSLayoutConstraint : NSObject
@end
"""#),
    ]

    /// Framework umbrella names that get an umbrella header including Foundation (so that `#import <CoreData/CoreData.h>`
    /// still brings NSObject), besides Foundation, UIKit and AppKit themselves.
    static let frameworksIncludingFoundation: Set<String> = [
        "CoreFoundation", "CoreGraphics", "QuartzCore", "CoreData", "CoreLocation", "MapKit", "AVFoundation",
        "Photos", "WebKit", "SafariServices", "Security", "SystemConfiguration", "MobileCoreServices",
        "UniformTypeIdentifiers", "CoreText", "ImageIO", "Accelerate", "CoreImage", "CoreMedia", "CoreVideo",
        "Cocoa", "StoreKit", "UserNotifications", "CoreTelephony", "MessageUI", "GLKit", "Metal", "MetalKit",
    ]
}
