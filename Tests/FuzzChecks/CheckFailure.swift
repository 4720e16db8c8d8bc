import Foundation

/// A check that found DocSheet's output wrong: `category: details`. The category (before the first `: `) is the same
/// for every input that shows the same bug, so `scripts/fuzz` groups findings by it.
public struct CheckFailure: Error, Sendable, CustomStringConvertible {
    /// What disagreed.
    public var message: String

    /// Creates a failure.
    ///
    /// - Parameter message: `category: details`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }

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
}

/// Where the documents of one input go: a folder and the start of every file name. While fuzzing it is the target's
/// scratch folder (every input overwrites the last one's files); in a replay, a folder that keeps them.
public struct DocumentFolder: Sendable {
    /// The folder the documents go to.
    public var folder: URL
    /// The start of every document's file name (no `-`, which `scripts/check-workbooks` reads as a separator).
    public var stem: String

    /// Creates a destination.
    ///
    /// - Parameters:
    ///   - folder: An existing folder.
    ///   - stem: The start of every file name.
    public init(folder: URL, stem: String) {
        self.folder = folder
        self.stem = stem
    }

    /// The file `stem` + `suffix` in the folder.
    ///
    /// - Parameter suffix: What tells the document apart, e.g. `.json` or `-design.xlsx`.
    /// - Returns: Its URL.
    public func file(_ suffix: String) -> URL { folder.appendingPathComponent(stem + suffix) }

    /// True with `DOCSHEET_FUZZ_VERBOSE=1`: ``note(_:)`` prints.
    static let verbose = ProcessInfo.processInfo.environment["DOCSHEET_FUZZ_VERBOSE"] == "1"

    /// Prints what an input did that is no failure (e.g. why a template does not load) to standard error, with
    /// `DOCSHEET_FUZZ_VERBOSE=1` only.
    ///
    /// - Parameter message: What happened.
    public static func note(_ message: @autoclosure () -> String) {
        if verbose { FileHandle.standardError.write(Data("[fuzz] \(message())\n".utf8)) }
    }
}

/// The work of a fuzz target on one input: checks DocSheet's answers to the bytes, writing any document into the
/// folder given.
public typealias FuzzPipeline = @Sendable (_ bytes: UnsafeRawBufferPointer, _ documents: DocumentFolder) throws(CheckFailure) -> Void

/// The fuzz targets (the executables of `Fuzz/`) and the checks each runs on an input, shared by the libFuzzer
/// targets and by the replay tests of the normal test suite.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A Swift source file: extraction, then every document format, each checked (``ExtractionPipeline``).
    case extraction = "FuzzExtraction"
    /// A Swift source file: extraction and its JSON round trip only, no documents on disk (``RecordsPipeline``).
    case records = "FuzzRecords"
    /// A doc comment, optionally a NUL and a YAML template (``DocTemplatePipeline``).
    case docAndTemplates = "FuzzDocAndTemplates"
    /// A selector byte and a resource file: `.strings`, `.stringsdict`, `.xcstrings` or Core Data XML
    /// (``ResourcesPipeline``).
    case resources = "FuzzResources"
    /// A selector byte and an Objective-C file named `.h`, `.m` or `.mm`, read through clang (``ObjCPipeline``).
    case objc = "FuzzObjC"

    /// The checks the target runs on one input.
    public var pipeline: FuzzPipeline {
        switch self {
        case .extraction: return { bytes, documents throws(CheckFailure) in try ExtractionPipeline.run(bytes, documents: documents) }
        case .records: return { bytes, _ throws(CheckFailure) in try RecordsPipeline.run(bytes) }
        case .docAndTemplates: return { bytes, documents throws(CheckFailure) in try DocTemplatePipeline.run(bytes, documents: documents) }
        case .resources: return { bytes, _ throws(CheckFailure) in try ResourcesPipeline.run(bytes) }
        case .objc: return { bytes, documents throws(CheckFailure) in try ObjCPipeline.run(bytes, documents: documents) }
        }
    }
}
