import FileSupport
import Foundation

/// Errors of the Workbook module: each names the file, sheet or cell and says what to do.
public enum WorkbookError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A sheet name that Excel refuses (the reason says which rule it breaks).
    case invalidSheetName(name: String, reason: String)
    /// A second sheet whose name differs from an existing one only in letter case.
    case duplicateSheetName(String)
    /// A cell outside Excel's grid (1,048,576 rows × 16,384 columns).
    case cellOutOfRange(sheet: String, row: Int, column: Int)
    /// A cell reference or range such as `B2` or `A1:C3` that cannot be parsed.
    case invalidCellReference(String)
    /// In constant-memory mode rows must be written top to bottom.
    case rowWrittenOutOfOrder(sheet: String, row: Int, lastRow: Int)
    /// The feature is unavailable in constant-memory mode (Excel tables).
    case unavailableInConstantMemoryMode(feature: String)
    /// An image file that is missing or not a PNG/JPEG/BMP/GIF.
    case invalidImage(path: String, reason: String)
    /// libxlsxwriter refused an operation.
    case libraryError(operation: String, message: String)
    /// The workbook could not be written to its destination.
    case writeFailed(path: String, reason: String)
    /// The workbook was already closed, or released without `close()`, and a call reached it (through itself, or a
    /// worksheet or chart that outlived it).
    case alreadyClosed(path: String)
    /// The libxlsxwriter this process loaded is older than the oldest the module works with (``LibraryVersion``).
    case unsupportedLibrary(found: String, minimum: String)
    /// A setting, validation, conditional format, image placement or defined name that Excel or libxlsxwriter 1.1.4
    /// cannot store: `context` names the sheet and range (or the name), `reason` says what is wrong and what to do.
    case invalidValue(context: String, reason: String)

    /// The workbook error for a failed file operation (the destination cannot be written or the rename failed).
    ///
    /// - Parameter error: The FileSupport module's error.
    init(_ error: FileSupportError) {
        switch error {
        case .writeFailed(let path, let reason): self = .writeFailed(path: path, reason: reason)
        case .cannotRun: self = .writeFailed(path: "", reason: error.description)
        }
    }

    /// A one-line message that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .invalidSheetName(let name, let reason):
            return "sheet name '\(name)' is not valid in Excel: \(reason); choose another name"
        case .duplicateSheetName(let name):
            return "sheet name '\(name)' is used twice (Excel ignores letter case); give each sheet its own name"
        case .cellOutOfRange(let sheet, let row, let column):
            return "sheet '\(sheet)': cell at row \(row + 1), column \(column + 1) is outside Excel's 1,048,576 × 16,384 grid"
        case .invalidCellReference(let reference):
            return "'\(reference)' is not a cell reference or range like B2 or A1:C3"
        case .rowWrittenOutOfOrder(let sheet, let row, let lastRow):
            return "sheet '\(sheet)': row \(row + 1) written after row \(lastRow + 1) in constant-memory mode; write rows top to bottom"
        case .unavailableInConstantMemoryMode(let feature):
            return "\(feature) cannot be used in constant-memory mode; turn constant memory off or drop the \(feature)"
        case .invalidImage(let path, let reason):
            return "\(path): \(reason); use a PNG, JPEG, GIF or BMP file"
        case .libraryError(let operation, let message):
            return "libxlsxwriter refused \(operation): \(message)"
        case .writeFailed(let path, let reason):
            return "\(path): could not write the workbook (\(reason)); check that the folder exists and is writable"
        case .alreadyClosed(let path):
            return "\(path): the workbook was already closed (or released without close()); create a new Workbook to write again"
        case .invalidValue(let context, let reason):
            return "\(context): \(reason)"
        case .unsupportedLibrary(let found, let minimum):
            return "the libxlsxwriter this process loaded is version \(found), and DocSheet needs \(minimum) or newer; install a newer one (Debian and Ubuntu: apt install libxlsxwriter-dev; macOS: brew upgrade libxlsxwriter), check that LD_LIBRARY_PATH or DYLD_LIBRARY_PATH points to no older copy, and build DocSheet again"
        }
    }
}
