import SpreadsheetModel

/// Moves a formula written for one cell to another cell the way Excel copies it: relative references (`B1`,
/// `B$1`, `$B1`, `A:A`, `1:1`) shift by the distance, absolute parts (`$B$1`) stay. Used to expand shared formulas
/// (`<f t="shared" si="0"/>`), which store the formula only in their first cell.
///
/// Everything but references is copied unchanged (``FormulaReferenceScanner``); a reference shifted off the grid
/// becomes `#REF!`, as in Excel.
enum FormulaShifter {
    /// `formula` (without `=`) moved `rows` down and `columns` right.
    static func shift(_ formula: String, rows: Int, columns: Int) -> String {
        guard rows != 0 || columns != 0 else { return formula }
        return FormulaReferenceScanner.rewrite(formula) { reference in
            guard let start = moved(reference.start, rows: rows, columns: columns) else { return reference.sheetPrefix + "#REF!" }
            var shifted = reference
            shifted.start = start
            if let end = reference.end {
                guard let movedEnd = moved(end, rows: rows, columns: columns) else { return reference.sheetPrefix + "#REF!" }
                shifted.end = movedEnd
            }
            return shifted.sheetPrefix + shifted.areaText
        }
    }

    /// `endpoint` with its relative parts moved, or `nil` when it leaves the grid.
    private static func moved(_ endpoint: FormulaReference.Endpoint, rows: Int, columns: Int) -> FormulaReference.Endpoint? {
        var endpoint = endpoint
        if let column = endpoint.column, !endpoint.columnAbsolute {
            guard column + columns >= 0, column + columns < SheetGrid.maximumColumns else { return nil }
            endpoint.column = column + columns
        }
        if let row = endpoint.row, !endpoint.rowAbsolute {
            guard row + rows >= 0, row + rows < SheetGrid.maximumRows else { return nil }
            endpoint.row = row + rows
        }
        return endpoint
    }
}
