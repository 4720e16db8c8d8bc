import Foundation
import FuzzChecks
import Inventory
import SwiftExtraction
import Testing
import TestSupport

/// The fuzz targets' checks (`FuzzChecks`, what `scripts/fuzz` runs under libFuzzer) replayed in the normal build on
/// fixed inputs, so that `make test` runs them deterministically: every committed finding
/// (`Tests/Fixtures/FuzzRegressions/TARGET/`) through its target, and a fixed sample of the seed corpus — every
/// `.swift` file of `samples/` and `Tests/Fixtures/` (every second one also through the workbooks), the richest of
/// their doc comments, the built-in templates — through the target that takes it. A check that fails names the input and what disagreed (``CheckFailure``).
@Suite struct FuzzReplayTests {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One input for one target, named by where it comes from.
    struct Input: CustomTestStringConvertible, Sendable {
        /// The target whose checks run on the input.
        var target: FuzzTarget
        /// Where the input comes from (a path relative to the root, or a description), for failure messages.
        var name: String
        /// The input's bytes.
        var bytes: [UInt8]

        var testDescription: String { "\(target.rawValue): \(name)" }
    }

    /// Runs `input` through its target's checks, with the documents in a fresh folder.
    static func replay(_ input: Input) throws {
        let folder = try TestArtifacts.temporaryFolder("fuzz-replay")
        defer { try? FileManager.default.removeItem(at: folder) }
        let documents = DocumentFolder(folder: folder, stem: "input")
        let failure: CheckFailure? = input.bytes.withUnsafeBytes { bytes in
            do throws(CheckFailure) {
                try input.target.pipeline(bytes, documents)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure == nil, "\(input.testDescription): \(failure?.message ?? "")")
    }

    /// The files of a folder under the root, sorted, hidden files left out.
    static func files(in folder: String, extension fileExtension: String? = nil) -> [URL] {
        let base = root.appendingPathComponent(folder, isDirectory: true)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .filter { fileExtension == nil || $0.pathExtension == fileExtension }
            .sorted { $0.path < $1.path }
    }

    /// `url`'s path relative to the root.
    static func relative(_ url: URL) -> String {
        String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
    }

    static func input(_ target: FuzzTarget, _ url: URL) -> Input {
        Input(target: target, name: relative(url), bytes: [UInt8]((try? Data(contentsOf: url)) ?? Data()))
    }

    // MARK: - The committed findings

    /// Every committed finding of the two source targets, through both source pipelines (the documents, and the
    /// records' JSON round trip).
    static let sourceRegressions: [Input] = files(in: "Tests/Fixtures/FuzzRegressions/FuzzExtraction").flatMap { url in
        [input(.extraction, url), input(.records, url)]
    }

    /// Every committed finding of `FuzzDocAndTemplates`.
    static let docRegressions: [Input] = files(in: "Tests/Fixtures/FuzzRegressions/FuzzDocAndTemplates").map {
        input(.docAndTemplates, $0)
    }

    @Test func everyTargetHasCommittedFindings() {
        #expect(Self.sourceRegressions.count >= 6 && Self.docRegressions.count >= 8,
                "the folders Tests/Fixtures/FuzzRegressions/FuzzExtraction and FuzzDocAndTemplates were not found or lost files")
    }

    @Test(arguments: sourceRegressions + docRegressions) func aCommittedFindingPassesItsChecks(_ input: Input) throws {
        try Self.replay(input)
    }

    // MARK: - The seed sample

    /// The seeds' Swift files: every `.swift` file of `samples/` and `Tests/Fixtures/` (the seed corpus of
    /// `scripts/fuzz` without the cloned packages).
    static let seedFiles: [URL] = files(in: "samples", extension: "swift") + files(in: "Tests/Fixtures", extension: "swift")

    @Test func theSeedSampleIsThere() {
        #expect(Self.seedFiles.count >= 100, "\(Self.seedFiles.count) Swift files in samples/ and Tests/Fixtures/")
        #expect(Self.docSeeds.count == 40, "\(Self.docSeeds.count) doc comments")
    }

    /// Every second seed file, in path order: `FuzzExtraction` renders every workbook of each input, so the whole seed
    /// sample goes through the cheaper `FuzzRecords` checks and half of it through these.
    static let extractionSeedFiles: [URL] = seedFiles.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)

    @Test(arguments: extractionSeedFiles) func aSeedFilePassesTheExtractionChecks(_ url: URL) throws {
        try Self.replay(Self.input(.extraction, url))
    }

    @Test(arguments: seedFiles) func aSeedFilePassesTheRecordChecks(_ url: URL) throws {
        try Self.replay(Self.input(.records, url))
    }

    /// The sample's doc comments as `FuzzDocAndTemplates` takes them (the text `DocCommentParser.parse(raw:)` reads),
    /// in file order, duplicates dropped; the richest first (parameters, returns, throws, notes, code), at most 40.
    static let docSeeds: [String] = {
        let extractor = SwiftExtractor(options: ExtractionOptions(includeLocal: true, jobs: 1))
        var seen = Set<String>()
        var comments: [String] = []
        for url in seedFiles {
            let text = String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
            let extraction = extractor.extract(source: text, relativePath: relative(url), module: "Seeds")
            let docs = extraction.functions.compactMap(\.doc) + extraction.types.compactMap(\.doc)
            for doc in docs where !doc.raw.isEmpty && seen.insert(doc.raw).inserted {
                comments.append(doc.raw)
            }
        }
        let tags = ["- Parameter", "- Returns", "- Throws", "- Note", "```"]
        let richness = { (comment: String) in tags.filter { comment.contains($0) }.count }
        return Array(comments.enumerated().sorted { a, b in
            richness(a.element) != richness(b.element) ? richness(a.element) > richness(b.element) : a.offset < b.offset
        }.map(\.element).prefix(40))
    }()

    @Test(arguments: docSeeds.indices) func aSeedCommentPassesTheDocumentChecks(_ index: Int) throws {
        try Self.replay(Input(target: .docAndTemplates, name: "doc comment \(index + 1) of the seed sample",
                              bytes: Array(Self.docSeeds[index].utf8)))
    }

    /// The resource files of `samples/` after the byte that picks their reader, as `scripts/fuzz` seeds
    /// `FuzzResources`, and two broken variants of each (cut in half; every seventh byte dropped).
    static let resourceSeeds: [Input] = files(in: "samples").flatMap { url -> [Input] in
        let selectors: [String: ResourcesPipeline.Reader] = ["strings": .strings, "stringsdict": .stringsdict, "xcstrings": .stringCatalog]
        let reader = url.lastPathComponent == "contents" && url.deletingLastPathComponent().pathExtension == "xcdatamodel"
            ? .coreDataModel : selectors[url.pathExtension]
        guard let reader, let data = try? Data(contentsOf: url) else { return [] }
        let bytes = [UInt8](data)
        let variants: [(String, [UInt8])] = [
            ("", bytes), (" cut in half", Array(bytes.prefix(bytes.count / 2))),
            (" without every seventh byte", bytes.enumerated().filter { $0.offset % 7 != 6 }.map(\.element)),
        ]
        return variants.map { suffix, file in
            Input(target: .resources, name: relative(url) + suffix, bytes: [reader.rawValue] + file)
        }
    }

    @Test func theResourceSeedsAreThere() {
        // RecipeBox: four .strings and .stringsdict files, a catalog, two model versions; three inputs each.
        #expect(Self.resourceSeeds.count >= 21, "\(Self.resourceSeeds.count) resource inputs")
    }

    @Test(arguments: resourceSeeds) func aResourceSeedPassesTheReaderChecks(_ input: Input) throws {
        try Self.replay(input)
    }

    // MARK: - Objective-C

    /// The committed `FuzzObjC` inputs, and each `.h`, `.m` and `.mm` file of `samples/` and `Tests/Fixtures/` after the
    /// byte that picks its name, as `scripts/fuzz` seeds `FuzzObjC`, with a broken variant (cut in half).
    static let objcInputs: [Input] = files(in: "Tests/Fixtures/FuzzRegressions/FuzzObjC").map { input(.objc, $0) }
        + (files(in: "samples") + files(in: "Tests/Fixtures")).flatMap { url -> [Input] in
            guard let selector = ["h": UInt8(0), "m": 1, "mm": 2][url.pathExtension], !url.path.contains("/FuzzRegressions/"),
                  let data = try? Data(contentsOf: url) else { return [] }
            let bytes = [UInt8](data)
            return [Input(target: .objc, name: relative(url), bytes: [selector] + bytes),
                    Input(target: .objc, name: relative(url) + " cut in half", bytes: [selector] + bytes.prefix(bytes.count / 2))]
        }

    @Test func theObjectiveCInputsAreThere() {
        // Eight committed inputs; MixedApp's five files and MixedXcodeApp's ten, two inputs each.
        #expect(Self.objcInputs.count >= 8 + 2 * 15, "\(Self.objcInputs.count) Objective-C inputs")
    }

    @Test(.enabled(if: ObjCPipeline.isAvailable, "needs clang (the Swift toolchain's)"), arguments: objcInputs)
    func anObjectiveCInputPassesTheClangChecks(_ input: Input) throws {
        try Self.replay(input)
    }

    /// Each built-in template (`Templates/*.yml`) after a seed comment and a NUL, as `scripts/fuzz` seeds them.
    static let templateSeeds: [URL] = files(in: "Templates", extension: "yml")

    @Test(arguments: templateSeeds) func aBuiltinTemplatePassesTheTemplateChecks(_ url: URL) throws {
        let comment = Self.docSeeds.first ?? "Summary."
        let template = [UInt8]((try? Data(contentsOf: url)) ?? Data())
        try #require(!template.isEmpty, "\(Self.relative(url)) is empty or unreadable")
        try Self.replay(Input(target: .docAndTemplates, name: Self.relative(url), bytes: Array(comment.utf8) + [0] + template))
    }

    // MARK: - The known crashes

    /// Inputs of the kinds `Fuzz/known-crashes.txt` lists — SwiftParser's and SwiftSyntax's recursion overflowing the
    /// stack on very deep nesting — built as the fuzzer found them: a few thousand levels of each construct that
    /// nests, and a member chain far longer than the guard's limit (Documentation/Extraction.md, "Robustness").
    static let deepNesting: [(name: String, source: String)] = {
        let depth = 3_000
        func nested(_ open: String, _ close: String, inner: String = "0") -> String {
            String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
        }
        return [
            ("parentheses", "let x = " + nested("(", ")") + "\n/// Kept.\nfunc kept() {}\n"),
            ("square brackets", "let x = " + nested("[", "]") + "\n/// Kept.\nfunc kept() {}\n"),
            ("generic arguments", "let x: " + nested("A<", ">", inner: "Int") + "\n/// Kept.\nfunc kept() {}\n"),
            ("closures", "let x = " + nested("{ ", " }", inner: "()") + "\n/// Kept.\nfunc kept() {}\n"),
            ("nested types", nested("struct S { ", "} ", inner: "func f() {} ") + "\n/// Kept.\nfunc kept() {}\n"),
            ("#if blocks", nested("#if A\n", "#endif\n", inner: "func f() {}\n") + "/// Kept.\nfunc kept() {}\n"),
            ("a member chain", "let x = a" + String(repeating: ".b", count: 20_000) + "\n/// Kept.\nfunc kept() {}\n"),
            ("prefix operators", "let x = " + String(repeating: "-", count: depth) + "1\n/// Kept.\nfunc kept() {}\n"),
            ("unclosed parentheses", "func f() { g" + String(repeating: "(", count: depth) + "\n}\n/// Kept.\nfunc kept() {}\n"),
        ]
    }()

    @Test(arguments: deepNesting.indices) func deepNestingIsNoCrash(_ index: Int) throws {
        let (name, source) = Self.deepNesting[index]
        try Self.replay(Input(target: .records, name: "deep nesting: \(name)", bytes: Array(source.utf8)))
    }
}
