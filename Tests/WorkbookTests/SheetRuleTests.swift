import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
import SpreadsheetModel
@testable import Workbook

/// Data validations and conditional formats of every kind, as written to the sheet's XML.
@Suite struct SheetRuleTests {
    func range(_ text: String) -> CellRange { CellRange(text)! }

    // MARK: - Data validation

    @Test func everyValidationKind() throws {
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "Form")
            try sheet.addDataValidation(DataValidation(ranges: [range("A2:A9")], kind: .list, formula1: "\"Yes,No,Maybe\"",
                                                       inputTitle: "Answer", inputMessage: "Pick one"))
            try sheet.addDataValidation(DataValidation(ranges: [range("B2:B9")], kind: .list, formula1: "=$H$1:$H$5", showsDropDown: false))
            try sheet.addDataValidation(DataValidation(ranges: [range("C2:C9")], kind: .whole, comparison: .between, formula1: "1",
                                                       formula2: "10", errorTitle: "Out of range", errorMessage: "1 to 10",
                                                       errorStyle: .warning))
            try sheet.addDataValidation(DataValidation(ranges: [range("D2")], kind: .decimal, comparison: .greaterThan,
                                                       formula1: "0.5", ignoreBlank: false, errorStyle: .information))
            try sheet.addDataValidation(DataValidation(ranges: [range("E2:E9")], kind: .textLength, comparison: .lessThanOrEqual,
                                                       formula1: "20", showsInputMessage: false, showsErrorMessage: false))
            try sheet.addDataValidation(DataValidation(ranges: [range("F2:F9")], kind: .date, comparison: .notBetween,
                                                       formula1: "DATE(2024,1,1)", formula2: "TODAY()"))
            try sheet.addDataValidation(DataValidation(ranges: [range("G2:G9")], kind: .time, comparison: .lessThan, formula1: "0.5"))
            try sheet.addDataValidation(DataValidation(ranges: [range("I2:I9")], kind: .custom, formula1: "ISNUMBER(I2)"))
            try sheet.addDataValidation(DataValidation(ranges: [range("J2")], kind: .any, inputMessage: "=Anything goes"))
            try sheet.addDataValidation(DataValidation(ranges: [range("K2:K3"), range("M2:M3")], kind: .list, formula1: "Lists!$A$1:$A$3"))
        }
        let validations = try written.sheet("Form").descendants("dataValidation")
        let bySqref = Dictionary(validations.map { ($0.attr("sqref") ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        func formulas(_ sqref: String) -> [String?] {
            [bySqref[sqref]?.children("formula1").first?.stringValue, bySqref[sqref]?.children("formula2").first?.stringValue]
        }
        #expect(validations.count == 11, "the two-range list is written once per range")
        let list = try #require(bySqref["A2:A9"])
        #expect(list.attr("type") == "list" && list.attr("allowBlank") == "1" && list.attr("showInputMessage") == "1"
                && list.attr("showErrorMessage") == "1" && list.attr("showDropDown") == nil)
        #expect(list.attr("promptTitle") == "Answer" && list.attr("prompt") == "Pick one")
        #expect(formulas("A2:A9") == ["\"Yes,No,Maybe\"", nil])
        #expect(bySqref["B2:B9"]?.attr("showDropDown") == "1", "Excel stores a hidden arrow as showDropDown=1")
        #expect(formulas("B2:B9") == ["$H$1:$H$5", nil])
        let whole = try #require(bySqref["C2:C9"])
        #expect(whole.attr("type") == "whole" && whole.attr("operator") == nil, "between is Excel's default operator")
        #expect(whole.attr("errorStyle") == "warning" && whole.attr("errorTitle") == "Out of range" && whole.attr("error") == "1 to 10")
        #expect(formulas("C2:C9") == ["1", "10"])
        let decimal = try #require(bySqref["D2"])
        #expect(decimal.attr("type") == "decimal" && decimal.attr("operator") == "greaterThan" && decimal.attr("allowBlank") == nil)
        #expect(decimal.attr("errorStyle") == "information" && formulas("D2") == ["0.5", nil])
        let length = try #require(bySqref["E2:E9"])
        #expect(length.attr("type") == "textLength" && length.attr("operator") == "lessThanOrEqual")
        #expect(length.attr("showInputMessage") == nil && length.attr("showErrorMessage") == nil)
        #expect(bySqref["F2:F9"]?.attr("type") == "date" && bySqref["F2:F9"]?.attr("operator") == "notBetween")
        #expect(formulas("F2:F9") == ["DATE(2024,1,1)", "TODAY()"])
        #expect(bySqref["G2:G9"]?.attr("type") == "time" && bySqref["G2:G9"]?.attr("operator") == "lessThan" && formulas("G2:G9") == ["0.5", nil])
        #expect(bySqref["I2:I9"]?.attr("type") == "custom" && formulas("I2:I9") == ["ISNUMBER(I2)", nil])
        #expect(bySqref["J2"]?.attr("type") == nil && bySqref["J2"]?.attr("prompt") == "=Anything goes",
                "a message starting with '=' keeps it (libxlsxwriter drops one)")
        #expect(formulas("K2:K3") == ["Lists!$A$1:$A$3", nil] && formulas("M2:M3") == ["Lists!$A$1:$A$3", nil])
    }

    @Test func invalidValidationsAreRefusedWithTheSheetAndRange() throws {
        _ = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "Form")
            let refused: [(DataValidation, String)] = [
                (DataValidation(ranges: [range("A1:A5")], kind: .whole, comparison: .between, formula1: "1"), "formula2"),
                (DataValidation(ranges: [range("A1:A5")], kind: .decimal, comparison: .equal), "formula1"),
                (DataValidation(ranges: [range("A1:A5")], kind: .list, formula1: "\"" + String(repeating: "x,", count: 130) + "y\""), "255"),
                (DataValidation(ranges: [range("A1:A5")], kind: .list, formula1: "\"a,b"), "double quote"),
                (DataValidation(ranges: [range("A1:A5")], kind: .list, formula1: "\"a\"", inputTitle: String(repeating: "t", count: 33)), "32"),
                (DataValidation(ranges: [range("A1:A5")], kind: .list, formula1: "\"a\"", errorMessage: String(repeating: "m", count: 256)), "255"),
                (DataValidation(ranges: [], kind: .custom, formula1: "TRUE"), "no range"),
            ]
            for (validation, reason) in refused {
                #expect {
                    try sheet.addDataValidation(validation)
                } throws: { error in
                    guard let error = error as? WorkbookError, case .invalidValue = error else { return false }
                    return error.description.contains("sheet 'Form'") && error.description.contains(reason)
                }
            }
            #expect(throws: WorkbookError.invalidValue(
                context: "sheet 'Form', whole data validation on A1:A5",
                reason: "formula2 (the upper bound of 'between') is missing; give the value or formula the cells are checked against")) {
                try sheet.addDataValidation(DataValidation(ranges: [range("A1:A5")], kind: .whole, comparison: .between, formula1: "1"))
            }
        }
    }

    // MARK: - Conditional formats

    @Test func everyConditionalFormatRule() throws {
        let style = CellStyle(fontColor: Color(rgb: 0x9C0006), fill: Color(rgb: 0xFFC7CE))
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "CF")
            let rules: [(String, ConditionalFormat.Rule)] = [
                ("A1:A9", .cellValue(.between, "1", "=$Z$1")),
                ("B1:B9", .cellValue(.greaterThanOrEqual, "\"abc\"", nil)),
                ("C1:C9", .expression("=$C1>0")),
                ("D1:E9", .text(.containsText, "late")),
                ("F1:F9", .text(.notContainsText, "ok")),
                ("G1:G9", .text(.beginsWith, "ID-")),
                ("H1:H9", .text(.endsWith, "x")),
                ("I1:K9", .blanks), ("L1:L9", .noBlanks), ("M1:N9", .errors), ("O1:O9", .noErrors),
                ("P1:P9", .duplicateValues), ("Q1:Q9", .uniqueValues),
                ("R1:R9", .top(rank: 10, bottom: false, percent: true)), ("S1:S9", .top(rank: 1, bottom: true, percent: false)),
                ("T1:T9", .aboveAverage(below: false)), ("U1:U9", .aboveAverage(below: true)),
                ("V1:V9", .colorScale([Color(rgb: 0xF8696B), Color(rgb: 0x63BE7B)])),
                ("W1:W9", .colorScale([Color(rgb: 0xF8696B), Color(rgb: 0xFFEB84), .black])),
                ("X1:X9", .dataBar(Color(rgb: 0x638EC6))),
            ]
            for (text, rule) in rules {
                try sheet.addConditionalFormat(ConditionalFormat(ranges: [range(text)], rule: rule, style: style, stopIfTrue: text == "C1:C9"))
            }
        }
        let formattings = try written.sheet("CF").descendants("conditionalFormatting")
        let rules = Dictionary(formattings.compactMap { formatting in formatting.children("cfRule").first.map { (formatting.attr("sqref") ?? "", $0) } },
                               uniquingKeysWith: { first, _ in first })
        func formulas(_ sqref: String) -> [String] { rules[sqref]?.children("formula").map { $0.stringValue ?? "" } ?? [] }
        #expect(rules.count == 20)
        #expect(rules["A1:A9"]?.attr("type") == "cellIs" && rules["A1:A9"]?.attr("operator") == "between" && formulas("A1:A9") == ["1", "$Z$1"])
        #expect(rules["A1:A9"]?.attr("dxfId") != nil)
        #expect(rules["B1:B9"]?.attr("operator") == "greaterThanOrEqual" && formulas("B1:B9") == ["\"abc\""])
        #expect(rules["C1:C9"]?.attr("type") == "expression" && formulas("C1:C9") == ["$C1>0"] && rules["C1:C9"]?.attr("stopIfTrue") == "1")
        #expect(rules["D1:E9"]?.attr("type") == "containsText" && rules["D1:E9"]?.attr("text") == "late")
        #expect(formulas("D1:E9") == ["NOT(ISERROR(SEARCH(\"late\",D1)))"], "the formula refers to the top-left cell, not the first row's last")
        #expect(rules["F1:F9"]?.attr("type") == "notContainsText" && formulas("F1:F9") == ["ISERROR(SEARCH(\"ok\",F1))"])
        #expect(rules["G1:G9"]?.attr("type") == "beginsWith" && formulas("G1:G9") == ["LEFT(G1,3)=\"ID-\""])
        #expect(rules["H1:H9"]?.attr("type") == "endsWith" && formulas("H1:H9") == ["RIGHT(H1,1)=\"x\""])
        #expect(rules["I1:K9"]?.attr("type") == "containsBlanks" && formulas("I1:K9") == ["LEN(TRIM(I1))=0"])
        #expect(rules["L1:L9"]?.attr("type") == "notContainsBlanks" && formulas("L1:L9") == ["LEN(TRIM(L1))>0"])
        #expect(rules["M1:N9"]?.attr("type") == "containsErrors" && formulas("M1:N9") == ["ISERROR(M1)"])
        #expect(rules["O1:O9"]?.attr("type") == "notContainsErrors" && formulas("O1:O9") == ["NOT(ISERROR(O1))"])
        #expect(rules["P1:P9"]?.attr("type") == "duplicateValues" && rules["Q1:Q9"]?.attr("type") == "uniqueValues")
        #expect(rules["R1:R9"]?.attr("type") == "top10" && rules["R1:R9"]?.attr("rank") == "10" && rules["R1:R9"]?.attr("percent") == "1")
        #expect(rules["S1:S9"]?.attr("type") == "top10" && rules["S1:S9"]?.attr("rank") == "1" && rules["S1:S9"]?.attr("bottom") == "1")
        #expect(rules["T1:T9"]?.attr("type") == "aboveAverage" && rules["T1:T9"]?.attr("aboveAverage") == nil)
        #expect(rules["U1:U9"]?.attr("aboveAverage") == "0")
        let twoColors = try #require(rules["V1:V9"]?.children("colorScale").first)
        #expect(rules["V1:V9"]?.attr("type") == "colorScale" && rules["V1:V9"]?.attr("dxfId") == nil)
        #expect(twoColors.children("cfvo").map { $0.attr("type") } == ["min", "max"])
        #expect(twoColors.children("color").map { $0.attr("rgb") } == ["FFF8696B", "FF63BE7B"])
        let threeColors = try #require(rules["W1:W9"]?.children("colorScale").first)
        #expect(threeColors.children("cfvo").map { $0.attr("type") } == ["min", "percentile", "max"])
        #expect(threeColors.children("color").map { $0.attr("rgb") } == ["FFF8696B", "FFFFEB84", "FF000000"])
        #expect(rules["X1:X9"]?.attr("type") == "dataBar" && rules["X1:X9"]?.descendants("color").first?.attr("rgb") == "FF638EC6")
    }

    @Test func severalRangesGoIntoOneRule() throws {
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "CF")
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [range("B2:B5"), range("D2:D5"), range("F7")], rule: .blanks))
        }
        let formattings = try written.sheet("CF").descendants("conditionalFormatting")
        #expect(formattings.count == 1 && formattings[0].attr("sqref") == "B2:B5 D2:D5 F7")
        #expect(formattings[0].children("cfRule").first?.children("formula").first?.stringValue == "LEN(TRIM(B2))=0")
    }

    @Test func rulesLibxlsxwriterGetsWrongAreWrittenAsFormulas() throws {
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "CF")
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [range("A1:A20")], rule: .top(rank: 3, bottom: false, percent: false)))
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [range("B1:B20"), range("D1:D20")], rule: .top(rank: 25, bottom: true, percent: true)))
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [range("C1:C20")], rule: .text(.containsText, "say \"hi\"")))
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [range("E1:E20")], rule: .text(.beginsWith, "Ünïcode")))
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [range("F1:F20")], rule: .text(.endsWith, String(repeating: "long ", count: 12))))
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [range("G1:G20")], rule: .text(.containsText, "=x")))
        }
        let formattings = try written.sheet("CF").descendants("conditionalFormatting")
        let rules = Dictionary(formattings.compactMap { f in f.children("cfRule").first.map { (f.attr("sqref") ?? "", $0) } }, uniquingKeysWith: { a, _ in a })
        func formula(_ sqref: String) -> String? { rules[sqref]?.children("formula").first?.stringValue }
        #expect(rules.values.allSatisfy { $0.attr("type") == "expression" })
        #expect(formula("A1:A20") == "AND(ISNUMBER(A1),A1>=LARGE($A$1:$A$20,MIN(3,COUNT($A$1:$A$20))))")
        #expect(formula("B1:B20 D1:D20") == "AND(ISNUMBER(B1),B1<=SMALL(($B$1:$B$20,$D$1:$D$20),MAX(1,INT(COUNT(($B$1:$B$20,$D$1:$D$20))*25/100))))")
        #expect(formula("C1:C20") == "NOT(ISERROR(SEARCH(\"say \"\"hi\"\"\",C1)))")
        #expect(formula("E1:E20") == "LEFT(E1,7)=\"Ünïcode\"")
        #expect(formula("G1:G20") == "NOT(ISERROR(SEARCH(\"=x\",G1)))")
        #expect(formula("F1:F20") == "RIGHT(F1,60)=\"\(String(repeating: "long ", count: 12))\"")
    }

    @Test func invalidConditionalFormatsAreRefused() throws {
        _ = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "CF")
            let refused: [(ConditionalFormat.Rule, [CellRange], String)] = [
                (.colorScale([.black]), [range("A1:A5")], "2 or 3 colours"),
                (.cellValue(.notBetween, "1", nil), [range("A1:A5")], "second value"),
                (.expression("  "), [range("A1:A5")], "empty"),
                (.top(rank: 0, bottom: false, percent: false), [range("A1:A5")], "rank"),
                (.top(rank: 101, bottom: false, percent: true), [range("A1:A5")], "rank"),
                (.blanks, [], "no range"),
                (.blanks, Array(repeating: range("AA100000:AB100001"), count: 150), "2,079"),
            ]
            for (rule, ranges, reason) in refused {
                #expect {
                    try sheet.addConditionalFormat(ConditionalFormat(ranges: ranges, rule: rule))
                } throws: { error in
                    guard let error = error as? WorkbookError, case .invalidValue = error else { return false }
                    return error.description.contains("sheet 'CF'") && error.description.contains(reason)
                }
            }
        }
    }
}
