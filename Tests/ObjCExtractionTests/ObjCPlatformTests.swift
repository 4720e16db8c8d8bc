import Foundation
import Inventory
import Testing
@testable import ObjCExtraction

@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCPlatformBranchTests {
    @Test func aMethodImplementedInBothBranchesIsTwoRecordsWithTheirConditions() throws {
        let result = try ObjCSnippetProject([
            "View.m": """
            #import <TargetConditionals.h>
            #if TARGET_OS_IOS
            #import <UIKit/UIKit.h>
            #else
            #import <AppKit/AppKit.h>
            #endif
            @interface Painter : NSObject
            @end
            @implementation Painter
            #if TARGET_OS_IOS
            - (void)paint:(UIView *)view {
            }
            #elif TARGET_OS_OSX
            - (void)paint:(NSView *)view {
            }
            #else
            - (void)rest {}
            #endif
            - (void)everywhere {}
            @end
            """,
        ]).extract()
        #expect(result.warnings.isEmpty)
        let records = result.functions.map { "\($0.name) \($0.line) \($0.condition ?? "-")" }
        #expect(records == [
            "paint: 11 TARGET_OS_IOS",
            "paint: 14 !(TARGET_OS_IOS) && TARGET_OS_OSX",
            "rest 17 !(TARGET_OS_IOS) && !(TARGET_OS_OSX)",
            "everywhere 19 -",
        ])
        #expect(result.functions[0].parameters.first?.type == "UIView *")
        #expect(result.functions[1].parameters.first?.type == "NSView *")
    }

    @Test func aProjectMacroDefinedFromTargetMacrosCountsAsAPlatformCondition() throws {
        let result = try ObjCSnippetProject([
            "Compat.h": """
            #import <TargetConditionals.h>
            #define APP_UIKIT (TARGET_OS_IOS || TARGET_OS_TV)
            #define APP_MAC (TARGET_OS_OSX)
            """,
            "Image.h": """
            #import <Foundation/Foundation.h>
            #import "Compat.h"
            @interface Image : NSObject
            #if APP_MAC
            - (void)loadFromBundle;
            #endif
            - (void)load;
            @end
            """,
        ]).extract()
        #expect(result.warnings.isEmpty)
        #expect(result.functions.map(\.name) == ["loadFromBundle", "load"])
        #expect(result.functions.first?.condition == "APP_MAC")
        #expect(result.functions.last?.condition == nil)
    }

    @Test func aFileWithoutPlatformConditionsIsReadOnce() throws {
        let folder = try ObjCProjectFolder([
            "Plain.m": """
            #import <Foundation/Foundation.h>
            #ifndef PLAIN_M
            #define PLAIN_M
            @interface Plain : NSObject
            @end
            @implementation Plain
            - (void)run {}
            @end
            #endif
            """,
            "Branches.m": """
            #import <Foundation/Foundation.h>
            #if TARGET_OS_WATCH
            @interface Watch : NSObject
            @end
            #endif
            """,
        ])
        let result = folder.extract(cached: false)
        #expect(result.clangRuns == 5)
        #expect(result.functions.first?.condition == nil)
        #expect(result.types.map(\.name).sorted() == ["Plain", "Watch"])
        #expect(result.types.first { $0.name == "Watch" }?.condition == "TARGET_OS_WATCH")
    }

    @Test func conditionsFollowTheEnclosingPlatformConditionalsOnly() {
        let scan = ConditionalScan(source: ObjCSourceText(bytes: Array("""
        #ifndef GUARD_H
        #define GUARD_H
        #if TARGET_OS_IOS || \\
            TARGET_OS_TV
        #ifdef DEBUG
        int a;
        #endif
        #else
        int b;
        #endif
        #endif
        """.utf8)))
        #expect(scan.condition(atLine: 6, platformMacros: []) == "TARGET_OS_IOS || TARGET_OS_TV")
        #expect(scan.condition(atLine: 9, platformMacros: []) == "!(TARGET_OS_IOS || TARGET_OS_TV)")
        #expect(scan.condition(atLine: 2, platformMacros: []) == nil)
        #expect(ConditionalScan.platformMacros(defines: [("A", "(TARGET_OS_OSX)"), ("B", "!A"), ("C", "1")]) == ["A", "B"])
        let compat = ConditionalScan(source: ObjCSourceText(bytes: Array("""
        #if TARGET_OS_IOS || TARGET_OS_TV
        #define APP_UIKIT 1
        #else
        #define APP_UIKIT 0
        #endif
        #define APP_VERSION 2
        """.utf8)))
        #expect(ConditionalScan.platformMacros(defines: compat.defines) == ["APP_UIKIT"])
    }
}

@Suite struct SwiftNameImporterTests {
    func name(_ selector: String, instance: Bool = true, types: [String] = [], _ declaration: String = "") -> String {
        SwiftNameImporter.swiftName(selector: selector, isInstance: instance, parameterTypes: types, declaration: declaration)
    }

    @Test func initializersDropInitAndWith() {
        #expect(name("init") == "init()")
        #expect(name("initWithName:", types: ["NSString *"]) == "init(name:)")
        #expect(name("initWithName:age:", types: ["NSString *", "NSInteger"]) == "init(name:age:)")
        #expect(name("initFromFile:", types: ["NSString *"]) == "init(fromFile:)")
        #expect(name("initialize", instance: false) == "initialize()")
    }

    @Test func theFirstPieceIsSplitBeforeItsLastPreposition() {
        #expect(name("fetchUserWithID:completion:", types: ["NSString *", "void (^)(void)"]) == "fetchUser(withID:completion:)")
        #expect(name("addObserver:forKeyPath:", types: ["id", "NSString *"]) == "addObserver(_:forKeyPath:)")
        #expect(name("reset") == "reset()")
        #expect(name("loadImageFromURLString:", types: ["NSString *"]) == "loadImage(fromURLString:)")
    }

    @Test func aLastErrorPointerBecomesThrows() {
        #expect(name("saveWithError:", types: ["NSError **"]) == "save()")
        #expect(name("writeData:error:", types: ["NSData *", "NSError * _Nullable * _Nullable"]) == "writeData(_:)")
    }

    @Test func writtenNamesAndRefinedForSwiftWin() {
        #expect(name("sd_UTTypeFromImageFormat:", instance: false, types: ["SDImageFormat"],
                     "+ (CFStringRef)sd_UTTypeFromImageFormat:(SDImageFormat)format NS_SWIFT_NAME(sd_UTType(from:))")
                == "sd_UTType(from:)")
        #expect(name("count", "- (NSInteger)count NS_REFINED_FOR_SWIFT") == "__count()")
    }
}

@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCSwiftNameRecordTests {
    @Test func methodsCarryTheirSwiftName() throws {
        let result = try ObjCSnippetProject([
            "Client.h": """
            #import <Foundation/Foundation.h>
            @interface Client : NSObject
            - (instancetype)initWithBaseURL:(NSURL *)url;
            - (void)fetchUserWithID:(NSString *)identifier completion:(void (^)(void))completion NS_SWIFT_NAME(user(id:completion:));
            @end
            void ClientLog(NSString *message);
            """,
        ]).extract()
        #expect(result.functions.map { $0.swiftName ?? "-" } == ["init(baseURL:)", "user(id:completion:)", "-"])
    }
}
