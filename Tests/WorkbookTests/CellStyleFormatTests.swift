import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
import SpreadsheetModel
@testable import Workbook

/// Every ``CellStyle`` property reaches `xl/styles.xml` as Excel stores it.
@Suite struct CellStyleFormatTests {
    let red = Color(rgb: 0xFF0000), blue = Color(rgb: 0x0000FF), green = Color(rgb: 0x00B050), yellow = Color(rgb: 0xFFFF00)

    @Test func perSideBordersWithColoursAndDiagonals() throws {
        var style = CellStyle()
        style.edges = BorderEdges(left: BorderLine(.thin, color: red), right: BorderLine(.medium, color: blue),
                                  top: BorderLine(.dashed), bottom: BorderLine(.double, color: green),
                                  diagonal: BorderLine(.hair, color: Color.black), diagonalUp: true, diagonalDown: true)
        var downOnly = CellStyle()
        downOnly.edges = BorderEdges(bottom: BorderLine(.thick), diagonalDown: true)
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "S")
            try sheet.writeBlank(row: 0, column: 0, style: style)
            try sheet.writeBlank(row: 1, column: 0, style: downOnly)
        }
        let border = try written.format("S", "A1").border
        #expect(border.attr("diagonalUp") == "1" && border.attr("diagonalDown") == "1")
        #expect(border.child("left", "style") == "thin" && border.children("left").first?.rgb("color") == "FFFF0000")
        #expect(border.child("right", "style") == "medium" && border.children("right").first?.rgb("color") == "FF0000FF")
        #expect(border.child("top", "style") == "dashed" && border.children("top").first?.child("color", "auto") == "1")
        #expect(border.child("bottom", "style") == "double" && border.children("bottom").first?.rgb("color") == "FF00B050")
        #expect(border.child("diagonal", "style") == "hair" && border.children("diagonal").first?.rgb("color") == "FF000000",
                "black is a colour, not libxlsxwriter's 'unset'")
        let second = try written.format("S", "A2").border
        #expect(second.attr("diagonalDown") == "1" && second.attr("diagonalUp") == nil)
        #expect(second.child("bottom", "style") == "thick" && second.child("left", "style") == nil)
        #expect(second.child("diagonal", "style") == "thin", "Excel draws a diagonal only with a line: libxlsxwriter's thin default")
    }

    @Test func patternsSolidFillsAndBlack() throws {
        var pattern = CellStyle()
        pattern.patternFill = PatternFill(.darkGrid, foreground: red, background: yellow)
        var solidBoth = CellStyle()
        solidBoth.patternFill = PatternFill(.solid, foreground: blue, background: yellow)
        var solidOne = CellStyle()
        solidOne.patternFill = PatternFill(.solid, foreground: green)
        var grayOnly = CellStyle()
        grayOnly.patternFill = PatternFill(.gray125)
        var replacesFill = CellStyle(fill: red)
        replacesFill.patternFill = PatternFill(.lightUp, foreground: blue)
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "S")
            for (row, style) in [pattern, solidBoth, solidOne, grayOnly, replacesFill, CellStyle(fill: yellow), CellStyle(fill: .black)].enumerated() {
                try sheet.writeBlank(row: row, column: 0, style: style)
            }
        }
        func fill(_ cell: String) throws -> XMLElement { try #require(try written.format("S", cell).fill.children("patternFill").first) }
        #expect(try fill("A1").attr("patternType") == "darkGrid")
        #expect(try fill("A1").rgb("fgColor") == "FFFF0000" && fill("A1").rgb("bgColor") == "FFFFFF00")
        #expect(try fill("A2").attr("patternType") == "solid")
        #expect(try fill("A2").rgb("fgColor") == "FF0000FF" && fill("A2").rgb("bgColor") == "FFFFFF00",
                "the foreground is the solid fill's colour, the background stays the background")
        #expect(try fill("A3").attr("patternType") == "solid" && fill("A3").rgb("fgColor") == "FF00B050")
        #expect(try fill("A4").attr("patternType") == "gray125" && fill("A4").children("fgColor").isEmpty)
        #expect(try fill("A5").attr("patternType") == "lightUp" && fill("A5").rgb("fgColor") == "FF0000FF")
        #expect(try fill("A6").attr("patternType") == "solid" && fill("A6").rgb("fgColor") == "FFFFFF00", "the old solid fill is unchanged")
        #expect(try fill("A7").attr("patternType") == "solid" && fill("A7").rgb("fgColor") == "FF000000", "a black fill is black")
    }

    @Test func fontUnderlineStrikeoutScriptAndColour() throws {
        var double = CellStyle(fontName: "Arial", fontSize: 9, fontColor: .black, bold: true)
        double.underlineStyle = .double
        double.strikeout = true
        double.script = .superscript
        var accounting = CellStyle(italic: true)
        accounting.underlineStyle = .singleAccounting
        accounting.script = .subscript
        var doubleAccounting = CellStyle()
        doubleAccounting.underlineStyle = .doubleAccounting
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "S")
            try sheet.write("a", row: 0, column: 0, style: double)
            try sheet.write("b", row: 1, column: 0, style: accounting)
            try sheet.write("c", row: 2, column: 0, style: doubleAccounting)
            try sheet.write("d", row: 3, column: 0, style: CellStyle(underline: true))
        }
        let first = try written.format("S", "A1").font
        #expect(first.child("u", "val") == "double" && !first.children("strike").isEmpty && !first.children("b").isEmpty)
        #expect(first.child("vertAlign", "val") == "superscript" && first.child("name", "val") == "Arial" && first.child("sz", "val") == "9")
        #expect(first.rgb("color") == "FF000000")
        let second = try written.format("S", "A2").font
        #expect(second.child("u", "val") == "singleAccounting" && second.child("vertAlign", "val") == "subscript" && !second.children("i").isEmpty)
        #expect(try written.format("S", "A3").font.child("u", "val") == "doubleAccounting")
        let single = try written.format("S", "A4").font.children("u")
        #expect(single.count == 1 && single[0].attr("val") == nil, "a single underline is Excel's <u/>")
    }

    @Test func rotationAlignmentShrinkAndProtection() throws {
        func rotated(_ angle: Int) -> CellStyle { var style = CellStyle(); style.rotation = angle; return style }
        var shrink = CellStyle(horizontal: .center, vertical: .justify)
        shrink.shrinkToFit = true
        var unlocked = CellStyle(horizontal: .fill, vertical: .distributed)
        unlocked.locked = false
        unlocked.hidden = true
        var hiddenOnly = CellStyle()
        hiddenOnly.hidden = true
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "S")
            for (row, angle) in [45, -45, -90, 90, 255, 120, 500].enumerated() {
                try sheet.write("r", row: row, column: 0, style: rotated(angle))
            }
            try sheet.write("s", row: 0, column: 1, style: shrink)
            try sheet.write("u", row: 1, column: 1, style: unlocked)
            try sheet.write("h", row: 2, column: 1, style: hiddenOnly)
            try sheet.write("d", row: 3, column: 1, style: CellStyle(horizontal: .distributed))
        }
        var angles: [String?] = []
        for row in 1...7 { angles.append(try written.format("S", "A\(row)").alignment("textRotation")) }
        #expect(angles == ["45", "135", "180", "90", "255", "120", nil],
                "Excel stores -1…-90 as 91…180 and stacked text as 255; 120 arrives in Excel's form; 500 cannot be stored")
        let shrunk = try written.format("S", "B1")
        #expect(shrunk.alignment("shrinkToFit") == "1" && shrunk.alignment("horizontal") == "center" && shrunk.alignment("vertical") == "justify")
        let protected = try written.format("S", "B2")
        #expect(protected.protection("locked") == "0" && protected.protection("hidden") == "1")
        #expect(protected.alignment("horizontal") == "fill" && protected.alignment("vertical") == "distributed")
        #expect(try written.format("S", "B3").protection("hidden") == "1" && written.format("S", "B3").protection("locked") == nil)
        #expect(try written.format("S", "B4").alignment("horizontal") == "distributed")
    }

    @Test func highlightFormatCarriesFontFillBordersAndNumberFormat() throws {
        var style = CellStyle(fontColor: red, bold: true, italic: true, underline: true, fill: yellow, numberFormat: "0.00%")
        style.strikeout = true
        style.edges = BorderEdges(left: BorderLine(.thin, color: blue), bottom: BorderLine(.medium, color: red))
        var patterned = CellStyle()
        patterned.patternFill = PatternFill(.lightGrid, foreground: green, background: yellow)
        var solidPattern = CellStyle()
        solidPattern.patternFill = PatternFill(.solid, foreground: blue)
        let written = try WrittenBook.write { workbook in
            let sheet = try workbook.addWorksheet(named: "S")
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [CellRange("A1:A9")!], rule: .expression("A1>1"), style: style))
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [CellRange("B1:B9")!], rule: .blanks, style: patterned))
            try sheet.addConditionalFormat(ConditionalFormat(ranges: [CellRange("C1:C9")!], rule: .errors, style: solidPattern))
        }
        let dxfs = try written.differentialFormats()
        try #require(dxfs.count == 3)
        let font = try #require(dxfs[0].children("font").first)
        #expect(!font.children("b").isEmpty && !font.children("i").isEmpty && !font.children("strike").isEmpty && !font.children("u").isEmpty)
        #expect(font.rgb("color") == "FFFF0000")
        #expect(dxfs[0].child("numFmt", "formatCode") == "0.00%")
        #expect(dxfs[0].children("fill").first?.rgb("bgColor") == "FFFFFF00", "a conditional format's solid fill is its background colour")
        let border = try #require(dxfs[0].children("border").first)
        #expect(border.child("left", "style") == "thin" && border.children("left").first?.rgb("color") == "FF0000FF")
        #expect(border.child("bottom", "style") == "medium")
        let pattern = try #require(dxfs[1].descendants("patternFill").first)
        #expect(pattern.attr("patternType") == "lightGrid" && pattern.rgb("fgColor") == "FF00B050" && pattern.rgb("bgColor") == "FFFFFF00")
        #expect(dxfs[2].descendants("patternFill").first?.rgb("bgColor") == "FF0000FF")
    }

    @Test func libraryRotationConversion() {
        #expect(CellStyle.libraryRotation(0) == nil)
        #expect(CellStyle.libraryRotation(-90) == -90 && CellStyle.libraryRotation(90) == 90)
        #expect(CellStyle.libraryRotation(91) == -1 && CellStyle.libraryRotation(180) == -90)
        #expect(CellStyle.libraryRotation(255) == 270 && CellStyle.libraryRotation(181) == nil && CellStyle.libraryRotation(-91) == nil)
    }
}
