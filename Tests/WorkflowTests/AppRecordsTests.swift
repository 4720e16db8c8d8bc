import Foundation
import Inventory
import Testing
import TestSupport
import WorkflowTestSupport
@testable import SwiftExtraction
@testable import Workflow

/// `generate` reads the strings tables, the data models, the error types and the localized-string uses of a project
/// (`SourceScan.readAppRecords`): on the RecipeBox sample, and on a project with broken resource files.
@Suite struct AppRecordsTests {
    static var sample: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("samples/RecipeBox")
    }

    func generate(_ root: URL, output: URL, useCache: Bool = false) throws -> GenerateOutcome {
        var options = GenerateOptions()
        options.roots = [root.path]
        options.output = output.path
        options.format = .json
        options.scan.useCache = useCache
        let environment = WorkflowEnvironment(currentDirectory: root, variables: ["HOME": output.deletingLastPathComponent().path,
                                                                                  "DOCSHEET_CACHE_DIR": output.deletingLastPathComponent().appendingPathComponent("cache").path])
        return try Generate.run(options, environment: environment)
    }

    @Test func theSampleHasItsMessagesErrorsAndEntities() throws {
        let folder = try TemporaryFolder(prefix: "AppRecordsTests")
        let outcome = try generate(Self.sample, output: folder.url.appendingPathComponent("out.json"))
        let inventory = try InventoryCoding.decodeInventory(try Data(contentsOf: folder.url.appendingPathComponent("out.json")), source: "out.json")
        #expect(inventory.schemaVersion == 4)
        #expect(inventory.messages.count == 21)
        #expect(inventory.messages.filter { $0.uses.isEmpty }.map(\.key) == ["legacy.welcome", "shopping.legacy.banner"])
        let title = try #require(inventory.messages.first { $0.key == "recipes.title" })
        #expect(title.uses.map { "\($0.file):\($0.line) \($0.form)" } == [
            "RecipeBox/App/SceneDelegate.swift:19 L10n", "RecipeBox/ViewControllers/RecipeListViewController.swift:18 L10n",
        ])
        let count = try #require(inventory.messages.first { $0.key == "shopping.items.count %lld" })
        #expect(count.uses.map(\.form) == ["String(localized:)"] && count.languages == ["en", "ja", "vi"])
        #expect(inventory.errors.map(\.name) == ["PersistenceError", "ImportFailure", "RecipeError", "ShoppingError"])
        #expect(inventory.errors[2].cases.map(\.errorDescription).contains("A recipe needs a name."))
        #expect(inventory.entities.map(\.name) == ["Ingredient", "Recipe", "Tag", "Timestamped", "ShoppingList", "ShoppingItem"])
        #expect(inventory.entities.map(\.framework.rawValue) == ["coreData", "coreData", "coreData", "coreData", "swiftData", "swiftData"])
        #expect(inventory.screens.count == 15)
        #expect(inventory.screens.filter { $0.source == .storyboard }.count == 8)
        #expect(inventory.screens.filter { $0.kind == "View" }.map(\.name) == ["AddItemView", "ShoppingListView", "ShoppingItemsView"])
        #expect(inventory.transitions.filter(\.isDeclared).count == 8)
        #expect(inventory.transitions.filter { !$0.isDeclared }.map { "\($0.source) → \($0.destination) \($0.kind)" } == [
            "ShoppingListView → ShoppingItemsView navigationLink", "ShoppingListView → AddItemView sheet",
        ])
        let unused = outcome.diagnostics.filter { $0.contains("is used nowhere") }
        #expect(unused.count == 2 && unused[0].contains("en.lproj/Localizable.strings:35:1: warning: the key \"legacy.welcome\""))
        #expect(!outcome.diagnostics.contains { $0.contains("is in no") })
    }

    @Test func badResourceFilesAreOneWarningEachAndTheRunGoesOn() throws {
        let project = try TestRepository(git: false)
        try project.write("App/Main.swift", """
            import Foundation
            let title = NSLocalizedString("title", comment: "")
            let missing = NSLocalizedString("missing.key", comment: "")
            """)
        try project.write("App/en.lproj/Localizable.strings", "\"title\" = \"Title\";\n")
        try project.write("App/de.lproj/Localizable.strings", "\"title\" = \"Titel\"\n")
        try project.write("App/Broken.xcstrings", "{\"strings\": {")
        try project.write("App/Model.xcdatamodeld/Model.xcdatamodel/contents", "<model><entity name=\"A\"/></model>")
        let output = project.url.appendingPathComponent("out.json")
        let outcome = try generate(project.url, output: output)
        let inventory = try InventoryCoding.decodeInventory(try Data(contentsOf: output), source: "out.json")
        #expect(inventory.messages.map(\.key) == ["title"] && inventory.messages[0].languages == ["en"])
        #expect(inventory.entities.map(\.name) == ["A"])
        let warnings = outcome.diagnostics.filter { $0.contains("warning:") }.sorted()
        #expect(warnings.count == 4)
        #expect(warnings.contains { $0.contains("App/Broken.xcstrings:1:1: warning: not JSON") })
        #expect(warnings.contains { $0.contains("App/de.lproj/Localizable.strings:1:1: warning: expected ';' after the entry \"title\"") })
        #expect(warnings.contains { $0.contains("App/Model.xcdatamodeld:1:1: warning: no current model version") })
        #expect(warnings.contains { $0.contains("App/Main.swift:3:33: warning: the localized key \"missing.key\" (NSLocalizedString) is in no Localizable") })
    }

    @Test func aChangedTranslationMakesTheOutputOutOfDate() throws {
        let project = try TestRepository(git: false)
        try project.write("App/Main.swift", "let x = 1\n")
        try project.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let output = project.url.appendingPathComponent("out.json")
        #expect(try generate(project.url, output: output, useCache: true).upToDate == false)
        #expect(try generate(project.url, output: output, useCache: true).upToDate == true)
        try project.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        #expect(try generate(project.url, output: output, useCache: true).upToDate == false)
        let inventory = try InventoryCoding.decodeInventory(try Data(contentsOf: output), source: "out.json")
        #expect(inventory.messages.map(\.key) == ["a", "b"])
    }

    @Test func theAppCodeCacheGivesTheSameRecords() throws {
        let folder = try TemporaryFolder(prefix: "AppRecordsCache")
        let cold = folder.url.appendingPathComponent("cold.json"), warm = folder.url.appendingPathComponent("warm.json")
        _ = try generate(Self.sample, output: cold, useCache: true)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("cache/app-code").path)
        #expect(entries.count >= 10)  // the Swift files with errors, models, localized strings or navigation
        _ = try generate(Self.sample, output: warm, useCache: true)
        #expect(try Data(contentsOf: cold) == Data(contentsOf: warm))
        let uncached = folder.url.appendingPathComponent("uncached.json")
        _ = try generate(Self.sample, output: uncached, useCache: false)
        #expect(try Data(contentsOf: cold) == Data(contentsOf: uncached))
    }

    @Test func theDesignDocumentHasEveryAppSheetAndOtherTemplatesDoNotReadThem() throws {
        let folder = try TemporaryFolder(prefix: "AppRecordsWorkbook")
        var options = GenerateOptions()
        options.roots = [Self.sample.path]
        options.output = folder.url.appendingPathComponent("design.xlsx").path
        options.scan.useCache = false
        let environment = WorkflowEnvironment(currentDirectory: Self.sample, variables: ["HOME": folder.url.path])
        let outcome = try Generate.run(options, environment: environment)
        // The design document reads the app's records: the unused keys are warned about, and every sheet is there.
        #expect(outcome.diagnostics.filter { $0.contains("is used nowhere") }.count == 2)
        let book = try XLSXReader(url: folder.url.appendingPathComponent("design.xlsx"))
        let names = book.sheets.map(\.name)
        for sheet in ["Screens", "Screen transitions", "Messages", "Errors"] { #expect(names.contains(sheet), "no \(sheet) sheet") }
        #expect(names.filter { $0.hasPrefix("Table - ") } == ["Table - Ingredient", "Table - Recipe", "Table - Tag", "Table - Timestamped",
                                                               "Table - ShoppingList", "Table - ShoppingItem"])
        #expect(try book.sheet("Screens").lastRow == 16 && book.sheet("Screen transitions").lastRow == 11)
        #expect(try book.sheet("Messages").row(1).filter { $0.hasPrefix("Text (") } == ["Text (en)", "Text (ja)", "Text (vi)"])
        #expect(try book.sheet("Errors").lastRow == 11)
        // The inventory template shows none of them: the storyboards, strings tables and models are not read.
        options.template = "inventory"
        options.output = folder.url.appendingPathComponent("inventory.xlsx").path
        let inventory = try Generate.run(options, environment: environment)
        #expect(!inventory.diagnostics.contains { $0.contains("is used nowhere") })
    }

    @Test func formatSpecifiersMatchInterpolations() {
        #expect(MessageLinking.normalized("items %lld in %1$@ at %.2f%%") == "items %@ in %@ at %@%%")
        var messages = [MessageRecord(table: "Localizable", key: "items %lld", file: "a.xcstrings", line: 2)]
        let diagnostics = MessageLinking.link(&messages, uses: [
            LocalizedStringUse(table: nil, key: "items %@", file: "V.swift", line: 3, column: 9, form: "Text"),
            LocalizedStringUse(table: "Other", key: "x", file: "V.swift", line: 4, column: 9, form: "Text"),
        ])
        #expect(messages[0].uses == [MessageRecord.Use(file: "V.swift", line: 3, form: "Text")])
        #expect(diagnostics.isEmpty)
    }
}

/// `docsheet check --require messages`: the keys used but not defined and defined but not used fail the gate.
@Suite struct MessageCheckRuleTests {
    @Test func undefinedAndUnusedKeysAreViolationsOnlyWhenRequired() throws {
        let project = try TestRepository(git: false)
        try project.write("App/Main.swift", """
            import Foundation
            /// The title.
            public let title = NSLocalizedString("title", comment: "")
            /// A key no table has.
            public let missing = NSLocalizedString("missing.key", comment: "")
            """)
        try project.write("App/en.lproj/Localizable.strings", "\"title\" = \"Title\";\n\"old\" = \"Old\";\n")
        try project.write("App/Broken.stringsdict", "<plist><dict>")
        var options = CheckOptions()
        options.roots = [project.url.path]
        options.scan.useCache = false
        let environment = WorkflowEnvironment(currentDirectory: project.url, variables: ["HOME": project.url.path])
        let plain = try Check.run(options, environment: environment)
        #expect(plain.passed && plain.violations.isEmpty)
        options.require = [.messages]
        let report = try Check.run(options, environment: environment)
        #expect(!report.passed)
        #expect(report.violations.map { "\($0.rule) \($0.name) \($0.line)" } == ["message-undefined missing.key 5", "message-unused old 2"])
        #expect(report.violations.map(\.file) == ["App/Main.swift", "App/en.lproj/Localizable.strings"])
        #expect(report.diagnostics.contains { $0.contains("Broken.stringsdict:1:1: warning: not a property list") })
    }
}
