import CFuzzerDriver
import Foundation

/// What the fuzz targets share: the entry points, the scratch folder every input writes its documents into, the
/// replay mode, and the one way a check fails.
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
    /// Runs one input through a target's pipeline. `keep` is where replay mode keeps the documents the input
    /// produced, or `nil` while fuzzing (the documents go to the scratch folder and are overwritten).
    public typealias Pipeline = (_ bytes: UnsafeRawBufferPointer, _ keep: KeptDocuments?) throws(CheckFailure) -> Void

    /// Where replay mode keeps the documents of one input: a folder and the file name stem.
    public struct KeptDocuments: Sendable {
        /// The folder the documents go to.
        public var folder: URL
        /// The start of every document's file name (a hash of the input: no `-`, which `check-workbooks` reads as
        /// a separator).
        public var stem: String
    }

    /// The target that is running, for failure messages.
    nonisolated(unsafe) static var targetName = "fuzz"

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
    ///   - target: The target's name, for failure messages.
    ///   - data: libFuzzer's input.
    ///   - size: Its length in bytes.
    ///   - pipeline: The target's work on one input.
    /// - Returns: 0, libFuzzer's "keep going".
    public static func run(target: String, _ data: UnsafePointer<UInt8>?, _ size: Int, pipeline: Pipeline) -> CInt {
        targetName = target
        let bytes = UnsafeRawBufferPointer(start: data, count: size)
        do {
            try pipeline(bytes, replayFolder.map { KeptDocuments(folder: $0, stem: hash(bytes)) })
        } catch {
            // While a finding is minimised, only its own check counts: another check failing on a smaller input
            // would make libFuzzer keep that input, a different bug.
            if let only = onlyCategory, !error.message.hasPrefix(only) { return 0 }
            fail(error.message)
        }
        return 0
    }

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
            fail("cannot create the scratch folder \(url.path): \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: FuzzHarness.scratch) }
        return url
    }()

    /// The folder and stem the documents of an input go to: `keep`'s, or the scratch folder's.
    static func destination(_ keep: KeptDocuments?, _ stem: String) -> URL {
        if let keep { return keep.folder.appendingPathComponent("\(keep.stem)\(stem)") }
        return scratch.appendingPathComponent("input\(stem)")
    }

    /// The enumeration cases an error is made of, e.g. `workbook.cellOutOfRange` (for a stable failure category).
    ///
    /// - Parameter error: Any error.
    /// - Returns: The case names of the error and of the errors it wraps, dotted.
    public static func caseName(_ error: any Error) -> String {
        var names: [String] = []
        var value: Any = error
        while names.count < 4 {
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .enum else { break }
            guard let payload = mirror.children.first else {
                names.append(String(describing: value).prefix(while: { $0.isLetter || $0.isNumber }).description)
                break
            }
            names.append(payload.label ?? "?")
            // The payload is the wrapped error, or a tuple of associated values that may hold one.
            if payload.value is any Error {
                value = payload.value
            } else if let inner = Mirror(reflecting: payload.value).children.first(where: { $0.value is any Error }) {
                value = inner.value
            } else {
                break
            }
        }
        return names.joined(separator: ".")
    }

    /// True with `DOCSHEET_FUZZ_VERBOSE=1`: ``note(_:)`` prints (to see what an input does, e.g. why a template does
    /// not load).
    static let verbose = ProcessInfo.processInfo.environment["DOCSHEET_FUZZ_VERBOSE"] == "1"

    /// Prints `message` to standard error when ``verbose``.
    ///
    /// - Parameter message: What the input did that is no failure.
    public static func note(_ message: @autoclosure () -> String) {
        if verbose { FileHandle.standardError.write(Data("[\(targetName)] \(message())\n".utf8)) }
    }

    /// A failed check, thrown up to ``run(target:_:_:pipeline:)``.
    ///
    /// - Parameter message: `category: details`; the category (before the first `: `) is the same for every input
    ///   that shows the same bug, so `scripts/fuzz` groups findings by it.
    /// - Returns: The error to throw.
    public static func failure(_ message: String) -> CheckFailure { CheckFailure(message: message) }

    /// Stops the process so that libFuzzer records the input as a crash: a check found DocSheet's output wrong.
    ///
    /// - Parameter message: `category: details`; the category (before the first `: `) is the same for every input
    ///   that shows the same bug, so `scripts/fuzz` groups findings by it.
    public static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\n==FUZZ CHECK FAILED== [\(targetName)] \(message)\n".utf8))
        abort()
    }
}

/// A check that found DocSheet's output wrong: `category: details` (see ``FuzzHarness/failure(_:)``).
public struct CheckFailure: Error, Sendable {
    /// What disagreed.
    public var message: String
}
