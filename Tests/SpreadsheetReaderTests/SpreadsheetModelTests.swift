import Testing
import SpreadsheetModel
import Workbook
@testable import SpreadsheetReader

@Suite struct SpreadsheetModelTests {
    @Test func unsupportedFeatureNamesWhatSheetAndCell() {
        let feature = UnsupportedFeature(kind: "chart", name: "Coverage", sheet: "Summary", cell: CellReference(row: 3, column: 3))
        #expect(feature.description == "chart 'Coverage' on sheet 'Summary' at D4")
    }
}
