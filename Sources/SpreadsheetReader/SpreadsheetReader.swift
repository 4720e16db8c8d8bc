import FileSupport
import Foundation
import SpreadsheetModel
import ZIPFoundation

/// Reads an `.xlsx` workbook (as Excel, LibreOffice, openpyxl or libxlsxwriter save it) into a
/// ``SpreadsheetDocument``: every worksheet's cells with resolved styles, the sheet settings a form carries, and a
/// list of what the Workbook module cannot write back (charts, comments, macros, pivot tables, …).
///
/// The reader follows the package's relationships (`_rels/.rels`, `xl/_rels/workbook.xml.rels`, each sheet's and
/// drawing's `.rels`) rather than assuming part names. It never traps on its input: a damaged or hostile file
/// yields a ``SpreadsheetReaderError`` naming the file, the part and the cell.
public enum SpreadsheetReader {
    /// The signature of an OLE compound file: an encrypted OOXML workbook or a legacy `.xls`.
    static let compoundFileSignature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]

    /// Reads the workbook at `url`.
    ///
    /// - Parameter url: The `.xlsx` (or `.xltx`) file.
    /// - Returns: The workbook's sheets, settings, properties and unsupported features.
    /// - Throws: `fileNotFound`, `unreadable`; `encryptedOrLegacyFormat` for an OLE file (password-protected or
    ///   `.xls`); `notZipArchive`; `macroEnabled` for `.xlsm`/`.xltm`; `binaryWorkbook` for `.xlsb`;
    ///   `missingPart`, `malformedPart`, `invalidValue`, `outsideExcelGrid`, `partTooLarge` for damaged workbooks.
    public static func read(_ url: URL) throws(SpreadsheetReaderError) -> SpreadsheetDocument {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .fileNotFound(path: path) }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "it is a folder") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or an I/O error")
        }
        let header: Data
        do {
            header = try handle.read(upToCount: 8) ?? Data()
            try handle.close()
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        try checkFormat(header: header, source: path)
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw .notZipArchive(path: path)
        }
        return try read(archive: archive, source: path)
    }

    /// Reads a workbook held in memory (for tests and for workbooks that do not come from a file).
    ///
    /// - Parameters:
    ///   - data: The `.xlsx` file's bytes.
    ///   - source: The name used in messages and checked for a macro-enabled extension, e.g. `client.xlsx`.
    /// - Returns: The workbook's sheets, settings, properties and unsupported features.
    /// - Throws: The errors of ``read(_:)`` other than `fileNotFound` and `unreadable`.
    public static func read(data: Data, source: String) throws(SpreadsheetReaderError) -> SpreadsheetDocument {
        try checkFormat(header: data.prefix(8), source: source)
        // ZIPFoundation's in-memory archives trap on offsets past the end of a damaged file; its file-backed
        // archives report them as errors, so the bytes go through a private temporary file (registered, so that an
        // interrupt removes it).
        let file = TemporaryFiles.makeFile(prefix: "docsheet-reader", extension: "xlsx")
        defer { TemporaryFiles.remove(file) }
        do {
            try data.write(to: file)
        } catch {
            throw .unreadable(path: source, reason: "it cannot be staged in a temporary file: \(error.localizedDescription)")
        }
        let archive: Archive
        do {
            archive = try Archive(url: file, accessMode: .read)
        } catch {
            throw .notZipArchive(path: source)
        }
        return try read(archive: archive, source: source)
    }

    /// Refuses OLE files, files that are not zip archives, and macro-enabled or binary workbooks by extension.
    private static func checkFormat(header: Data, source: String) throws(SpreadsheetReaderError) {
        if Array(header.prefix(8)) == compoundFileSignature { throw .encryptedOrLegacyFormat(path: source) }
        guard header.count >= 4, Array(header.prefix(2)) == [0x50, 0x4B] else { throw .notZipArchive(path: source) }
        switch URL(fileURLWithPath: source).pathExtension.lowercased() {
        case "xlsm", "xltm", "xlam": throw .macroEnabled(path: source)
        case "xlsb": throw .binaryWorkbook(path: source)
        default: break
        }
    }

    // MARK: - The workbook part

    private static func read(archive: Archive, source: String) throws(SpreadsheetReaderError) -> SpreadsheetDocument {
        let package = try WorkbookPackage(archive: archive, source: source)
        for type in package.overrideContentTypes.values {
            if type.contains(".binary.") { throw .binaryWorkbook(path: source) }
            if type.contains("macroEnabled.main") { throw .macroEnabled(path: source) }
        }
        let packageRelationships = try package.relationships(of: "")
        guard package.contains("_rels/.rels") else {
            throw .missingPart(path: source, part: "_rels/.rels", referredToBy: "every .xlsx package")
        }
        guard let workbookPart = packageRelationships.first(where: { $0.kind == "officeDocument" && !$0.isExternal })?.target else {
            throw .malformedPart(path: source, part: "_rels/.rels", reason: "it names no workbook part")
        }
        let root = try package.requiredXML(workbookPart, referredToBy: "_rels/.rels")
        let workbookRelationships = try package.relationships(of: workbookPart)
        let relationshipsByID = Dictionary(workbookRelationships.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        var colors = ColorResolver()
        if let theme = workbookRelationships.first(where: { $0.kind == "theme" && !$0.isExternal }),
           let themeRoot = try package.xml(theme.target), let themeColors = ColorResolver.themeColors(from: themeRoot) {
            colors.themeColors = themeColors
        }
        var styles = StyleSheet()
        if let stylesPart = workbookRelationships.first(where: { $0.kind == "styles" && !$0.isExternal })?.target,
           let stylesRoot = try package.xml(stylesPart) {
            if let palette = stylesRoot.path("colors", "indexedColors")?.children("rgbColor"), !palette.isEmpty {
                colors.indexedColors = palette.enumerated().map { index, entry in
                    entry["rgb"].flatMap(ColorResolver.parseHex)
                        ?? (ColorResolver.defaultIndexedColors.indices.contains(index) ? ColorResolver.defaultIndexedColors[index] : 0)
                }
            }
            styles = try StyleSheet(root: stylesRoot, colors: colors, part: stylesPart, source: source)
        }
        var sharedStrings: [String] = []
        if let stringsPart = workbookRelationships.first(where: { $0.kind == "sharedStrings" && !$0.isExternal })?.target,
           let stringsRoot = try package.xml(stringsPart) {
            sharedStrings = stringsRoot.children("si").map(RichText.flatten)
        }
        let context = WorkbookContext(package: package, styles: styles, sharedStrings: sharedStrings, colors: colors)

        var unsupported: [UnsupportedFeature] = []
        if root.child("workbookPr")?["date1904"].flatMap(XMLValue.bool) == true { unsupported.append(.init(kind: "1904 date system")) }
        if let protection = root.child("workbookProtection"), isProtecting(protection) {
            unsupported.append(.init(kind: "workbook protection"))
        }
        unsupported += try workbookParts(workbookRelationships, package: package)

        // Sheets: worksheets are read; chart, dialog and macro sheets are reported.
        var sheets: [SheetDocument] = []
        var sheetUnsupported: [UnsupportedFeature] = []
        var worksheetIndex: [Int: Int] = [:]
        for (position, entry) in (root.path("sheets")?.children("sheet") ?? []).enumerated() {
            let name = entry["name"] ?? "Sheet\(position + 1)"
            guard let id = entry.relationshipID(), let relationship = relationshipsByID[id], !relationship.isExternal else {
                throw .missingPart(path: source, part: "the part of sheet '\(name)'", referredToBy: workbookPart)
            }
            switch relationship.kind {
            case "worksheet":
                let visibility: SheetVisibility = entry["state"] == "veryHidden" ? .veryHidden : entry["state"] == "hidden" ? .hidden : .visible
                var reader = WorksheetReader(context: context, part: relationship.target, name: name, visibility: visibility)
                try reader.read(referredToBy: "\(workbookPart) (sheet '\(name)')")
                worksheetIndex[position] = sheets.count
                sheets.append(reader.sheet)
                sheetUnsupported += reader.unsupported
            case "chartsheet": unsupported.append(.init(kind: "chart sheet", name: name))
            case "dialogsheet": unsupported.append(.init(kind: "dialog sheet", name: name))
            default: unsupported.append(.init(kind: "macro sheet", name: name))
            }
        }

        let activeTab = root.path("bookViews", "workbookView")?["activeTab"].flatMap(XMLValue.integer) ?? 0
        var definedNames: [DefinedName] = []
        for element in root.path("definedNames")?.children("definedName") ?? [] {
            guard let name = element["name"] else { continue }
            let formula = element.text
            let localPosition = element["localSheetId"].flatMap(XMLValue.integer)
            let localSheet = localPosition.flatMap { worksheetIndex[$0] }
            if localPosition != nil && localSheet == nil {
                unsupported.append(.init(kind: "defined name", name: name))
                continue
            }
            switch name.lowercased() {
            case "_xlnm._filterdatabase":
                continue
            case "_xlnm.print_area", "_xlnm.print_titles":
                let areas = ReferenceText.areas(inFormula: formula)
                let index = localSheet ?? areas?.first?.sheet.flatMap { sheetName in sheets.firstIndex { $0.name == sheetName } }
                guard let index, let areas else {
                    unsupported.append(.init(kind: name.lowercased() == "_xlnm.print_area" ? "print area" : "print titles", name: formula))
                    continue
                }
                if name.lowercased() == "_xlnm.print_area" {
                    sheets[index].pageSetup.printArea = areas[0].area.range
                    if areas.count > 1 { unsupported.append(.init(kind: "print area of several ranges", name: formula, sheet: sheets[index].name)) }
                } else {
                    for (_, area) in areas {
                        switch area {
                        case .rows(let rows): sheets[index].pageSetup.repeatRows = rows
                        case .columns(let columns): sheets[index].pageSetup.repeatColumns = columns
                        case .cells: unsupported.append(.init(kind: "print titles", name: formula, sheet: sheets[index].name))
                        }
                    }
                }
            default:
                definedNames.append(DefinedName(name: name, formula: formula, localSheet: localSheet,
                                                hidden: element["hidden"].flatMap(XMLValue.bool) ?? false))
            }
        }
        for id in styles.unknownNumberFormatIDs.sorted() {
            unsupported.append(.init(kind: "localised number format", name: "built-in format \(id)"))
        }

        return SpreadsheetDocument(
            sheets: sheets, definedNames: definedNames, properties: try properties(packageRelationships, package: package),
            activeSheet: worksheetIndex[activeTab] ?? 0, defaultStyle: styles.defaultStyle,
            unsupported: unsupported + sheetUnsupported, source: source)
    }

    /// Whether a `workbookProtection` element locks anything (openpyxl and LibreOffice write an empty one).
    private static func isProtecting(_ protection: ParsedElement) -> Bool {
        protection.attributes.contains { name, value in
            name.hasPrefix("lock") ? XMLValue.bool(value) == true : (name.contains("Password") || name.contains("Hash")) && !value.isEmpty
        }
    }

    /// Workbook-level parts that cannot be carried over: macros, external links, data connections, custom XML.
    private static func workbookParts(_ relationships: [Relationship], package: WorkbookPackage) throws(SpreadsheetReaderError)
        -> [UnsupportedFeature] {
        var found: [UnsupportedFeature] = []
        for relationship in relationships where !relationship.isExternal {
            switch relationship.kind {
            case "vbaProject": found.append(.init(kind: "macros"))
            case "externalLink":
                let target = try package.relationships(of: relationship.target).first { $0.kind.lowercased().contains("externallinkpath") }
                found.append(.init(kind: "external link", name: target?.target))
            case "connections": found.append(.init(kind: "data connection"))
            case "customXml": found.append(.init(kind: "custom XML", name: relationship.target))
            default: continue
            }
        }
        if !found.contains(where: { $0.kind == "macros" }), package.partNames.contains(where: { $0.lowercased().hasSuffix("vbaproject.bin") }) {
            found.append(.init(kind: "macros"))
        }
        return found
    }

    /// The document properties from `docProps/core.xml` and `docProps/app.xml` (found through `_rels/.rels`).
    private static func properties(_ relationships: [Relationship], package: WorkbookPackage) throws(SpreadsheetReaderError)
        -> SpreadsheetProperties {
        var properties = SpreadsheetProperties()
        func value(_ root: ParsedElement?, _ name: String) -> String? {
            guard let text = root?.child(name)?.text, !text.isEmpty else { return nil }
            return text
        }
        if let core = relationships.first(where: { $0.kind == "core-properties" && !$0.isExternal }) {
            let root = try package.xml(core.target)
            properties.title = value(root, "title")
            properties.subject = value(root, "subject")
            properties.author = value(root, "creator")
            properties.keywords = value(root, "keywords")
            properties.comments = value(root, "description")
            properties.category = value(root, "category")
            properties.status = value(root, "contentStatus")
        }
        if let app = relationships.first(where: { $0.kind == "extended-properties" && !$0.isExternal }) {
            let root = try package.xml(app.target)
            properties.manager = value(root, "Manager")
            properties.company = value(root, "Company")
        }
        return properties
    }
}
