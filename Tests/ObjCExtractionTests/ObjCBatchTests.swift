import FileSupport
import Foundation
import Inventory
import Testing
@testable import ObjCExtraction

/// clang reads a batch of files in one `clang -cc1` process (``ClangSession/readBatch(_:set:)``): the records and
/// warnings are those of one process per file, and a batch whose output does not split is read one file at a time.
@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCBatchTests {
    /// Eight files in one folder (one argument set), one of them unparsable, one that stops clang with a fatal error
    /// no stand-in mends (an include that leaves the folder), and one with an error in an included header only.
    static let project: [String: String] = {
        var files: [String: String] = [
            "Model.h": ObjCRecordCacheTests.modelHeader,
            "Model.m": """
            #import "Model.h"
            @implementation Model
            - (void)save {}
            - (void)flush {}
            @end
            """,
            "Broken.m": """
            )))) }}} @end @end
            """,
            "Fatal.m": """
            #import <Foundation/Foundation.h>
            #include "../outside-the-project/Missing.h"
            @interface Fatal : NSObject
            - (void)stop;
            @end
            """,
            "BadHeader.h": """
            #import <Foundation/Foundation.h>
            int broken = ;
            """,
            "UsesBadHeader.m": """
            #import "BadHeader.h"
            @interface User : NSObject
            - (void)use;
            @end
            """,
        ]
        for index in 1...3 {
            files["Item\(index).m"] = """
            #import <Foundation/Foundation.h>
            @interface Item\(index) : NSObject
            /// Runs item \(index).
            - (void)run\(index):(NSString *)name;
            @end
            @implementation Item\(index)
            - (void)run\(index):(NSString *)name {}
            @end
            """
        }
        return files
    }()

    func extract(_ folder: ObjCProjectFolder, filter: (@Sendable (ProcessResult) -> ProcessResult)? = nil) -> ObjCExtraction {
        ObjCExtractor.extract(files: folder.files, clang: nil, jobs: 1, cache: nil, batchOutputFilter: filter)
    }

    @Test func aBatchGivesTheRecordsAndWarningsOfOneProcessPerFile() throws {
        let folder = try ObjCProjectFolder(Self.project)
        let batched = extract(folder)
        // No batch's output splits (its dumps are gone): each file is read alone, by the driver, as before batches.
        let alone = extract(folder) { result in
            var emptied = result
            emptied.standardOutput = Data()
            return emptied
        }
        #expect(batched.functions == alone.functions)
        #expect(batched.properties == alone.properties)
        #expect(batched.types == alone.types)
        #expect(batched.warnings.map(\.description) == alone.warnings.map(\.description))
        #expect(batched.functions.map(\.name).contains("run3:"), "the files after the one clang stopped at are read")
        #expect(batched.functions.map(\.name).contains("use"))
        // The unparsable file's warning names its own first error, not another file's.
        let warnings = batched.warnings.map(\.description)
        #expect(warnings.contains { $0.contains("Broken.m") && $0.contains("Broken.m:1:") })
        #expect(!warnings.contains { $0.contains("UsesBadHeader") }, "an error in an included header is not the file's")
        // One process per file alone (and a `-###` per batch tried); batched: the `-###` that gives the frontend
        // command, two batches of five and four files, the first one run again after the file clang stopped at, and
        // that file read alone.
        #expect(alone.clangProcesses >= 9)
        #expect(batched.clangProcesses <= 5)
        #expect(batched.clangRuns >= 9)
    }

    @Test func aBatchWhoseOutputDoesNotSplitIsReadOneFileAtATime() throws {
        let folder = try ObjCProjectFolder(Self.project)
        let reference = extract(folder)
        // One dump fewer than the inputs (as when clang printed none for a file): each file alone.
        let shortened = extract(folder) { result in
            var changed = result
            changed.standardOutput = (BatchOutput.dumps(in: result.standardOutput) ?? []).dropLast().reduce(Data(), +)
            return changed
        }
        // A crash while clang printed a batch's second file: the first file's part is kept, the second is read
        // alone (this clang does not crash on it), and the batch goes on after it.
        let crashed = extract(folder) { result in
            let dumps = BatchOutput.dumps(in: result.standardOutput) ?? []
            let marker = "error: \(BatchOutput.boundaryMessage)"
            guard dumps.count >= 4, let boundary = result.errorText.range(of: marker) else { return result }
            var changed = result
            changed.standardOutput = dumps[0] + dumps[1] + dumps[2].prefix(dumps[2].count / 2)
            changed.standardError = Data((result.errorText[..<boundary.upperBound] + "\n").utf8)
            changed.signal = 11
            return changed
        }
        #expect(crashed.functions == reference.functions)
        #expect(crashed.warnings.map(\.description) == reference.warnings.map(\.description))
        #expect(crashed.clangProcesses > reference.clangProcesses)
        let tampered = shortened
        #expect(tampered.functions == reference.functions)
        #expect(tampered.warnings.map(\.description) == reference.warnings.map(\.description))
        #expect(tampered.clangProcesses > reference.clangProcesses)
    }

    @Test func theOutputOfABatchSplitsIntoEachFilesDumpAndDiagnostics() {
        let dump = { (name: String) in "{\n  \"id\": \"0x1\",\n  \"kind\": \"TranslationUnitDecl\",\n  \"inner\": [\"\(name)\"]\n}" }
        let output = Data((dump("a") + dump("boundary") + dump("b") + dump("boundary") + "\n").utf8)
        let errors = """
        /p/a.m:2:1: error: expected a type
            2 | - (void)a:(Foo *)x;
              |            ^
        /tmp/batch-boundary.m:1:2: error: docsheet-batch-boundary
            1 | #error docsheet-batch-boundary
              |  ^
        In file included from /p/b.m:1:
        /p/b.h:3:5: error: expected expression
        /tmp/batch-boundary.m:1:2: error: docsheet-batch-boundary
            1 | #error docsheet-batch-boundary
              |  ^
        4 errors generated.

        """
        let result = ProcessResult(status: 1, standardOutput: output, standardError: Data(errors.utf8))
        let split = BatchOutput.split(result, paths: ["/p/a.m", "/p/b.m"], boundary: "/tmp/batch-boundary.m")
        #expect(split?.completed.count == 2)
        #expect(split?.completed.map { String(decoding: $0.json, as: UTF8.self) } == [dump("a"), dump("b")])
        #expect(split?.completed.first?.errors.hasPrefix("/p/a.m:2:1: error: expected a type\n") == true)
        #expect(split?.completed.last?.errors == "In file included from /p/b.m:1:\n/p/b.h:3:5: error: expected expression\n")
        #expect(split?.remainingErrors.hasPrefix("4 errors generated.") == true)
        // One dump per input is required.
        #expect(BatchOutput.split(result, paths: ["/p/a.m"], boundary: "/tmp/batch-boundary.m") == nil)
        // A crash while clang printed `b.m`: `a.m`, whose boundary it reached, is completed; `b.m` is not.
        var crashed = result
        crashed.signal = 11
        crashed.standardOutput = Data((dump("a") + dump("boundary") + "{\n  \"id\": \"0x1\",\n  \"kind\": \"Transl").utf8)
        crashed.standardError = Data(errors.split(separator: "\n").prefix(6).map { $0 + "\n" }.joined().utf8)
        let cut = BatchOutput.split(crashed, paths: ["/p/a.m", "/p/b.m"], boundary: "/tmp/batch-boundary.m")
        #expect(cut?.completed.count == 1)
        #expect(cut?.completed.map { String(decoding: $0.json, as: UTF8.self) } == [dump("a")])
        // A driver reports its `-cc1`'s crash with LLVM's banner and 128 + the signal.
        let reported = ProcessResult(status: 139, standardOutput: Data(),
                                     standardError: Data("PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/\n".utf8))
        #expect(ClangSession.crashSignal(of: reported) == 11)
        #expect(ClangSession.crashSignal(of: result) == nil)
        #expect(BatchOutput.dumps(in: Data("not json".utf8)) == nil)
    }

    @Test func theFrontendCommandIsTheQuotedLineOfTheDriversPlan() {
        let text = """
        clang version 21.0.0
        Target: x86_64-unknown-linux-gnu
         (in-process)
         "/opt/clang-21" "-cc1" "-triple" "x86_64" "-main-file-name" "batch-boundary.m" "-D" "NAME=\\"a b\\"" "-x" "objective-c" "/tmp/s/batch-boundary.m"
        """
        let command = ClangSession.frontendCommand(inDriverOutput: text, input: "/tmp/s/batch-boundary.m")
        #expect(command == ["/opt/clang-21", "-cc1", "-triple", "x86_64", "-D", "NAME=\"a b\"", "-x", "objective-c"])
        // Two jobs, or a line that names another input, give none (the files are then read one per driver run).
        #expect(ClangSession.frontendCommand(inDriverOutput: text + "\n \"/bin/ld\" \"-o\" \"a\"", input: "/tmp/s/batch-boundary.m") == nil)
        #expect(ClangSession.frontendCommand(inDriverOutput: text, input: "/other.m") == nil)
        #expect(ClangSession.quotedWords(" \"unclosed") == nil)
    }

    @Test func batchesKeepBothProcessesBusyAndStaySmall() {
        #expect(ClangSession.batchSize(total: 10, jobs: 2) == 3)
        #expect(ClangSession.batchSize(total: 1_000, jobs: 2) == ClangSession.largestBatch)
        #expect(ClangSession.batchSize(total: 1, jobs: 4) == 1)
    }
}

/// A header that an earlier file of the batch reached through a stand-in link (`<Pod/Model.h>`) is still read as
/// itself: clang keeps the first name it saw for a file, and DocSheet names it by its path again.
@Suite(.enabled(if: clangIsAvailable, "needs clang (the Swift toolchain's)"))
struct ObjCBatchFileNameTests {
    @Test func aHeaderReachedByAnotherNameEarlierInTheBatchKeepsItsRecords() throws {
        let folder = try ObjCProjectFolder([
            "A.m": """
            #import <Pod/Model.h>
            @implementation Model
            - (void)save {}
            @end
            """,
            "Model.h": """
            #import <Foundation/Foundation.h>
            /// A model.
            @interface Model : NSObject
            /// Saves the model.
            - (void)save;
            @end
            """,
            "Z1.m": "@interface Z1\n- (void)one;\n@end\n",
            "Z2.m": "@interface Z2\n- (void)two;\n@end\n",
        ])
        let batched = ObjCExtractor.extract(files: folder.files, clang: nil, jobs: 1, cache: nil, batchOutputFilter: nil)
        let alone = ObjCExtractor.extract(files: folder.files, clang: nil, jobs: 1, cache: nil) { result in
            var emptied = result
            emptied.standardOutput = Data()
            return emptied
        }
        #expect(batched.clangProcesses < alone.clangProcesses)
        #expect(batched.functions == alone.functions)
        #expect(batched.types == alone.types)
        let save = try #require(batched.functions.first { $0.name == "save" })
        #expect(save.file == "Model.h" && save.accessLevel == .public && save.doc?.summary == "Saves the model.")
    }
}
