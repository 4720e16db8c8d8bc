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
