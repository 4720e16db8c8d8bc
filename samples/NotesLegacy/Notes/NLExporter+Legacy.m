#import "NLExporter+Legacy.h"
#import "NLNote.h"
#import "Notes-Swift.h"

@implementation NLExporter (Legacy)

- (NSData *)plainTextDataForNotes:(NSArray *)notes {
    NSMutableString *text = [NSMutableString string];
    for (NLNote *note in notes) {
        [text appendFormat:@"%@\n\n", note.text];
    }
    return [text dataUsingEncoding:NSUTF8StringEncoding];
}

@end
