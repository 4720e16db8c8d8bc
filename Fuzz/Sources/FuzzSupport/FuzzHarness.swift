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
    public typealias Pipeline = (_ bytes: UnsafeRawBufferPointer, _ keep: KeptDocuments?) -> Void

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
        pipeline(bytes, replayFolder.map { KeptDocuments(folder: $0, stem: hash(bytes)) })
        return 0
    }

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

    /// A folder of this process's own for the documents of the input being run (removed at exit).
    public static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("docsheet-fuzz-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
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
        var rest = Substring(String(reflecting: error))
        while let open = rest.firstIndex(of: "(") {
            names.append(String(rest[..<open].split(separator: ".").last ?? ""))
            rest = rest[rest.index(after: open)...]
            guard rest.first?.isUppercase == true, rest.contains(where: { $0 == "(" }) else { break }
        }
        return names.isEmpty ? String(rest.split(separator: ".").last ?? "") : names.joined(separator: ".")
    }

    /// Stops the process so that libFuzzer records the input as a crash: a check found DocSheet's output wrong.
    ///
    /// - Parameter message: `category: details`; the category (before the first `: `) is the same for every input
    ///   that shows the same bug, so `scripts/fuzz` groups findings by it.
    public static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\n==FUZZ CHECK FAILED== [\(targetName)] \(message)\n".utf8))
        abort()
    }
}
