import Foundation
import Inventory
import Testing
@testable import ObjCExtraction

/// A folder of Objective-C files written for one test, read through clang.
struct ObjCSnippetProject {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("objc-test-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    func extract() -> ObjCExtraction {
        let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter(ObjCSourceFile.isObjectiveC).sorted()
        let files = paths.map { ObjCSourceFile(path: root.appendingPathComponent($0).path, relativePath: $0, module: "App") }
        defer { try? FileManager.default.removeItem(at: root) }
        return ObjCExtractor.extract(files: files, jobs: 2)
    }
}

/// clang is part of the Swift toolchain; these suites need it.
let clangIsAvailable = ClangSession.locateClang() != nil

@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCMethodTests {
    @Test func interfaceMethodsAreSelectorsWithTheirKindAndParameters() throws {
        let result = try ObjCSnippetProject([
            "Widget.h": """
            #import <UIKit/UIKit.h>
            NS_ASSUME_NONNULL_BEGIN
            @interface Widget : UIView
            - (BOOL)validateName:(NSString *)name count:(NSInteger)count;
            + (instancetype)widgetWithTitle:(nullable NSString *)title;
            - (void)reset;
            @end
            NS_ASSUME_NONNULL_END
            """,
        ]).extract()
        #expect(result.warnings.isEmpty)
        let names = result.functions.map(\.name)
        #expect(names == ["validateName:count:", "widgetWithTitle:", "reset"])
        let validate = try #require(result.functions.first)
        #expect(validate.kind == .method)
        #expect(validate.language == .objc)
        #expect(validate.enclosingType == "Widget")
        #expect(validate.enclosingKind == .class)
        #expect(validate.accessLevel == .public)
        #expect(validate.signature == "- (BOOL)validateName:(NSString *)name count:(NSInteger)count")
        #expect(validate.returnType == "BOOL")
        #expect(validate.parameters == [.init(label: "validateName", name: "name", type: "NSString *"),
                                        .init(label: "count", name: "count", type: "NSInteger")])
        #expect(validate.line == 4 && validate.column == 9)
        #expect(result.functions[2].returnType == nil, "void: no return value, as a Swift function without ->")
        #expect(result.functions[1].kind == .typeMethod)
        #expect(result.functions[1].parameters.first?.type == "nullable NSString *")
        #expect(result.types.map(\.name) == ["Widget"])
        #expect(result.types.first?.superclass == "UIView")
    }

    @Test func headerDeclarationAndImplementationAreOneRecordAtTheHeader() throws {
        let result = try ObjCSnippetProject([
            "Store.h": """
            #import <Foundation/Foundation.h>
            @interface Store : NSObject
            - (void)save;
            @end
            """,
            "Store.m": """
            #import "Store.h"
            @implementation Store
            /// Saves everything.
            - (void)save {
                [self flush];
            }
            - (void)flush {
            }
            @end
            """,
        ]).extract()
        #expect(result.warnings.isEmpty)
        #expect(result.functions.count == 2)
        let save = try #require(result.functions.first { $0.name == "save" })
        #expect(save.file == "Store.h" && save.line == 3)
        #expect(save.accessLevel == .public)
        #expect(save.doc?.summary == "Saves everything.")
        #expect(save.lines == 3)
        let flush = try #require(result.functions.first { $0.name == "flush" })
        #expect(flush.file == "Store.m" && flush.accessLevel == .private)
        #expect(flush.signature == "- (void)flush")
    }

    @Test func aBlockCommentWhoseOpenerIsOnALineOfItsOwnIsReadWhole() throws {
        // clang's range of the parsed comment starts at its text, on the line after `/**`: the leading `*` of each
        // line, and the commands, must still be read as HeaderDoc (SDWebImage writes most of its docs this way).
        let result = try ObjCSnippetProject([
            "Loader.h": """
            #import <Foundation/Foundation.h>
            @interface Loader : NSObject
            /**
             * Loads the image at a URL.
             *
             * @param url The image's URL.
             * @return YES when it started.
             */
            - (BOOL)loadURL:(NSURL *)url;
            /*!
               @abstract Cancels every load.
             */
            - (void)cancel;
            @property (nonatomic) NSInteger count; /**< How many loads run. */
            @end
            """,
        ]).extract()
        #expect(result.warnings.isEmpty)
        let load = try #require(result.functions.first { $0.name == "loadURL:" })
        #expect(load.doc?.summary == "Loads the image at a URL.")
        #expect(load.doc?.parameters == [.init(name: "url", description: "The image's URL.")])
        #expect(load.doc?.returns == "YES when it started.")
        #expect(result.functions.first { $0.name == "cancel" }?.doc?.summary == "Cancels every load.")
        #expect(result.properties.first { $0.name == "count" }?.doc?.summary == "How many loads run.")
    }

    @Test func categoriesAndClassExtensionsBelongToTheirClass() throws {
        let result = try ObjCSnippetProject([
            "Widget+Drawing.h": """
            #import <UIKit/UIKit.h>
            @interface UIView (Drawing)
            - (void)drawBadge;
            @end
            """,
            "Widget.m": """
            #import <UIKit/UIKit.h>
            @interface Widget : UIView
            @end
            @interface Widget ()
            - (void)secret;
            @end
            @implementation Widget
            - (void)secret {}
            @end
            """,
        ]).extract()
        #expect(result.warnings.isEmpty)
        let badge = try #require(result.functions.first { $0.name == "drawBadge" })
        #expect(badge.enclosingType == "UIView" && badge.accessLevel == .public)
        let secret = try #require(result.functions.first { $0.name == "secret" })
        #expect(secret.enclosingType == "Widget" && secret.accessLevel == .private)
        #expect(secret.line == 5, "positioned at the class extension's declaration")
        #expect(result.functions.filter { $0.name == "secret" }.count == 1)
    }

    @Test func protocolMethodsAreRequirementsMarkedOptionalOrNot() throws {
        let result = try ObjCSnippetProject([
            "Delegate.h": """
            #import <Foundation/Foundation.h>
            @protocol WidgetDelegate <NSObject>
            - (void)widgetDidLoad;
            @optional
            - (void)widgetDidChange:(id)widget;
            @required
            - (void)widgetDone;
            @end
            """,
        ]).extract()
        let byName = Dictionary(uniqueKeysWithValues: result.functions.map { ($0.name, $0) })
        #expect(byName.count == 3)
        #expect(byName.values.allSatisfy { $0.isRequirement && $0.enclosingKind == .protocol && $0.enclosingType == "WidgetDelegate" })
        #expect(byName["widgetDidLoad"]?.attributes == [])
        #expect(byName["widgetDidChange:"]?.attributes == ["@optional"])
        #expect(byName["widgetDone"]?.attributes == [])
        #expect(result.types.first?.kind == .protocol && result.types.first?.conformances == ["NSObject"])
    }

    @Test func cFunctionsAreRecordedFromHeadersOnly() throws {
        let result = try ObjCSnippetProject([
            "Util.h": """
            #import <Foundation/Foundation.h>
            /// Clamps a value.
            FOUNDATION_EXPORT CGFloat WidgetClamp(CGFloat value, CGFloat limit);
            static inline int helper(void) { return 1; }
            """,
            "Util.m": """
            #import "Util.h"
            CGFloat WidgetClamp(CGFloat value, CGFloat limit) { return value < limit ? value : limit; }
            static void privateHelper(void) {}
            """,
        ]).extract()
        #expect(result.functions.map(\.name) == ["WidgetClamp"])
        let clamp = try #require(result.functions.first)
        #expect(clamp.kind == .function && clamp.enclosingType == nil && clamp.file == "Util.h")
        #expect(clamp.parameters.map(\.type) == ["CGFloat", "CGFloat"])
        #expect(clamp.returnType == "FOUNDATION_EXPORT CGFloat")
        #expect(clamp.doc?.summary == "Clamps a value.")
    }

    @Test func missingHeadersDoNotStopTheParse() throws {
        let result = try ObjCSnippetProject([
            "Feature.h": """
            #import <UIKit/UIKit.h>
            #import <SomePod/SomePod.h>
            #import "Generated-Swift.h"
            #include <vendor_thing.h>
            @interface Feature : NSObject
            - (void)run;
            @end
            """,
        ]).extract()
        #expect(result.warnings.isEmpty)
        #expect(result.functions.map(\.name) == ["run"])
    }

    @Test func targetConditionalsIsAStubAndAPlatformBranchCarriesItsCondition() throws {
        let result = try ObjCSnippetProject([
            "Downloader.h": """
            #import <TargetConditionals.h>
            #if TARGET_OS_IOS || TARGET_OS_TV
            #import <Foundation/Foundation.h>
            NS_ASSUME_NONNULL_BEGIN
            @interface Downloader : NSObject
            - (void)download;
            @end
            #endif
            NS_ASSUME_NONNULL_END
            """,
        ]).extract()
        #expect(result.warnings.isEmpty)
        #expect(result.functions.map(\.name) == ["download"])
        #expect(result.functions.first?.condition == "TARGET_OS_IOS || TARGET_OS_TV")
        #expect(result.types.first?.condition == "TARGET_OS_IOS || TARGET_OS_TV")
    }

    @Test func projectHeadersInOtherFoldersAreFoundByName() throws {
        let result = try ObjCSnippetProject([
            "Models/Model.h": """
            #import <Foundation/Foundation.h>
            typedef NS_ENUM(NSInteger, ModelState) { ModelStateIdle, ModelStateBusy };
            @interface Model : NSObject
            @end
            """,
            "Views/View.h": """
            #import "Model.h"
            #import <App/Model.h>
            @interface View : NSObject
            - (ModelState)stateOfModel:(Model *)model;
            @end
            """,
        ]).extract()
        #expect(result.warnings.isEmpty)
        let method = try #require(result.functions.first)
        #expect(method.returnType == "ModelState" && method.parameters.first?.type == "Model *")
    }

    @Test func aFileClangCannotParseIsAWarningNamingItAndTheOthersGoOn() throws {
        let result = try ObjCSnippetProject([
            "Broken.m": "\u{00}\u{01}@implementation\n}}}}",
            "Good.h": "@interface Good\n- (void)fine;\n@end\n",
        ]).extract()
        #expect(result.functions.map(\.name) == ["fine"])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.description.hasPrefix("Broken.m: clang could not parse the file") == true)
    }
}

@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCUnparsableFileTests {
    @Test func aFileWithoutCodeForThisPlatformOrWithErrorsOnlyInAHeaderIsNoWarning() throws {
        let result = try ObjCSnippetProject([
            "Bad.h": "@interface Bad\n- (void)x;\n@end\nthis is not Objective-C;\n",
            "MacOnly.m": "#import \"Bad.h\"\n#if 0\n@implementation Bad\n- (void)x {}\n@end\n#endif\n",
        ]).extract()
        #expect(result.warnings.isEmpty)
        #expect(result.functions.map(\.name) == ["x"])
    }

    @Test func theWarningNamesTheFileRelativeToTheRootAndClangsError() throws {
        let result = try ObjCSnippetProject(["Sub/Broken.m": "@implementation\n"]).extract()
        #expect(result.warnings.count == 1)
        let message = try #require(result.warnings.first?.description)
        #expect(message.hasPrefix("Sub/Broken.m: clang could not parse the file, left out (Sub/Broken.m:1:"))
        #expect(message.contains("error:"))
    }
}

@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCPropertyTests {
    @Test func propertiesKeepTheirAttributesAndType() throws {
        let result = try ObjCSnippetProject([
            "Person.h": """
            #import <Foundation/Foundation.h>
            @interface Person : NSObject
            /// The name.
            @property (nonatomic, copy, nullable) NSString *name;
            @property (nonatomic, readonly) NSInteger age;
            @property (class, nonatomic, strong) Person *shared;
            @end
            """,
        ]).extract()
        let byName = Dictionary(uniqueKeysWithValues: result.properties.map { ($0.name, $0) })
        let name = try #require(byName["name"])
        #expect(name.attributes == ["nonatomic", "copy", "nullable"])
        #expect(name.type == "NSString *")
        #expect(name.declaration == "@property (nonatomic, copy, nullable) NSString *name")
        #expect(name.doc?.summary == "The name.")
        #expect(name.language == .objc && name.enclosingType == "Person" && name.setterAccess == .public)
        #expect(byName["age"]?.setterAccess == nil)
        #expect(byName["shared"]?.kind == .typeProperty)
        #expect(result.functions.isEmpty, "the accessors clang makes up are not methods of the project")
    }
}

@Suite struct HeaderDocParserTests {
    @Test func tripleSlashLinesJoinIntoTheSummary() {
        let doc = HeaderDocParser.parse("/// Loads the widget\n/// from disk.\n///\n/// More text.")
        #expect(doc.summary == "Loads the widget from disk.")
        #expect(doc.discussion == "More text.")
        #expect(doc.raw == "Loads the widget\nfrom disk.\n\nMore text.")
    }

    @Test func theSummaryEndsAtTheFirstBlockCommandWithoutABlankLine() {
        let doc = HeaderDocParser.parse("""
        /**
         * Validates a name.
         * @param name The name to check.
         *   Must not be empty.
         * @param strict Whether to be strict.
         * @return YES when valid.
         * @discussion Long text
         * on two lines.
         * @note Slow.
         */
        """)
        #expect(doc.summary == "Validates a name.")
        #expect(doc.parameters == [.init(name: "name", description: "The name to check. Must not be empty."),
                                   .init(name: "strict", description: "Whether to be strict.")])
        #expect(doc.returns == "YES when valid.")
        #expect(doc.discussion == "Long text\non two lines.")
        #expect(doc.callouts == [.init(kind: "note", text: "Slow.")])
    }

    @Test func headerDocBangCommentsAndAbstractAreRead() {
        let doc = HeaderDocParser.parse("/*!\n @method load\n @abstract Loads it.\n @result The data.\n */")
        #expect(doc.summary == "Loads it.")
        #expect(doc.returns == "The data.")
        #expect(doc.callouts.isEmpty)
    }

    @Test func aPlaceholderIsNoDocumentation() {
        #expect(!HeaderDocParser.parse("/// <#Description#>").isMeaningful)
    }
}

@Suite struct IncludeScanTests {
    @Test func importsAndIncludesAreReadLineByLine() {
        let source = Array("#import <UIKit/UIKit.h>\n  #  include \"A.h\"\n// #import \"B.h\"\nint x;\n#include_next <c.h>".utf8)
        #expect(ClangSession.includes(in: source) == [
            .init(name: "UIKit/UIKit.h", isQuoted: false), .init(name: "A.h", isQuoted: true),
            .init(name: "c.h", isQuoted: false),
        ])
    }

    @Test func clangsMissingFileErrorNamesTheInclude() {
        #expect(ClangSession.missingInclude(in: "a.m:1:9: fatal error: 'Foo/Bar.h' file not found\n") == "Foo/Bar.h")
        #expect(ClangSession.missingInclude(in: "a.m:1:9: error: expected ';'") == nil)
        #expect(!ClangSession.isSafeIncludeName("../x.h") && !ClangSession.isSafeIncludeName("/etc/x.h"))
    }
}
