import Foundation
import Inventory
import SpreadsheetModel
import Workbook
import YAMLReading
import Yams

/// Reads a template from YAML and validates every key, type and name before anything is written.
/// Errors read `path:line: message` and list the valid choices. The node reading is ``YAMLNodeReader``'s (shared
/// with the configuration loader); each sheet is read by a ``TemplateSheetReader``, part by part.
struct TemplateLoader {
    let path: String
    let baseFolder: URL?
    /// Reads typed values from the template's nodes.
    let reader: YAMLNodeReader

    init(path: String, baseFolder: URL?) {
        self.path = path
        self.baseFolder = baseFolder
        reader = YAMLNodeReader(path: path)
    }

    /// Loads and validates the template `yaml`, read from `path`; a logo path is relative to `baseFolder`.
    static func load(yaml: String, path: String, baseFolder: URL?) throws(DesignDocumentError) -> Template {
        do {
            return try TemplateLoader(path: path, baseFolder: baseFolder).load(yaml)
        } catch {
            throw .invalidTemplate(path: error.path, line: error.line, message: error.message)
        }
    }

    static let topKeys = ["name", "description", "properties", "fonts", "styles", "print", "logo", "sheets"]
    static let propertyKeys = ["title", "subject", "author", "manager", "company", "category", "keywords", "comments", "status"]
    static let styleKeys = ["font", "size", "color", "bold", "italic", "underline", "fill", "border", "borderColor",
                            "wrap", "align", "valign", "numberFormat", "indent"]
    static let printKeys = ["orientation", "paper", "fitToWidth", "repeatHeader", "header", "footer", "center", "area", "repeatRows"]
    static let sheetKeys = ["kind", "name", "description", "cells", "columnWidths", "rowHeights", "startRow", "columns",
                            "sort", "group", "split", "sections", "filter", "highlightUndocumented", "table",
                            "freezeHeader", "freezeColumns", "autofilter", "rows", "levels", "chart", "print", "tabColor", "gridlines",
                            "properties", "methods", "attributes", "relationships", "diagram", "defaultRowHeight"]
    static let cellKeys = ["cell", "value", "style", "merge", "link", "formula"]
    static let columnKeys = ["header", "field", "width", "wrap", "style", "format", "link", "choices"]
    static let filterKeys = ["minAccess", "kinds", "documentation"]
    static let memberTableKeys = ["title", "columns"]
    static let chartKeys = ["type", "title", "field"]
    static let logoKeys = ["path", "cell", "scale"]

    /// The largest logo image read: a bigger file is refused before it is read.
    static let maximumLogoBytes = 16 << 20

    /// Parses and validates the whole template.
    func load(_ yaml: String) throws(YAMLNodeError) -> Template {
        guard let root = try reader.compose(yaml) else {
            throw fail(nil, "the template is empty; start from 'docsheet templates show design-doc'")
        }
        let top = try reader.mapping(root, "the template", allowed: TemplateLoader.topKeys)
        guard let nameNode = top["name"] else { throw fail(root, "missing key 'name' (the template's name)") }
        guard let sheetsNode = top["sheets"] else { throw fail(root, "missing key 'sheets' (the list of sheets)") }
        var styles: [String: CellStyle] = [:]
        if let node = top["styles"] {
            for (name, styleNode) in try reader.mapping(node, "styles").ordered {
                styles[name] = try style(styleNode)
            }
        }
        var properties: [String: LocalizedText] = [:]
        if let node = top["properties"] {
            for (key, value) in try reader.mapping(node, "properties", allowed: TemplateLoader.propertyKeys).ordered {
                properties[key] = try text(value, key, placeholders: Placeholders.global)
            }
        }
        var fonts = Template.defaultFonts
        if let node = top["fonts"] {
            for (key, value) in try reader.mapping(node, "fonts", allowed: DocumentLocale.allCases.map(\.rawValue)).ordered {
                if let locale = DocumentLocale(rawValue: key) { fonts[locale] = try reader.string(value, "fonts.\(key)") }
            }
        }
        let print = try top["print"].map { node throws(YAMLNodeError) in try printSpec(node) } ?? PrintSpec()
        if let node = top["print"], print.area != nil || print.repeatRows != nil {
            throw fail(node, "'area' and 'repeatRows' are a form sheet's own print settings: give them under that sheet's 'print'")
        }
        let logo = try top["logo"].map { node throws(YAMLNodeError) in try logoSpec(node) }
        guard case .sequence(let sequence) = sheetsNode, !sequence.isEmpty else {
            throw fail(sheetsNode, "'sheets' must be a non-empty list of sheets")
        }
        var sheets: [SheetSpec] = []
        for node in sequence {
            sheets.append(try TemplateSheetReader.read(node, loader: self, styles: styles))
        }
        try checkUniqueSheetNames(sheets)
        try checkSheetLinks(sheets)
        return Template(
            name: try reader.string(nameNode, "name"), source: path,
            summary: try top["description"].map { node throws(YAMLNodeError) in try reader.string(node, "description") },
            properties: properties, fonts: fonts, styles: styles, print: print, logo: logo, sheets: sheets)
    }

    /// The 1-based line of a node, for messages.
    func line(_ node: Node?) -> Int { reader.line(node) }

    /// A template problem at `node`'s line.
    func fail(_ node: Node?, _ message: String) -> YAMLNodeError { reader.fail(node, message) }
}
