import Foundation
import Testing
@testable import SwiftExtraction

/// DocSheet's OpenStep property-list reader gives what Foundation's `PropertyListSerialization` gives, and leaves
/// what it does not read to Foundation.
@Suite struct OpenStepPropertyListTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A value as text with dictionary keys sorted, so that two readings compare whatever their types' bridging.
    static func canonical(_ value: Any) -> String {
        if let dictionary = value as? [String: Any] {
            return "{" + dictionary.keys.sorted().map { "\($0.debugDescription)=\(canonical(dictionary[$0]!))" }.joined(separator: ";") + "}"
        }
        if let array = value as? [Any] { return "(" + array.map(canonical).joined(separator: ",") + ")" }
        if let string = value as? String { return string.debugDescription }
        return "?\(type(of: value))"
    }

    static func foundation(_ data: Data) -> Any? {
        try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    }

    @Test func everyProjectFileOfTheFixturesAndSamplesReadsAsFoundationReadsIt() throws {
        let paths = ["Tests/Fixtures/Projects/Workspace/Legacy/Legacy.xcodeproj", "Tests/Fixtures/Projects/Workspace/Apps/One/One.xcodeproj",
                     "Tests/Fixtures/Projects/Workspace/Apps/Two/Two.xcodeproj", "Tests/Fixtures/Projects/ClassicGroups/App.xcodeproj",
                     "Tests/Fixtures/Projects/SyncFolders/Journal.xcodeproj", "samples/JournalApp/JournalApp.xcodeproj"]
        for path in paths {
            let data = try Data(contentsOf: Self.repository.appendingPathComponent(path + "/project.pbxproj"))
            let ours = try #require(OpenStepPropertyList.parse(data), "\(path)")
            let theirs = try #require(Self.foundation(data))
            #expect(Self.canonical(ours) == Self.canonical(theirs), "\(path)")
        }
    }

    @Test func quotedStringsCommentsAndEscapesReadAsFoundationReadsThem() throws {
        let text = #"""
        // !$*UTF8*$!
        {
            archiveVersion = 1; /* a comment */
            "quoted key" = "a \"quoted\" value with \\ and \n and \t";
            single = 'it is';
            path = ../Shared/Views-2.0/File_$1.swift;
            list = ( a, "b c", /* inline */ d, );
            empty = ( );
            nested = { inner = { x = "ü 日本"; }; };
            // a line comment
            url = "https://example.com/a?b=c";
        }
        """#
        let data = Data(text.utf8)
        let ours = try #require(OpenStepPropertyList.parse(data))
        let theirs = try #require(Self.foundation(data))
        #expect(Self.canonical(ours) == Self.canonical(theirs))
        #expect((ours as? [String: Any])?["quoted key"] as? String == "a \"quoted\" value with \\ and \n and \t")
    }

    @Test func whatItDoesNotReadIsLeftToFoundation() {
        let leftToFoundation = [
            #"{ a = <0fbd 7779>; }"#,           // data
            #"{ a = "\U00e9"; }"#,               // a \U escape
            #"{ a = "\101"; }"#,                 // an octal escape
            #"{ a = b; a = c; }"#,               // a repeated key
            #"{ a = b }"#,                       // no semicolon
            #"{ a = b+c; }"#,                    // a character outside CoreFoundation's unquoted set
            #"{ a = "unterminated; }"#,
            #"{ a = b; } trailing"#,
            #"{ a = b; /* open comment"#,
            "",
        ]
        for text in leftToFoundation {
            #expect(OpenStepPropertyList.parse(Data(text.utf8)) == nil, "\(text)")
        }
        #expect(OpenStepPropertyList.parse(Data([0x7B, 0x61, 0x3D, 0x22, 0xFF, 0x22, 0x3B, 0x7D])) == nil, "not UTF-8")
        #expect(OpenStepPropertyList.parse(Data([0xEF, 0xBB, 0xBF] + Array("{ a = b; }".utf8))) as? [String: String] == ["a": "b"])
    }
}
