import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ZIPFoundation

/// Errors of the test-only workbook reader.
public enum XLSXReaderError: Error, CustomStringConvertible {
    /// The file is not a zip archive or lacks a part.
    case missingPart(String)
    /// A part is not well-formed XML.
    case invalidXML(part: String, reason: String)
    /// No sheet has that name.
    case noSuchSheet(String)

    /// A one-line message.
    public var description: String {
        switch self {
        case .missingPart(let part): return "the workbook has no part \(part)"
        case .invalidXML(let part, let reason): return "\(part) is not well-formed XML: \(reason)"
        case .noSuchSheet(let name): return "the workbook has no sheet named '\(name)'"
        }
    }
}

/// Reads an `.xlsx` back for tests (unzip + XML), independently of libxlsxwriter: sheet names, cell values,
/// merged ranges, hyperlinks, data validations, conditional formats, panes, filters, tables, properties.
public struct XLSXReader {
    /// One worksheet's content.
    public struct Sheet {
        /// The sheet name.
        public var name: String
        /// Cell text by reference (`A1`): shared and inline strings as written, numbers as written in `<v>`.
        public var cells: [String: String]
        /// Cell references that hold numbers.
        public var numericCells: Set<String>
        /// Merged ranges such as `B2:F2`.
        public var mergedRanges: [String]
        /// Hyperlinks by cell: the external URL, or `#'Sheet'!A1` for internal links.
        public var hyperlinks: [String: String]
        /// Data validations: (range, type, list formula).
        public var dataValidations: [(range: String, type: String, formula: String)]
        /// Conditional formats: (range, rule type, formula).
        public var conditionalFormats: [(range: String, type: String, formula: String)]
        /// The frozen pane's top-left cell (e.g. `A2`), or `nil`.
        public var frozenAt: String?
        /// The autofilter range, or `nil`.
        public var autofilter: String?
        /// Excel tables on the sheet: (range, column names).
        public var tables: [(range: String, columns: [String])]
        /// Column widths by zero-based column index, and hidden columns.
        public var columnWidths: [Int: Double]
        /// Hidden zero-based columns.
        public var hiddenColumns: Set<Int>
        /// The page setup attributes (orientation, fitToWidth, ...).
        public var pageSetup: [String: String]
        /// The odd-page header and footer.
        public var header: String?
        /// The odd-page footer.
        public var footer: String?
        /// Number of charts and images drawn on the sheet.
        public var drawingCount: Int
        /// Row heights in points by 1-based row number, for rows with a set height.
        public var rowHeights: [Int: Double] = [:]
        /// Formulas by cell reference, as stored (without the leading `=`).
        public var formulas: [String: String] = [:]
        /// The sheet's part in the archive, e.g. `xl/worksheets/sheet1.xml`.
        public var part = ""
        /// The parts of the sheet's drawing (images and charts), e.g. `xl/drawings/drawing1.xml`.
        public var drawingParts: [String] = []

        /// The text of a cell, or `nil` when empty.
        ///
        /// - Parameter reference: An `A1`-style reference in upper case, e.g. `B7`.
        /// - Returns: The cell's stored value as text (shared strings resolved), or `nil` when the cell is empty or absent.
        public subscript(_ reference: String) -> String? { cells[reference] }

        /// The values of one row (1-based), from column A to the last non-empty column.
        ///
        /// - Parameter number: The 1-based row number, as Excel shows it.
        /// - Returns: The cell texts from column A on, with empty strings for empty cells in between; empty when the
        ///   row has no cell.
        public func row(_ number: Int) -> [String] {
            let keys = cells.keys.compactMap { key -> (Int, String)? in
                let letters = key.prefix { $0.isLetter }
                guard Int(key.dropFirst(letters.count)) == number else { return nil }
                return (XLSXReader.columnIndex(String(letters)), key)
            }
            guard let last = keys.map(\.0).max() else { return [] }
            var values = Array(repeating: "", count: last + 1)
            for (index, key) in keys { values[index] = cells[key] ?? "" }
            return values
        }

        /// The number of the last row with a value.
        public var lastRow: Int {
            cells.keys.compactMap { key in Int(key.drop { $0.isLetter }) }.max() ?? 0
        }
    }

    /// The sheets in workbook order.
    public var sheets: [Sheet]
    /// Core document properties (`title`, `subject`, `creator`, `keywords`, `description`, `created`, ...).
    public var properties: [String: String]
    /// Defined names (print titles etc.): name → formula.
    public var definedNames: [(name: String, value: String)]
    /// Every part's path in the archive.
    public var parts: [String]
    /// Every part's bytes by path, for tests that check the XML libxlsxwriter wrote.
    public var partData: [String: Data]

    /// A part's text (UTF-8), or `nil` when the archive has no such part.
    ///
    /// - Parameter part: The part's path, e.g. `xl/styles.xml`.
    /// - Returns: The part decoded as UTF-8.
    public func text(ofPart part: String) -> String? {
        partData[part].map { String(decoding: $0, as: UTF8.self) }
    }

    /// A part parsed as XML.
    ///
    /// - Parameter part: The part's path, e.g. `xl/styles.xml`.
    /// - Returns: The part's root element.
    /// - Throws: `XLSXReaderError.missingPart` when there is no such part; `XLSXReaderError.invalidXML` when it is
    ///   not well-formed.
    public func document(_ part: String) throws -> XMLElement {
        guard let data = partData[part] else { throw XLSXReaderError.missingPart(part) }
        do {
            guard let root = try XMLDocument(data: data, options: []).rootElement() else {
                throw XLSXReaderError.invalidXML(part: part, reason: "no root element")
            }
            return root
        } catch let error as XLSXReaderError {
            throw error
        } catch {
            throw XLSXReaderError.invalidXML(part: part, reason: "\(error)")
        }
    }

    /// The sheet names in order.
    public var sheetNames: [String] { sheets.map(\.name) }

    /// The sheet with `name`.
    ///
    /// - Parameter name: The sheet's name as shown on its tab.
    /// - Returns: The sheet as read from the workbook.
    /// - Throws: `XLSXReaderError.noSuchSheet` when the workbook has no sheet of that name.
    public func sheet(_ name: String) throws -> Sheet {
        guard let sheet = sheets.first(where: { $0.name == name }) else { throw XLSXReaderError.noSuchSheet(name) }
        return sheet
    }

    /// Reads the workbook at `url`.
    ///
    /// - Parameter url: The `.xlsx` file.
    /// - Throws: ZIPFoundation's error when the file is not a readable ZIP archive; `XLSXReaderError.missingPart` when
    ///   a part the workbook refers to is missing; `XLSXReaderError.invalidXML` when a part is not well-formed XML.
    public init(url: URL) throws {
        let archive = try Archive(url: url, accessMode: .read)
        var partData: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            partData[entry.path] = data
        }
        parts = partData.keys.sorted()
        self.partData = partData
        func xml(_ part: String) throws -> XMLElement {
            guard let data = partData[part] else { throw XLSXReaderError.missingPart(part) }
            do {
                return try XMLDocument(data: data, options: []).rootElement()!
            } catch {
                throw XLSXReaderError.invalidXML(part: part, reason: "\(error)")
            }
        }
        func relationships(_ part: String) throws -> [String: (target: String, external: Bool)] {
            let folder = (part as NSString).deletingLastPathComponent
            let relsPart = folder + "/_rels/" + (part as NSString).lastPathComponent + ".rels"
            guard partData[relsPart] != nil else { return [:] }
            var map: [String: (String, Bool)] = [:]
            for relation in try xml(relsPart).descendants("Relationship") {
                let external = relation.attr("TargetMode") == "External"
                var target = relation.attr("Target") ?? ""
                if !external { target = XLSXReader.resolve(target, from: folder) }
                map[relation.attr("Id") ?? ""] = (target, external)
            }
            return map
        }

        let sharedStrings: [String] = partData["xl/sharedStrings.xml"] == nil ? [] :
            try xml("xl/sharedStrings.xml").children("si").map { $0.descendants("t").map { $0.stringValue ?? "" }.joined() }
        let workbook = try xml("xl/workbook.xml")
        let workbookRels = try relationships("xl/workbook.xml")
        definedNames = workbook.descendants("definedName").map { ($0.attr("name") ?? "", $0.stringValue ?? "") }
        var sheets: [Sheet] = []
        for sheetElement in workbook.descendants("sheet") {
            let name = sheetElement.attr("name") ?? ""
            let relationID = sheetElement.attribute(forLocalName: "id", uri: "http://schemas.openxmlformats.org/officeDocument/2006/relationships")?.stringValue
                ?? sheetElement.attr("r:id") ?? ""
            guard let part = workbookRels[relationID]?.target else { throw XLSXReaderError.missingPart("sheet \(name)") }
            let root = try xml(part)
            let rels = try relationships(part)
            var cells: [String: String] = [:]
            var numeric: Set<String> = []
            var formulas: [String: String] = [:]
            for cell in root.descendants("c") {
                let reference = cell.attr("r") ?? ""
                if let formula = cell.children("f").first?.stringValue { formulas[reference] = formula }
                let type = cell.attr("t") ?? "n"
                let value = cell.children("v").first?.stringValue
                switch type {
                case "s":
                    if let value, let index = Int(value), index < sharedStrings.count { cells[reference] = sharedStrings[index] }
                case "inlineStr":
                    cells[reference] = cell.descendants("t").map { $0.stringValue ?? "" }.joined()
                case "str", "b", "e":
                    if let value { cells[reference] = value }
                default:
                    if let value {
                        cells[reference] = value
                        numeric.insert(reference)
                    }
                }
            }
            var hyperlinks: [String: String] = [:]
            for link in root.descendants("hyperlink") {
                let reference = link.attr("ref") ?? ""
                if let id = link.attribute(forLocalName: "id", uri: "http://schemas.openxmlformats.org/officeDocument/2006/relationships")?.stringValue ?? link.attr("r:id"),
                   let target = rels[id] {
                    // Excel keeps a URL's #fragment in the location attribute.
                    hyperlinks[reference] = target.target + (link.attr("location").map { "#" + $0 } ?? "")
                } else if let location = link.attr("location") {
                    hyperlinks[reference] = "#" + location
                }
            }
            var tables: [(String, [String])] = []
            for tablePart in root.descendants("tablePart") {
                let id = tablePart.attribute(forLocalName: "id", uri: "http://schemas.openxmlformats.org/officeDocument/2006/relationships")?.stringValue ?? tablePart.attr("r:id") ?? ""
                guard let target = rels[id]?.target else { continue }
                let table = try xml(target)
                tables.append((table.attr("ref") ?? "", table.descendants("tableColumn").map { $0.attr("name") ?? "" }))
            }
            var widths: [Int: Double] = [:]
            var hidden: Set<Int> = []
            for column in root.descendants("col") {
                guard let min = Int(column.attr("min") ?? ""), let max = Int(column.attr("max") ?? "") else { continue }
                for index in (min - 1)..<max {
                    widths[index] = Double(column.attr("width") ?? "")
                    if column.attr("hidden") == "1" { hidden.insert(index) }
                }
            }
            let pane = root.descendants("pane").first
            var rowHeights: [Int: Double] = [:]
            for row in root.descendants("row") {
                if let number = Int(row.attr("r") ?? ""), let height = Double(row.attr("ht") ?? "") { rowHeights[number] = height }
            }
            sheets.append(Sheet(
                name: name, cells: cells, numericCells: numeric,
                mergedRanges: root.descendants("mergeCell").compactMap { $0.attr("ref") },
                hyperlinks: hyperlinks,
                dataValidations: root.descendants("dataValidation").map {
                    ($0.attr("sqref") ?? "", $0.attr("type") ?? "", $0.children("formula1").first?.stringValue ?? "")
                },
                conditionalFormats: root.descendants("conditionalFormatting").flatMap { formatting in
                    formatting.children("cfRule").map {
                        (formatting.attr("sqref") ?? "", $0.attr("type") ?? "", $0.children("formula").first?.stringValue ?? "")
                    }
                },
                frozenAt: pane?.attr("state") == "frozen" ? pane?.attr("topLeftCell") : nil,
                autofilter: root.children("autoFilter").first?.attr("ref"),
                tables: tables, columnWidths: widths, hiddenColumns: hidden,
                pageSetup: root.descendants("pageSetup").first?.attributes?.reduce(into: [:]) { $0[$1.name ?? ""] = $1.stringValue } ?? [:],
                header: root.descendants("oddHeader").first?.stringValue,
                footer: root.descendants("oddFooter").first?.stringValue,
                drawingCount: try root.descendants("drawing").reduce(0) { count, drawing in
                    let id = drawing.attribute(forLocalName: "id", uri: "http://schemas.openxmlformats.org/officeDocument/2006/relationships")?.stringValue ?? drawing.attr("r:id") ?? ""
                    guard let target = rels[id]?.target else { return count }
                    return count + (try xml(target)).children().filter { $0.localName?.hasSuffix("Anchor") == true }.count
                }, rowHeights: rowHeights, formulas: formulas, part: part,
                drawingParts: root.descendants("drawing").compactMap { drawing in
                    let id = drawing.attribute(forLocalName: "id", uri: "http://schemas.openxmlformats.org/officeDocument/2006/relationships")?.stringValue ?? drawing.attr("r:id") ?? ""
                    return rels[id]?.target
                }))
        }
        self.sheets = sheets
        var properties: [String: String] = [:]
        if partData["docProps/core.xml"] != nil {
            for element in try xml("docProps/core.xml").children() {
                properties[element.localName ?? ""] = element.stringValue ?? ""
            }
        }
        self.properties = properties
    }

    /// Excel's display of stored text: `_xHHHH_` escapes decoded (`_x005F_` becomes `_`).
    ///
    /// - Parameter text: Text as stored in the workbook's XML.
    /// - Returns: The text with each `_xHHHH_` turned into its character and `_x005F_` into `_`.
    public static func decodeEscapes(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let range = rest.range(of: "_x") {
            output += rest[..<range.lowerBound]
            let after = rest[range.upperBound...]
            if after.count >= 5, after.dropFirst(4).first == "_", let code = UInt32(after.prefix(4), radix: 16),
               let scalar = Unicode.Scalar(code) {
                output.unicodeScalars.append(scalar)
                rest = after.dropFirst(5)
            } else {
                output += "_x"
                rest = after
            }
        }
        return output + rest
    }

    /// The zero-based index of column letters (`A` → 0).
    ///
    /// - Parameter letters: Column letters in any case, e.g. `A`, `ab`.
    /// - Returns: The column's zero-based index (`A` → 0, `AA` → 26).
    public static func columnIndex(_ letters: String) -> Int {
        letters.uppercased().unicodeScalars.reduce(0) { $0 * 26 + Int($1.value) - 64 } - 1
    }

    /// A relationship target resolved against the folder of the part that refers to it.
    static func resolve(_ target: String, from folder: String) -> String {
        if target.hasPrefix("/") { return String(target.dropFirst()) }
        var components = folder.split(separator: "/").map(String.init)
        for part in target.split(separator: "/") {
            if part == ".." { _ = components.popLast() } else if part != "." { components.append(String(part)) }
        }
        return components.joined(separator: "/")
    }
}

extension XMLElement {
    /// The attribute's value (searched by qualified name: FoundationXML's `attribute(forName:)` misses
    /// attributes of elements in a default namespace).
    ///
    /// - Parameter name: The attribute's qualified name, e.g. `sqref` or `r:id`.
    /// - Returns: Its value, or `nil` when the element has no such attribute.
    public func attr(_ name: String) -> String? { attributes?.first { $0.name == name }?.stringValue }

    /// The child elements with `localName`.
    ///
    /// - Parameter localName: The element name without its namespace prefix, e.g. `cfRule`.
    /// - Returns: The matching children, in document order.
    public func children(_ localName: String) -> [XMLElement] {
        (children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == localName }
    }

    /// All child elements.
    ///
    /// - Returns: The child elements (text and comments left out), in document order.
    public func children() -> [XMLElement] { (children ?? []).compactMap { $0 as? XMLElement } }

    /// Every descendant element with `localName`, in document order.
    ///
    /// - Parameter localName: The element name without its namespace prefix, e.g. `definedName`.
    /// - Returns: The matching descendants at any depth, in document order.
    public func descendants(_ localName: String) -> [XMLElement] {
        var found: [XMLElement] = []
        for child in children() {
            if child.localName == localName { found.append(child) }
            found += child.descendants(localName)
        }
        return found
    }
}
