import FileSupport
import Foundation
import SpreadsheetModel
import Workbook
import YAMLReading
import Yams

/// The template-wide parts: named styles, print settings and the logo.
extension TemplateLoader {
    /// Reads a named style.
    func style(_ node: Node) throws(YAMLNodeError) -> CellStyle {
        let keys = try reader.mapping(node, "a style", allowed: TemplateLoader.styleKeys)
        var style = CellStyle()
        style.fontName = try keys["font"].map { n throws(YAMLNodeError) in try reader.string(n, "font") }
        style.fontSize = try keys["size"].map { n throws(YAMLNodeError) in try reader.number(n, "size", range: 1...409) }
        style.fontColor = try keys["color"].map { n throws(YAMLNodeError) in try color(n, "color") }
        style.bold = try keys["bold"].map { n throws(YAMLNodeError) in try reader.bool(n, "bold") } ?? false
        style.italic = try keys["italic"].map { n throws(YAMLNodeError) in try reader.bool(n, "italic") } ?? false
        style.underline = try keys["underline"].map { n throws(YAMLNodeError) in try reader.bool(n, "underline") } ?? false
        style.fill = try keys["fill"].map { n throws(YAMLNodeError) in try color(n, "fill") }
        style.border = try keys["border"].map { n throws(YAMLNodeError) in try reader.choice(n, "border") } ?? .none
        style.borderColor = try keys["borderColor"].map { n throws(YAMLNodeError) in try color(n, "borderColor") }
        style.wrap = try keys["wrap"].map { n throws(YAMLNodeError) in try reader.bool(n, "wrap") } ?? false
        style.horizontal = try keys["align"].map { n throws(YAMLNodeError) in try reader.choice(n, "align") } ?? .general
        style.vertical = try keys["valign"].map { n throws(YAMLNodeError) in try reader.choice(n, "valign") } ?? .bottom
        style.numberFormat = try keys["numberFormat"].map { n throws(YAMLNodeError) in try reader.string(n, "numberFormat") }
        style.indent = Int(try keys["indent"].map { n throws(YAMLNodeError) in try reader.number(n, "indent", range: 0...15) } ?? 0)
        return style
    }

    /// Reads print settings.
    func printSpec(_ node: Node) throws(YAMLNodeError) -> PrintSpec {
        let keys = try reader.mapping(node, "print", allowed: TemplateLoader.printKeys)
        var spec = PrintSpec()
        if let orientation = keys["orientation"] {
            let value = try reader.string(orientation, "orientation")
            guard ["landscape", "portrait"].contains(value) else {
                throw fail(orientation, YAMLNodeReader.choiceMessage("orientation", value: value, valid: ["landscape", "portrait"]))
            }
            spec.landscape = value == "landscape"
        }
        spec.paper = try keys["paper"].map { n throws(YAMLNodeError) in try reader.choice(n, "paper") }
        spec.fitToWidth = try keys["fitToWidth"].map { n throws(YAMLNodeError) in try reader.bool(n, "fitToWidth") }
        spec.repeatHeader = try keys["repeatHeader"].map { n throws(YAMLNodeError) in try reader.bool(n, "repeatHeader") }
        spec.center = try keys["center"].map { n throws(YAMLNodeError) in try reader.bool(n, "center") }
        spec.area = try keys["area"].map { n throws(YAMLNodeError) in try cellRange(n) }
        if let rowsNode = keys["repeatRows"] {
            let value = try reader.string(rowsNode, "repeatRows")
            let parts = value.split(separator: ":", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard (1...2).contains(parts.count), let first = parts.first!, let last = parts.last!, 1 <= first, first <= last,
                  last <= Worksheet.maximumRows else {
                throw fail(rowsNode, "'repeatRows' must be 1-based rows like \"14:14\" or \"3:4\", not '\(value)'")
            }
            spec.repeatRows = (first - 1)...(last - 1)
        }
        for key in ["header", "footer"] {
            guard let textNode = keys[key] else { continue }
            let value = try text(textNode, key, placeholders: Placeholders.all)
            for locale in DocumentLocale.allCases {
                if value.text(locale).utf8.count > 200 {
                    throw fail(textNode, "the page \(key) is \(value.text(locale).utf8.count) bytes; keep it under 200 (Excel allows 255 after placeholders)")
                }
                if let problem = Placeholders.pageHeaderProblem(value.text(locale)) { throw fail(textNode, "the page \(key) cannot be written: \(problem)") }
            }
            if key == "header" { spec.header = value } else { spec.footer = value }
        }
        return spec
    }

    /// Reads the logo and loads its image.
    func logoSpec(_ node: Node) throws(YAMLNodeError) -> LogoSpec {
        let keys = try reader.mapping(node, "logo", allowed: TemplateLoader.logoKeys)
        guard let pathNode = keys["path"] else { throw fail(node, "logo without 'path' (an image file beside the template)") }
        let imagePath = try reader.string(pathNode, "path")
        let url = imagePath.hasPrefix("/") ? URL(fileURLWithPath: imagePath)
            : (baseFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(imagePath)
        guard FilePaths.exists(url) else {
            throw fail(pathNode, "logo image '\(imagePath)' not found (paths are relative to the template file)")
        }
        guard !FilePaths.isFolder(url) else { throw fail(pathNode, "logo '\(imagePath)' is a folder, not an image file") }
        let size = FilePaths.size(of: url)
        guard size <= TemplateLoader.maximumLogoBytes else {
            throw fail(pathNode, "logo '\(imagePath)' is \(size / 1_048_576) MiB; a logo may take at most "
                + "\(TemplateLoader.maximumLogoBytes / 1_048_576) MiB (a cover image needs far less)")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw fail(pathNode, "logo image '\(imagePath)' cannot be read; check its permissions")
        }
        let signatures: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8], Array("GIF8".utf8), Array("BM".utf8)]
        guard signatures.contains(where: { data.starts(with: $0) }) else {
            throw fail(pathNode, "logo '\(imagePath)' is not a PNG, JPEG, GIF or BMP image")
        }
        return LogoSpec(
            data: data, path: imagePath,
            cell: try keys["cell"].map { n throws(YAMLNodeError) in try cellReference(n) } ?? CellReference(row: 0, column: 0),
            scale: try keys["scale"].map { n throws(YAMLNodeError) in try reader.number(n, "scale", range: 0.01...10) } ?? 1)
    }
}
