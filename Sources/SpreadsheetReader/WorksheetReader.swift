import Foundation
import SpreadsheetModel

/// What every part reader needs: the package, the resolved styles and the shared strings.
struct WorkbookContext {
    /// The archive.
    let package: WorkbookPackage
    /// The resolved styles.
    let styles: StyleSheet
    /// The shared string table.
    let sharedStrings: [String]
    /// Colour resolution (theme and palette).
    let colors: ColorResolver
}

/// Reads one worksheet part (and the parts it refers to: comments, drawings, tables, pivot tables) into a
/// ``SheetDocument``, listing what cannot be carried over in ``unsupported``.
struct WorksheetReader {
    let context: WorkbookContext
    /// The worksheet part's name.
    let part: String
    /// The sheet's name, for messages and unsupported entries.
    let name: String
    /// The sheet read so far.
    private(set) var sheet: SheetDocument
    /// What the sheet holds that cannot be written back.
    private(set) var unsupported: [UnsupportedFeature] = []
    private var relationships: [String: Relationship] = [:]

    init(context: WorkbookContext, part: String, name: String, visibility: SheetVisibility) {
        self.context = context
        self.part = part
        self.name = name
        sheet = SheetDocument(name: name, visibility: visibility)
    }

    private var source: String { context.package.source }

    // MARK: - Errors

    private func invalid(_ location: String, _ detail: String) -> SpreadsheetReaderError {
        .invalidValue(path: source, part: part, location: "\(location) of sheet '\(name)'", detail: detail)
    }

    /// The integer attribute `attribute` of `element`, `nil` when absent.
    private func integer(_ element: ParsedElement, _ attribute: String, _ location: String) throws(SpreadsheetReaderError) -> Int? {
        guard let text = element[attribute] else { return nil }
        guard let value = XMLValue.integer(text) else { throw invalid(location, "has \(attribute)=\"\(text)\", not a whole number") }
        return value
    }

    /// The number attribute `attribute` of `element`, `nil` when absent.
    private func double(_ element: ParsedElement, _ attribute: String, _ location: String) throws(SpreadsheetReaderError) -> Double? {
        guard let text = element[attribute] else { return nil }
        guard let value = XMLValue.double(text) else { throw invalid(location, "has \(attribute)=\"\(text)\", not a number") }
        return value
    }

    /// The Boolean attribute `attribute` of `element`, `nil` when absent.
    private func bool(_ element: ParsedElement, _ attribute: String, _ location: String) throws(SpreadsheetReaderError) -> Bool? {
        guard let text = element[attribute] else { return nil }
        guard let value = XMLValue.bool(text) else { throw invalid(location, "has \(attribute)=\"\(text)\", not true or false") }
        return value
    }

    private func cellReference(_ text: String, _ location: String) throws(SpreadsheetReaderError) -> CellReference {
        switch ReferenceText.cell(Substring(text)) {
        case .valid(let reference): return reference
        case .outsideGrid: throw .outsideExcelGrid(path: source, part: part, reference: "\(location) \(text) of sheet '\(name)'")
        case .malformed: throw invalid(location, "has the reference \"\(text)\", which is not a cell")
        }
    }

    private func area(_ text: String, _ location: String) throws(SpreadsheetReaderError) -> CellRange {
        switch ReferenceText.area(Substring(text)) {
        case .valid(let area): return area.range
        case .outsideGrid: throw .outsideExcelGrid(path: source, part: part, reference: "\(location) \(text) of sheet '\(name)'")
        case .malformed: throw invalid(location, "has the range \"\(text)\", which is not a cell range")
        }
    }

    /// The ranges of an `sqref` (space-separated).
    private func ranges(_ sqref: String?, _ location: String) throws(SpreadsheetReaderError) -> [CellRange] {
        guard let sqref else { throw invalid(location, "has no cell range") }
        var result: [CellRange] = []
        for piece in sqref.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            result.append(try area(String(piece), location))
        }
        guard !result.isEmpty else { throw invalid(location, "has no cell range") }
        return result
    }

    // MARK: - Reading

    /// Reads the sheet.
    mutating func read(referredToBy referrer: String) throws(SpreadsheetReaderError) {
        let root = try context.package.requiredXML(part, referredToBy: referrer)
        for relationship in try context.package.relationships(of: part) { relationships[relationship.id] = relationship }
        let children = root.resolvedChildren
        var fitToPage = false
        for element in children {
            switch element.name {
            case "sheetPr":
                sheet.tabColor = context.colors.color(element.child("tabColor"))
                fitToPage = try element.child("pageSetUpPr").flatMap { pr throws(SpreadsheetReaderError) in try bool(pr, "fitToPage", "page setup") } ?? false
            case "sheetViews": try readView(element)
            case "sheetFormatPr":
                sheet.defaultRowHeight = try double(element, "defaultRowHeight", "default row height")
                if let width = try double(element, "defaultColWidth", "default column width") {
                    sheet.defaultColumnWidth = width
                } else if let base = try integer(element, "baseColWidth", "default column width"), base != 8 {
                    // Stored widths include the cell padding (5 pixels of Calibri 11's 7-pixel digits); the base
                    // width does not, so the padding is added to keep one unit for every width the reader returns.
                    sheet.defaultColumnWidth = Double(base) + 5.0 / 7
                }
            case "cols": try readColumns(element)
            case "sheetData": try readCells(element)
            case "mergeCells":
                for (index, merge) in element.children("mergeCell").enumerated() {
                    guard let ref = merge["ref"] else { throw invalid("merged range \(index + 1)", "has no ref") }
                    sheet.merges.append(try area(ref, "merged range"))
                }
            case "autoFilter":
                if let ref = element["ref"] { sheet.autofilter = try area(ref, "autofilter") }
            case "dataValidations":
                for validation in element.children("dataValidation") {
                    sheet.dataValidations.append(try dataValidation(validation, sqref: validation["sqref"],
                                                                    formula1: validation.child("formula1")?.text,
                                                                    formula2: validation.child("formula2")?.text))
                }
            case "conditionalFormatting": try readConditionalFormatting(element, extended: false)
            case "pageMargins":
                let location = "page margins"
                sheet.pageSetup.margins = PageSetup.Margins(
                    left: try double(element, "left", location) ?? 0.7, right: try double(element, "right", location) ?? 0.7,
                    top: try double(element, "top", location) ?? 0.75, bottom: try double(element, "bottom", location) ?? 0.75,
                    header: try double(element, "header", location) ?? 0.3, footer: try double(element, "footer", location) ?? 0.3)
            case "pageSetup": try readPageSetup(element, fitToPage: fitToPage)
            case "printOptions":
                sheet.pageSetup.centerHorizontally = try bool(element, "horizontalCentered", "print options") ?? false
                sheet.pageSetup.centerVertically = try bool(element, "verticalCentered", "print options") ?? false
                sheet.pageSetup.printGridlines = try bool(element, "gridLines", "print options") ?? false
            case "headerFooter": try readHeaderFooter(element)
            case "hyperlinks": try readHyperlinks(element)
            case "sheetProtection":
                if try bool(element, "sheet", "sheet protection") == true { report("sheet protection") }
            case "tableParts": try readTables(element)
            case "drawing":
                if let id = element.relationshipID(), let relationship = relationships[id], !relationship.isExternal {
                    var drawing = DrawingReader(context: context, part: relationship.target, sheetName: name, sheet: sheet)
                    try drawing.read(referredToBy: part)
                    sheet.images += drawing.images
                    unsupported += drawing.unsupported
                }
            case "legacyDrawingHF": report("header image")
            case "picture": report("background image")
            case "oleObjects":
                for object in element.resolvedChildren where object.name == "oleObject" {
                    report("OLE object", name: object["progId"])
                }
            case "controls":
                for control in element.resolvedChildren where control.name == "control" {
                    let kind = control.relationshipID().flatMap { relationships[$0] }?.kind == "ctrlProp" ? "form control" : "ActiveX control"
                    report(kind, name: control["name"])
                }
            case "rowBreaks", "colBreaks":
                if !element.children("brk").isEmpty, !unsupported.contains(where: { $0.kind == "page breaks" && $0.sheet == name }) {
                    report("page breaks")
                }
            case "extLst": try readExtensions(element)
            default: continue
            }
        }
        try readRelatedParts()
        sheet.conditionalFormats = orderedFormats.sorted { ($0.priority, $0.order) < ($1.priority, $1.order) }.map(\.format)
    }

    private mutating func report(_ kind: String, name featureName: String? = nil, cell: CellReference? = nil) {
        unsupported.append(UnsupportedFeature(kind: kind, name: featureName, sheet: name, cell: cell))
    }

    // MARK: - View, columns, rows

    private mutating func readView(_ views: ParsedElement) throws(SpreadsheetReaderError) {
        guard let view = views.children("sheetView").first(where: { ($0["workbookViewId"] ?? "0") == "0" }) ?? views.child("sheetView") else {
            return
        }
        let location = "sheet view"
        sheet.showsGridlines = try bool(view, "showGridLines", location) ?? true
        sheet.rightToLeft = try bool(view, "rightToLeft", location) ?? false
        sheet.zoom = try integer(view, "zoomScale", location)
        let pane = view.child("pane")
        if let pane {
            switch pane["state"] ?? "split" {
            case "frozen", "frozenSplit":
                let rows = try double(pane, "ySplit", "frozen pane") ?? 0
                let columns = try double(pane, "xSplit", "frozen pane") ?? 0
                guard rows >= 0, columns >= 0, rows < Double(SheetGrid.maximumRows), columns < Double(SheetGrid.maximumColumns) else {
                    throw .outsideExcelGrid(path: source, part: part, reference: "the frozen pane of sheet '\(name)'")
                }
                if rows > 0 || columns > 0 { sheet.freezePanes = CellReference(row: Int(rows), column: Int(columns)) }
            default:
                let xSplit = try double(pane, "xSplit", "pane") ?? 0
                let ySplit = try double(pane, "ySplit", "pane") ?? 0
                if xSplit > 0 || ySplit > 0 { report("split panes") }
            }
        }
        let activePane = pane?["activePane"] ?? "topLeft"
        let selections = view.children("selection")
        let selection = selections.first { ($0["pane"] ?? "topLeft") == activePane } ?? selections.first
        if let active = selection?["activeCell"] {
            let reference = try cellReference(active, "selection")
            sheet.selection = reference == CellReference(row: 0, column: 0) ? nil : reference
        }
    }

    private mutating func readColumns(_ cols: ParsedElement) throws(SpreadsheetReaderError) {
        for (index, col) in cols.children("col").enumerated() {
            let location = "column format \(index + 1)"
            guard let first = try integer(col, "min", location), let last = try integer(col, "max", location) else {
                throw invalid(location, "has no min or max")
            }
            guard first >= 1, last >= first else { throw invalid(location, "has min=\(first) max=\(last)") }
            guard last <= SheetGrid.maximumColumns else {
                throw .outsideExcelGrid(path: source, part: part, reference: "\(location) (column \(last)) of sheet '\(name)'")
            }
            let width = try double(col, "width", location)
            let hidden = try bool(col, "hidden", location) ?? false
            let styleIndex = try integer(col, "style", location) ?? 0
            let style = styleIndex == 0 ? nil : try cellStyle(styleIndex, location)
            guard width != nil || hidden || style != nil else { continue }
            sheet.columns.append(ColumnFormat(first: first - 1, last: last - 1, width: width, hidden: hidden, style: style))
        }
    }

    private func cellStyle(_ index: Int, _ location: String) throws(SpreadsheetReaderError) -> CellStyle {
        guard context.styles.cellStyles.indices.contains(index) else {
            throw invalid(location, "uses style \(index) but the stylesheet has \(context.styles.cellStyles.count)")
        }
        return context.styles.cellStyles[index]
    }

    // MARK: - Cells

    /// A cell whose value comes from a shared formula's first cell.
    private struct SharedFormulaUse {
        var cellIndex: Int
        var group: String
        var cached: String?
    }

    private mutating func readCells(_ sheetData: ParsedElement) throws(SpreadsheetReaderError) {
        var previousRow = -1
        var cells: [SheetCell] = []
        var sharedMasters: [String: (reference: CellReference, formula: String)] = [:]
        var sharedUses: [SharedFormulaUse] = []
        for row in sheetData.children("row") {
            let rowIndex: Int
            if let text = row["r"] {
                guard let number = XMLValue.integer(text), number >= 1 else { throw invalid("row \(previousRow + 2)", "has r=\"\(text)\"") }
                guard number <= SheetGrid.maximumRows else {
                    throw .outsideExcelGrid(path: source, part: part, reference: "row \(number) of sheet '\(name)'")
                }
                rowIndex = number - 1
            } else {
                rowIndex = previousRow + 1
                guard rowIndex < SheetGrid.maximumRows else {
                    throw .outsideExcelGrid(path: source, part: part, reference: "row \(rowIndex + 1) of sheet '\(name)'")
                }
            }
            previousRow = rowIndex
            let rowLocation = "row \(rowIndex + 1)"
            // The height as the file shows it, custom or fitted by Excel to the row's fonts (libxlsxwriter cannot
            // fit rows, so a fitted height is kept as it was when the client saved the form).
            let height = try double(row, "ht", rowLocation)
            let hidden = try bool(row, "hidden", rowLocation) ?? false
            let customFormat = try bool(row, "customFormat", rowLocation) ?? false
            let rowStyle = customFormat ? try cellStyle(try integer(row, "s", rowLocation) ?? 0, rowLocation) : nil
            if height != nil || hidden || rowStyle != nil {
                sheet.rows[rowIndex] = RowFormat(height: height, hidden: hidden, style: rowStyle)
            }

            var previousColumn = -1
            for cell in row.children("c") {
                let reference: CellReference
                if let text = cell["r"] {
                    reference = try cellReference(text, "cell in \(rowLocation)")
                } else {
                    guard previousColumn + 1 < SheetGrid.maximumColumns else {
                        throw .outsideExcelGrid(path: source, part: part, reference: "a cell after XFD in \(rowLocation) of sheet '\(name)'")
                    }
                    reference = CellReference(row: rowIndex, column: previousColumn + 1)
                }
                previousColumn = reference.column
                let location = "cell \(reference)"
                let styleIndex = try integer(cell, "s", location) ?? 0
                let style = try cellStyle(styleIndex, location)
                var value = try cellValue(cell, location)
                var keep = styleIndex != 0
                if let formula = cell.child("f") {
                    let cached = try cachedValue(cell, location)
                    switch formula["t"] ?? "normal" {
                    case "shared":
                        guard let group = formula["si"] else { throw invalid(location, "has a shared formula without si") }
                        if !formula.text.isEmpty {
                            sharedMasters[group] = (reference, formula.text)
                            value = .formula(formula.text, cached: cached)
                        } else {
                            sharedUses.append(SharedFormulaUse(cellIndex: cells.count, group: group, cached: cached))
                            keep = true
                        }
                    case "array":
                        if !formula.text.isEmpty {
                            value = .formula(formula.text, cached: cached)
                            report("array formula", name: formula.text, cell: reference)
                        }
                    case "dataTable":
                        report("data table", cell: reference)
                    default:
                        value = .formula(formula.text, cached: cached)
                    }
                }
                if value != .empty { keep = true }
                // A cell with an explicit default style in a styled row or column keeps that default look.
                if !keep, cell["s"] != nil {
                    keep = rowStyle != nil || sheet.columns.contains { $0.style != nil && $0.first <= reference.column && reference.column <= $0.last }
                }
                guard keep else { continue }
                cells.append(SheetCell(reference: reference, value: value, style: style))
            }
        }
        for use in sharedUses {
            guard let master = sharedMasters[use.group] else {
                report("shared formula without its first cell", cell: cells[use.cellIndex].reference)
                continue
            }
            let target = cells[use.cellIndex].reference
            let formula = FormulaShifter.shift(master.formula, rows: target.row - master.reference.row,
                                               columns: target.column - master.reference.column)
            cells[use.cellIndex].value = .formula(formula, cached: use.cached)
        }
        sheet.cells = cells.enumerated().sorted { a, b in
            (a.element.reference.row, a.element.reference.column, a.offset) < (b.element.reference.row, b.element.reference.column, b.offset)
        }.map(\.element)
    }

    /// The stored value of a cell without its formula.
    private func cellValue(_ cell: ParsedElement, _ location: String) throws(SpreadsheetReaderError) -> SheetCellValue {
        let type = cell["t"] ?? "n"
        if type == "inlineStr" {
            return cell.child("is").map { .text(RichText.flatten($0)) } ?? .empty
        }
        guard let raw = cell.child("v")?.text else { return .empty }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        switch type {
        case "n":
            if trimmed.isEmpty { return .empty }
            guard let number = XMLValue.double(trimmed) else { throw invalid(location, "holds \"\(raw)\", which is not a number") }
            return .number(number)
        case "s":
            return .text(try sharedString(trimmed, location))
        case "str":
            return .text(RichText.decodeEscapes(raw))
        case "b":
            guard let value = XMLValue.bool(trimmed) else { throw invalid(location, "holds \"\(raw)\", which is not a Boolean") }
            return .bool(value)
        case "e":
            return .error(trimmed)
        case "d":
            guard let serial = DateSerial.serial(fromISO8601: trimmed) else {
                throw invalid(location, "holds \"\(raw)\", which is not an ISO 8601 date")
            }
            return .number(serial)
        default:
            throw invalid(location, "has the unknown type t=\"\(type)\"")
        }
    }

    /// A formula cell's cached result as text (`TRUE`/`FALSE` for Booleans, the string for shared strings).
    private func cachedValue(_ cell: ParsedElement, _ location: String) throws(SpreadsheetReaderError) -> String? {
        switch try cellValue(cell, location) {
        case .empty: return nil
        case .text(let text): return text
        case .number: return cell.child("v")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        case .bool(let value): return value ? "TRUE" : "FALSE"
        case .error(let code): return code
        case .formula(let formula, _): return formula
        }
    }

    private func sharedString(_ text: String, _ location: String) throws(SpreadsheetReaderError) -> String {
        guard let index = XMLValue.integer(text), context.sharedStrings.indices.contains(index) else {
            throw invalid(location, "refers to shared string \(text) but the workbook has \(context.sharedStrings.count)")
        }
        return context.sharedStrings[index]
    }

    // MARK: - Validations and conditional formats

    private func dataValidation(_ element: ParsedElement, sqref: String?, formula1: String?, formula2: String?)
        throws(SpreadsheetReaderError) -> DataValidation {
        let location = "data validation \(sqref ?? "")"
        let ranges = try ranges(sqref, location)
        let kind: DataValidation.Kind
        switch element["type"] ?? "none" {
        case "none": kind = .any
        case "whole": kind = .whole
        case "decimal": kind = .decimal
        case "list": kind = .list
        case "date": kind = .date
        case "time": kind = .time
        case "textLength": kind = .textLength
        case "custom": kind = .custom
        case let other: throw invalid(location, "has the unknown type \"\(other)\"")
        }
        let operatorName = element["operator"] ?? "between"
        guard let comparison = DataValidation.Comparison(rawValue: operatorName) else {
            throw invalid(location, "has the unknown operator \"\(operatorName)\"")
        }
        let styleName = element["errorStyle"] ?? "stop"
        guard let errorStyle = DataValidation.ErrorStyle(rawValue: styleName) else {
            throw invalid(location, "has the unknown error style \"\(styleName)\"")
        }
        return DataValidation(
            ranges: ranges, kind: kind, comparison: comparison,
            formula1: formula1.map(Self.trimFormula), formula2: formula2.map(Self.trimFormula),
            ignoreBlank: try bool(element, "allowBlank", location) ?? false,
            showsDropDown: !(try bool(element, "showDropDown", location) ?? false),
            showsInputMessage: try bool(element, "showInputMessage", location) ?? false,
            showsErrorMessage: try bool(element, "showErrorMessage", location) ?? false,
            inputTitle: element["promptTitle"], inputMessage: element["prompt"],
            errorTitle: element["errorTitle"], errorMessage: element["error"], errorStyle: errorStyle)
    }

    /// A formula as stored, without a leading `=` some writers add.
    private static func trimFormula(_ text: String) -> String {
        text.hasPrefix("=") ? String(text.dropFirst()) : text
    }

    /// Conditional formats with their priority and reading order, sorted when the sheet is done.
    private var orderedFormats: [(priority: Int, order: Int, format: ConditionalFormat)] = []
    /// Ids of `x14:id` extensions that refine a rule of the main list (data bars) rather than add one.
    private var refinedRuleIDs: Set<String> = []

    private mutating func readConditionalFormatting(_ element: ParsedElement, extended: Bool) throws(SpreadsheetReaderError) {
        let sqref = extended ? element.child("sqref")?.text : element["sqref"]
        let location = "conditional format \(sqref ?? "")"
        let ranges = try ranges(sqref, location)
        for rule in element.children("cfRule") {
            if extended, let id = rule["id"], refinedRuleIDs.contains(id) { continue }
            let type = rule["type"] ?? ""
            let formulas = extended ? rule.children("f").map(\.text) : rule.children("formula").map(\.text)
            var style = CellStyle()
            if extended, let dxf = rule.child("dxf") {
                style = context.styles.differentialStyle(dxf, colors: context.colors)
            } else if let dxfID = try integer(rule, "dxfId", location) {
                guard context.styles.differentialStyles.indices.contains(dxfID) else {
                    throw invalid(location, "uses format \(dxfID) but the stylesheet has \(context.styles.differentialStyles.count)")
                }
                style = context.styles.differentialStyles[dxfID]
            }
            if !extended {
                for ext in rule.descendants("id") { refinedRuleIDs.insert(ext.text) }
            }
            let ruleValue: ConditionalFormat.Rule
            switch type {
            case "cellIs":
                let operatorName = rule["operator"] ?? ""
                guard let comparison = DataValidation.Comparison(rawValue: operatorName), let first = formulas.first else {
                    report("conditional format (cellIs \(operatorName))", cell: ranges[0].first)
                    continue
                }
                ruleValue = .cellValue(comparison, first, formulas.count > 1 ? formulas[1] : nil)
            case "expression":
                guard let formula = formulas.first else { throw invalid(location, "has an expression rule without a formula") }
                ruleValue = .expression(formula)
            case "containsText", "notContainsText", "beginsWith", "endsWith":
                guard let textOperator = ConditionalFormat.TextOperator(rawValue: type), let text = rule["text"] else {
                    throw invalid(location, "has a \(type) rule without text")
                }
                ruleValue = .text(textOperator, text)
            case "containsBlanks": ruleValue = .blanks
            case "notContainsBlanks": ruleValue = .noBlanks
            case "containsErrors": ruleValue = .errors
            case "notContainsErrors": ruleValue = .noErrors
            case "duplicateValues": ruleValue = .duplicateValues
            case "uniqueValues": ruleValue = .uniqueValues
            case "top10":
                ruleValue = .top(rank: try integer(rule, "rank", location) ?? 10, bottom: try bool(rule, "bottom", location) ?? false,
                                 percent: try bool(rule, "percent", location) ?? false)
            case "aboveAverage":
                if rule["stdDev"] != nil {
                    report("conditional format (aboveAverage with standard deviations)", cell: ranges[0].first)
                    continue
                }
                ruleValue = .aboveAverage(below: !(try bool(rule, "aboveAverage", location) ?? true))
            case "colorScale":
                let colors = (rule.child("colorScale")?.children("color") ?? []).compactMap { context.colors.color($0) }
                guard colors.count >= 2 else {
                    report("conditional format (colorScale without colours)", cell: ranges[0].first)
                    continue
                }
                ruleValue = .colorScale(colors)
            case "dataBar":
                let bar = rule.child("dataBar")
                guard let color = context.colors.color(bar?.child("color") ?? bar?.child("fillColor")) else {
                    report("conditional format (dataBar without a colour)", cell: ranges[0].first)
                    continue
                }
                ruleValue = .dataBar(color)
            default:
                report("conditional format (\(type))", cell: ranges[0].first)
                continue
            }
            let priority = try integer(rule, "priority", location) ?? Int.max
            orderedFormats.append((priority, orderedFormats.count, ConditionalFormat(
                ranges: ranges, rule: ruleValue, style: style, stopIfTrue: try bool(rule, "stopIfTrue", location) ?? false)))
        }
    }

    /// Excel 2010's extensions: data validations whose lists are on other sheets, conditional formats Excel 2007
    /// cannot store, sparklines.
    private mutating func readExtensions(_ extLst: ParsedElement) throws(SpreadsheetReaderError) {
        for ext in extLst.children("ext") {
            for element in ext.resolvedChildren {
                switch element.name {
                case "dataValidations":
                    for validation in element.children("dataValidation") {
                        sheet.dataValidations.append(try dataValidation(
                            validation, sqref: validation.child("sqref")?.text,
                            formula1: validation.child("formula1")?.child("f")?.text,
                            formula2: validation.child("formula2")?.child("f")?.text))
                    }
                case "conditionalFormattings":
                    for formatting in element.children("conditionalFormatting") {
                        try readConditionalFormatting(formatting, extended: true)
                    }
                case "sparklineGroups": report("sparklines")
                case "slicerList": report("slicer")
                default: continue
                }
            }
        }
    }

    // MARK: - Printing

    private mutating func readPageSetup(_ element: ParsedElement, fitToPage: Bool) throws(SpreadsheetReaderError) {
        let location = "page setup"
        var setup = sheet.pageSetup
        setup.landscape = element["orientation"] == "landscape"
        if let paper = try integer(element, "paperSize", location) {
            setup.paperCode = paper
            switch paper {
            case 1: setup.paper = .letter
            case 5: setup.paper = .legal
            case 8: setup.paper = .a3
            case 9: setup.paper = .a4
            default: break
            }
        }
        setup.scale = try integer(element, "scale", location)
        if fitToPage {
            let width = try integer(element, "fitToWidth", location) ?? 1
            let height = try integer(element, "fitToHeight", location) ?? 1
            setup.fitToPages = PageSetup.FitToPages(width: width, height: height)
            setup.fitToWidth = width == 1 && height == 0
        }
        if try bool(element, "useFirstPageNumber", location) == true {
            setup.firstPageNumber = try integer(element, "firstPageNumber", location)
        }
        setup.overThenDown = element["pageOrder"] == "overThenDown"
        sheet.pageSetup = setup
    }

    private mutating func readHeaderFooter(_ element: ParsedElement) throws(SpreadsheetReaderError) {
        func text(_ child: String) -> String? {
            guard let value = element.child(child)?.text, !value.isEmpty else { return nil }
            // Header pictures are not kept ("header image" is reported): their codes go, the rest of the text stays.
            // A literal &G that libxlsxwriter could only store separated reads back as it was written.
            let withoutPictures = HeaderFooterText.removingPictures(HeaderFooterText.joiningLookalikes(value))
            return withoutPictures.isEmpty ? nil : withoutPictures
        }
        sheet.pageSetup.header = text("oddHeader")
        sheet.pageSetup.footer = text("oddFooter")
        if try bool(element, "differentFirst", "header and footer") == true {
            if let header = text("firstHeader") { report("first-page header", name: header) }
            if let footer = text("firstFooter") { report("first-page footer", name: footer) }
        }
        if try bool(element, "differentOddEven", "header and footer") == true {
            if let header = text("evenHeader") { report("even-page header", name: header) }
            if let footer = text("evenFooter") { report("even-page footer", name: footer) }
        }
    }

    // MARK: - Related parts

    private mutating func readHyperlinks(_ element: ParsedElement) throws(SpreadsheetReaderError) {
        for link in element.children("hyperlink") {
            guard let ref = link["ref"] else { continue }
            let range = try area(ref, "hyperlink")
            var target = link.relationshipID().flatMap { relationships[$0] }?.target
            if let location = link["location"] { target = (target ?? "") + "#" + location }
            report("hyperlink", name: target, cell: range.first)
        }
    }

    private mutating func readTables(_ element: ParsedElement) throws(SpreadsheetReaderError) {
        for tablePart in element.children("tablePart") {
            guard let id = tablePart.relationshipID(), let relationship = relationships[id], !relationship.isExternal else { continue }
            let table = try context.package.xml(relationship.target)
            let anchor = try table?["ref"].map { ref throws(SpreadsheetReaderError) in try area(ref, "table").first }
            report("table", name: table?["displayName"] ?? table?["name"], cell: anchor)
        }
    }

    /// Parts the sheet refers to only through its relationships: comments, pivot tables, slicers, query tables.
    private mutating func readRelatedParts() throws(SpreadsheetReaderError) {
        for relationship in relationships.values.sorted(by: { $0.id.localizedStandardCompare($1.id) == .orderedAscending })
        where !relationship.isExternal {
            switch relationship.kind {
            case "comments":
                guard let comments = try context.package.xml(relationship.target) else { continue }
                for comment in comments.path("commentList")?.children("comment") ?? [] {
                    let cell = try comment["ref"].map { ref throws(SpreadsheetReaderError) in try area(ref, "comment").first }
                    let text = comment.child("text").map(RichText.flatten) ?? ""
                    report("comment", name: Self.textStart(text), cell: cell)
                }
            case "pivotTable":
                let pivot = try context.package.xml(relationship.target)
                let anchor = try pivot?.child("location")?["ref"].map { ref throws(SpreadsheetReaderError) in try area(ref, "pivot table").first }
                report("pivot table", name: pivot?["name"], cell: anchor)
            case "queryTable":
                report("query table", name: try context.package.xml(relationship.target)?["name"])
            case "slicer": report("slicer")
            case "timeline": report("timeline")
            default: continue
            }
        }
    }

    /// The first 40 characters of `text` on one line, with `…` when cut.
    static func textStart(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return oneLine.count > 40 ? String(oneLine.prefix(40)) + "…" : oneLine
    }
}

/// Excel's date serial numbers (the 1900 date system).
enum DateSerial {
    /// `2024-01-15`, `2024-01-15T10:30:00`, `2024-01-15T10:30:00.5Z` → days since 1899-12-30 with the time as a
    /// fraction; `nil` when the text is not such a date.
    static func serial(fromISO8601 text: String) -> Double? {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard let datePart = parts.first else { return nil }
        let dateFields = datePart.split(separator: "-").compactMap { Int($0) }
        guard dateFields.count == 3, (1...12).contains(dateFields[1]), (1...31).contains(dateFields[2]),
              (1...9999).contains(dateFields[0]) else { return nil }
        var seconds = 0.0
        if parts.count == 2 {
            var time = parts[1]
            if time.hasSuffix("Z") { time = time.dropLast() }
            let fields = time.split(separator: ":")
            let values = fields.compactMap { Double($0) }
            guard (2...3).contains(fields.count), values.count == fields.count, values.allSatisfy({ $0.isFinite && $0 >= 0 }),
                  values[0] <= 24, values[1] < 60, values.count < 3 || values[2] < 61 else {
                return nil
            }
            seconds = values[0] * 3600 + values[1] * 60 + (values.count > 2 ? values[2] : 0)
        }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        guard let date = calendar.date(from: DateComponents(year: dateFields[0], month: dateFields[1], day: dateFields[2])),
              let epoch = calendar.date(from: DateComponents(year: 1899, month: 12, day: 30)) else { return nil }
        let days = (date.timeIntervalSince(epoch) / 86_400).rounded()
        return days + seconds / 86_400
    }
}
