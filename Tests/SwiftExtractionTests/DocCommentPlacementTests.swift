import Foundation
import SwiftParser
import Testing

@testable import SwiftExtraction

/// Doc comments that document nothing, or stand a blank line away from their declaration (`detached-doc`).
@Suite struct DocCommentPlacementTests {
    static func findings(_ source: String) -> [String] {
        DocCommentPlacement.findings(in: source).map { "\($0.line):\($0.column) \($0.kind.rawValue)" }
    }

    @Test func attachedDocsAreFine() {
        #expect(Self.findings("""
            /// A store.
            public struct Store {
                /// Loads.
                ///
                /// More.
                @discardableResult
                public func load() -> Int { 0 }
                /** The count. */
                var count = 0
                /// The states.
                enum State {
                    /// Idle.
                    case idle
                }
            }
            /// Platform code.
            #if os(iOS)
            func f() {}
            #endif

            """).isEmpty)
    }

    @Test func theTreeWithEmptiedBodiesFindsWhatTheWholeParseFinds() throws {
        // The samples and fixtures: files with and without doc comments in bodies, unusual code among them.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files = 0, fast = 0
        for folder in ["samples", "Tests/Fixtures"] {
            let enumerator = try #require(FileManager.default.enumerator(at: repository.appendingPathComponent(folder), includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                guard let text = try? String(contentsOf: url, encoding: .utf8), DeepNestingGuard.defused(text) == nil else { continue }
                files += 1
                if let skipped = FunctionBodySkipping.parse(text),
                   DocCommentPlacement.docCommentStarts(in: skipped.text) == DocCommentPlacement.docCommentStarts(in: text) { fast += 1 }
                #expect(DocCommentPlacement.findings(in: text) == DocCommentPlacement.findings(in: Parser.parse(source: text)), "\(url.lastPathComponent)")
            }
        }
        #expect(files > 100 && fast * 2 > files)
    }

    @Test func aBlankLineSeparatesTheDoc() {
        #expect(Self.findings("struct S {\n    /// Loads.\n\n    func load() {}\n}\n") == ["2:5 separatedByBlankLine"])
    }

    @Test func docsBeforeNothingDocumentNothing() {
        #expect(Self.findings("""
            struct S {
                func f(x: Int) {
                    /// Not a declaration.
                    print(x)
                    switch x {
                    /// A case of a switch.
                    case 1: break
                    default: break
                    }
                }
                /// Before a brace.
            }
            /// At the end of the file.

            """) == ["3:9 attachedToNothing", "6:9 attachedToNothing", "11:5 attachedToNothing", "13:1 attachedToNothing"])
    }

    @Test func aDocAfterTheAttributesIsNotAttached() {
        #expect(Self.findings("struct S {\n    @inlinable\n    /// Encodes.\n    public static func quic() {}\n    @MainActor\n    /** Runs. */\n    func run() {}\n}\n")
            == ["3:5 afterAttributes", "6:5 afterAttributes"])
    }

    @Test func plainCommentsBetweenAndGroupsTheCompilerDrops() {
        // A plain comment right below the doc keeps it attached, as the compiler does.
        #expect(Self.findings("/// Loads.\n// MARK: - Section\nfunc f() {}\n").isEmpty)
        // A blank line before the plain comment: still attached, but separated.
        #expect(Self.findings("/// Loads.\n\n// A note.\nfunc f() {}\n") == ["1:1 separatedByBlankLine"])
        // Of two groups the compiler keeps the second: the first documents nothing.
        #expect(Self.findings("/// First.\n\n/// Second.\nfunc g() {}\n") == ["1:1 attachedToNothing"])
        // A blank line made of spaces is a blank line too.
        #expect(Self.findings("/// Loads.\n   \nfunc f() {}\n") == ["1:1 separatedByBlankLine"])
    }
}
