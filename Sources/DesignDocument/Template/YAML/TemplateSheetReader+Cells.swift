import Foundation
import SpreadsheetModel
import Workbook
import YAMLReading
import Yams

/// The free cells of a sheet and its layout: column widths, row heights, the table's start row, frozen columns.
extension TemplateSheetReader {
    /// The free cells, each at its own place (merges must not overlap).
    func freeCells() throws(YAMLNodeError) -> [CellSpec] {
        guard let cellsNode = keys["cells"] else { return [] }
        var cells: [CellSpec] = []
        for cellNode in try reader.sequence(cellsNode, "cells") {
            cells.append(try freeCell(cellNode, after: cells))
        }
        return cells
    }

    /// One free cell, checked against the cells before it.
    func freeCell(_ cellNode: Node, after cells: [CellSpec]) throws(YAMLNodeError) -> CellSpec {
        let cellKeys = try reader.mapping(cellNode, "a cell", allowed: TemplateLoader.cellKeys)
        guard let at = cellKeys["cell"] else { throw loader.fail(cellNode, "cell without 'cell' (a reference like B2)") }
        let reference = try loader.cellReference(at)
        var merge: CellRange?
        if let mergeNode = cellKeys["merge"] {
            let range = try loader.cellRange(mergeNode)
            guard range.first == reference else {
                throw loader.fail(mergeNode, "merge range \(range) must start at the cell \(reference)")
            }
            merge = range
        }
        let area = merge ?? CellRange(reference, reference)
        if let other = cells.first(where: { TemplateSheetReader.overlaps($0.merge ?? CellRange($0.cell, $0.cell), area) }) {
            let otherArea = other.merge ?? CellRange(other.cell, other.cell)
            if other.merge == nil && merge == nil {
                throw loader.fail(at, "cell \(reference) is already written at line \(other.line); give each free cell its own place")
            }
            throw loader.fail(cellKeys["merge"] ?? at, "cell \(area) overlaps \(other.merge == nil ? "cell" : "merged range") \(otherArea) at line \(other.line); Excel refuses overlapping merges and cells inside a merge")
        }
        // A form sheet's markers are checked as a client's form's are, once its cells are laid out.
        var cell = CellSpec(
            cell: reference,
            value: try cellKeys["value"].map { n throws(YAMLNodeError) in
                try loader.text(n, "value", placeholders: kind == .form ? nil : Placeholders.all)
            } ?? LocalizedText(""),
            style: try cellKeys["style"].map { n throws(YAMLNodeError) in try styleName(n, "style") }, merge: merge,
            link: try cellKeys["link"].map { n throws(YAMLNodeError) in try loader.linkTarget(n) },
            line: loader.line(cellNode))
        // A plain decimal number (`1`, `2.5`, `-3e2`), not `"1"`, nor what Swift also reads as a number (`inf`, `0x1F`).
        if kind == .form, case .scalar(let scalar)? = cellKeys["value"], scalar.style == .plain,
           scalar.string.allSatisfy({ "0123456789.+-eE".contains($0) }), let number = Double(scalar.string), number.isFinite {
            cell.number = number
        }
        if let formulaNode = cellKeys["formula"] {
            guard kind == .form else {
                throw loader.fail(formulaNode, "'formula' is for the cells of a form sheet, whose formulas move with the rows written above them")
            }
            let formula = try reader.string(formulaNode, "formula").trimmingCharacters(in: .whitespaces)
            guard formula.hasPrefix("="), formula.count > 1 else {
                throw loader.fail(formulaNode, "a formula starts with '=', as typed in Excel: formula: \"=COUNTA(C15:C17)\"")
            }
            if let other = cellKeys["value"] ?? cellKeys["link"] {
                throw loader.fail(other, "cell \(reference) has a formula: give it no 'value' or 'link' (Excel shows the formula's result)")
            }
            cell.formula = formula
        }
        if kind == .form, let linkNode = cellKeys["link"] {
            throw loader.fail(linkNode, "a form sheet's cells take no 'link'; a {{function.sourceURL}} marker alone in a cell becomes a link")
        }
        return cell
    }

    /// True when the two ranges share a cell.
    static func overlaps(_ a: CellRange, _ b: CellRange) -> Bool {
        a.first.row <= b.last.row && b.first.row <= a.last.row && a.first.column <= b.last.column && b.first.column <= a.last.column
    }

    /// Column widths by zero-based column (`columnWidths: {A: 12}`; a range of columns, `"A:AR": 2`, gives each the
    /// width, as Excel 方眼紙's dozens of equal columns are).
    func columnWidths() throws(YAMLNodeError) -> [Int: Double] {
        guard let widthsNode = keys["columnWidths"] else { return [:] }
        var widths: [Int: Double] = [:]
        for (letters, widthNode) in try reader.mapping(widthsNode, "columnWidths").ordered {
            let ends = letters.split(separator: ":", omittingEmptySubsequences: false).map { CellReference($0 + "1")?.column }
            guard (1...2).contains(ends.count), let first = ends.first!, let last = ends.last!, first <= last else {
                throw loader.fail(widthNode, "'\(letters)' is not a column like A or BC, nor a range of columns like \"A:AR\"")
            }
            let width = try reader.number(widthNode, "width", range: 0...255)
            for column in first...last { widths[column] = width }
        }
        return widths
    }

    /// Row heights by zero-based row (`rowHeights: {1: 30}`).
    func rowHeights() throws(YAMLNodeError) -> [Int: Double] {
        guard let heightsNode = keys["rowHeights"] else { return [:] }
        var heights: [Int: Double] = [:]
        for (rowText, heightNode) in try reader.mapping(heightsNode, "rowHeights").ordered {
            guard let row = Int(rowText), row >= 1, row <= Worksheet.maximumRows else {
                throw loader.fail(heightNode, "'\(rowText)' is not a row number (1 to 1048576)")
            }
            heights[row - 1] = try reader.number(heightNode, "height", range: 0...409)
        }
        return heights
    }

    /// The zero-based row of the table header, which must be below the free cells; `nil` when not given.
    func startRow(below cells: [CellSpec]) throws(YAMLNodeError) -> Int? {
        guard let startNode = keys["startRow"] else { return nil }
        let startRow = Int(try reader.number(startNode, "startRow", range: 1...1000)) - 1
        if let lastCellRow = cells.map({ $0.merge?.last.row ?? $0.cell.row }).max(), lastCellRow >= startRow {
            throw loader.fail(startNode, "startRow \(startRow + 1) must be below the free cells (last used row \(lastCellRow + 1))")
        }
        return startRow
    }

    /// How many leading columns stay in view (at most the table's columns).
    func frozenColumns(columnCount: Int) throws(YAMLNodeError) -> Int {
        guard let freezeNode = keys["freezeColumns"] else { return 0 }
        let freezeColumns = Int(try reader.number(freezeNode, "freezeColumns", range: 0...50))
        guard freezeColumns <= columnCount else {
            throw loader.fail(freezeNode, "'freezeColumns' is \(freezeColumns) but the sheet has \(columnCount) columns")
        }
        return freezeColumns
    }
}
