import Foundation
import Inventory
import Testing
@testable import ObjCExtraction

/// A folder of Objective-C files that stays for several extractions (``ObjCSnippetProject`` removes its folder after
/// one), with a cache folder beside it.
final class ObjCProjectFolder {
    let root: URL
    let cacheFolder: URL

    init(_ files: [String: String]) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("objc-cache-test-\(UUID().uuidString)")
        root = base.appendingPathComponent("project")
        cacheFolder = base.appendingPathComponent("cache")
        for (path, text) in files { try write(text, to: path) }
    }

    deinit { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    var files: [ObjCSourceFile] {
        let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter(ObjCSourceFile.isObjectiveC).sorted()
        return paths.map { ObjCSourceFile(path: root.appendingPathComponent($0).path, relativePath: $0, module: "App") }
    }

    func extract(cached: Bool = true) -> ObjCExtraction {
        ObjCExtractor.extract(files: files, jobs: 2, cache: cached ? ObjCRecordCache.inside(cacheFolder) : nil)
    }
}

@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCRecordCacheTests {
    /// A header with a documented class, method and property (the batch tests read it too).
    static let modelHeader = """
        #import <Foundation/Foundation.h>
        /// A model.
        @interface Model : NSObject
        /// Saves the model.
        - (void)save;
        @property (nonatomic, copy) NSString *name;
        @end
        """

    static let project: [String: String] = [
        "Model.h": modelHeader,
        "Model.m": """
        #import "Model.h"
        @implementation Model
        - (void)save {
            if (self.name) { [self flush]; }
        }
        - (void)flush {}
        @end
        """,
        "Other.m": """
        #import <Foundation/Foundation.h>
        @interface Other : NSObject
        @end
        @implementation Other
        - (void)run {}
        @end
        """,
    ]

    @Test func aSecondRunReadsNoFileThroughClangAndGivesTheSameRecords() throws {
        let folder = try ObjCProjectFolder(Self.project)
        let cold = folder.extract()
        #expect(cold.warnings.isEmpty)
        #expect(cold.clangRuns == 3)
        #expect(cold.cacheLookups.misses == 3 && cold.cacheLookups.hits == 0)
        let warm = folder.extract()
        #expect(warm.clangRuns == 0)
        #expect(warm.cacheLookups.hits == 3 && warm.cacheLookups.misses == 0)
        #expect(warm.functions == cold.functions)
        #expect(warm.properties == cold.properties)
        #expect(warm.types == cold.types)
        #expect(warm.functions.map(\.name) == ["save", "flush", "run"])
        #expect(warm.functions.first?.doc?.summary == "Saves the model.")
    }

    @Test func editingAnIncludedHeaderReadsItsIncludersAgain() throws {
        let folder = try ObjCProjectFolder(Self.project)
        _ = folder.extract()
        try folder.write(Self.project["Model.h"]!.replacingOccurrences(of: "- (void)save;", with: "- (void)save;\n- (void)reset;"),
                         to: "Model.h")
        let edited = folder.extract()
        // Model.h and Model.m (which imports it) are read again; Other.m is not.
        #expect(edited.clangRuns == 2)
        #expect(edited.cacheLookups.hits == 1 && edited.cacheLookups.misses == 2)
        #expect(edited.functions.map(\.name).contains("reset"))
    }

    @Test func withoutACacheEveryFileIsReadThroughClang() throws {
        let folder = try ObjCProjectFolder(Self.project)
        _ = folder.extract()
        let uncached = folder.extract(cached: false)
        #expect(uncached.clangRuns == 3)
        #expect(uncached.cacheLookups.hits == 0 && uncached.cacheLookups.misses == 0)
    }

    @Test func anEntryOfAnotherKeyOrWithBrokenBytesIsAMiss() throws {
        let folder = try ObjCProjectFolder(Self.project)
        _ = folder.extract()
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.cacheFolder.appendingPathComponent("objc").path)
            .filter { $0.hasSuffix(".objc") }
        #expect(entries.count == 3)
        for name in entries {
            let url = folder.cacheFolder.appendingPathComponent("objc/" + name)
            var data = try Data(contentsOf: url)
            data.removeLast(3)
            try data.write(to: url)
        }
        let again = folder.extract()
        #expect(again.clangRuns == 3)
        #expect(again.functions.map(\.name) == ["save", "flush", "run"])
    }
}

@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCFastReaderTests {
    /// clang's JSON of a `.m` that includes a header (and the system's `stdint.h`), read whole and read by
    /// top-level entry: the main file's nodes, kinds and positions are the same.
    @Test func decodingOnlyTheMainFilesEntriesGivesItsNodesWithTheirPositions() throws {
        let folder = try ObjCProjectFolder([
            "Shapes.h": """
            #import <Foundation/Foundation.h>
            #include <stdint.h>
            @interface Shape : NSObject
            - (double)area;
            @end
            """,
            "Shapes.m": """
            #import "Shapes.h"
            static int32_t counter(void) { return 1; }
            @implementation Shape
            - (double)area { return counter(); }
            @end
            @interface Square : Shape
            @end
            """,
        ])
        let main = folder.root.appendingPathComponent("Shapes.m").path
        let session = try ClangSession(clang: ClangSession.locateClang()!, projectHeaders: [folder.root.appendingPathComponent("Shapes.h").path])
        defer { session.close() }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: main)))
        let output = try session.dumpAST(path: main, displayPath: "Shapes.m", source: bytes)
        func summary(_ nodes: [ASTNode]) -> [String] {
            nodes.filter { ($0.location ?? $0.begin)?.file == main }.map {
                "\($0.kind) \($0.string("name") ?? "") \($0.location?.offset ?? -1) \($0.begin?.offset ?? -1) \($0.end?.offset ?? -1)"
            }
        }
        let whole = summary(try ClangASTReader.topLevelNodes(of: output.json))
        let entries = summary(try ClangASTReader.topLevelNodes(of: output.json, mainFile: main))
        #expect(whole.count >= 3)
        #expect(entries == whole)
        // Far fewer entries are decoded than the translation unit holds.
        let all = try ClangASTReader.topLevelNodes(of: output.json).count
        let decoded = try ClangASTReader.topLevelNodes(of: output.json, mainFile: main).count
        #expect(decoded < all / 4)
        // The header's entries name the main file only in `includedFrom`: they are not decoded.
        #expect(decoded == whole.count, "only the main file's entries")
    }

    @Test func textNotLaidOutAsClangPrintsItIsDecodedWhole() throws {
        let json = Data(#"{"kind":"TranslationUnitDecl","inner":[{"kind":"FunctionDecl","name":"f","loc":{"offset":4,"file":"/a.m","tokLen":1}}]}"#.utf8)
        let nodes = try ClangASTReader.topLevelNodes(of: json, mainFile: "/a.m")
        #expect(nodes.map(\.kind) == ["FunctionDecl"])
        #expect(nodes.first?.location == ASTPosition(file: "/a.m", offset: 4, tokenLength: 1))
    }

    @Test func theLastFileOfAnEntryLeavesOutIncludedFrom() {
        let text = """
        {
          "loc": {
            "offset": 1,
            "file": "/b.h",
            "includedFrom": {
              "file": "/a.m"
            }
          }
        }
        """
        let mentions = Array(text.utf8).withUnsafeBytes {
            TopLevelEntries.fileMentions(in: $0, from: 0, to: $0.count, mainFile: Array("/a.m".utf8))
        }
        #expect(mentions.last.map { String(decoding: $0, as: UTF8.self) } == "/b.h")
        #expect(!mentions.mentionsMain, "a header's entry names its includer, the main file, only in includedFrom")
    }
}

@Suite struct BodyEndTests {
    @Test func theClosingBraceSkipsBracesInCommentsStringsAndCharacters() {
        let source = ObjCSourceText(bytes: Array("""
        - (void)run {
            NSString *a = @"}"; // }
            /* } */ char c = '}';
            if (a) { c = '{'; }
        }
        - (void)next {}
        """.utf8))
        let open = source.bytes.firstIndex(of: UInt8(ascii: "{"))!
        let close = source.closingBrace(of: open)
        #expect(close.map { source.line(of: $0) } == 5)
        #expect(source.closingBrace(of: 0) == nil)
    }
}

@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCProtocolImplementationAccessTests {
    @Test func aMethodOnlyInTheImplementationThatImplementsAnAdoptedProtocolIsEffectivelyPublic() throws {
        let result = try ObjCSnippetProject([
            "Loader.h": """
            #import <Foundation/Foundation.h>
            @protocol Cancellable <NSObject>
            - (void)cancel;
            @property (nonatomic, readonly) BOOL cancelled;
            @end
            @protocol Loading <Cancellable>
            + (instancetype)loader;
            @optional
            - (void)pause;
            @end
            @interface Loader : NSObject <Loading>
            @end
            @interface Cache : NSObject
            @end
            """,
            "Loader.m": """
            #import "Loader.h"
            @interface Loader ()
            @property (nonatomic) BOOL cancelled;
            @end
            @implementation Loader
            + (instancetype)loader { return [self new]; }
            - (void)cancel {}
            - (void)pause {}
            - (void)helper {}
            @end
            @implementation Cache
            - (void)cancel {}
            @end
            """,
        ]).extract()
        #expect(result.warnings.isEmpty)
        func access(_ type: String, _ name: String) -> (AccessLevel, AccessLevel)? {
            result.functions.first { $0.enclosingType == type && $0.name == name }.map { ($0.accessLevel, $0.effectiveAccess) }
        }
        // Required, inherited (Cancellable through Loading), optional and class methods of adopted protocols.
        #expect(access("Loader", "loader")! == (.private, .public))
        #expect(access("Loader", "cancel")! == (.private, .public))
        #expect(access("Loader", "pause")! == (.private, .public))
        #expect(access("Loader", "helper")! == (.private, .private))
        // Cache adopts no protocol: its `cancel` stays private.
        #expect(access("Cache", "cancel")! == (.private, .private))
        let cancelled = try #require(result.properties.first { $0.enclosingType == "Loader" && $0.name == "cancelled" })
        #expect(cancelled.accessLevel == .private && cancelled.effectiveAccess == .public)
    }
}
