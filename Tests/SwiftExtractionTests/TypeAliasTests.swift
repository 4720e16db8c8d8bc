import Foundation
import Inventory
import Testing

@testable import SwiftExtraction

/// Extensions of type aliases: `CrossFileRules` resolves them through the aliases of the whole run.
@Suite struct TypeAliasTests {
    /// Extracts several files in one run; each source is `(path, module, text)`.
    private func run(_ files: [(String, String, String)], cache: (any ExtractionCache)? = nil) -> ExtractionResult {
        SwiftExtractor().extract(
            sources: files.map { SourceText(relativePath: $0.0, module: $0.1, text: $0.2) }, cache: cache)
    }

    private func enclosingType(of name: String, in result: ExtractionResult) -> String? {
        let matches = result.functions.filter { $0.name == name }
        #expect(matches.count == 1, "expected one record named \(name), found \(matches.count)")
        return matches.first?.enclosingType
    }

    @Test func aliasInAnotherFileOfTheModule() {
        let result = run([
            ("Sources/App/Outer.swift", "App", "public struct Outer { public struct Middle {} }\npublic typealias PubAlias = Outer.Middle\n"),
            ("Sources/App/Ext.swift", "App", "extension PubAlias { public func f() {} }\n"),
        ])
        #expect(enclosingType(of: "f()", in: result) == "Outer.Middle")
        #expect(result.types.filter { $0.kind == .extension }.map(\.name) == ["Outer.Middle"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func runsLargeEnoughToBeSplitAcrossCoresGiveEveryRecordItsRule() {
        // Over 4,096 functions the cross-file passes run in chunks on all cores (CrossFileRules.forEachChunk):
        // every record, first and last chunk alike, still gets its alias resolved and its access capped.
        let count = 9_001
        var files = [("Sources/App/Outer.swift", "App",
                      "struct Outer { public struct Middle {} }\npublic typealias PubAlias = Outer.Middle\n")]
        for file in 0..<9 {
            let methods = (0..<(count / 9 + (file == 0 ? count % 9 : 0))).map { "    public func f\(file)_\($0)() {}" }
            files.append(("Sources/App/Ext\(file).swift", "App", "extension PubAlias {\n\(methods.joined(separator: "\n"))\n}\n"))
        }
        let result = run(files)
        #expect(result.functions.count == count)
        #expect(result.functions.allSatisfy { $0.enclosingType == "Outer.Middle" })
        #expect(result.functions.allSatisfy { $0.accessLevel == .public && $0.effectiveAccess == .internal })
    }

    @Test func chainOfAliasesIsFollowed() {
        let result = run([
            ("Sources/App/A.swift", "App", "typealias A = B\nextension A { func f() {} }\n"),
            ("Sources/App/B.swift", "App", "typealias B = Outer.C\nstruct Outer { struct C {} }\n"),
        ])
        #expect(enclosingType(of: "f()", in: result) == "Outer.C")
    }

    @Test func genericAliasNamesTheNominalTypeWithoutArguments() {
        let source = """
            struct Container<T> {}
            typealias Box<T> = Container<T>
            typealias IntBox = Container<Int>
            typealias Ints = [Int]
            typealias MaybeInt = Int?
            extension Box { func boxed() {} }
            extension IntBox { func intBoxed() {} }
            extension Ints { func ints() {} }
            extension MaybeInt { func maybe() {} }
            """
        #expect(function("boxed()", in: source)?.enclosingType == "Container")
        #expect(function("intBoxed()", in: source)?.enclosingType == "Container")
        #expect(function("ints()", in: source)?.enclosingType == "Array")
        // The compiler extends `Optional` (where Wrapped == Int): an optional is a nominal type.
        #expect(function("maybe()", in: source)?.enclosingType == "Optional")
    }

    @Test func nestedAliasIsLookedUpFromItsDeclaration() {
        let source = """
            enum Other { struct Thing {} }
            struct Outer {
                typealias Inner = Other.Thing
                typealias Near = Middle
                enum Other { struct Thing {} }
                struct Middle {}
            }
            extension Outer.Inner { func inner() {} }
            extension Outer.Near { func near() {} }
            extension Outer.Middle { typealias Up = Other }
            extension Outer.Middle.Up { func up() {} }
            """
        // `Other` inside `Outer` is `Outer.Other`; inside `extension Outer.Middle` it is the top-level `Other` (an
        // extension's body looks into the extended type, not into the types around it).
        #expect(function("inner()", in: source)?.enclosingType == "Outer.Other.Thing")
        #expect(function("near()", in: source)?.enclosingType == "Outer.Middle")
        #expect(function("up()", in: source)?.enclosingType == "Other")
    }

    @Test func membersDeclaredInAnExtensionOfAnAliasBelongToTheAliasedType() {
        let source = """
            struct Outer { struct Middle {} }
            typealias M = Outer.Middle
            extension M {
                struct Leaf { func leafMethod() {} }
                typealias LeafAlias = Leaf
            }
            extension M.LeafAlias { func leafy() {} }
            """
        #expect(function("leafMethod()", in: source)?.enclosingType == "Outer.Middle.Leaf")
        #expect(function("leafy()", in: source)?.enclosingType == "Outer.Middle.Leaf")
        #expect(extract(source).types.map { "\($0.kind) \($0.name)" } == [
            "struct Outer", "struct Outer.Middle", "extension Outer.Middle", "struct Outer.Middle.Leaf",
            "extension Outer.Middle.Leaf",
        ])
    }

    @Test func aliasOfANonNominalTypeLeavesTheExtensionAsWrittenWithAWarning() {
        let source = """
            protocol P {}
            protocol Q {}
            typealias Pair = (Int, Int)
            typealias Handler = @Sendable () -> Void
            typealias AnyP = any P
            typealias PQ = P & Q
            typealias Itself<T> = T
            extension Pair { func pair() {} }
            extension Handler { func handler() {} }
            extension AnyP { func anyP() {} }
            extension PQ { func pq() {} }
            extension Itself { func itself() {} }
            """
        let extraction = extract(source)
        let enclosing = Dictionary(uniqueKeysWithValues: extraction.functions.map { ($0.name, $0.enclosingType) })
        #expect(enclosing["pair()"] == "Pair")
        #expect(enclosing["handler()"] == "Handler")
        #expect(enclosing["anyP()"] == "AnyP")
        #expect(enclosing["pq()"] == "PQ")
        #expect(enclosing["itself()"] == "Itself")
        #expect(extraction.diagnostics.map(\.line) == [8, 9, 10, 11, 12])
        #expect(extraction.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(extraction.diagnostics.first?.message.contains("'(Int, Int)'") == true)
    }

    @Test func aliasesAreModuleScoped() {
        let result = run([
            ("Sources/Lib/Lib.swift", "Lib", """
                public struct Engine {}
                public typealias PublicEngine = Engine
                typealias InternalEngine = Engine
                """),
            ("Sources/App/Uses.swift", "App", """
                import Lib
                extension PublicEngine { func viaImport() {} }
                extension InternalEngine { func internalElsewhere() {} }
                """),
            ("Sources/Tool/NoImport.swift", "Tool", "extension PublicEngine { func notImported() {} }\n"),
        ])
        #expect(enclosingType(of: "viaImport()", in: result) == "Engine")
        #expect(enclosingType(of: "internalElsewhere()", in: result) == "InternalEngine")
        #expect(enclosingType(of: "notImported()", in: result) == "PublicEngine")
    }

    @Test func anAliasTwoImportedModulesDeclareIsAmbiguous() {
        let result = run([
            ("Sources/A/A.swift", "A", "public struct First {}\npublic typealias Thing = First\n"),
            ("Sources/B/B.swift", "B", "public struct Second {}\npublic typealias Thing = Second\n"),
            ("Sources/App/App.swift", "App", "import A\nimport B\nextension Thing { func f() {} }\n"),
        ])
        #expect(enclosingType(of: "f()", in: result) == "Thing")
    }

    @Test func privateAliasAppliesInItsOwnFileOnly() {
        let result = run([
            ("Sources/App/A.swift", "App", "struct Real {}\nprivate typealias Short = Real\nextension Short { func here() {} }\n"),
            ("Sources/App/B.swift", "App", "extension Short { func elsewhere() {} }\n"),
        ])
        #expect(enclosingType(of: "here()", in: result) == "Real")
        #expect(enclosingType(of: "elsewhere()", in: result) == "Short")
    }

    @Test func aliasWithAModuleQualifiedTargetNamesTheImportedType() {
        let source = """
            import Logging
            typealias Logger = Logging.Logger
            typealias Log = Logger
            extension Logger { func own() {} }
            extension Log { func chained() {} }
            """
        #expect(function("own()", in: source)?.enclosingType == "Logger")
        #expect(function("chained()", in: source)?.enclosingType == "Logger")
        #expect(extract(source).diagnostics.isEmpty)
    }

    @Test func capsSeeTheAliasedType() {
        let result = run([
            ("Sources/App/Hidden.swift", "App", "struct Hidden {}\ntypealias Visible = Hidden\n"),
            ("Sources/App/Ext.swift", "App", """
                extension Visible {
                    public func f() {}
                    public struct Nested { public func g() {} }
                }
                """),
        ])
        let access = Dictionary(uniqueKeysWithValues: result.functions.map { ($0.qualifiedName, $0.effectiveAccess) })
        #expect(access["Hidden.f()"] == .internal)
        #expect(access["Hidden.Nested.g()"] == .internal)
        #expect(result.types.first { $0.kind == .extension }?.name == "Hidden")
        #expect(result.types.first { $0.kind == .extension }?.effectiveAccess == .internal)
        #expect(result.types.first { $0.name == "Hidden.Nested" }?.effectiveAccess == .internal)
    }

    @Test func aliasesSurviveTheCache() throws {
        let files = [
            ("Sources/App/A.swift", "App", "struct Outer { struct Middle {} }\ntypealias M = Outer.Middle\n"),
            ("Sources/App/B.swift", "App", "extension M { func f() {} }\n"),
        ]
        let cache = EncodingCache()
        let first = run(files, cache: cache)
        let second = run(files, cache: cache)
        #expect(cache.hits == 2)
        #expect(first == second)
        #expect(enclosingType(of: "f()", in: second) == "Outer.Middle")
    }
}

/// A cache that stores extractions in their binary cache form, as the disk cache does.
private final class EncodingCache: ExtractionCache, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String: [UInt8]] = [:]
    private(set) var hits = 0

    func cachedExtraction(forKey key: String) -> FileExtraction? {
        lock.lock()
        defer { lock.unlock() }
        guard let data = stored[key] else { return nil }
        hits += 1
        return data.withUnsafeBytes { FileExtraction(cacheBytes: $0) }
    }

    func store(_ extraction: FileExtraction, forKey key: String) {
        lock.lock()
        defer { lock.unlock() }
        stored[key] = extraction.cacheBytes()
    }
}
