import Inventory
import Testing

@testable import SwiftExtraction

/// Property and enum-case records (Documentation/Schema.md, "Property records"), one construct per test. Each test
/// extracts twice: with accessor blocks emptied before parsing (the default) and with bodies parsed, which must agree.
@Suite struct PropertyRecordTests {
    /// The property records of `source`, the same with and without parsed bodies.
    func properties(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> [PropertyRecord] {
        let skipped = extract(source).properties
        let parsed = extract(source, parsingBodies: true).properties
        #expect(skipped == parsed, "emptied and parsed bodies disagree", sourceLocation: sourceLocation)
        return skipped
    }

    /// The one record named `name`.
    func property(_ name: String, in source: String, sourceLocation: SourceLocation = #_sourceLocation) -> PropertyRecord? {
        let matches = properties(source, sourceLocation: sourceLocation).filter { $0.name == name }
        #expect(matches.count == 1, "expected one property named \(name), found \(matches.count)", sourceLocation: sourceLocation)
        return matches.first
    }

    @Test func storedComputedLazyAndObservedProperties() throws {
        let source = """
            struct Cart {
                var items: [String] = []
                var count: Int {
                    let n = items.count
                    return n
                }
                var total: Int {
                    get { 0 }
                    set { print(newValue) }
                }
                lazy var cache: [String: Int] = [:]
                var limit = 10 {
                    didSet { print(oldValue) }
                }
            }
            """
        let items = try #require(property("items", in: source))
        #expect(items.storage == .stored && items.mutability == .var && items.type == "[String]")
        #expect(items.defaultValue == "[]" && items.declaration == "var items: [String]")
        #expect(items.kind == .property && items.enclosingType == "Cart" && items.enclosingKind == .struct)
        #expect(items.line == 2 && items.column == 9 && items.setterAccess == .internal)
        let count = try #require(property("count", in: source))
        #expect(count.storage == .computed && count.setterAccess == nil && count.defaultValue == nil)
        let total = try #require(property("total", in: source))
        #expect(total.storage == .computed && total.setterAccess == .internal)
        let cache = try #require(property("cache", in: source))
        #expect(cache.storage == .lazy && cache.modifiers == ["lazy"])
        let limit = try #require(property("limit", in: source))
        #expect(limit.storage == .observed && limit.type == "Int" && limit.defaultValue == "10")
    }

    @Test func aPrivateSetterHasItsOwnLevel() throws {
        let source = """
            public final class Counter {
                public private(set) var value: Int = 0
                public let name: String = "c"
            }
            """
        let value = try #require(property("value", in: source))
        #expect(value.accessLevel == .public && value.setterAccess == .private && value.effectiveAccess == .public)
        #expect(value.declaration == "public private(set) var value: Int")
        #expect(value.modifiers.isEmpty)
        let name = try #require(property("name", in: source))
        #expect(name.mutability == .let && name.setterAccess == nil)
    }

    @Test func staticAndClassPropertiesAreTypeProperties() throws {
        let source = """
            class Settings {
                static let shared = Settings()
                class var label: String { "settings" }
                var plain = 1
            }
            """
        #expect(property("shared", in: source)?.kind == .typeProperty)
        #expect(property("shared", in: source)?.type == "Settings")
        #expect(property("label", in: source)?.kind == .typeProperty)
        #expect(property("label", in: source)?.modifiers == ["class"])
        #expect(property("plain", in: source)?.kind == .property)
    }

    @Test func weakUnownedAndOverrideAreModifiers() throws {
        let source = """
            class Child: Base {
                weak var delegate: Delegate?
                unowned let owner: Owner
                override var title: String { "child" }
            }
            """
        #expect(property("delegate", in: source)?.modifiers == ["weak"])
        #expect(property("delegate", in: source)?.type == "Delegate?")
        #expect(property("owner", in: source)?.modifiers == ["unowned"])
        #expect(property("title", in: source)?.modifiers == ["override"])
    }

    @Test func propertyWrappersAndOutletsAreAttributes() throws {
        let source = """
            final class Model: ObservableObject {
                @Published var name = ""
                @IBOutlet private weak var label: UILabel!
            }
            struct Screen: View {
                @State private var isOn = false
                @Environment(\\.dismiss) var dismiss
                var body: some View { Text("x") }
            }
            """
        let name = try #require(property("name", in: source))
        #expect(name.attributes == ["@Published"] && name.type == "String")
        #expect(name.declaration == "@Published var name")
        let label = try #require(property("label", in: source))
        #expect(label.attributes == ["@IBOutlet"] && label.accessLevel == .private && label.modifiers == ["weak"])
        #expect(property("isOn", in: source)?.attributes == ["@State"])
        #expect(property("dismiss", in: source)?.attributes == ["@Environment(\\.dismiss)"])
        #expect(property("body", in: source)?.storage == .computed)
    }

    @Test func typesAreInferredFromUnambiguousInitialValuesOnly() throws {
        let source = """
            struct Box {}
            struct Values {
                var a = 0
                var b = -1.5
                var c = "text"
                var d = true
                var e = [String]()
                var f = [String: [Int]]()
                var g = Box()
                var h = makeBox()
                var i = [1, 2]
                var j = 0 + 1
                var k = Undeclared()
            }
            """
        let types = Dictionary(uniqueKeysWithValues: properties(source).map { ($0.name, $0.type) })
        #expect(types["a"] == "Int" && types["b"] == "Double" && types["c"] == "String" && types["d"] == "Bool")
        #expect(types["e"] == "[String]" && types["f"] == "[String: [Int]]" && types["g"] == "Box")
        #expect(types["h"] == .some(nil) && types["i"] == .some(nil) && types["j"] == .some(nil))
        #expect(types["k"] == .some(nil))
    }

    @Test func aTuplePatternGivesOneRecordPerName() throws {
        let source = """
            let (width, height): (Int, Double) = (1, 2.0)
            var (x, _, z) = (1, "a", true)
            var first, second: String
            """
        let records = properties(source)
        #expect(records.map(\.name) == ["width", "height", "x", "z", "first", "second"])
        #expect(records.map(\.type) == ["Int", "Double", "Int", "Bool", "String", "String"])
        #expect(records.first { $0.name == "height" }?.defaultValue == "2.0")
        #expect(records.allSatisfy { $0.enclosingType == nil && $0.kind == .property })
    }

    @Test func eachCaseOfACaseDeclarationIsARecord() throws {
        let source = """
            public enum Direction {
                /// Up or down.
                case up, down
                case left
            }
            """
        let records = properties(source)
        #expect(records.map(\.name) == ["up", "down", "left"])
        #expect(records.allSatisfy { $0.kind == .enumCase && $0.accessLevel == .public && $0.storage == nil })
        #expect(records[0].doc?.summary == "Up or down." && records[1].doc?.summary == "Up or down.")
        #expect(records[1].column == 14 && records[1].declaration == "case down")
    }

    @Test func associatedValuesAreParameters() throws {
        let source = """
            enum Result {
                case success(value: Int, _ note: String = "")
                case failure(Error)
            }
            """
        let success = try #require(property("success", in: source))
        #expect(success.associatedValues == [
            FunctionRecord.Parameter(label: "value", name: "value", type: "Int"),
            FunctionRecord.Parameter(label: nil, name: "note", type: "String", defaultValue: "\"\""),
        ])
        #expect(success.declaration == "case success(value: Int, _ note: String = \"\")")
        let failure = try #require(property("failure", in: source))
        #expect(failure.associatedValues == [FunctionRecord.Parameter(label: nil, name: "", type: "Error")])
    }

    @Test func rawValuesAreKeptAsWritten() throws {
        let source = """
            enum Code: Int {
                case ok = 200
                case missing = 404
                case implicit
            }
            """
        #expect(property("ok", in: source)?.rawValue == "200")
        #expect(property("missing", in: source)?.rawValue == "404")
        #expect(property("implicit", in: source)?.rawValue == nil)
    }

    @Test func theCasesOfAPrivateEnumAreInternalAsTheCompilerSaysAndSeenNoFurther() throws {
        let record = try #require(property("hidden", in: "private enum Secret { case hidden }"))
        #expect(record.accessLevel == .internal && record.effectiveAccess == .fileprivate)
    }

    @Test func conditionsAndSectionsApply() throws {
        let source = """
            struct Device {
                // MARK: - Hardware
                #if os(iOS)
                var haptics = true
                #else
                var haptics = false
                #endif
            }
            """
        let records = properties(source)
        #expect(records.map(\.condition) == ["os(iOS)", "!(os(iOS))"])
        #expect(records.allSatisfy { $0.section == "Hardware" })
    }

    @Test func protocolRequirementsHaveTheirAccessors() throws {
        let source = """
            public protocol Named {
                var name: String { get }
                var nickname: String { get set }
                static var kind: String { get }
            }
            """
        let name = try #require(property("name", in: source))
        #expect(name.isRequirement && name.storage == nil && name.setterAccess == nil)
        #expect(name.accessLevel == .public && name.declaration == "var name: String { get }")
        let nickname = try #require(property("nickname", in: source))
        #expect(nickname.setterAccess == .public && nickname.declaration == "var nickname: String { get set }")
        #expect(property("kind", in: source)?.kind == .typeProperty)
    }

    @Test func extensionMembersAreCappedByTheExtendedType() throws {
        let source = """
            struct Hidden {}
            public extension Hidden {
                static var zero: Int { 0 }
            }
            """
        let zero = try #require(property("zero", in: source))
        #expect(zero.enclosingType == "Hidden" && zero.enclosingKind == .extension)
        #expect(zero.accessLevel == .public && zero.effectiveAccess == .internal)
    }

    @Test func globalsAreRecordedWithoutEnclosingType() throws {
        let source = """
            /// The default timeout.
            public let defaultTimeout: Double = 30
            private var counter = 0
            """
        let timeout = try #require(property("defaultTimeout", in: source))
        #expect(timeout.enclosingType == nil && timeout.enclosingKind == nil && timeout.doc?.summary == "The default timeout.")
        #expect(timeout.effectiveAccess == .public)
        let counter = try #require(property("counter", in: source))
        #expect(counter.accessLevel == .private && counter.effectiveAccess == .fileprivate)
    }

    @Test func localsAreNotRecorded() throws {
        let source = """
            func work() {
                let local = 1
                var other = [local]
                other.append(2)
            }
            struct S {
                var computed: Int {
                    let inner = 2
                    return inner
                }
                var closure: () -> Void = { let hidden = 3; print(hidden) }
            }
            """
        #expect(properties(source).map(\.name) == ["computed", "closure"])
        #expect(extract(source, includeLocal: true).properties.map(\.name) == ["computed", "closure"])
    }

    @Test func aLongInitialValueIsCut() throws {
        let value = "\"" + String(repeating: "a", count: 120) + "\""
        let record = try #require(property("long", in: "let long = \(value)"))
        #expect(record.defaultValue?.count == PropertyRecord.defaultValueLimit)
        #expect(record.defaultValue?.hasSuffix("…") == true && record.type == "String")
    }

    @Test func theCacheKeepsPropertyRecords() throws {
        let extraction = extract("enum E { case a(Int) }\nstruct S { var x = 1 }")
        let decoded = extraction.cacheBytes().withUnsafeBytes { FileExtraction(cacheBytes: $0) }
        #expect(decoded?.properties == extraction.properties)
        #expect(extraction.properties.count == 2)
    }
}
