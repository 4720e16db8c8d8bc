import FileSupport
import Foundation
import Inventory
import SpreadsheetModel
import Workbook

/// Text in a template that may differ per locale: a plain string, or `{en: …, vi: …, ja: …}`.
public struct LocalizedText: Hashable, Sendable {
    /// The text per locale; a plain string is stored for every locale.
    public var values: [DocumentLocale: String]

    /// Text that is the same in every locale.
    ///
    /// - Parameter text: The text used for every locale.
    public init(_ text: String) {
        values = Dictionary(uniqueKeysWithValues: DocumentLocale.allCases.map { ($0, text) })
    }

    /// Text per locale.
    ///
    /// - Parameter values: The text for each locale; missing locales fall back to English.
    public init(values: [DocumentLocale: String]) { self.values = values }

    /// The text for `locale`, falling back to English, then to any locale given.
    ///
    /// - Parameter locale: The document's language.
    /// - Returns: The text for `locale`, else the English text, else the text of the first locale by code, else an
    ///   empty string.
    public func text(_ locale: DocumentLocale) -> String {
        values[locale] ?? values[.en] ?? values.sorted { $0.key.rawValue < $1.key.rawValue }.first?.value ?? ""
    }

    /// True when `text` is this text in one of its locales, ignoring letter case (as Excel compares sheet names).
    func matches(_ text: String) -> Bool {
        values.values.contains { $0.caseInsensitiveCompare(text) == .orderedSame }
    }
}

/// Where a free cell's link points inside the workbook: `sheet-kind:KIND` (the first sheet of that kind, by its
/// rendered name) or `sheet:NAME` (a sheet as the template names it, in any locale). Any other link is a URL.
enum SheetLinkTarget: Equatable {
    /// The first sheet of a kind, e.g. `sheet-kind:contents`.
    case kind(String)
    /// A sheet by the name the template gives it, e.g. `sheet:Cover`.
    case name(String)

    /// The target `link` names, or `nil` for a URL.
    init?(_ link: String) {
        if link.hasPrefix("sheet-kind:") {
            self = .kind(String(link.dropFirst("sheet-kind:".count)))
        } else if link.hasPrefix("sheet:") {
            self = .name(String(link.dropFirst("sheet:".count)))
        } else {
            return nil
        }
    }
}

/// The kinds of sheet a template can hold.
public enum SheetKind: String, CaseIterable, Sendable {
    /// A cover page: free cells with placeholders, and the logo.
    case cover
    /// A table of contents linking to every sheet.
    case contents
    /// A revision-history table, ready to be filled in.
    case history
    /// Counts and coverage per module and per file, with a chart.
    case summary
    /// The module structure: one row per module with its kind, project, dependencies, dependents and counts.
    case modules
    /// One row per type (class, struct, enum, protocol, actor, extension).
    case types
    /// One row per function, optionally grouped, with section rows.
    case functions
    /// One row per property or enum case, optionally grouped, with section rows.
    case properties
    /// One sheet per type declaration, its extensions merged: header cells, a property table, a method table.
    case classes
    /// Free cells only.
    case `static`
    /// Review: functions added between two revisions.
    case added
    /// Review: functions removed between two revisions.
    case removed
    /// Review: functions changed between two revisions.
    case changed
    /// A diagram laid out by Graphviz (`diagram: classes`, `modules`, `transitions` or `entities`), one sheet per
    /// printed page.
    case diagram
    /// The screen list (画面一覧): one row per storyboard scene, xib, view controller or SwiftUI view.
    case screens
    /// The screen transitions (画面遷移): one row per storyboard segue or navigation found in code.
    case transitions
    /// The message list (メッセージ一覧): one row per key of the strings tables, a column per language.
    case messages
    /// The error list (エラー一覧): one row per case of each error type.
    case errors
    /// The data model (テーブル定義): one sheet per entity, its attribute table then its relationship table.
    case entities
    /// A sheet drawn cell by cell as a client's form: rows whose cells hold `{{function.*}}`, `{{parameter.*}}`,
    /// `{{property.*}}` (or any other row scope's) markers are row templates and blocks of rows, written by the same
    /// rules, and by the same writer, as an `.xlsx` form's (function blocks, a row per parameter, property tables,
    /// pictures at a marker); `{{type.name}}`, `{{module}}` or `{{file}}` in its name writes it once per type, module
    /// or file.
    case form

    /// True for the review kinds, which show an ``InventoryDiff``.
    var isReview: Bool { self == .added || self == .removed || self == .changed }
    /// True for the kinds that need an inventory.
    var needsInventory: Bool { [.summary, .types, .functions, .properties, .classes, .modules, .diagram, .form].contains(self) || isAppRecords }
    /// True for the kinds that show the app's records (screens, transitions, messages, errors, entities): their sheets
    /// are left out when the project has none.
    var isAppRecords: Bool { [.screens, .transitions, .messages, .errors, .entities].contains(self) }
}

/// How rows of a table sheet are grouped.
public enum GroupLevel: String, CaseIterable, Sendable {
    /// By SwiftPM module.
    case module
    /// By file.
    case file
    /// By enclosing type (free functions form their own group).
    case type
}

/// Which documentation state a sheet keeps.
public enum DocumentationFilter: String, CaseIterable, Sendable {
    /// Every record.
    case all
    /// Only documented records.
    case documented
    /// Only undocumented records (placeholders included).
    case undocumented
}

/// Which functions a listing keeps: the one filter of a YAML template's sheets (``SheetSpec``) and of a client's
/// form (``FormFilter``).
struct ListingFilter {
    /// The least visible effective access level kept (`nil`: all).
    var minAccess: AccessLevel?
    /// The function kinds kept (empty: all).
    var kinds: [RecordKind]
    /// Which documentation state is kept.
    var documentation: DocumentationFilter

    /// True when `record` passes the access level, the kinds and the documentation state.
    func keeps(_ record: FunctionRecord) -> Bool {
        guard record.effectiveAccess >= minAccess ?? .private else { return false }
        if !kinds.isEmpty && !kinds.contains(.function(record.kind)) { return false }
        switch documentation {
        case .all: return true
        case .documented: return record.isDocumented
        case .undocumented: return !record.isDocumented
        }
    }
}

/// One free cell of a sheet (cover text, type header blocks, notes).
public struct CellSpec: Sendable {
    /// Where the cell is.
    public var cell: CellReference
    /// The text, with `{{placeholders}}`.
    public var value: LocalizedText
    /// A named style.
    public var style: String?
    /// Merge the cell over this range (which must start at ``cell``).
    public var merge: CellRange?
    /// A link target, per locale: `sheet-kind:KIND` (the first sheet of that kind, by its rendered name),
    /// `sheet:Name` (a sheet of this workbook, as the template spells its name) or a URL.
    public var link: LocalizedText?
    /// A formula with its leading `=` (`form` sheets only): its references move with the rows written above them, as
    /// in a client's form.
    public var formula: String? = nil
    /// The value as a number, when a `form` sheet's cell gives a plain YAML number (`value: 1`, not `value: "1"`).
    public var number: Double? = nil
    /// The line in the template, for messages.
    public var line: Int
}

/// Where a table column's cells link.
public enum ColumnLink: String, CaseIterable, Sendable {
    /// To the function's or type's source line (functions, types and review sheets).
    case source
    /// To the sheet the cell names (contents sheets).
    case sheet
}

/// One column of a table sheet.
public struct ColumnSpec: Sendable {
    /// The header label.
    public var header: LocalizedText
    /// The field from the sheet kind's catalogue (see ``FieldCatalog``).
    public var field: ColumnField
    /// The width in Excel character units, or `nil` to size the column to its content.
    public var width: Double?
    /// Wrap long text.
    public var wrap: Bool
    /// A named style for the column's cells (default `cell`).
    public var style: String?
    /// An Excel number format for the column's cells.
    public var numberFormat: String?
    /// `source` links to the source line, `sheet` links to the sheet named by the cell.
    public var link: ColumnLink?
    /// A drop-down list for the column's cells.
    public var choices: [LocalizedText]
    /// The line in the template, for messages.
    public var line: Int
}

/// A chart on a summary sheet.
public struct ChartSpec: Sendable {
    /// Bar or column chart.
    public var type: ChartType
    /// The chart title.
    public var title: LocalizedText
    /// The summary field the bars show (default `coverage`).
    public var field: SummaryField
}

/// Print settings as a template writes them; every value is optional so sheets can override defaults.
public struct PrintSpec: Sendable {
    /// `landscape` or `portrait`.
    public var landscape: Bool?
    /// The paper size.
    public var paper: PageSetup.Paper?
    /// Fit all columns on the page width.
    public var fitToWidth: Bool?
    /// Repeat the table header row on every printed page.
    public var repeatHeader: Bool?
    /// Page header in Excel codes, with placeholders.
    public var header: LocalizedText?
    /// Page footer in Excel codes, with placeholders.
    public var footer: LocalizedText?
    /// Center the content horizontally.
    public var center: Bool?
    /// The part of the sheet printed (`form` sheets only; it grows with the rows written in it).
    public var area: CellRange? = nil
    /// Zero-based rows printed at the top of every page (`form` sheets only; a table sheet's `repeatHeader` repeats its
    /// header row).
    public var repeatRows: ClosedRange<Int>? = nil

    /// The settings of `override` where given, else these.
    func merged(with override: PrintSpec?) -> PrintSpec {
        guard let override else { return self }
        return PrintSpec(
            landscape: override.landscape ?? landscape, paper: override.paper ?? paper,
            fitToWidth: override.fitToWidth ?? fitToWidth, repeatHeader: override.repeatHeader ?? repeatHeader,
            header: override.header ?? header, footer: override.footer ?? footer, center: override.center ?? center,
            area: override.area ?? area, repeatRows: override.repeatRows ?? repeatRows)
    }
}

/// A logo placed on the cover sheet.
public struct LogoSpec: Sendable {
    /// The image bytes (PNG, JPEG, GIF or BMP), read when the template is loaded.
    public var data: Data
    /// The image path as written in the template.
    public var path: String
    /// The top-left cell.
    public var cell: CellReference
    /// The scale factor.
    public var scale: Double
}

/// One sheet of a template (which may become several worksheets: one per group, or continuation sheets).
public struct SheetSpec: Sendable {
    /// The sheet's kind.
    public var kind: SheetKind
    /// The sheet name, with placeholders (`{{group}}` for one sheet per group).
    public var name: LocalizedText
    /// A description shown in the table of contents.
    public var description: LocalizedText?
    /// Free cells.
    public var cells: [CellSpec]
    /// Column widths by zero-based column.
    public var columnWidths: [Int: Double]
    /// Row heights by zero-based row.
    public var rowHeights: [Int: Double]
    /// Zero-based row of the table header, or `nil` for "below the free cells".
    public var startRow: Int?
    /// Table columns.
    public var columns: [ColumnSpec]
    /// Sort keys (a template writes a `-` prefix for descending), applied after the group keys.
    public var sort: [SortKey]
    /// Grouping levels.
    public var group: [GroupLevel]
    /// One sheet per first-level group instead of group header rows.
    public var splitSheets: Bool
    /// Insert a row for each `// MARK:` section.
    public var sections: Bool
    /// The lowest effective access level kept.
    public var minAccess: AccessLevel?
    /// The kinds kept (function kinds, or type kinds on a types sheet); empty keeps all.
    public var kinds: [RecordKind]
    /// Which documentation state is kept.
    public var documentation: DocumentationFilter
    /// A style applied by conditional format to undocumented rows.
    public var highlightUndocumented: String?
    /// Make the table an Excel table (banded rows, filter buttons).
    public var excelTable: Bool
    /// Freeze the rows down to the table header.
    public var freezeHeader: Bool
    /// How many leading columns stay in view when scrolling sideways (0: none).
    public var freezeColumns: Int
    /// Add filter buttons to the header (when not an Excel table).
    public var autofilter: Bool
    /// Empty rows of a history table.
    public var emptyRows: Int
    /// Levels of a summary sheet (`module`, `file`).
    public var summaryLevels: [GroupLevel]
    /// A chart (summary sheets).
    public var chart: ChartSpec?
    /// Print settings overriding the template's.
    public var print: PrintSpec?
    /// The tab colour.
    public var tabColor: Color?
    /// Show grid lines.
    public var gridlines: Bool
    /// The line in the template, for messages.
    public var line: Int
    /// The diagram a `diagram` sheet shows.
    public var diagram: DiagramKind = .classes
    /// A `classes` sheet's property and method tables (`nil` on every other kind).
    public var memberTables: MemberTables? = nil
    /// A `form` sheet as a client's form sheet, its row templates and blocks found, in each locale (empty on every
    /// other kind): the form lowering writes it as it writes an `.xlsx` form's sheet.
    public var formSheets: [DocumentLocale: FormSheet] = [:]
}

/// A workbook layout: document properties, styles, print setup and sheets. Built-ins are compiled in;
/// custom templates are YAML files (see `Documentation/Templates.md`).
public struct Template: Sendable {
    /// The built-in template names.
    public static let builtinNames = ["design-doc", "inventory", "class-spec", "review"]

    /// The template's name.
    public var name: String
    /// Where the template came from (a path, or `Templates/NAME.yml` for a built-in), for messages.
    public var source: String
    /// What the template is for.
    public var summary: String?
    /// Document properties with placeholders (`title`, `subject`, `author`, ...).
    public var properties: [String: LocalizedText]
    /// The font of each locale's document, given to every style that names none (`fonts:` in YAML; a Japanese
    /// client expects a Japanese font, not Calibri).
    public var fonts: [DocumentLocale: String] = Template.defaultFonts
    /// Named styles (built-in defaults fill in names a template leaves out).
    public var styles: [String: CellStyle]
    /// Print settings for every sheet.
    public var print: PrintSpec
    /// The logo for the cover sheet.
    public var logo: LogoSpec?
    /// The sheets, in order.
    public var sheets: [SheetSpec]
    /// The client's workbook that lays the document out, when the template is an `.xlsx` (then `sheets` is empty).
    public var form: WorkbookForm?

    /// A built-in template by name, or a template file by path; validated before anything is written.
    ///
    /// - Parameter nameOrPath: A built-in template name (`design-doc`, `class-spec`, `inventory`, `review`) or the path
    ///   of a YAML template file.
    /// - Returns: The loaded and validated template.
    /// - Throws: `DesignDocumentError.templateNotFound` when it is neither a built-in name nor an existing file;
    ///   `DesignDocumentError.unreadableTemplate` when the file is not readable UTF-8 text;
    ///   `DesignDocumentError.invalidTemplate` with the file and line when the YAML is invalid.
    public static func resolve(_ nameOrPath: String) throws(DesignDocumentError) -> Template {
        if let source = builtinSource(named: nameOrPath) {
            return try TemplateLoader.load(yaml: source, path: "Templates/\(nameOrPath).yml", baseFolder: nil)
        }
        let url = URL(fileURLWithPath: nameOrPath)
        guard FilePaths.exists(url), !FilePaths.isFolder(url) else {
            throw .templateNotFound(nameOrPath)
        }
        switch url.pathExtension.lowercased() {
        case "xlsx", "xltx", "xlsm", "xltm":
            return try FormTemplateLoader.load(url: url, path: nameOrPath)
        case "xls", "xlt":
            throw .unreadableTemplate(path: nameOrPath, reason: "an Excel 97-2003 workbook (.xls); open it in Excel or LibreOffice and save it as .xlsx")
        default:
            break
        }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadableTemplate(path: nameOrPath, reason: "not readable UTF-8 text")
        }
        return try TemplateLoader.load(yaml: text, path: nameOrPath, baseFolder: url.deletingLastPathComponent())
    }

    /// The fonts of the built-in templates: Yu Gothic for Japanese (Office's Japanese UI font since 2016, with
    /// Meiryo-like metrics), Arial for Vietnamese (complete Vietnamese diacritics, the usual font of Vietnamese
    /// business documents); English keeps Excel's Calibri.
    public static let defaultFonts: [DocumentLocale: String] = [.ja: "Yu Gothic", .vi: "Arial"]

    /// True when some sheet or form row shows the app's records (screens, transitions, messages, errors, entities, or
    /// their diagrams): only then does `docsheet generate` read storyboards, strings tables and data models for the
    /// workbook.
    public var usesAppRecords: Bool {
        if let form {
            return form.sheets.contains { $0.rowTemplates.contains { $0.scope.isAppRecords } || $0.pictures.contains { $0.marker.isAppRecords } }
        }
        return sheets.contains { sheet in
            sheet.kind.isAppRecords || (sheet.kind == .diagram && sheet.diagram.isAppRecords)
                || sheet.formSheets.values.contains { form in
                    form.rowTemplates.contains { $0.scope.isAppRecords } || form.pictures.contains { $0.marker.isAppRecords }
                }
        }
    }

    /// True when some sheet shows an inventory (`docsheet generate`); false for a template with only review sheets
    /// (`added`, `removed`, `changed`), which is for `docsheet diff`.
    public var hasInventorySheets: Bool { form != nil || sheets.contains { !$0.kind.isReview } }

    /// The YAML text of a built-in template, or `nil`.
    ///
    /// - Parameter name: A built-in template name, e.g. `design-doc`.
    /// - Returns: The template's YAML text, or `nil` when there is no built-in template of that name.
    public static func builtinSource(named name: String) -> String? {
        BuiltinTemplates.sources[name]
    }

    /// The style named `name`, or the built-in default for it.
    func style(_ name: String?) -> CellStyle? {
        guard let name else { return nil }
        return styles[name] ?? Template.defaultStyles[name]
    }

    /// Styles every template can use without defining them.
    static let defaultStyles: [String: CellStyle] = [
        "title": CellStyle(fontSize: 20, fontColor: Color(rgb: 0x1F3864), bold: true, vertical: .center),
        "subtitle": CellStyle(fontSize: 13, fontColor: Color(rgb: 0x404040), vertical: .center),
        "label": CellStyle(bold: true, fill: Color(rgb: 0xD9E1F2), border: .thin, borderColor: Color(rgb: 0x8EA9DB), vertical: .top),
        "value": CellStyle(border: .thin, borderColor: Color(rgb: 0x8EA9DB), wrap: true, horizontal: .left, vertical: .top),
        "header": CellStyle(fontColor: .white, bold: true, fill: Color(rgb: 0x1F4E78), border: .thin,
                            borderColor: Color(rgb: 0x8EA9DB), wrap: true, horizontal: .center, vertical: .center),
        "cell": CellStyle(border: .thin, borderColor: Color(rgb: 0xBFBFBF), vertical: .top),
        "group": CellStyle(fontColor: Color(rgb: 0x1F3864), bold: true, fill: Color(rgb: 0xBDD7EE), border: .thin,
                           borderColor: Color(rgb: 0x8EA9DB)),
        "subgroup": CellStyle(fontColor: Color(rgb: 0x1F3864), bold: true, fill: Color(rgb: 0xDDEBF7), border: .thin,
                              borderColor: Color(rgb: 0x8EA9DB), indent: 1),
        "section": CellStyle(fontColor: Color(rgb: 0x375623), bold: true, italic: true, fill: Color(rgb: 0xE2EFDA),
                             border: .thin, borderColor: Color(rgb: 0xA9D08E), indent: 2),
        "link": CellStyle(fontColor: Color(rgb: 0x0563C1), underline: true, border: .thin, borderColor: Color(rgb: 0xBFBFBF),
                          vertical: .top),
        "undocumented": CellStyle(fontColor: Color(rgb: 0x9C0006), fill: Color(rgb: 0xFFC7CE)),
        "percent": CellStyle(border: .thin, borderColor: Color(rgb: 0xBFBFBF), vertical: .top, numberFormat: "0.0%"),
        "total": CellStyle(bold: true, fill: Color(rgb: 0xF2F2F2), border: .thin, borderColor: Color(rgb: 0xBFBFBF)),
    ]
}
