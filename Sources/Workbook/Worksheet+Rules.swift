import SpreadsheetModel
import Foundation
import CXLSXWriter

// Data validations and conditional formats as a client's form carries them.

extension Worksheet {
    // MARK: - Data validation

    /// Adds a data validation: what the cells of its ranges accept, the drop-down, and the messages shown.
    ///
    /// Every kind is written with its formulas as given (`formula1`, `formula2`, without a leading `=`): a list from
    /// a quoted literal (`"Yes,No"`, at most 255 characters inside the quotes) or from a range (`$A$1:$A$5`,
    /// `Lists!$B$1:$B$9`, a defined name); whole and decimal numbers, text lengths, dates and times compared with
    /// one or two values or formulas (dates and times as Excel's serial numbers, e.g. `45292`, or formulas such as
    /// `DATE(2024,1,1)` or `TODAY()`); a custom formula for the range's top-left cell; and `any` (only the input
    /// message, which libxlsxwriter leaves out when there is none). libxlsxwriter 1.1.4 takes one range per
    /// validation, so a validation over several ranges is written once for each.
    ///
    /// - Parameter validation: The validation, its ranges and messages.
    /// - Throws: `WorkbookError.invalidValue` naming the sheet and ranges when there is no range, a range is
    ///   outside Excel's grid, a needed formula is missing or empty, a literal list is longer than 255 characters or
    ///   not closed by a quote, a title is longer than 32 characters or a message longer than 255;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses it.
    public func addDataValidation(_ validation: DataValidation) throws(WorkbookError) {
        let sheet = try requireOpen()
        let context = "sheet '\(name)', \(validation.kind.rawValue) data validation on \(Worksheet.rangeList(validation.ranges))"
        try checkRanges(validation.ranges, context: context)
        let pool = CStringPool()
        defer { pool.free() }
        var options = lxw_data_validation()
        options.ignore_blank = Worksheet.flag(validation.ignoreBlank)
        options.show_input = Worksheet.flag(validation.showsInputMessage)
        options.show_error = Worksheet.flag(validation.showsErrorMessage)
        if validation.kind == .list { options.dropdown = Worksheet.flag(validation.showsDropDown) }
        options.error_type = UInt8(validation.errorStyle.libraryValue.rawValue)
        // Each field is set by a closure, not a key path: its pointer type changed in libxlsxwriter 1.1.5 (const char *).
        let messages: [(String?, Int, String, (inout lxw_data_validation, String) -> Void)] = [
            (validation.inputTitle, 32, "input title", { $0.input_title = pool.text($1) }),
            (validation.inputMessage, 255, "input message", { $0.input_message = pool.text($1) }),
            (validation.errorTitle, 32, "error title", { $0.error_title = pool.text($1) }),
            (validation.errorMessage, 255, "error message", { $0.error_message = pool.text($1) }),
        ]
        for (text, limit, what, field) in messages {
            guard let text else { continue }
            let clean = ExcelText.removingInvalidCharacters(text)
            guard clean.utf16.count <= limit else {
                throw .invalidValue(context: context, reason: "the \(what) has \(clean.utf16.count) characters and Excel allows \(limit); shorten it")
            }
            // libxlsxwriter drops a leading "=" from titles and messages (it treats them like formulas): double it.
            field(&options, clean.hasPrefix("=") ? "=" + clean : clean)
        }
        func formula(_ text: String?, _ which: String) throws(WorkbookError) -> String {
            var clean = ExcelText.removingInvalidCharacters(text ?? "").trimmingCharacters(in: .whitespaces)
            if clean.hasPrefix("=") { clean.removeFirst() }
            guard !clean.isEmpty else {
                throw .invalidValue(context: context, reason: "\(which) is missing; give the value or formula the cells are checked against")
            }
            return clean
        }
        switch validation.kind {
        case .any:
            options.validate = UInt8(LXW_VALIDATION_TYPE_ANY.rawValue)
        case .list:
            options.validate = UInt8(LXW_VALIDATION_TYPE_LIST_FORMULA.rawValue)
            let list = try formula(validation.formula1, "formula1 (the list)")
            if list.hasPrefix("\"") {
                guard list.count >= 2, list.hasSuffix("\"") else {
                    throw .invalidValue(context: context, reason: "the list \(list) does not end with a double quote; write it as \"a,b,c\"")
                }
                let items = list.dropFirst().dropLast().replacingOccurrences(of: "\"\"", with: "\"")
                guard !items.isEmpty, items.utf16.count <= 255 else {
                    throw .invalidValue(context: context, reason: "the list holds \(items.utf16.count) characters and Excel allows 1 to 255 including commas; put the choices in cells and refer to their range instead")
                }
            }
            options.value_formula = pool.text(list)
        case .custom:
            options.validate = UInt8(LXW_VALIDATION_TYPE_CUSTOM_FORMULA.rawValue)
            options.value_formula = pool.text(try formula(validation.formula1, "formula1 (the custom formula)"))
        case .whole, .decimal, .textLength, .date, .time:
            let type: lxw_validation_types = switch validation.kind {
            case .whole: LXW_VALIDATION_TYPE_INTEGER_FORMULA
            case .decimal: LXW_VALIDATION_TYPE_DECIMAL_FORMULA
            case .textLength: LXW_VALIDATION_TYPE_LENGTH_FORMULA
            case .date: LXW_VALIDATION_TYPE_DATE_FORMULA
            default: LXW_VALIDATION_TYPE_TIME_FORMULA
            }
            options.validate = UInt8(type.rawValue)
            options.criteria = UInt8(validation.comparison.validationCriteria.rawValue)
            if validation.comparison == .between || validation.comparison == .notBetween {
                options.minimum_formula = pool.text(try formula(validation.formula1, "formula1 (the lower bound)"))
                options.maximum_formula = pool.text(try formula(validation.formula2, "formula2 (the upper bound of '\(validation.comparison.rawValue)')"))
            } else {
                options.value_formula = pool.text(try formula(validation.formula1, "formula1"))
            }
        }
        for range in validation.ranges {
            let result = worksheet_data_validation_range(sheet, lxw_row_t(range.first.row), lxw_col_t(range.first.column),
                                                         lxw_row_t(range.last.row), lxw_col_t(range.last.column), &options)
            try core.check(result, "the \(validation.kind.rawValue) data validation on \(name)!\(range)")
        }
    }

    // MARK: - Conditional formats

    /// Adds a conditional format: the cells of its ranges take its style where its rule holds.
    ///
    /// All ranges go into one rule (libxlsxwriter's `multi_range`), so relative references in formulas are relative
    /// to the top-left cell of the first range, as in Excel. libxlsxwriter 1.1.4 gets some rules wrong, so they are
    /// written as an equivalent formula rule (Excel shows "Use a formula" for them, and they format the same cells):
    /// top/bottom rules with a rank other than 1 or 10 (1.1.4 writes rank 10 for them), and text rules whose text
    /// holds a double quote, starts with `=`, is long (the formula would be cut at 63 bytes) or, for begins/ends-with,
    /// is not ASCII (1.1.4 counts bytes, not characters). libxlsxwriter does not write "stop if true" for duplicate and unique
    /// rules.
    ///
    /// - Parameter format: The rule, its ranges and style.
    /// - Throws: `WorkbookError.invalidValue` naming the sheet and ranges when there is no range, a range is outside
    ///   Excel's grid, the ranges take more than 2,079 characters, a formula or text is empty, a `between` rule has no
    ///   second value, a rank is outside 1–1000 (1–100 for percent) or a colour scale does not have 2 or 3 colours;
    ///   `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   refuses it.
    public func addConditionalFormat(_ format: ConditionalFormat) throws(WorkbookError) {
        let sheet = try requireOpen()
        let ranges = Worksheet.rangeList(format.ranges)
        let context = "sheet '\(name)', conditional format on \(ranges)"
        try checkRanges(format.ranges, context: context)
        guard ranges.utf8.count < Int(LXW_MAX_ATTRIBUTE_LENGTH) else {
            throw .invalidValue(context: context, reason: "the ranges take \(ranges.utf8.count) characters and libxlsxwriter allows 2,079; split the format into several")
        }
        let pool = CStringPool()
        defer { pool.free() }
        var options = lxw_conditional_format()
        options.multi_range = pool.text(ranges)
        options.stop_if_true = format.stopIfTrue ? 1 : 0
        func cleaned(_ value: String, _ what: String) throws(WorkbookError) -> String {
            var clean = ExcelText.removingInvalidCharacters(value).trimmingCharacters(in: .whitespaces)
            if clean.hasPrefix("=") { clean.removeFirst() }
            guard !clean.isEmpty else { throw .invalidValue(context: context, reason: "\(what) is empty; give the formula or value the rule compares with") }
            return clean
        }
        var usesStyle = true
        let topLeft = format.ranges[0].first
        switch format.rule {
        case .cellValue(let comparison, let first, let second):
            options.type = UInt8(LXW_CONDITIONAL_TYPE_CELL.rawValue)
            options.criteria = UInt8(comparison.conditionalCriteria.rawValue)
            if comparison == .between || comparison == .notBetween {
                options.min_value_string = pool.text(try cleaned(first, "the first value"))
                options.max_value_string = pool.text(try cleaned(second ?? "", "the second value of '\(comparison.rawValue)'"))
            } else {
                options.value_string = pool.text(try cleaned(first, "the value"))
            }
        case .expression(let formula):
            options.type = UInt8(LXW_CONDITIONAL_TYPE_FORMULA.rawValue)
            options.value_string = pool.text(try cleaned(formula, "the formula"))
        case .text(let textOperator, let value):
            let clean = ExcelText.removingInvalidCharacters(value)
            guard !clean.isEmpty else { throw .invalidValue(context: context, reason: "the text is empty; give the text the cells are compared with") }
            if Worksheet.libraryWritesTextRule(textOperator, clean, cell: topLeft.description) {
                options.type = UInt8(LXW_CONDITIONAL_TYPE_TEXT.rawValue)
                options.criteria = UInt8(textOperator.conditionalCriteria.rawValue)
                options.value_string = pool.text(clean)
            } else {
                options.type = UInt8(LXW_CONDITIONAL_TYPE_FORMULA.rawValue)
                options.value_string = pool.text(Worksheet.textRuleFormula(textOperator, clean, cell: topLeft.description))
            }
        case .blanks:
            options.type = UInt8(LXW_CONDITIONAL_TYPE_BLANKS.rawValue)
        case .noBlanks:
            options.type = UInt8(LXW_CONDITIONAL_TYPE_NO_BLANKS.rawValue)
        case .errors:
            options.type = UInt8(LXW_CONDITIONAL_TYPE_ERRORS.rawValue)
        case .noErrors:
            options.type = UInt8(LXW_CONDITIONAL_TYPE_NO_ERRORS.rawValue)
        case .duplicateValues:
            options.type = UInt8(LXW_CONDITIONAL_TYPE_DUPLICATE.rawValue)
        case .uniqueValues:
            options.type = UInt8(LXW_CONDITIONAL_TYPE_UNIQUE.rawValue)
        case .top(let rank, let bottom, let percent):
            guard percent ? (1...100).contains(rank) : (1...1000).contains(rank) else {
                throw .invalidValue(context: context, reason: "the rank \(rank) is outside Excel's \(percent ? "1–100 percent" : "1–1000 items"); use a rank in that range")
            }
            if rank == 1 || rank == 10 {
                options.type = UInt8((bottom ? LXW_CONDITIONAL_TYPE_BOTTOM : LXW_CONDITIONAL_TYPE_TOP).rawValue)
                if percent { options.criteria = UInt8(LXW_CONDITIONAL_CRITERIA_TOP_OR_BOTTOM_PERCENT.rawValue) }
                options.value = Double(rank)
            } else {
                options.type = UInt8(LXW_CONDITIONAL_TYPE_FORMULA.rawValue)
                options.value_string = pool.text(Worksheet.rankFormula(rank: rank, bottom: bottom, percent: percent,
                                                                      cell: topLeft.description, ranges: format.ranges))
            }
        case .aboveAverage(let below):
            options.type = UInt8(LXW_CONDITIONAL_TYPE_AVERAGE.rawValue)
            options.criteria = UInt8((below ? LXW_CONDITIONAL_CRITERIA_AVERAGE_BELOW : LXW_CONDITIONAL_CRITERIA_AVERAGE_ABOVE).rawValue)
        case .colorScale(let colors):
            usesStyle = false
            switch colors.count {
            case 2:
                options.type = UInt8(LXW_CONDITIONAL_2_COLOR_SCALE.rawValue)
                options.min_color = colors[0].libraryValue
                options.max_color = colors[1].libraryValue
            case 3:
                options.type = UInt8(LXW_CONDITIONAL_3_COLOR_SCALE.rawValue)
                options.min_color = colors[0].libraryValue
                options.mid_color = colors[1].libraryValue
                options.max_color = colors[2].libraryValue
            default:
                throw .invalidValue(context: context, reason: "a colour scale has 2 or 3 colours, not \(colors.count); give the lowest, (middle,) highest colour")
            }
        case .dataBar(let color):
            usesStyle = false
            options.type = UInt8(LXW_CONDITIONAL_DATA_BAR.rawValue)
            options.bar_color = color.libraryValue
        }
        if usesStyle { options.format = try core.highlightFormat(for: format.style) }
        // The top-left cell alone as the range: libxlsxwriter 1.1.4 takes the first row's *last* column as the cell
        // its generated formulas (blanks, errors, text) refer to; `multi_range` then holds the real ranges.
        let result = worksheet_conditional_format_range(sheet, lxw_row_t(topLeft.row), lxw_col_t(topLeft.column),
                                                        lxw_row_t(topLeft.row), lxw_col_t(topLeft.column), &options)
        try core.check(result, "a conditional format on \(name)!\(ranges)")
    }

    /// True when libxlsxwriter 1.1.4 writes this text rule correctly: its formula buffer holds 63 bytes, it does not
    /// double quotes, it drops a leading `=`, and it gives `LEFT`/`RIGHT` the text's length in bytes.
    static func libraryWritesTextRule(_ textOperator: ConditionalFormat.TextOperator, _ text: String, cell: String) -> Bool {
        guard !text.contains("\""), !text.hasPrefix("=") else { return false }
        if textOperator == .beginsWith || textOperator == .endsWith, !text.allSatisfy(\.isASCII) { return false }
        let formula = textRuleFormula(textOperator, text, cell: cell)
        return formula.utf8.count <= 63 && text.utf8.count < Int(LXW_MAX_ATTRIBUTE_LENGTH)
    }

    /// The formula Excel writes for a text rule on a range whose top-left cell is `cell`.
    static func textRuleFormula(_ textOperator: ConditionalFormat.TextOperator, _ text: String, cell: String) -> String {
        let quoted = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        switch textOperator {
        case .containsText: return "NOT(ISERROR(SEARCH(\(quoted),\(cell))))"
        case .notContainsText: return "ISERROR(SEARCH(\(quoted),\(cell)))"
        case .beginsWith: return "LEFT(\(cell),\(text.utf16.count))=\(quoted)"
        case .endsWith: return "RIGHT(\(cell),\(text.utf16.count))=\(quoted)"
        }
    }

    /// A formula that holds for the cells a top/bottom rule formats: numbers at least the `rank`-th largest (or at
    /// most the `rank`-th smallest) of the ranges; for percent, the top `rank` % of the count, at least one.
    static func rankFormula(rank: Int, bottom: Bool, percent: Bool, cell: String, ranges: [CellRange]) -> String {
        let area = ranges.count == 1 ? ranges[0].absolute : "(" + ranges.map(\.absolute).joined(separator: ",") + ")"
        let count = percent ? "MAX(1,INT(COUNT(\(area))*\(rank)/100))" : "MIN(\(rank),COUNT(\(area)))"
        return "AND(ISNUMBER(\(cell)),\(cell)\(bottom ? "<=SMALL" : ">=LARGE")(\(area),\(count)))"
    }

    // MARK: - Shared checks

    /// Ranges as Excel lists them in `sqref`: `A1:B5 D7`.
    static func rangeList(_ ranges: [CellRange]) -> String {
        ranges.map(\.description).joined(separator: " ")
    }

    /// libxlsxwriter's on/off value for options that are on by default.
    static func flag(_ on: Bool) -> UInt8 {
        UInt8((on ? LXW_VALIDATION_ON : LXW_VALIDATION_OFF).rawValue)
    }

    /// Throws when there is no range or one is outside Excel's grid.
    func checkRanges(_ ranges: [CellRange], context: String) throws(WorkbookError) {
        guard !ranges.isEmpty else { throw .invalidValue(context: context, reason: "there is no range; give at least one range of cells") }
        for range in ranges where range.first.row < 0 || range.first.column < 0
            || range.last.row >= Worksheet.maximumRows || range.last.column >= Worksheet.maximumColumns {
            throw .invalidValue(context: context, reason: "the range at rows \(range.first.row + 1)–\(range.last.row + 1), columns \(range.first.column + 1)–\(range.last.column + 1) is outside Excel's 1,048,576 × 16,384 grid")
        }
    }
}

extension DataValidation.Comparison {
    var validationCriteria: lxw_validation_criteria {
        switch self {
        case .between: return LXW_VALIDATION_CRITERIA_BETWEEN
        case .notBetween: return LXW_VALIDATION_CRITERIA_NOT_BETWEEN
        case .equal: return LXW_VALIDATION_CRITERIA_EQUAL_TO
        case .notEqual: return LXW_VALIDATION_CRITERIA_NOT_EQUAL_TO
        case .greaterThan: return LXW_VALIDATION_CRITERIA_GREATER_THAN
        case .lessThan: return LXW_VALIDATION_CRITERIA_LESS_THAN
        case .greaterThanOrEqual: return LXW_VALIDATION_CRITERIA_GREATER_THAN_OR_EQUAL_TO
        case .lessThanOrEqual: return LXW_VALIDATION_CRITERIA_LESS_THAN_OR_EQUAL_TO
        }
    }

    var conditionalCriteria: lxw_conditional_criteria {
        switch self {
        case .between: return LXW_CONDITIONAL_CRITERIA_BETWEEN
        case .notBetween: return LXW_CONDITIONAL_CRITERIA_NOT_BETWEEN
        case .equal: return LXW_CONDITIONAL_CRITERIA_EQUAL_TO
        case .notEqual: return LXW_CONDITIONAL_CRITERIA_NOT_EQUAL_TO
        case .greaterThan: return LXW_CONDITIONAL_CRITERIA_GREATER_THAN
        case .lessThan: return LXW_CONDITIONAL_CRITERIA_LESS_THAN
        case .greaterThanOrEqual: return LXW_CONDITIONAL_CRITERIA_GREATER_THAN_OR_EQUAL_TO
        case .lessThanOrEqual: return LXW_CONDITIONAL_CRITERIA_LESS_THAN_OR_EQUAL_TO
        }
    }
}

extension DataValidation.ErrorStyle {
    var libraryValue: lxw_validation_error_types {
        switch self {
        case .stop: return LXW_VALIDATION_ERROR_TYPE_STOP
        case .warning: return LXW_VALIDATION_ERROR_TYPE_WARNING
        case .information: return LXW_VALIDATION_ERROR_TYPE_INFORMATION
        }
    }
}

extension ConditionalFormat.TextOperator {
    var conditionalCriteria: lxw_conditional_criteria {
        switch self {
        case .containsText: return LXW_CONDITIONAL_CRITERIA_TEXT_CONTAINING
        case .notContainsText: return LXW_CONDITIONAL_CRITERIA_TEXT_NOT_CONTAINING
        case .beginsWith: return LXW_CONDITIONAL_CRITERIA_TEXT_BEGINS_WITH
        case .endsWith: return LXW_CONDITIONAL_CRITERIA_TEXT_ENDS_WITH
        }
    }
}
