import Foundation
import Inventory
import ObjCExtraction
import Testing
import TestSupport
@testable import Workflow

/// `generate` on a mixed Swift and Objective-C folder (Tests/Fixtures/MixedApp): both languages in one inventory, a
/// warning for the file clang cannot parse, and the other files read.
@Suite(.enabled(if: ClangSession.locateClang() != nil, "needs clang (the Swift toolchain's)"))
struct ObjectiveCScanTests {
    static var fixture: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/MixedApp")
    }

    func generate(output: URL) throws -> (GenerateOutcome, Inventory) {
        var options = GenerateOptions()
        options.roots = [Self.fixture.path]
        options.output = output.path
        options.format = .json
        options.scan.useCache = false
        let environment = WorkflowEnvironment(currentDirectory: Self.fixture, variables: [
            "HOME": output.deletingLastPathComponent().path,
            "DOCSHEET_CACHE_DIR": output.deletingLastPathComponent().appendingPathComponent("cache").path,
        ])
        let outcome = try Generate.run(options, environment: environment)
        let inventory = try InventoryCoding.decodeInventory(try Data(contentsOf: output), source: output.lastPathComponent)
        return (outcome, inventory)
    }

    @Test func headersWithoutObjectiveCFilesAreAPackagesCTargetAndAreNotRead() throws {
        let folder = try TemporaryFolder(prefix: "ObjectiveCScanTests")
        let root = folder.url.appendingPathComponent("Package")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources/CShim/include"), withIntermediateDirectories: true)
        try Data("/// Adds.\nint shim_add(int a, int b);\n".utf8).write(to: root.appendingPathComponent("Sources/CShim/include/shim.h"))
        try Data("/// Runs.\npublic func run() {}\n".utf8).write(to: root.appendingPathComponent("Sources/run.swift"))
        var options = GenerateOptions()
        options.roots = [root.path]
        options.output = folder.url.appendingPathComponent("out.json").path
        options.format = .json
        options.scan.useCache = false
        _ = try Generate.run(options, environment: WorkflowEnvironment(currentDirectory: root, variables: [
            "HOME": folder.url.path, "DOCSHEET_CACHE_DIR": folder.url.appendingPathComponent("cache").path]))
        let inventory = try InventoryCoding.decodeInventory(try Data(contentsOf: folder.url.appendingPathComponent("out.json")), source: "out.json")
        #expect(inventory.functions.map(\.name) == ["run()"])
    }

    @Test func bothLanguagesAreInOneInventory() throws {
        let folder = try TemporaryFolder(prefix: "ObjectiveCScanTests")
        let (outcome, inventory) = try generate(output: folder.url.appendingPathComponent("out.json"))
        let swift = inventory.functions.filter { $0.language == .swift }
        #expect(swift.map(\.name) == ["render()"])
        let objc = inventory.functions.filter { $0.language == .objc }
        #expect(objc.map { "\($0.enclosingType ?? "-") \($0.name) \($0.file):\($0.line) \($0.accessLevel)" } == [
            "Account formattedName MixedApp/Account+Formatting.h:6 public",
            "- AccountJoinNames MixedApp/Account+Formatting.h:10 public",
            "Account accountWithIdentifier: MixedApp/Account.h:21 public",
            "Account validateName: MixedApp/Account.h:29 public",
            "Account signOut MixedApp/Account.h:31 public",
            "Account clearToken MixedApp/Account.m:8 private",
            "Account logState MixedApp/Account.m:32 private",
            "AccountDelegate accountDidSignOut: MixedApp/AccountDelegate.h:8 public",
            "AccountDelegate account:didChangeName: MixedApp/AccountDelegate.h:11 public",
        ])
        #expect(objc.allSatisfy { $0.module == "MixedApp" })
        let validate = try #require(objc.first { $0.name == "validateName:" })
        #expect(validate.doc?.summary == "Checks a display name.")
        #expect(validate.doc?.parameters.map(\.name) == ["name"])
        #expect(validate.doc?.returns == "YES when the name can be shown.")
        #expect(validate.doc?.discussion == "Names are trimmed first.")
        let create = try #require(objc.first { $0.name == "accountWithIdentifier:" })
        #expect(create.kind == .typeMethod && create.doc?.summary == "Creates an account.")
        #expect(objc.first { $0.name == "account:didChangeName:" }?.attributes == ["@optional"])
        #expect(inventory.properties.filter { $0.language == .objc }.map(\.name) == ["displayName", "identifier", "delegate"])
        #expect(inventory.types.filter { $0.language == .objc }.map(\.name) == ["Account", "AccountDelegate"])
        #expect(inventory.types.first { $0.name == "Account" }?.doc?.summary == "A signed-in account.")
        // The file clang cannot parse is a warning naming it and clang's error; the run goes on.
        let warnings = outcome.diagnostics.filter { $0.contains("Broken.m") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("clang could not parse the file") == true)
        #expect(warnings.first?.contains("error:") == true)
    }

    @Test func withTheCacheAnEditedHeaderMakesTheOutputOutOfDateAndIsReadAgain() throws {
        let folder = try TemporaryFolder(prefix: "ObjectiveCCache")
        let root = folder.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("#import <Foundation/Foundation.h>\n@interface Model : NSObject\n- (void)save;\n@end\n".utf8)
            .write(to: root.appendingPathComponent("Model.h"))
        try Data("#import \"Model.h\"\n@implementation Model\n- (void)save {}\n@end\n".utf8)
            .write(to: root.appendingPathComponent("Model.m"))
        let output = folder.url.appendingPathComponent("out.json")
        func generate() throws -> (GenerateOutcome, Inventory) {
            var options = GenerateOptions()
            options.roots = [root.path]
            options.output = output.path
            options.format = .json
            options.scan.useCache = true
            let environment = WorkflowEnvironment(currentDirectory: root, variables: [
                "HOME": folder.url.path, "DOCSHEET_CACHE_DIR": folder.url.appendingPathComponent("cache").path,
            ])
            let outcome = try Generate.run(options, environment: environment)
            return (outcome, try InventoryCoding.decodeInventory(try Data(contentsOf: output), source: "out.json"))
        }
        let (first, _) = try generate()
        #expect(!first.upToDate)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("cache/objc").path)
        #expect(entries.filter { $0.hasSuffix(".objc") }.count == 2)
        #expect(try generate().0.upToDate)
        try Data("#import <Foundation/Foundation.h>\n@interface Model : NSObject\n- (void)save;\n- (void)reset;\n@end\n".utf8)
            .write(to: root.appendingPathComponent("Model.h"))
        let (edited, inventory) = try generate()
        #expect(!edited.upToDate)
        #expect(inventory.functions.map(\.name) == ["save", "reset"])
    }
}
