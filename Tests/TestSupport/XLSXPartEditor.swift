import Foundation
import ZIPFoundation

/// Rewrites one part of an `.xlsx` file in place, for inputs no writer at hand produces (an Excel feature libxlsxwriter
/// cannot write, put into a workbook it wrote).
public enum XLSXPartEditor {
    /// Replaces the part `path` of the workbook at `url` with `transform` of its text.
    ///
    /// - Parameters:
    ///   - path: The part's path inside the archive, e.g. `xl/worksheets/sheet1.xml`.
    ///   - url: The `.xlsx` file, changed in place.
    ///   - transform: The new text of the part, given its current text (UTF-8).
    /// - Throws: ZIPFoundation's error when the archive cannot be read or written; `CocoaError(.fileReadCorruptFile)`
    ///   when the part is missing or `transform` left it unchanged (the edit did not find what it looked for).
    public static func edit(_ path: String, in url: URL, _ transform: (String) -> String) throws {
        let archive = try Archive(url: url, accessMode: .update)
        guard let entry = archive[path] else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path]) }
        var data = Data()
        _ = try archive.extract(entry) { data.append($0) }
        let text = String(decoding: data, as: UTF8.self)
        let edited = Data(transform(text).utf8)
        guard edited != data else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path]) }
        try archive.remove(entry)
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(edited.count), compressionMethod: .deflate) { position, size in
            edited.subdata(in: Int(position)..<Int(position) + size)
        }
    }
}
