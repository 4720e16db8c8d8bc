import Foundation
import Inventory
import Workbook

/// Errors of the design-document module; each message is one line naming the file and what to do.
public enum DesignDocumentError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A template with an error, reported as `path:line: message`.
    case invalidTemplate(path: String, line: Int, message: String)
    /// A client workbook used as a template with a wrong marker or setting, reported as
    /// `path: sheet 'S' cell C: message`.
    case invalidWorkbookTemplate(path: String, sheet: String?, cell: String?, message: String)
    /// A `--template` value that is neither a built-in name nor a file.
    case templateNotFound(String)
    /// A template file that exists but cannot be read.
    case unreadableTemplate(path: String, reason: String)
    /// The workbook could not be built or written.
    case workbook(WorkbookError)
    /// A JSON, CSV or Markdown file could not be written.
    case writeFailed(path: String, reason: String)
    /// The inventory could not be encoded.
    case encodingFailed(String)
    /// A review asked for in a format that only an inventory has (the class diagram's).
    case unsupportedReviewFormat(OutputFormat)

    /// A one-line message that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .invalidTemplate(let path, let line, let message):
            return "\(path):\(line): \(message)"
        case .invalidWorkbookTemplate(let path, let sheet, let cell, let message):
            var place = path
            if let sheet { place += ": sheet '\(sheet)'" }
            if let cell { place += ", cell \(cell)" }
            return "\(place): \(message)"
        case .templateNotFound(let name):
            return "template '\(name)' is neither a built-in (\(Template.builtinNames.joined(separator: ", "))) nor a readable file; run 'docsheet templates list'"
        case .unreadableTemplate(let path, let reason):
            return "\(path): cannot read the template (\(reason))"
        case .workbook(let error):
            return error.description
        case .writeFailed(let path, let reason):
            return "\(path): could not write (\(reason)); check that the folder exists and is writable"
        case .encodingFailed(let reason):
            return "could not encode the output: \(reason)"
        case .unsupportedReviewFormat(let format):
            return "a review cannot be written as \(format.rawValue) (a class diagram); use --format xlsx, json, csv or markdown"
        }
    }
}
