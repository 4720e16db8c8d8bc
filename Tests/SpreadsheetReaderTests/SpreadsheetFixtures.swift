import Foundation
import SpreadsheetModel
import Workbook
@testable import SpreadsheetReader

/// The workbooks `scripts/make-spreadsheet-fixtures` writes with other tools (openpyxl, LibreOffice, hand-written
/// XML) under `Tests/Fixtures/Spreadsheets`.
enum SpreadsheetFixtures {
    /// The fixture folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Spreadsheets")

    /// The fixture file `name`.
    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Reads the fixture `name`.
    static func read(_ name: String) throws -> SpreadsheetDocument { try SpreadsheetReader.read(url(name)) }
}

extension SheetDocument {
    /// The cell at `reference` (`B7`), or `nil` when the sheet has no such cell.
    subscript(_ reference: String) -> SheetCell? {
        cells.first { $0.reference.description == reference }
    }
}

extension SpreadsheetDocument {
    /// The sheet named `name`, or `nil`.
    func sheet(_ name: String) -> SheetDocument? { sheets.first { $0.name == name } }
}

/// `#RRGGBB` → colour, for readable expectations.
func rgb(_ hex: String) -> Color? { Color(hex: hex) }

/// A range from `A1:C3` text (the fixtures' ranges are valid).
func range(_ text: String) -> CellRange? { CellRange(text) }

/// A cell reference from `B7` text.
func cell(_ text: String) -> CellReference? { CellReference(text) }
