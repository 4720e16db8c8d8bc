import FileSupport
import Foundation
import Inventory
import Testing
import TestSupport

/// The Objective-C half of a mixed app through the command line (Documentation/ObjectiveC.md): `check --language`,
/// `check.language`, and the fixture Xcode project's modules and design document.
/// The clang the runs use (the test process's `PATH`; the sandbox's `PATH` holds only system folders).
let objectiveCClang = ProcessRunner.executable(named: "clang")

@Suite(.enabled(if: objectiveCClang != nil, "needs clang (the Swift toolchain's)"))
struct ObjectiveCCommandTests {

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A sandbox holding a copy of the fixture folder `name` (Tests/Fixtures/`name`).
    static func sandbox(with name: String) throws -> DocSheetRunner.Sandbox {
        let sandbox = try DocSheetRunner.Sandbox()
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: sandbox.url.appendingPathComponent(name))
        return sandbox
    }

    /// Runs `docsheet arguments` in `folder` of the sandbox with clang named by `DOCSHEET_CLANG`.
    static func docsheet(_ sandbox: DocSheetRunner.Sandbox, _ arguments: [String], in folder: String) throws -> DocSheetRunner.Run {
        var environment = sandbox.environment
        environment["DOCSHEET_CLANG"] = objectiveCClang
        let result = try ProcessRunner.run(executable: DocSheetRunner.binary.path, arguments: arguments,
                                           directory: sandbox.url.appendingPathComponent(folder), environment: environment)
        return DocSheetRunner.Run(status: result.status, output: String(decoding: result.standardOutput, as: UTF8.self),
                                  error: String(decoding: result.standardError, as: UTF8.self))
    }

    /// The JSON report's violations as `rule name` lines, its checked count and its summary.
    static func report(_ run: DocSheetRunner.Run) throws -> (violations: [String], checked: Int, summary: String) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.error)")
        let violations = (object["violations"] as? [[String: Any]] ?? []).map { "\($0["path"] ?? "") \($0["name"] ?? "")" }
        return (violations, object["checkedCount"] as? Int ?? -1, object["summary"] as? String ?? "")
    }

    @Test func theLanguageOptionGatesOneHalfOfTheMixedApp() throws {
        let sandbox = try Self.sandbox(with: "MixedApp")
        let common = ["check", "--no-cache", "--min-access", "private", "--reporter", "json"]

        let both = try Self.report(Self.docsheet(sandbox, common, in: "MixedApp"))
        #expect(both.violations == ["MixedApp/Account.h signOut", "MixedApp/Account.m logState"])
        #expect(both.checked == 10)

        let objc = try Self.docsheet(sandbox, common + ["--language", "objc"], in: "MixedApp")
        #expect(objc.status == 1)
        let objcReport = try Self.report(objc)
        #expect(objcReport.violations == both.violations)
        #expect(objcReport.checked == 9)
        #expect(objcReport.summary.contains("(7 of 9 private+ objc functions documented)"), "\(objcReport.summary)")
        // The file clang cannot parse is still a warning when Objective-C is gated.
        #expect(objc.error.contains("Broken.m"))

        let swift = try Self.docsheet(sandbox, common + ["--language", "swift"], in: "MixedApp")
        #expect(swift.status == 0, "\(swift.error)")
        let swiftReport = try Self.report(swift)
        #expect(swiftReport.violations.isEmpty && swiftReport.checked == 1)
        #expect(swiftReport.summary.contains("(1 of 1 private+ swift functions documented)"))
        // A Swift-only gate does not run clang: no word about the Objective-C file clang cannot parse.
        #expect(!swift.error.contains("Broken.m"), "\(swift.error)")

        // Naming both languages is the same as naming none.
        let named = try Self.report(Self.docsheet(sandbox, common + ["--language", "swift,objc"], in: "MixedApp"))
        #expect(named.violations == both.violations && named.checked == 10 && named.summary == both.summary)
    }

    @Test func theConfigurationsLanguageKeyGatesOneHalfAndTheCommandLineWins() throws {
        let sandbox = try Self.sandbox(with: "MixedApp")
        try sandbox.write("MixedApp/.docsheet.yml", "check:\n  min_access: private\n  language: [objc]\n")
        let configured = try Self.report(Self.docsheet(sandbox, ["check", "--no-cache", "--reporter", "json"], in: "MixedApp"))
        #expect(configured.checked == 9 && configured.violations.count == 2)
        let overridden = try Self.report(Self.docsheet(sandbox, ["check", "--no-cache", "--reporter", "json", "--language", "swift"],
                                                       in: "MixedApp"))
        #expect(overridden.checked == 1 && overridden.violations.isEmpty)

        try sandbox.write("MixedApp/.docsheet.yml", "check:\n  language: [kotlin]\n")
        let invalid = try Self.docsheet(sandbox, ["check", "--no-cache"], in: "MixedApp")
        #expect(invalid.status == 2)
        #expect(invalid.error.contains(".docsheet.yml:2") && invalid.error.contains("unknown language 'kotlin'; valid languages: swift, objc"),
                "\(invalid.error)")
    }

    @Test func anUnknownLanguageIsAUsageError() throws {
        let sandbox = try Self.sandbox(with: "MixedApp")
        let run = try Self.docsheet(sandbox, ["check", "--language", "objective-c"], in: "MixedApp")
        #expect(run.status == 2)
        #expect(run.error.contains("--language: unknown language 'objective-c'; valid languages: swift, objc"), "\(run.error)")
    }

    /// Tests/Fixtures/MixedXcodeApp's design document: modules from the `.pbxproj`, one function list with both
    /// languages, and one class (sheet and diagram box) for each class written in both: the Swift extension of the
    /// Objective-C `Account`, and the Objective-C category of the Swift `@objc(MXProfileStore) class ProfileStore`.
    @Test func theDesignDocumentShowsBothLanguagesInOneFunctionListAndOneClass() throws {
        let sandbox = try Self.sandbox(with: "MixedXcodeApp")
        let run = try Self.docsheet(sandbox, ["generate", "--no-cache", "--output", "../design.xlsx"], in: "MixedXcodeApp")
        #expect(run.status == 0, "\(run.error)")
        let book = try XLSXReader(url: sandbox.url.appendingPathComponent("design.xlsx"))
        #expect(book.sheetNames.contains("Account") && book.sheetNames.contains("ProfileStore"))
        #expect(!book.sheetNames.contains("MXProfileStore"), "the category is the Swift class's, not a type of its own")

        let functions = try book.sheet("Functions").cells.values
        for name in ["signIn(token:)", "validateName:", "load()", "purgeProfilesBefore:", "log:", "MXFormatLine"] {
            #expect(functions.contains(name), "the function list lacks \(name)")
        }
        let account = Set(try book.sheet("Account").cells.values)
        #expect(account.isSuperset(of: ["signIn(token:)", "@objc public func signIn(token: String)", "validateName:",
                                        "- (BOOL)validateName:(NSString *)name", "formattedName", "displayName"]))
        let profileStore = Set(try book.sheet("ProfileStore").cells.values)
        #expect(profileStore.isSuperset(of: ["load()", "purgeProfilesBefore:", "- (void)purgeProfilesBefore:(NSDate *)date"]))
        // The modules are the project's targets, not the folders App and Kit.
        let classList = try book.sheet("Class list")
        #expect(Set(classList.cells.values).isSuperset(of: ["MixedApp", "MixedKit"]) && !classList.cells.values.contains("Kit"))
        if ProcessRunner.executable(named: "dot", searchPath: sandbox.environment["PATH"]) != nil {
            #expect(book.sheetNames.contains("Class diagram - MixedApp"))
            #expect(try book.sheet("Class diagram - MixedApp").drawingCount == 1)
        }

        // The class diagram the workbook draws, as text: one box per class with both languages' members.
        let dot = try Self.docsheet(sandbox, ["generate", "--no-cache", "--format", "dot", "--output", "-"], in: "MixedXcodeApp")
        #expect(dot.status == 0, "\(dot.error)")
        let boxes = dot.output.split(separator: "\n").filter { $0.contains("[label=\"{") }
        let accountBox = try #require(boxes.first { $0.contains("\"MixedApp.Account\"") })
        #expect(accountBox.contains("+signIn(token:)") && accountBox.contains("+validateName:") && accountBox.contains("+formattedName"))
        let storeBox = try #require(boxes.first { $0.contains("\"MixedApp.ProfileStore\"") })
        #expect(storeBox.contains("+load()") && storeBox.contains("+purgeProfilesBefore:"))
        #expect(!dot.output.contains("MXProfileStore\""), "no box of its own for the Objective-C name")
    }

    /// A run whose inputs did not change writes nothing ("Up to date"); a changed `.m` is such a change too.
    @Test func aChangedObjectiveCFileMakesTheOutputOutOfDate() throws {
        let sandbox = try Self.sandbox(with: "MixedXcodeApp")
        let arguments = ["generate", "--format", "json", "--output", "../out.json"]
        #expect(try Self.docsheet(sandbox, arguments, in: "MixedXcodeApp").error.hasPrefix("Wrote"))
        let again = try Self.docsheet(sandbox, arguments, in: "MixedXcodeApp")
        #expect(again.error.hasPrefix("Up to date"), "\(again.error)")
        let implementation = sandbox.url.appendingPathComponent("MixedXcodeApp/Kit/MXLogger.m")
        var text = try String(contentsOf: implementation, encoding: .utf8)
        text = text.replacingOccurrences(of: "@end\n\nNSString", with: "/// Empties the sinks.\n- (void)reset {\n}\n\n@end\n\nNSString")
        try text.write(to: implementation, atomically: true, encoding: .utf8)
        let changed = try Self.docsheet(sandbox, arguments, in: "MixedXcodeApp")
        #expect(changed.error.hasPrefix("Wrote"), "\(changed.error)")
        #expect(sandbox.read("out.json")?.contains("\"reset\"") == true)
    }
}
