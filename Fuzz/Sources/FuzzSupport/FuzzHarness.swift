import CFuzzerDriver
import Foundation
import FuzzChecks
import Parallelism

/// What the libFuzzer targets share: the entry points, the scratch folder every input writes its documents into, the
/// replay mode, and the one way a check fails. The checks themselves are `FuzzChecks` (a library of the root package
/// that the replay tests of `make test` run too).
///
/// A fuzz target is an executable built with `--sanitize=fuzzer` and `-parse-as-library`. SwiftPM links an
/// executable with `main` defined as `<Module>_main`, which `-parse-as-library` never emits, so each target defines
/// `<Module>_main` (with `@_cdecl`) and hands the command line to libFuzzer through ``main(argc:argv:fuzz:)``;
/// whichever `main` the linker keeps (libFuzzer's or that one), libFuzzer runs.
///
/// Replay mode: with `DOCSHEET_FUZZ_REPLAY=FOLDER` in the environment, every input keeps the documents it writes in
/// `FOLDER` (named by a hash of the input) instead of overwriting them in the scratch folder; `scripts/fuzz` replays a
/// sample of the corpus this way (`-runs=0`) and has openpyxl open every workbook.
public enum FuzzHarness {
    /// The replay folder from `DOCSHEET_FUZZ_REPLAY`, or `nil` while fuzzing.
    static let replayFolder: URL? = {
        guard let path = ProcessInfo.processInfo.environment["DOCSHEET_FUZZ_REPLAY"], !path.isEmpty else { return nil }
        let url = URL(fileURLWithPath: path, isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Runs one input of `target` (called by the target's `LLVMFuzzerTestOneInput`).
    ///
    /// - Parameters:
    ///   - target: The target.
    ///   - data: libFuzzer's input.
    ///   - size: Its length in bytes.
    /// - Returns: 0, libFuzzer's "keep going".
    public static func run(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        _ = fuzzesOnALargeStack
        let bytes = UnsafeRawBufferPointer(start: data, count: size)
        let documents = replayFolder.map { DocumentFolder(folder: $0, stem: hash(bytes)) }
            ?? DocumentFolder(folder: scratch, stem: "input")
        do {
            try target.pipeline(bytes, documents)
        } catch {
            // While a finding is minimised, only its own check counts: another check failing on a smaller input
            // would make libFuzzer keep that input, a different bug.
            if let only = onlyCategory, !error.message.hasPrefix(only) { return 0 }
            fail(target, error.message)
        }
        return 0
    }

    /// Whether the thread libFuzzer fuzzes on, the main thread, counts as a large-stack thread
    /// (``LargeStackThread/adoptMainThread()``), worked out on the first input. It does when the stack limit allows
    /// (`scripts/fuzz` raises it): each input is then extracted on it, without starting a thread of its own.
    static let fuzzesOnALargeStack = LargeStackThread.adoptMainThread()

    /// `DOCSHEET_FUZZ_ONLY`: the category of the one check failure that counts (set by `scripts/fuzz` while it
    /// minimises a check failure), or `nil`.
    static let onlyCategory: String? = {
        guard let category = ProcessInfo.processInfo.environment["DOCSHEET_FUZZ_ONLY"], !category.isEmpty else { return nil }
        return category
    }()

    /// The entry point of a fuzz target: hands the command line to libFuzzer.
    ///
    /// - Parameters:
    ///   - argc: `main`'s argument count.
    ///   - argv: `main`'s arguments.
    ///   - fuzz: The target's `LLVMFuzzerTestOneInput`.
    /// - Returns: The process's exit status.
    public static func main(
        argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        fuzz: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt {
        var count = argc
        var values = argv
        return LLVMFuzzerRunDriver(&count, &values, fuzz)
    }

    /// FNV-1a (64 bits) of `bytes` in hexadecimal: a stable name for an input's documents.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A folder of this process's own for the documents of the input being run (removed at exit): in `/dev/shm` when
    /// there is one, because every document is written atomically (a temporary file, `fsync`, a rename) and on a disk
    /// the `fsync`s take most of an input's time.
    public static let scratch: URL = {
        var isFolder: ObjCBool = false
        let memory = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder) && isFolder.boolValue
            && FileManager.default.isWritableFile(atPath: "/dev/shm")
        let base = memory ? URL(fileURLWithPath: "/dev/shm", isDirectory: true) : FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent("docsheet-fuzz-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            FileHandle.standardError.write(Data("fuzz: cannot create the scratch folder \(url.path): \(error)\n".utf8))
            abort()
        }
        atexit { try? FileManager.default.removeItem(at: FuzzHarness.scratch) }
        return url
    }()

    /// Stops the process so that libFuzzer records the input as a crash: a check found DocSheet's output wrong.
    ///
    /// - Parameters:
    ///   - target: The target that ran the input.
    ///   - message: `category: details` (``CheckFailure``); `scripts/fuzz` groups findings by the category.
    static func fail(_ target: FuzzTarget, _ message: String) -> Never {
        FileHandle.standardError.write(Data("\n==FUZZ CHECK FAILED== [\(target.rawValue)] \(message)\n".utf8))
        abort()
    }
}
