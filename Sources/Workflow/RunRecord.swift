import FileSupport
import Foundation

/// What the last `generate` into one output file was made from, so that a run with nothing changed can leave the file
/// as it is instead of extracting, merging and writing it again (Documentation/Architecture.md, "Up-to-date runs").
///
/// The fingerprint is a SHA-256 of everything the document depends on: this DocSheet build (the executable's
/// `FilePaths.stamp(ofFileAt:)`, so a rebuilt binary never trusts an older record), the scan's inputs
/// (`SourceScan.inputsDescription(of:)`: options, roots, modules, and every Swift file's place and stamp), and the
/// document's own inputs (format, template and its files, project facts, date, filters). The record also holds the
/// output file's stamp after the write: a file edited, replaced or deleted since is written again. Like make or
/// SwiftPM, a file is taken as unchanged while its stamp is; unlike mtime alone, the stamp's status-change time
/// cannot be set back by hand.
///
/// Records live in the cache folder's `runs/`, one per output path; a record that cannot be read is no record.
struct RunRecord: Codable, Equatable {
    /// The layout of a stored record; a record of another layout is ignored.
    static let layout = 1
    /// How many records `save(in:)` keeps in `runs/` (the least recently written go first).
    static let maximumRecords = 200

    /// `layout` when the record was written.
    var layout = RunRecord.layout
    /// The fingerprint of the inputs (64 hexadecimal characters).
    var fingerprint: String
    /// The output file's path.
    var output: String
    /// The output file's stamp right after the write.
    var outputStamp: String
    /// The lines the run printed before its summary (syntax errors, notes, cut-content warnings), to print again.
    var diagnostics: [String]
    /// Swift files scanned.
    var files: Int
    /// Functions written.
    var functions: Int
    /// Functions written with a doc comment.
    var documented: Int

    /// The fingerprint of `parts`, with this DocSheet build's identity in front.
    ///
    /// - Parameter parts: The texts the output depends on, in a fixed order.
    /// - Returns: 64 lowercase hexadecimal characters.
    static func fingerprint(_ parts: [String]) -> String {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        let build = "docsheet-run \(layout)\u{0}\(executable)\u{0}\(FilePaths.stamp(ofFileAt: executable) ?? "")"
        return SHA256.hex(([build] + parts).joined(separator: "\u{1}"))
    }

    /// The file that holds the record for `output` in the cache folder `folder`.
    static func file(for output: URL, in folder: URL) -> URL {
        folder.appendingPathComponent("runs", isDirectory: true)
            .appendingPathComponent(String(SHA256.hex(output.standardizedFileURL.path).prefix(32)) + ".json")
    }

    /// The record of the last run into `output`, when it was made from `fingerprint` and the output file is still
    /// the one that run wrote.
    ///
    /// - Parameters:
    ///   - output: The output file.
    ///   - fingerprint: This run's fingerprint.
    ///   - folder: The cache folder.
    /// - Returns: The record, or `nil` when the output has to be made again.
    static func upToDate(_ output: URL, fingerprint: String, in folder: URL) -> RunRecord? {
        guard let data = FileManager.default.contents(atPath: file(for: output, in: folder).path),
              let record = try? JSONDecoder().decode(RunRecord.self, from: data),
              record.layout == layout, record.fingerprint == fingerprint, record.output == output.standardizedFileURL.path,
              let stamp = FilePaths.stamp(ofFileAt: output.path), stamp == record.outputStamp
        else { return nil }
        return record
    }

    /// Stores the record for the output file just written (with its present stamp); failures are ignored, as the
    /// record only saves time. Keeps at most `maximumRecords` records.
    ///
    /// - Parameter folder: The cache folder.
    func save(in folder: URL) {
        let url = Self.file(for: URL(fileURLWithPath: output), in: folder)
        let runs = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(self) else { return }
        try? AtomicFile.write(data, to: url)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: runs.path) else { return }
        DiskExtractionCache.removeLeastRecentlyUsed(
            names.filter { $0.hasSuffix(".json") }.map { runs.appendingPathComponent($0).path }, keeping: Self.maximumRecords)
    }
}
