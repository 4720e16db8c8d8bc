#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@class MXLogger;

/// Receives the lines a logger writes.
@protocol MXLogSink <NSObject>
@required
/// A line was written.
/// @param logger The logger that wrote it.
/// @param line The line.
- (void)logger:(MXLogger *)logger didWrite:(NSString *)line;
@optional
/// The logger was flushed.
- (void)loggerDidFlush:(MXLogger *)logger;
@end

/// Writes log lines to its sinks.
@interface MXLogger : NSObject
/// The shared logger.
+ (instancetype)sharedLogger;
/// Writes one line.
/// @param line The text to write.
- (void)log:(NSString *)line;
- (void)addSink:(id<MXLogSink>)sink;
@end

NS_ASSUME_NONNULL_END
