/// Why a workbook could not be read. Every message names the file (and the part, sheet or cell where it applies)
/// and says what to do.
public enum SpreadsheetReaderError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (permissions, a folder, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file is not a zip archive, so not an `.xlsx` workbook.
    case notZipArchive(path: String)
    /// The file is an OLE compound file: a password-encrypted workbook or a legacy binary `.xls`.
    case encryptedOrLegacyFormat(path: String)
    /// The workbook is macro-enabled (`.xlsm`, `.xltm`).
    case macroEnabled(path: String)
    /// The workbook is a binary `.xlsb`.
    case binaryWorkbook(path: String)
    /// A part the workbook refers to is missing from the archive.
    case missingPart(path: String, part: String, referredToBy: String)
    /// A part is not well-formed XML, or cannot be extracted from the archive.
    case malformedPart(path: String, part: String, reason: String)
    /// A value in a part is not what the format allows (a number that is not a number, a style index past the end).
    case invalidValue(path: String, part: String, location: String, detail: String)
    /// A cell, row or column lies beyond Excel's 1,048,576 rows or 16,384 columns.
    case outsideExcelGrid(path: String, part: String, reference: String)
    /// A part is larger than the reader accepts (a damaged or hostile archive).
    case partTooLarge(path: String, part: String, limit: Int)

    /// A one-paragraph message: what is wrong with which file, and what to do.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path) does not exist: check the path of the workbook."
        case .unreadable(let path, let reason):
            return "\(path) cannot be read (\(reason)): check that it is a file you may read."
        case .notZipArchive(let path):
            return "\(path) is not an .xlsx workbook (not a zip archive): open it in Excel or LibreOffice and save it as "
                + "Excel Workbook (.xlsx)."
        case .encryptedOrLegacyFormat(let path):
            return "\(path) is encrypted with a password, or an old .xls: save it as an unprotected .xlsx."
        case .macroEnabled(let path):
            return "\(path) is a macro-enabled workbook: save it as .xlsx (macros cannot be carried over)."
        case .binaryWorkbook(let path):
            return "\(path) is a binary workbook (.xlsb): save it as Excel Workbook (.xlsx)."
        case .missingPart(let path, let part, let referredToBy):
            return "\(path) is damaged: it has no part \(part) (referred to by \(referredToBy)); open it in Excel or "
                + "LibreOffice and save it again."
        case .malformedPart(let path, let part, let reason):
            return "\(path) is damaged: part \(part) cannot be read (\(reason)); open it in Excel or LibreOffice and save it again."
        case .invalidValue(let path, let part, let location, let detail):
            return "\(path) is damaged: \(location) in part \(part) \(detail); open it in Excel or LibreOffice and save it again."
        case .outsideExcelGrid(let path, let part, let reference):
            return "\(path): \(reference) in part \(part) lies beyond Excel's 1,048,576 rows or 16,384 columns; "
                + "open it in Excel or LibreOffice and save it again."
        case .partTooLarge(let path, let part, let limit):
            return "\(path): part \(part) is larger than \(limit / 1_048_576) MB once unpacked; a form this large cannot be "
                + "used as a template (save a smaller copy)."
        }
    }
}
