import Foundation
import Inventory
import Testing

@testable import SwiftExtraction

/// `// docsheet:ignore`, `// docsheet:ignore-file` and generated files (Documentation/Extraction.md, "What counts, in
/// the source").
@Suite struct SourceMarkerTests {
    private func names(_ source: String) -> [String] { extract(source).functions.map(\.name) }
    private func typeNames(_ source: String) -> [String] { extract(source).types.map(\.name) }

    // MARK: docsheet:ignore

    @Test func ignoresAFunction() {
        #expect(names("// docsheet:ignore\nfunc hidden() {}\nfunc shown() {}\n") == ["shown()"])
    }

    @Test func ignoresAnInitializer() {
        #expect(names("struct S {\n    // docsheet:ignore\n    init() {}\n    init(x: Int) {}\n}\n") == ["init(x:)"])
    }

    @Test func ignoresASubscript() {
        #expect(names("struct S {\n    // docsheet:ignore\n    subscript(i: Int) -> Int { i }\n    func f() {}\n}\n") == ["f()"])
    }

    @Test func ignoresATypeWithItsMembersAndNestedTypes() {
        let source = """
            // docsheet:ignore
            public struct Legacy {
                public func old() {}
                struct Inner { func deep() {} }
            }
            public struct Kept { public func new() {} }
            """
        #expect(names(source) == ["new()"])
        #expect(typeNames(source) == ["Kept"])
    }

    @Test func ignoresAnExtensionWithItsMembers() {
        let source = "struct S {}\n// docsheet:ignore\nextension S {\n    func a() {}\n}\nextension S {\n    func b() {}\n}\n"
        #expect(names(source) == ["b()"])
        #expect(extract(source).types.filter { $0.kind == .extension }.count == 1)
    }

    @Test func ignoresAProtocolRequirement() {
        #expect(names("protocol P {\n    // docsheet:ignore\n    func a()\n    func b()\n}\n") == ["b()"])
    }

    @Test func aMarkerMayGiveAReason() {
        #expect(names("// docsheet:ignore - kept for the old API\nfunc a() {}\n// docsheet:ignore: see #12\nfunc b() {}\nfunc c() {}\n") == ["c()"])
        #expect(names("/* docsheet:ignore */ func a() {}\nfunc b() {}\n") == ["b()"])
    }

    @Test func aMarkerWithAttributesAndModifiersAfterIt() {
        #expect(names("// docsheet:ignore\n@available(*, deprecated)\npublic static func a() {}\nfunc b() {}\n") == ["b()"])
    }

    @Test func aBlankLineOrAnotherDeclarationEndsTheMarkersReach() {
        #expect(names("// docsheet:ignore\n\nfunc a() {}\n") == ["a()"])
        #expect(names("// docsheet:ignore\nfunc a() {}\nfunc b() {}\n") == ["b()"])
        #expect(names("func a() {} // docsheet:ignore\nfunc b() {}\n") == ["a()", "b()"])
    }

    @Test func otherTextIsNoMarker() {
        #expect(names("// docsheet:ignored\nfunc a() {}\n// see docsheet:ignore\nfunc b() {}\n") == ["a()", "b()"])
        // In a doc comment the words are documentation, not a marker.
        let record = function("a()", in: "/// docsheet:ignore\nfunc a() {}\n")
        #expect(record?.doc?.summary == "docsheet:ignore")
    }

    @Test func aDocCommentAboveTheMarkerStaysWithAnIgnoredDeclarationOnly() {
        // The marker between doc and declaration: left out.
        #expect(names("/// Does a.\n// docsheet:ignore\nfunc a() {}\n") == [])
        // A plain comment between doc and declaration does not break the doc comment's link.
        #expect(function("a()", in: "/// Does a.\n// TODO: faster\nfunc a() {}\n")?.doc?.summary == "Does a.")
        // A marker that does not reach the declaration (blank line) leaves the doc attached.
        #expect(function("a()", in: "/// Does a.\n// docsheet:ignore\n\nfunc a() {}\n")?.doc?.summary == "Does a.")
        // The declaration after an ignored one keeps its own doc.
        #expect(function("b()", in: "// docsheet:ignore\nfunc a() {}\n/// Does b.\nfunc b() {}\n")?.doc?.summary == "Does b.")
    }

    @Test func ignoresLocalFunctionsInsideAnIgnoredFunction() {
        let extraction = extract("// docsheet:ignore\nfunc a() {\n    func inner() {}\n}\nfunc b() {\n    func inner2() {}\n}\n", includeLocal: true)
        #expect(extraction.functions.map(\.name) == ["b()", "inner2()"])
    }

    @Test func anIgnoredTypeStillCapsAnExtensionInAnotherFile() {
        let sources = [
            SourceText(relativePath: "A.swift", module: "App", text: "// docsheet:ignore\nstruct Cart {}\n"),
            SourceText(relativePath: "B.swift", module: "App", text: "extension Cart {\n    public func f() {}\n}\n"),
        ]
        let result = SwiftExtractor().extract(sources: sources, cache: nil)
        #expect(result.types.map(\.name) == ["Cart"])
        #expect(result.functions.first?.effectiveAccess == .internal)
    }

    // MARK: docsheet:ignore-file

    @Test func ignoreFileLeavesOutTheWholeFile() {
        let extraction = extract("// docsheet:ignore-file - vendored\nimport Foundation\nstruct S { func f() {} }\nfunc g() {}\n")
        #expect(extraction.functions.isEmpty)
        #expect(extraction.types.isEmpty)
        #expect(names("import Foundation\n// docsheet:ignore-file\nfunc g() {}\n") == [])
        #expect(names("/// docsheet:ignore-file\nfunc g() {}\n") == ["g()"])
    }

    @Test func theByteSearchForTheFileMarkerFindsItAnywhereAndOnlyWhole() {
        let marker = SourceMarkers.ignoreFileMarker
        #expect(ByteSearch.holds(marker, in: marker))
        #expect(ByteSearch.holds(marker, in: "// " + marker))
        #expect(ByteSearch.holds(marker, in: "設計 // docsheet:docsheet:ignore-file - vendored\n"))
        #expect(!ByteSearch.holds(marker, in: "// docsheet:ignore-fil"))
        #expect(!ByteSearch.holds(marker, in: "// docsheet:ignore file"))
        #expect(!ByteSearch.holds(marker, in: "docsheet"))
        #expect(!ByteSearch.holds(marker, in: ""))
    }

    /// `Occurrences` against a plain search of the bytes, for every range of each text.
    @Test(arguments: ["", "MARK:", "// MARK: - A\nfunc f() {} // MARK: B\n/// MARK: c", "MAMARK:K MARK", "設計 MARK: 書 MARK:"])
    func occurrencesStartInARangeExactlyWhereTheBytesSay(_ text: String) {
        let needle = Array("MARK:".utf8)
        let bytes = Array(text.utf8)
        let starts = bytes.indices.filter { bytes[$0...].starts(with: needle) }
        let occurrences = Occurrences(of: "MARK:", in: text)
        #expect(occurrences.isEmpty == starts.isEmpty)
        for start in 0...bytes.count {
            for end in start...bytes.count {
                #expect(occurrences.start(in: start..<end) == starts.contains { (start..<end).contains($0) }, "\(start)..<\(end)")
            }
        }
    }

    @Test func aLookAlikeOfMARKIsNoMark() {
        #expect(SectionMarks.mark(inComment: "// MARK: Title") == .title("Title"))
        #expect(SectionMarks.mark(inComment: "// MAR\u{212A}: Title") == nil, "the Kelvin sign is no K, as in Xcode")
        #expect(SectionMarks.mark(inComment: "// MARK:\u{301} Title") == nil, "a colon with a combining mark is no colon")
    }

    // MARK: Generated files

    private func generated(_ source: String, path: String = "Sources/App/File.swift", include: Bool = false) -> FileExtraction {
        var options = ExtractionOptions()
        options.includeGenerated = include
        return SwiftExtractor(options: options).extract(source: source, relativePath: path, module: "App")
    }

    @Test func swiftGenHeader() {
        let source = "// swiftlint:all\n// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen\n\nimport Foundation\nfunc f() {}\n"
        #expect(generated(source).isGenerated)
        #expect(generated(source).functions.isEmpty)
        #expect(generated(source, include: true).functions.map(\.name) == ["f()"])
    }

    @Test func sourceryHeader() {
        #expect(generated("// Generated using Sourcery 2.1.7 — https://github.com/krzysztofzablocki/Sourcery\n// DO NOT EDIT\nfunc f() {}\n").isGenerated)
    }

    @Test func protobufHeader() {
        let source = """
            // DO NOT EDIT.
            // swift-format-ignore-file
            //
            // Generated by the Swift generator plugin for the protocol buffer compiler.
            // Source: a.proto
            import SwiftProtobuf
            struct Msg { func f() {} }
            """
        #expect(generated(source).isGenerated)
        #expect(generated(source).types.isEmpty)
    }

    @Test func doNotEditAndGeneratedTagHeaders() {
        #expect(generated("// Code generated by tool. DO NOT EDIT.\nfunc f() {}\n").isGenerated)
        #expect(generated("/* @generated */\nfunc f() {}\n").isGenerated)
        #expect(generated("// do not edit: regenerate with make\nfunc f() {}\n").isGenerated)
    }

    @Test func generatedInADocCommentOrFurtherDownIsNotAHeader() {
        let source = "//  File.swift\n//  Created by A on 1/1/26.\n\n/// Returns the IDs generated by the server.\nfunc ids() {}\n// Generated by hand, DO NOT EDIT\nfunc g() {}\n"
        #expect(!generated(source).isGenerated)
        #expect(generated(source).functions.map(\.name) == ["ids()", "g()"])
    }

    @Test func generatedFileNames() {
        for path in ["Sources/App/Assets.generated.swift", "Sources/App/a.pb.swift", "Sources/App/Echo.GRPC.swift"] {
            #expect(generated("func f() {}\n", path: path).isGenerated, "\(path)")
        }
        #expect(!generated("func f() {}\n", path: "Sources/App/generated.swift").isGenerated)
    }

    @Test func aScanCountsTheGeneratedFilesItLeavesOut() {
        let sources = [
            SourceText(relativePath: "A.swift", module: "App", text: "func a() {}\n"),
            SourceText(relativePath: "B.generated.swift", module: "App", text: "func b() {}\n"),
            SourceText(relativePath: "C.swift", module: "App", text: "// Generated by X\n"),
        ]
        let result = SwiftExtractor().extract(sources: sources, cache: nil)
        #expect(result.functions.map(\.name) == ["a()"])
        #expect(result.generatedFilesLeftOut == ["B.generated.swift", "C.swift"])
        var options = ExtractionOptions()
        options.includeGenerated = true
        let kept = SwiftExtractor(options: options).extract(sources: sources, cache: nil)
        #expect(kept.functions.map(\.name) == ["a()", "b()"])
        #expect(kept.generatedFilesLeftOut.isEmpty)
    }

    // MARK: The cache

    @Test func switchingIncludeGeneratedOnAWarmCacheGivesTheRightRecords() {
        let cache = CountingCache()
        let sources = [
            SourceText(relativePath: "A.swift", module: "App", text: "func a() {}\n"),
            SourceText(relativePath: "B.generated.swift", module: "App", text: "func b() {}\n"),
        ]
        #expect(SwiftExtractor().extract(sources: sources, cache: cache).functions.map(\.name) == ["a()"])
        #expect(cache.storeCount == 2)
        var options = ExtractionOptions()
        options.includeGenerated = true
        let including = SwiftExtractor(options: options)
        #expect(including.cacheKey(for: sources[1]) == SwiftExtractor().cacheKey(for: sources[1]))
        #expect(including.extract(sources: sources, cache: cache).functions.map(\.name) == ["a()", "b()"])
        #expect(cache.storeCount == 2, "the second run read both files from the cache")
        #expect(SwiftExtractor().extract(sources: sources, cache: cache).functions.map(\.name) == ["a()"])
    }
}

/// A thread-safe in-memory cache that counts stores.
private final class CountingCache: ExtractionCache, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: [UInt8]] = [:]
    private var stores = 0

    var storeCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return stores
    }

    func cachedExtraction(forKey key: String) -> FileExtraction? {
        lock.lock()
        let bytes = entries[key]
        lock.unlock()
        return bytes?.withUnsafeBytes { FileExtraction(cacheBytes: $0) }
    }

    func store(_ extraction: FileExtraction, forKey key: String) {
        lock.lock()
        defer { lock.unlock() }
        entries[key] = extraction.cacheBytes()
        stores += 1
    }
}
