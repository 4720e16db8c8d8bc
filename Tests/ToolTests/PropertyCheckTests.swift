import Foundation
import Inventory
import Testing
import WorkflowTestSupport
@testable import Workflow

/// `docsheet check --kinds properties`: properties, global variables and enum cases in the gate, on small projects
/// written to a temporary folder.
@Suite struct PropertyCheckTests {
    /// A file with a documented and an undocumented property, an enum with one documented and one undocumented
    /// case, an override, a private property, a placeholder doc, a global variable and an undocumented function.
    static let source = """
        /// Keeps the items.
        open class Store {
            /// How many items there are.
            public var count = 0
            public let name: String = "store"
            /// <#Description#>
            public static var shared = 1
            private var cache: [Int] = []

            /// Creates a store.
            public init() {}
        }

        /// A store that counts twice.
        public final class DoubleStore: Store {
            public override var count: Int { get { 2 } set {} }
        }

        /// The states.
        public enum State {
            /// Nothing yet.
            case idle
            case running(Int)
        }

        public var globalLimit = 10

        public func helper() {}

        """

    func run(_ kinds: [Configuration.CheckedKind]?, minAccess: AccessLevel? = nil, configuration: String? = nil,
             baseline: (write: Bool, file: String)? = nil) throws -> CheckReport {
        let folder = try TestRepository(git: false)
        try folder.write("Sources/App/Store.swift", Self.source)
        if let configuration { try folder.write(".docsheet.yml", configuration) }
        var options = CheckOptions()
        options.kinds = kinds
        options.minAccess = minAccess
        options.scan.useCache = false
        return try Check.run(options, environment: folder.environment)
    }

    @Test func functionsOnlyByDefault() throws {
        let report = try run(nil)
        #expect(report.violations.map(\.name) == ["helper()"])
        #expect(report.kinds == [.functions])
        #expect(report.checkedCount == 2 && report.documentedCount == 1)
        #expect(report.summary == "docsheet check: 1 violation; coverage 50.0% (1 of 2 public+ functions documented); failed")
    }

    @Test func propertiesEnumCasesAndGlobalsAreCheckedInFileOrder() throws {
        let report = try run([.functions, .properties])
        #expect(report.violations.map(\.name) == ["name", "shared", "running", "globalLimit", "helper()"])
        #expect(report.violations.map(\.rule) == ["undocumented-property", "undocumented-property", "undocumented-property",
                                                  "undocumented-property", "undocumented"])
        #expect(report.violations.map(\.line) == [5, 7, 23, 26, 28])
        #expect(report.violations[0].message == "public property 'Store.name' is not documented; add a /// summary")
        #expect(report.violations[1].message.hasPrefix("public type property 'Store.shared' has a doc comment that still holds an Xcode placeholder"))
        #expect(report.violations[2].message == "public enum case 'State.running' is not documented; add a /// summary")
        #expect(report.violations[3].message == "public global variable 'globalLimit' is not documented; add a /// summary")
        #expect(report.violations[2].enclosingType == "State" && report.violations[2].column == 10)
        // Checked: 2 functions, and count, name, shared, idle, running, globalLimit (the override and the private
        // property are not); documented: init(), count, idle.
        #expect(report.checkedCount == 8 && report.documentedCount == 3)
        #expect(report.summary.contains("(3 of 8 public+ functions and properties documented)"))
    }

    @Test func propertiesAloneLeaveFunctionsOut() throws {
        let report = try run([.properties])
        #expect(report.violations.map(\.name) == ["name", "shared", "running", "globalLimit"])
        #expect(report.checkedCount == 6 && report.documentedCount == 2)
        #expect(report.summary.contains("(2 of 6 public+ properties documented)"))
    }

    @Test func minAccessFiltersPropertiesByEffectiveAccess() throws {
        let report = try run([.properties], minAccess: .private)
        #expect(report.violations.map(\.name) == ["name", "shared", "cache", "running", "globalLimit"])
    }

    @Test func theConfigurationNamesTheKinds() throws {
        let report = try run(nil, configuration: "check:\n  kinds: [functions, properties]\n")
        #expect(report.kinds == [.functions, .properties])
        #expect(report.violations.count == 5)
        // The command line wins over the file.
        #expect(try run([.functions], configuration: "check:\n  kinds: properties\n").violations.map(\.name) == ["helper()"])
    }

    @Test func aBaselineAcceptsPropertyViolationsByName() throws {
        let folder = try TestRepository(git: false)
        try folder.write("Sources/App/Store.swift", Self.source)
        var options = CheckOptions()
        options.kinds = [.functions, .properties]
        options.scan.useCache = false
        options.writeBaseline = "baseline.json"
        _ = try Check.run(options, environment: folder.environment)
        #expect(folder.read("baseline.json")?.contains("\"rule\" : \"undocumented-property\"") == true)
        // Code above moves everything down; a new undocumented property is the only new violation.
        try folder.write("Sources/App/Store.swift", "import Foundation\n\n" + Self.source + "public var fresh = 1\n")
        options.writeBaseline = nil
        options.baseline = "baseline.json"
        let report = try Check.run(options, environment: folder.environment)
        #expect(report.violations.map(\.name) == ["fresh"])
        #expect(report.baselinedCount == 5)
    }

    @Test func everyReporterCarriesThePropertyRule() throws {
        let report = try run([.properties])
        let xcode = CheckReporter.xcode.render(report)
        #expect(xcode.contains("Sources/App/Store.swift:5:16: error: public property 'Store.name' is not documented"))
        #expect(CheckReporter.github.render(report).contains("title=docsheet undocumented-property::public property 'Store.name'"))
        let json = CheckReporter.json.render(report)
        #expect(json.contains("\"rule\" : \"undocumented-property\"") && json.contains("\"kinds\" : [\n    \"properties\"\n  ]"))
        let sarif = CheckReporter.sarif.render(report)
        #expect(sarif.contains("\"id\" : \"undocumented-property\"") && sarif.contains("\"ruleId\" : \"undocumented-property\""))
        #expect(sarif.contains("\"kind\" : \"variable\""))
        #expect(CheckReporter.junit.render(report).contains("name=\"name [undocumented-property]\""))
        #expect(CheckReporter.gitlab.render(report).contains("\"check_name\" : \"docsheet/undocumented-property\""))
        // A functions-only run's SARIF keeps its four rules.
        #expect(!CheckReporter.sarif.render(try run(nil)).contains("undocumented-property"))
    }

    @Test func stagedAndSinceSelectAddedAndChangedProperties() throws {
        let repository = try TestRepository()
        try repository.write("A.swift", "public struct S {\n    public var old = 1\n    public var kept = 2\n}\n")
        try repository.write("B.swift", "public var untouched = 1\n")
        try repository.commitAll("debt")
        // `old` changes its declaration, `fresh` is new, `kept` only moves down; B.swift is not staged.
        try repository.write("A.swift", "public struct S {\n    public var fresh = 0\n    public var old: Int = 1\n    public var kept = 2\n}\npublic enum E {\n    case added\n}\n")
        try repository.git("add", "A.swift")
        var options = CheckOptions()
        options.kinds = [.properties]
        options.scan.useCache = false
        options.scope = .staged
        #expect(try Check.run(options, environment: repository.environment).violations.map(\.name) == ["fresh", "old", "added"])
        try repository.commitAll("more")
        options.scope = .since("HEAD~1")
        #expect(try Check.run(options, environment: repository.environment).violations.map(\.name) == ["fresh", "old", "added"])
        // Documenting a property changes it: the doc is what the gate looks at.
        try repository.write("B.swift", "/// Documented now.\npublic var untouched = 1\npublic var another = 2\n")
        try repository.git("add", "B.swift")
        options.scope = .staged
        #expect(try Check.run(options, environment: repository.environment).violations.map(\.name) == ["another"])
    }
}

/// `check.kinds` in `.docsheet.yml`.
@Suite struct CheckKindsConfigurationTests {
    let file = URL(fileURLWithPath: "/project/.docsheet.yml")

    @Test func kindsAreAListOrCommaSeparatedText() throws {
        #expect(try Configuration.parse("check:\n  kinds: [functions, properties]\n", file: file).check.kinds == [.functions, .properties])
        #expect(try Configuration.parse("check:\n  kinds: properties,functions\n", file: file).check.kinds == [.properties, .functions])
        #expect(try Configuration.parse("check:\n  min_access: public\n", file: file).check.kinds == nil)
    }

    @Test func anUnknownKindNamesTheFileAndLine() {
        let error = #expect(throws: WorkflowError.self) {
            try Configuration.parse("check:\n  min_access: public\n  kinds:\n    - functions\n    - variables\n", file: file)
        }
        #expect(error?.description == "/project/.docsheet.yml:5: 'check.kinds' has unknown kind 'variables'; valid kinds: functions, properties")
        let empty = #expect(throws: WorkflowError.self) { try Configuration.parse("check:\n  kinds: []\n", file: file) }
        #expect(empty?.description == "/project/.docsheet.yml:2: 'check.kinds' is empty; write functions, properties or both")
    }
}

/// `check.kinds` next to the other check settings: each keeps its own value.
@Suite struct CheckKindsBesideOtherSettingsTests {
    @Test func kindsDoNotTouchRequireOrANullRequire() throws {
        let file = URL(fileURLWithPath: "/project/.docsheet.yml")
        let both = try Configuration.parse("check:\n  require: [parameters]\n  kinds: properties\n", file: file).check
        #expect(both.require == [.doc(.parameters)] && both.kinds == [.properties])
        let reversed = try Configuration.parse("check:\n  kinds: properties\n  require: null\n", file: file).check
        #expect(reversed.require == nil && reversed.kinds == [.properties])
        #expect(try Configuration.parse("check:\n  kinds: null\n", file: file).check.kinds == nil)
    }
}
