import Foundation
import Inventory
import Testing

@testable import SwiftExtraction

/// Extracts `Tests/Fixtures/DocComments` (tricky doc comments, one function per construct) and checks every
/// comment's parts against what Swift-DocC rendered for it: `docc-parts.json`, written by
/// `COMPARE_WRITE_EXPECTED=… scripts/compare-with-docc Tests/Fixtures/DocComments`. Text is compared as DocC
/// renders it: letters and digits only, without code fences and list markers, links by their text, symbol links
/// by their last path component.
@Suite struct DocCAgreementTests {
    struct Expected: Decodable {
        struct Parameter: Decodable {
            var name: String
            var text: String?
        }

        struct Callout: Decodable {
            var kind: String
            var text: String?
        }

        struct Symbol: Decodable {
            var file: String
            var line: Int
            var column: Int
            var symbol: String
            var summary: String?
            var discussion: String?
            var parameters: [Parameter]
            var returns: String?
            var `throws`: String?
            var callouts: [Callout]
        }

        var symbols: [Symbol]
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/DocComments")

    static let expected: Expected? = {
        guard let data = try? Data(contentsOf: fixture.appendingPathComponent("docc-parts.json")) else { return nil }
        return try? JSONDecoder().decode(Expected.self, from: data)
    }()

    static let docs: [String: DocComment?]? = {
        guard let files = try? SourceDiscovery.discover(root: fixture, options: DiscoveryOptions(respectGitIgnore: false)),
              let result = try? SwiftExtractor().extract(files: files.filter { $0.relativePath.hasPrefix("Sources/") }, cache: nil)
        else { return nil }
        var docs: [String: DocComment?] = [:]
        for function in result.functions { docs["\(function.file):\(function.line):\(function.column)"] = function.doc }
        for type in result.types { docs["\(type.file):\(type.line):\(type.column)"] = type.doc }
        return docs
    }()

    /// Differences DocSheet makes on purpose (Documentation/Extraction.md, "DocC is the referee for doc comments").
    static let keepsEverySecondReturns: Set<String> = ["twoReturns()"]
    static let keepsDoxygenThrows: Set<String> = ["doxygenNoteAndThrows()"]
    static let keepsHiddenCallouts: Set<String> = ["hiddenTags()", "orderedList()"]

    /// Text as DocC renders it, reduced to lower-cased letters and digits.
    static func plain(_ text: String?) -> String {
        guard let written = text else { return "" }
        // Code fences and list markers are Markdown syntax, not text.
        var text = written.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingWhitespace().hasPrefix("```") && !$0.trimmingWhitespace().hasPrefix("~~~") }
            .map { $0.replacing(#/^\s*(?:[-*+]|\d{1,9}[.)])\s+/#, with: "") }
            .joined(separator: "\n")
        text = text.replacing(#/``([^`]+)``/#) { match in
            let target = String(match.1).split(separator: "/").last.map(String.init) ?? ""
            return target.split(separator: ".").last.map(String.init) ?? target
        }
        text = text.replacing(#/\[([^\]]*)\]\([^)]*\)/#) { String($0.1) }
        text = text.replacing(#/<(https?:[^>]+)>/#) { String($0.1) }
        return String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    private func pairs() throws -> [(Expected.Symbol, DocComment?)] {
        let expected = try #require(Self.expected)
        let docs = try #require(Self.docs)
        return try expected.symbols.map { symbol in
            let doc = try #require(docs["\(symbol.file):\(symbol.line):\(symbol.column)"], "\(symbol.symbol) not found")
            return (symbol, doc)
        }
    }

    @Test func everySymbolHasAComment() throws {
        let pairs = try pairs()
        #expect(pairs.count > 50)
        for (symbol, doc) in pairs { #expect(doc != nil, "\(symbol.symbol)") }
    }

    @Test func summariesAgree() throws {
        for (symbol, doc) in try pairs() {
            #expect(Self.plain(doc?.summary) == Self.plain(symbol.summary), "\(symbol.symbol)")
        }
    }

    @Test func discussionsAgree() throws {
        for (symbol, doc) in try pairs() {
            #expect(Self.plain(doc?.discussion) == Self.plain(symbol.discussion), "\(symbol.symbol)")
        }
    }

    @Test func parametersAgree() throws {
        for (symbol, doc) in try pairs() {
            let ours = (doc?.parameters ?? []).map { "\($0.name): \(Self.plain($0.description))" }
            let theirs = symbol.parameters.map { "\($0.name): \(Self.plain($0.text))" }
            #expect(ours == theirs, "\(symbol.symbol)")
        }
    }

    @Test func returnsAgree() throws {
        for (symbol, doc) in try pairs() {
            let ours = Self.plain(doc?.returns)
            let theirs = Self.plain(symbol.returns)
            if Self.keepsEverySecondReturns.contains(symbol.symbol) {
                #expect(ours.hasPrefix(theirs) && ours != theirs, "\(symbol.symbol)")
            } else {
                #expect(ours == theirs, "\(symbol.symbol)")
            }
        }
    }

    @Test func throwsAgree() throws {
        for (symbol, doc) in try pairs() {
            if Self.keepsDoxygenThrows.contains(symbol.symbol) {
                #expect(symbol.throws == nil && doc?.throws != nil, "\(symbol.symbol)")
            } else {
                #expect(Self.plain(doc?.throws) == Self.plain(symbol.throws), "\(symbol.symbol)")
            }
        }
    }

    @Test func calloutsAgree() throws {
        for (symbol, doc) in try pairs() {
            let ours = (doc?.callouts ?? []).map { "\($0.kind): \(Self.plain($0.text))" }
            let theirs = symbol.callouts.map { "\($0.kind): \(Self.plain($0.text))" }
            if Self.keepsHiddenCallouts.contains(symbol.symbol) {
                #expect(theirs.isEmpty && !ours.isEmpty, "\(symbol.symbol)")
            } else {
                #expect(ours == theirs, "\(symbol.symbol)")
            }
        }
    }
}
