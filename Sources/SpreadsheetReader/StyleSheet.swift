import Foundation
import SpreadsheetModel

/// `xl/styles.xml` resolved into ``Workbook/CellStyle`` values: one per `cellXfs` entry (what a cell's `s`
/// attribute indexes) and one per `dxfs` entry (what conditional formats apply).
///
/// How the parts of an `xf` become a style:
/// * Each `xf`'s `fontId`, `fillId`, `borderId`, `numFmtId` and its `alignment`/`protection` children are used as
///   Excel renders them; the `applyFont`/`applyFill`/… flags and the parent `cellStyleXfs` entry (`xfId`) are
///   ignored, since Excel itself draws the cell from the `xf`'s own ids.
/// * Font name and size are always set (the workbook's default font too), so a style is complete on its own; the
///   font colour is `nil` only for Excel's automatic colour.
/// * Borders: when the four sides have the same line and colour and there is no diagonal, the style has
///   `border`/`borderColor` and `edges == nil`; any other border is in `edges` (with `border == .none`).
/// * Fills: a solid pattern sets `fill` to its foreground colour; other patterns set `patternFill`. A gradient fill
///   cannot be written back and is approximated by a solid fill of its first stop's colour.
/// * Number formats: custom `numFmt` codes, else ECMA-376's built-in codes (ids 5–8 and 41–44, which Excel
///   localises, in their en-US form); id 0 (General) is `nil`. Ids with no known code (the East Asian ids 27–36 and
///   50–81 without a `numFmt`) are `nil` and listed in ``unknownNumberFormatIDs``.
struct StyleSheet {
    /// The style of each `cellXfs` entry.
    var cellStyles: [CellStyle]
    /// The style of each `dxfs` entry: only what the `dxf` lists is set.
    var differentialStyles: [CellStyle]
    /// The workbook's default font: the font name and size of `cellXfs[0]`, as a style with nothing else set.
    var defaultStyle: CellStyle
    /// Built-in number format ids used by the styles that have no known format code.
    var unknownNumberFormatIDs: Set<Int> = []
    /// The stylesheet's own number formats by id.
    private var customNumberFormats: [Int: String] = [:]

    /// The styles of a workbook without a stylesheet: one default style.
    init() {
        cellStyles = [CellStyle(fontName: "Calibri", fontSize: 11)]
        differentialStyles = []
        defaultStyle = CellStyle(fontName: "Calibri", fontSize: 11)
    }

    /// Reads the stylesheet.
    ///
    /// - Throws: `invalidValue` naming the part and the entry when an id points past its list.
    init(root: ParsedElement, colors: ColorResolver, part: String, source: String) throws(SpreadsheetReaderError) {
        var formats: [Int: String] = [:]
        for numFmt in root.path("numFmts")?.children("numFmt") ?? [] {
            if let id = numFmt["numFmtId"].flatMap(XMLValue.integer), let code = numFmt["formatCode"] { formats[id] = code }
        }
        let fonts = (root.path("fonts")?.children("font") ?? []).map { FontDescription(element: $0, colors: colors) }
        let fills = (root.path("fills")?.children("fill") ?? []).map { FillDescription(element: $0, colors: colors, differential: false) }
        let borders = (root.path("borders")?.children("border") ?? []).map { BorderDescription(element: $0, colors: colors) }
        let defaultFont = fonts.first ?? FontDescription()
        // Font name and size missing from a font come from the first font (openpyxl writes only what was set).

        var unknownIDs: Set<Int> = []
        func numberFormat(_ id: Int) -> String? {
            if let code = formats[id] { return code.lowercased() == "general" ? nil : code }
            if id == 0 { return nil }
            if let code = StyleSheet.builtInNumberFormats[id] { return code }
            unknownIDs.insert(id)
            return nil
        }
        func index(_ xf: ParsedElement, _ attribute: String, count: Int, position: Int) throws(SpreadsheetReaderError) -> Int? {
            guard let text = xf[attribute] else { return nil }
            guard let value = XMLValue.integer(text), value >= 0, value < count || value == 0 else {
                throw .invalidValue(path: source, part: part, location: "cell format \(position)",
                                    detail: "has \(attribute)=\"\(text)\" but the stylesheet has \(count)")
            }
            return value
        }

        var styles: [CellStyle] = []
        for (position, xf) in (root.path("cellXfs")?.children("xf") ?? []).enumerated() {
            var style = CellStyle()
            let font = try index(xf, "fontId", count: fonts.count, position: position).flatMap { fonts.indices.contains($0) ? fonts[$0] : nil }
            (font ?? defaultFont).apply(to: &style, defaults: defaultFont)
            if let fill = try index(xf, "fillId", count: fills.count, position: position).flatMap({ fills.indices.contains($0) ? fills[$0] : nil }) {
                fill.apply(to: &style)
            }
            if let border = try index(xf, "borderId", count: borders.count, position: position)
                .flatMap({ borders.indices.contains($0) ? borders[$0] : nil }) {
                border.apply(to: &style)
            }
            if let text = xf["numFmtId"] {
                guard let id = XMLValue.integer(text), id >= 0 else {
                    throw .invalidValue(path: source, part: part, location: "cell format \(position)", detail: "has numFmtId=\"\(text)\"")
                }
                style.numberFormat = numberFormat(id)
            }
            StyleSheet.applyAlignment(xf.child("alignment"), to: &style)
            StyleSheet.applyProtection(xf.child("protection"), to: &style)
            styles.append(style)
        }
        if styles.isEmpty {
            var style = CellStyle()
            defaultFont.apply(to: &style, defaults: defaultFont)
            styles.append(style)
        }
        cellStyles = styles
        defaultStyle = CellStyle(fontName: styles[0].fontName, fontSize: styles[0].fontSize)

        customNumberFormats = formats
        differentialStyles = []
        unknownNumberFormatIDs = unknownIDs
        differentialStyles = (root.path("dxfs")?.children("dxf") ?? []).map { differentialStyle($0, colors: colors) }
    }

    /// A `dxf` (from `dxfs`, or inline in an Excel 2010 conditional format) as a style with only what it lists.
    func differentialStyle(_ dxf: ParsedElement, colors: ColorResolver) -> CellStyle {
        var style = CellStyle()
        if let font = dxf.child("font") { FontDescription(element: font, colors: colors).apply(to: &style, defaults: nil) }
        if let fill = dxf.child("fill") { FillDescription(element: fill, colors: colors, differential: true).apply(to: &style) }
        if let border = dxf.child("border") { BorderDescription(element: border, colors: colors).apply(to: &style) }
        if let numFmt = dxf.child("numFmt") {
            if let code = numFmt["formatCode"] {
                style.numberFormat = code
            } else if let id = numFmt["numFmtId"].flatMap(XMLValue.integer) {
                style.numberFormat = customNumberFormats[id] ?? (id == 0 ? nil : StyleSheet.builtInNumberFormats[id])
            }
        }
        StyleSheet.applyAlignment(dxf.child("alignment"), to: &style)
        StyleSheet.applyProtection(dxf.child("protection"), to: &style)
        return style
    }

    /// Applies an `alignment` element: horizontal (`centerContinuous` → `centerAcross`), vertical, wrap, indent,
    /// rotation (91–180, Excel's downward angles, → −1…−90), shrink to fit.
    static func applyAlignment(_ alignment: ParsedElement?, to style: inout CellStyle) {
        guard let alignment else { return }
        switch alignment["horizontal"] {
        case "left": style.horizontal = .left
        case "center": style.horizontal = .center
        case "right": style.horizontal = .right
        case "justify": style.horizontal = .justify
        case "centerContinuous": style.horizontal = .centerAcross
        case "fill": style.horizontal = .fill
        case "distributed": style.horizontal = .distributed
        default: break
        }
        switch alignment["vertical"] {
        case "top": style.vertical = .top
        case "center": style.vertical = .center
        case "bottom": style.vertical = .bottom
        case "justify": style.vertical = .justify
        case "distributed": style.vertical = .distributed
        default: break
        }
        if let wrap = alignment["wrapText"].flatMap(XMLValue.bool) { style.wrap = wrap }
        if let shrink = alignment["shrinkToFit"].flatMap(XMLValue.bool) { style.shrinkToFit = shrink }
        if let indent = alignment["indent"].flatMap(XMLValue.integer) { style.indent = max(0, min(indent, 250)) }
        if let rotation = alignment["textRotation"].flatMap(XMLValue.integer) {
            switch rotation {
            case 0...90, 255: style.rotation = rotation
            case 91...180: style.rotation = 90 - rotation
            default: break
            }
        }
    }

    /// Applies a `protection` element (`locked`, `hidden`).
    static func applyProtection(_ protection: ParsedElement?, to style: inout CellStyle) {
        guard let protection else { return }
        if let locked = protection["locked"].flatMap(XMLValue.bool) { style.locked = locked }
        if let hidden = protection["hidden"].flatMap(XMLValue.bool) { style.hidden = hidden }
    }

    /// ECMA-376 Part 1 §18.8.30's built-in number formats, with the ids Excel localises (5–8, 41–44) in en-US.
    static let builtInNumberFormats: [Int: String] = [
        1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00",
        5: "\"$\"#,##0_);(\"$\"#,##0)", 6: "\"$\"#,##0_);[Red](\"$\"#,##0)",
        7: "\"$\"#,##0.00_);(\"$\"#,##0.00)", 8: "\"$\"#,##0.00_);[Red](\"$\"#,##0.00)",
        9: "0%", 10: "0.00%", 11: "0.00E+00", 12: "# ?/?", 13: "# ??/??",
        14: "mm-dd-yy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM", 19: "h:mm:ss AM/PM",
        20: "h:mm", 21: "h:mm:ss", 22: "m/d/yy h:mm",
        37: "#,##0 ;(#,##0)", 38: "#,##0 ;[Red](#,##0)", 39: "#,##0.00;(#,##0.00)", 40: "#,##0.00;[Red](#,##0.00)",
        41: "_(* #,##0_);_(* \\(#,##0\\);_(* \"-\"_);_(@_)",
        42: "_(\"$\"* #,##0_);_(\"$\"* \\(#,##0\\);_(\"$\"* \"-\"_);_(@_)",
        43: "_(* #,##0.00_);_(* \\(#,##0.00\\);_(* \"-\"??_);_(@_)",
        44: "_(\"$\"* #,##0.00_);_(\"$\"* \\(#,##0.00\\);_(\"$\"* \"-\"??_);_(@_)",
        45: "mm:ss", 46: "[h]:mm:ss", 47: "mmss.0", 48: "##0.0E+0", 49: "@",
    ]
}

/// A `font` element of the stylesheet (or of a `dxf`): only what it lists is set.
struct FontDescription {
    var name: String?
    var size: Double?
    var color: Color?
    var bold: Bool?
    var italic: Bool?
    var underline: UnderlineStyle?
    var strikeout: Bool?
    var script: FontScript?

    /// An empty description (Excel's default font is Calibri 11).
    init() {}

    /// Reads a `font` (`name` or `rFont`, `sz`, `b`, `i`, `u`, `strike`, `vertAlign`, `color`).
    init(element: ParsedElement, colors: ColorResolver) {
        for child in element.children {
            let value = child["val"]
            switch child.name {
            case "name", "rFont": name = value
            case "sz": size = value.flatMap(XMLValue.double)
            case "color": color = colors.color(child)
            case "b": bold = value.flatMap(XMLValue.bool) ?? true
            case "i": italic = value.flatMap(XMLValue.bool) ?? true
            case "strike": strikeout = value.flatMap(XMLValue.bool) ?? true
            case "u":
                switch value ?? "single" {
                case "double": underline = .double
                case "singleAccounting": underline = .singleAccounting
                case "doubleAccounting": underline = .doubleAccounting
                case "none": underline = UnderlineStyle.none
                default: underline = .single
                }
            case "vertAlign":
                switch value {
                case "superscript": script = .superscript
                case "subscript": script = .subscript
                default: script = FontScript.none
                }
            default: continue
            }
        }
    }

    /// Sets the listed properties on `style`. With `defaults` (the workbook's first font), a missing name or size
    /// is taken from it (Calibri 11 when it lacks them too), as Excel draws such a font.
    func apply(to style: inout CellStyle, defaults: FontDescription?) {
        if let name { style.fontName = name } else if let defaults { style.fontName = defaults.name ?? "Calibri" }
        if let size { style.fontSize = size } else if let defaults { style.fontSize = defaults.size ?? 11 }
        if let color { style.fontColor = color }
        if let bold { style.bold = bold }
        if let italic { style.italic = italic }
        if let underline { style.underlineStyle = underline }
        if let strikeout { style.strikeout = strikeout }
        if let script { style.script = script }
    }
}

/// A `fill` element: a pattern fill or (approximated) a gradient fill.
struct FillDescription {
    var solid: Color?
    var pattern: PatternFill?

    /// Reads a fill. In a `dxf` a solid fill's colour is its background colour (`bgColor`), and a missing
    /// `patternType` means solid.
    init(element: ParsedElement, colors: ColorResolver, differential: Bool) {
        if let patternFill = element.child("patternFill") {
            let foreground = colors.color(patternFill.child("fgColor"))
            let background = colors.color(patternFill.child("bgColor"))
            let type = patternFill["patternType"] ?? (differential ? "solid" : "none")
            if type == "solid" {
                let color = differential ? (background ?? foreground) : foreground
                if let color { solid = color } else if !differential { pattern = PatternFill(.solid) }
            } else if type != "none", let kind = FillPatternKind(rawValue: type) {
                pattern = PatternFill(kind, foreground: foreground, background: background)
            }
        } else if let gradient = element.child("gradientFill") {
            let firstStop = gradient.children("stop").min { a, b in
                (a["position"].flatMap(XMLValue.double) ?? 0) < (b["position"].flatMap(XMLValue.double) ?? 0)
            }
            solid = colors.color(firstStop?.child("color"))
        }
    }

    /// Sets `fill` or `patternFill` on `style`.
    func apply(to style: inout CellStyle) {
        if let solid { style.fill = solid }
        if let pattern { style.patternFill = pattern }
    }
}

/// A `border` element: four sides, the diagonal and its directions.
struct BorderDescription {
    var edges: BorderEdges

    /// Reads a border (`start`/`end` stand for `left`/`right` when those are absent).
    init(element: ParsedElement, colors: ColorResolver) {
        func line(_ names: String...) -> BorderLine {
            guard let side = names.lazy.compactMap({ element.child($0) }).first else { return .none }
            let style = side["style"].map(BorderDescription.borderStyle) ?? BorderStyle.none
            return style == .none ? .none : BorderLine(style, color: colors.color(side.child("color")))
        }
        edges = BorderEdges(left: line("left", "start"), right: line("right", "end"), top: line("top"), bottom: line("bottom"),
                            diagonal: line("diagonal"),
                            diagonalUp: element["diagonalUp"].flatMap(XMLValue.bool) ?? false,
                            diagonalDown: element["diagonalDown"].flatMap(XMLValue.bool) ?? false)
        if edges.diagonal.style == .none { edges.diagonalUp = false; edges.diagonalDown = false }
    }

    /// OOXML's `ST_BorderStyle` names → ``BorderStyle``.
    static func borderStyle(_ name: String) -> BorderStyle {
        BorderStyle(rawValue: name) ?? .none
    }

    /// Sets the border on `style`: `border`/`borderColor` when the four sides agree and there is no diagonal,
    /// `edges` otherwise; nothing when there is no line.
    func apply(to style: inout CellStyle) {
        let sides = [edges.left, edges.right, edges.top, edges.bottom]
        let hasDiagonal = edges.diagonal.style != .none && (edges.diagonalUp || edges.diagonalDown)
        if !hasDiagonal && sides.allSatisfy({ $0 == .none }) { return }
        if !hasDiagonal, sides.allSatisfy({ $0 == sides[0] }) {
            style.border = sides[0].style
            style.borderColor = sides[0].color
            style.edges = nil
        } else {
            var edges = edges
            if !hasDiagonal { edges.diagonal = .none; edges.diagonalUp = false; edges.diagonalDown = false }
            style.border = .none
            style.borderColor = nil
            style.edges = edges
        }
    }
}
