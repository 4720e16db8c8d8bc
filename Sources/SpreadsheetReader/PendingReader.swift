// TEMPORARY: stand-in for the reader being written on the xlsx-reader branch; deleted when it merges.
import Foundation

/// Reads `.xlsx` workbooks (stand-in).
public enum SpreadsheetReader {
    /// Reads the workbook at `url`.
    public static func read(_ url: URL) throws(SpreadsheetReaderError) -> SpreadsheetDocument {
        throw SpreadsheetReaderError(description: "\(url.path): reading .xlsx templates is not available in this build")
    }
}

/// Why a workbook cannot be read (stand-in).
public struct SpreadsheetReaderError: Error, CustomStringConvertible {
    /// The message.
    public var description: String
}
