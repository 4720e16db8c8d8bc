import Foundation
import Inventory
import SpreadsheetModel
import SpreadsheetReader
import Workbook
import YAMLReading

/// What a row template repeats over: the prefix of its `{{scope.FIELD}}` markers.
public enum RowScope: String, CaseIterable, Sendable {
    /// One row per function (`{{function.name}}`).
    case function
    /// One row per type (`{{type.name}}`).
    case type
    /// One row per module (`{{module.functions}}`).
    case module
    /// One row per file (`{{file.coverage}}`).
    case file
    /// The revision-history row (`{{history.date}}`).
    case history
    /// A group heading above a function row template (`{{group.name}}`).
    case group
    /// One row per parameter of the function a function block is written for (`{{parameter.name}}`).
    case parameter
    /// One row per property or enum case (`{{property.name}}`).
    case property
    /// One row per screen (`{{screen.name}}`).
    case screen
    /// One row per screen transition (`{{transition.destination}}`).
    case transition
    /// One row per message key (`{{message.text.ja}}`).
    case message
    /// One row per error case (`{{error.case}}`).
    case error
    /// One row per data-model entity (`{{entity.name}}`).
    case entity
    /// One row per attribute of every entity (`{{attribute.type}}`; `{{entity.*}}` markers in the row name its entity).
    case attribute

    /// True for the scopes of the app's records, which `generate` reads only for a form that has such rows.
    var isAppRecords: Bool { [.screen, .transition, .message, .error, .entity, .attribute].contains(self) }

    /// The field names its markers may use, in catalogue order.
    var fields: [String] {
        switch self {
        case .function: return FunctionField.names
        case .type: return TypeField.names
        case .module, .file: return SummaryField.names
        case .history: return HistoryField.names
        case .group: return GroupField.names
        case .parameter: return ParameterField.names
        case .property: return PropertyField.names
        case .screen: return ScreenField.names
        case .transition: return TransitionField.names
        case .message: return MessageField.names
        case .error: return ErrorField.names
        case .entity: return EntityField.names
        case .attribute: return AttributeField.names
        }
    }
}

/// A field of a group heading row (`{{group.name}}`, `{{group.level}}`).
public enum GroupField: String, TemplateField {
    /// The group's title: the module, the file or the type.
    case name
    /// The group's level, 1 for the outermost.
    case level

    /// What the field shows, for `docsheet templates fields` and the documentation.
    public var fieldDescription: String {
        switch self {
        case .name: return "the group's title: the module, the file or the type"
        case .level: return "the group's level, 1 for the outermost"
        }
    }
}

/// What a row template's marker names: a scope and one of its fields (`{{function.name}}` is
/// `.function(.name)`).
public enum RowField: Hashable, Sendable {
    /// A field of a function row.
    case function(FunctionField)
    /// A field of a type row.
    case type(TypeField)
    /// A field of a module row.
    case module(SummaryField)
    /// A field of a file row.
    case file(SummaryField)
    /// A field of the revision-history row.
    case history(HistoryField)
    /// A field of a group heading row.
    case group(GroupField)
    /// A field of a parameter row inside a function block.
    case parameter(ParameterField)
    /// A field of a property row.
    case property(PropertyField)
    /// A field of a screen row.
    case screen(ScreenField)
    /// A field of a transition row.
    case transition(TransitionField)
    /// A field of a message row.
    case message(MessageField)
    /// A field of an error row.
    case error(ErrorField)
    /// A field of an entity row (or of the entity of an attribute row).
    case entity(EntityField)
    /// A field of an attribute row.
    case attribute(AttributeField)

    /// The field `name` of `scope`, or `nil` when the scope has no such field.
    ///
    /// - Parameters:
    ///   - scope: The marker's prefix.
    ///   - name: The field after the dot.
    public init?(scope: RowScope, field name: String) {
        switch scope {
        case .function: guard let field = FunctionField(rawValue: name) else { return nil }; self = .function(field)
        case .type: guard let field = TypeField(rawValue: name) else { return nil }; self = .type(field)
        case .module: guard let field = SummaryField(rawValue: name) else { return nil }; self = .module(field)
        case .file: guard let field = SummaryField(rawValue: name) else { return nil }; self = .file(field)
        case .history: guard let field = HistoryField(rawValue: name) else { return nil }; self = .history(field)
        case .group: guard let field = GroupField(rawValue: name) else { return nil }; self = .group(field)
        case .parameter: guard let field = ParameterField(rawValue: name) else { return nil }; self = .parameter(field)
        case .property: guard let field = PropertyField(rawValue: name) else { return nil }; self = .property(field)
        case .screen: guard let field = ScreenField(rawValue: name) else { return nil }; self = .screen(field)
        case .transition: guard let field = TransitionField(rawValue: name) else { return nil }; self = .transition(field)
        case .message: guard let field = MessageField(rawValue: name) else { return nil }; self = .message(field)
        case .error: guard let field = ErrorField(rawValue: name) else { return nil }; self = .error(field)
        case .entity: guard let field = EntityField(rawValue: name) else { return nil }; self = .entity(field)
        case .attribute: guard let field = AttributeField(rawValue: name) else { return nil }; self = .attribute(field)
        }
    }

    /// The field a marker's text names (`function.name`), or `nil` for a placeholder that is not a row field.
    ///
    /// - Parameter marker: The text between the braces.
    public init?(marker: String) {
        let parts = marker.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let scope = RowScope(rawValue: parts[0]) else { return nil }
        self.init(scope: scope, field: parts[1])
    }

    /// The marker's text without braces, e.g. `function.name`.
    public var marker: String {
        switch self {
        case .function(let field): return "function.\(field.rawValue)"
        case .type(let field): return "type.\(field.rawValue)"
        case .module(let field): return "module.\(field.rawValue)"
        case .file(let field): return "file.\(field.rawValue)"
        case .history(let field): return "history.\(field.rawValue)"
        case .group(let field): return "group.\(field.rawValue)"
        case .parameter(let field): return "parameter.\(field.rawValue)"
        case .property(let field): return "property.\(field.rawValue)"
        case .screen(let field): return "screen.\(field.rawValue)"
        case .transition(let field): return "transition.\(field.rawValue)"
        case .message(let field): return "message.\(field.rawValue)"
        case .error(let field): return "error.\(field.rawValue)"
        case .entity(let field): return "entity.\(field.rawValue)"
        case .attribute(let field): return "attribute.\(field.rawValue)"
        }
    }

    /// True when the field's value is a number (a cell holding only its marker becomes a number).
    var isNumeric: Bool {
        switch self {
        case .function(let field): return field.isNumeric
        case .type(let field): return field.isNumeric
        case .module(let field), .file(let field):
            return [.functions, .coverage, .types, .documented, .undocumented, .properties, .documentedProperties,
                    .undocumentedProperties, .propertyCoverage].contains(field)
        case .history(let field): return field == .number
        case .group(let field): return field == .level
        case .parameter(let field): return field == .number
        case .property(let field): return field.isNumeric
        case .screen(let field): return field.holdsNumber
        case .transition(let field): return field.holdsNumber
        case .message(let field): return field.holdsNumber
        case .error(let field): return field.holdsNumber
        case .entity(let field): return field.holdsNumber
        case .attribute(let field): return field.holdsNumber
        }
    }
}

/// What a sheet template is written once for: the placeholder in its name.
public enum SheetRepetition: String, CaseIterable, Sendable {
    /// `{{type.name}}`: once per type, the class-spec layout.
    case type
    /// `{{module}}`: once per module.
    case module
    /// `{{file}}`: once per file.
    case file
}

/// A row of a client's sheet that is written once per item.
public struct RowTemplate: Hashable, Sendable {
    /// The zero-based row in the client's sheet.
    public var row: Int
    /// What it repeats over.
    public var scope: RowScope
}

/// Consecutive template rows written together once per item: a function block (rows with `{{function.*}}` markers
/// and the `{{parameter.*}}` rows among them, written once per parameter), or a run of rows of one other scope.
public struct RowBlock: Hashable, Sendable {
    /// The first template row (zero-based).
    public var first: Int
    /// The last template row.
    public var last: Int
    /// What the block is written once for (`function` for a block with parameter rows).
    public var scope: RowScope
    /// The runs of rows written once per nested item (parameter rows) inside the block, top to bottom.
    public var nested: [ClosedRange<Int>]
    /// The merged ranges inside the block that span several rows: written again in every copy, a range from row `a`
    /// to row `b` covering every row the copy writes from `a` to `b` (a number cell merged down the whole block
    /// covers the parameter rows too).
    public var merges: [CellRange]

    /// The block's rows.
    public var rows: ClosedRange<Int> { first...last }

    /// The nested run holding a template row.
    ///
    /// - Parameter row: A row of the template (0-based).
    /// - Returns: The run of rows written once per nested item that holds `row`, or `nil` when `row` is in none.
    public func nestedRun(containing row: Int) -> ClosedRange<Int>? {
        nested.first { $0.contains(row) }
    }
}

/// Which functions (or types) a sheet lists and in what order: the `docsheet` settings sheet's rows for it.
public struct FormFilter: Hashable, Sendable {
    /// The least visible effective access level listed (`nil`: all).
    public var minAccess: AccessLevel?
    /// The function (or type) kinds listed (empty: all).
    public var kinds: [RecordKind] = []
    /// Documented, undocumented or all.
    public var documentation: DocumentationFilter = .all
    /// Sort keys (a leading `-` sorts descending). A name both scopes have (`name`) gives a key for each: the
    /// function keys order the functions, the type keys the types.
    public var sort: [SortKey] = []
    /// Grouping, outermost first.
    public var group: [GroupLevel] = []
    /// Leave out functions and types of unit-test and UI-test targets.
    public var excludeTests = false

    /// The kinds that choose functions (property kinds choose only property rows).
    var functionKinds: [RecordKind] { kinds.filter { if case .property = $0 { return false } else { return true } } }
    /// The kinds that choose property rows: the property kinds listed (none: every property).
    var propertyKinds: [RecordKind] { kinds.filter { if case .property = $0 { return true } else { return false } } }

    /// `inventory` without the functions, types and properties these settings leave out (sort and group do not apply
    /// here).
    func apply(to inventory: Inventory) -> Inventory {
        let minimum = minAccess ?? .private
        func isTest(_ module: String, _ kind: TargetKind?) -> Bool {
            excludeTests && (kind ?? inventory.kind(ofModule: module))?.isTest == true
        }
        let listing = ListingFilter(minAccess: minAccess, kinds: functionKinds, documentation: documentation)
        let functions = inventory.functions.filter { listing.keeps($0) && !isTest($0.module, $0.moduleKind) }
        let types = inventory.types.filter { $0.effectiveAccess >= minimum && !isTest($0.module, $0.moduleKind) }
        // Properties follow the access level and the test setting (the cover's and module rows' property counts).
        let properties = inventory.properties.filter { $0.effectiveAccess >= minimum && !isTest($0.module, $0.moduleKind) }
        return Inventory(project: inventory.project, types: types, functions: functions, modules: inventory.modules,
                         properties: properties, messages: inventory.messages, errors: inventory.errors, entities: inventory.entities,
                         screens: inventory.screens, transitions: inventory.transitions)
    }
}

/// One sheet of a client's workbook with its markers found.
public struct FormSheet: Sendable {
    /// The sheet as read (markers still in its text).
    public var sheet: SheetDocument
    /// Its row templates, top to bottom.
    public var rowTemplates: [RowTemplate]
    /// Its row templates grouped into blocks of consecutive rows, top to bottom (a group row is a block of its own).
    public var blocks: [RowBlock] = []
    /// What a sheet template is written once for, or `nil` for a sheet written once.
    public var repetition: SheetRepetition?
    /// The listing settings for its row templates.
    public var filter: FormFilter
    /// The cells that receive a picture (``PictureMarker``), top to bottom.
    public var pictures: [PictureCell] = []
}

/// A client's workbook used as the template: its sheets with markers, and the workbook-level parts carried over.
public struct WorkbookForm: Sendable {
    /// The workbook's path as given.
    public var source: String
    /// The sheets written, in order (the `docsheet` settings sheet left out).
    public var sheets: [FormSheet]
    /// The settings the `docsheet` sheet gives every sheet (they narrow the inventory, totals included).
    public var workbookFilter: FormFilter
    /// Defined names carried over (formulas moved with the rows).
    public var definedNames: [DefinedName]
    /// The workbook's default font (cells without a style of their own are written in it).
    public var defaultStyle: CellStyle
    /// The document properties (placeholders expanded when written).
    public var properties: SpreadsheetProperties
    /// The index (among `sheets`) of the sheet Excel opens on.
    public var activeSheet: Int
    /// What the workbook holds that cannot be carried over.
    public var unsupported: [UnsupportedFeature]
}

/// Reads a client's `.xlsx` into a ``Template`` whose sheets are laid out by the workbook.
enum FormTemplateLoader {
    /// The name of the sheet that holds DocSheet's settings (never written).
    static let settingsSheetName = "docsheet"

    /// Loads and checks `url`.
    ///
    /// - Parameters:
    ///   - url: The workbook.
    ///   - path: The path as the user gave it (for messages).
    /// - Throws: `DesignDocumentError.unreadableTemplate` when the file is not a readable `.xlsx`;
    ///   `DesignDocumentError.invalidWorkbookTemplate` naming the sheet and cell of a wrong marker.
    static func load(url: URL, path: String) throws(DesignDocumentError) -> Template {
        let document: SpreadsheetDocument
        do {
            document = try SpreadsheetReader.read(url)
        } catch {
            throw .unreadableTemplate(path: path, reason: error.description)
        }
        return try template(from: document, path: path)
    }

    /// The template for a workbook already read.
    static func template(from document: SpreadsheetDocument, path: String) throws(DesignDocumentError) -> Template {
        var settings: [String: [(key: String, value: String, row: Int)]] = [:]
        var sheets: [FormSheet] = []
        var activeSheet = 0
        for (index, sheet) in document.sheets.enumerated() {
            if sheet.name.caseInsensitiveCompare(settingsSheetName) == .orderedSame {
                settings = try readSettings(sheet, path: path)
                continue
            }
            if index == document.activeSheet { activeSheet = sheets.count }
            sheets.append(try formSheet(sheet, path: path))
        }
        for (index, sheet) in sheets.enumerated() {
            sheets[index].filter = try filter(settings["*", default: []] + settings[sheet.sheet.name.lowercased(), default: []],
                                              sheet: sheet.sheet.name, path: path)
        }
        let known = Set(sheets.map { $0.sheet.name.lowercased() } + ["*"])
        if let unknown = settings.keys.sorted().first(where: { !known.contains($0) }), let row = settings[unknown]?.first?.row {
            throw .invalidWorkbookTemplate(path: path, sheet: settingsSheetName, cell: CellReference(row: row, column: 2).description,
                                           message: "no sheet is named '\(unknown)'; name a sheet of the workbook, or leave the cell empty for all sheets")
        }
        guard !sheets.isEmpty else {
            throw .invalidWorkbookTemplate(path: path, sheet: nil, cell: nil, message: "the workbook has no sheet besides '\(settingsSheetName)'")
        }
        let workbookFilter = try filter(settings["*", default: []], sheet: "*", path: path)
        let form = WorkbookForm(source: path, sheets: sheets, workbookFilter: workbookFilter, definedNames: document.definedNames,
                                defaultStyle: document.defaultStyle, properties: document.properties,
                                activeSheet: activeSheet, unsupported: document.unsupported)
        return Template(name: (path as NSString).lastPathComponent, source: path, summary: nil, properties: [:], fonts: [:], styles: [:],
                        print: PrintSpec(), logo: nil, sheets: [], form: form)
    }

    /// Finds the markers of one sheet and checks them.
    static func formSheet(_ sheet: SheetDocument, path: String) throws(DesignDocumentError) -> FormSheet {
        var problems: [DesignDocumentError] = []
        let found = formSheet(sheet, path: path, problems: &problems)
        if let first = problems.first { throw first }
        return found
    }

    /// Finds the markers of one sheet, collecting every problem instead of stopping at the first.
    static func formSheet(_ sheet: SheetDocument, path: String, problems: inout [DesignDocumentError]) -> FormSheet {
        func fail(_ cell: CellReference?, _ message: String) -> DesignDocumentError {
            .invalidWorkbookTemplate(path: path, sheet: sheet.name, cell: cell?.description, message: message)
        }
        let nameMarkers = Placeholders.names(in: sheet.name)
        var repetition: SheetRepetition?
        if nameMarkers.contains(where: { $0.hasPrefix("type.") }) {
            repetition = .type
        } else if nameMarkers.contains("module") {
            repetition = .module
        } else if nameMarkers.contains("file") {
            repetition = .file
        }
        var scopes: [Int: (scope: RowScope, cell: CellReference)] = [:]
        var pictures: [PictureCell] = []
        for cell in sheet.cells {
            guard let text = cell.value.markerText else { continue }
            for name in Placeholders.names(in: text) {
                // A picture marker fills its cell with a picture: alone in the cell, on a row written once.
                if let marker = PictureMarker(name: name) {
                    if let problem = marker.problem(on: repetition) {
                        problems.append(fail(cell.reference, problem))
                    } else if text.trimmingCharacters(in: .whitespacesAndNewlines) != "{{\(name)}}" {
                        problems.append(fail(cell.reference, "'\(marker.text)' places a picture in its cell: leave it alone in the cell "
                                             + "(put any caption in another cell)"))
                    } else {
                        pictures.append(PictureCell(cell: cell.reference, marker: marker,
                                                    frame: sheet.merges.first { merge in
                            merge.first.row <= cell.reference.row && cell.reference.row <= merge.last.row
                                && merge.first.column <= cell.reference.column && cell.reference.column <= merge.last.column
                        }))
                    }
                    continue
                }
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                if parts.count == 1 {
                    if let problem = plainProblem(name, repetition: repetition, cell: cell.reference, fail: fail) { problems.append(problem) }
                    continue
                }
                // A type sheet's own type is a value, not a row template.
                if repetition == .type && parts[0] == "type" {
                    if let problem = fieldProblem(parts[1], of: .type, marker: name, cell: cell.reference, fail: fail) { problems.append(problem) }
                    continue
                }
                guard let scope = RowScope(rawValue: parts[0]) else {
                    let suggestion = closest(parts[0], among: RowScope.allCases.map(\.rawValue)).map { " (did you mean '{{\($0).\(parts[1])}}'?)" } ?? ""
                    problems.append(fail(cell.reference, "unknown marker '{{\(name)}}'\(suggestion); 'docsheet templates fields' lists them"))
                    continue
                }
                if let problem = fieldProblem(parts[1], of: scope, marker: name, cell: cell.reference, fail: fail) {
                    problems.append(problem)
                    continue
                }
                // An attribute row may name its entity: the {{entity.…}} markers there belong to the attribute row.
                if let existing = scopes[cell.reference.row], Set([existing.scope, scope]) == [.attribute, .entity] {
                    scopes[cell.reference.row] = existing.scope == .attribute ? existing : (.attribute, cell.reference)
                    continue
                }
                if let existing = scopes[cell.reference.row], existing.scope != scope {
                    problems.append(fail(cell.reference, "row \(cell.reference.row + 1) holds {{\(existing.scope.rawValue).…}} (at \(existing.cell)) and "
                               + "{{\(scope.rawValue).…}} markers; a row template repeats over one kind of item: move one of them to its own row"))
                    continue
                }
                scopes[cell.reference.row] = (scope, cell.reference)
            }
        }
        // Header and footer placeholders are global or per sheet.
        for text in [sheet.pageSetup.header, sheet.pageSetup.footer].compactMap({ $0 }) {
            for name in Placeholders.names(in: text) where name.contains(".") && !(repetition == .type && name.hasPrefix("type.")) {
                problems.append(fail(nil, "the page header or footer holds '{{\(name)}}'; only workbook-wide placeholders such as {{project}} fit there"))
            }
            if let problem = Placeholders.pageHeaderProblem(text) { problems.append(fail(nil, "the page header or footer cannot be written: \(problem)")) }
        }
        let templates = scopes.keys.sorted().map { RowTemplate(row: $0, scope: scopes[$0]!.scope) }
        for picture in pictures where scopes[picture.cell.row] != nil || (picture.frame.map { frame in
            scopes.keys.contains { frame.first.row <= $0 && $0 <= frame.last.row } } ?? false) {
            problems.append(fail(picture.cell, "'\(picture.marker.text)' is on a row written once per item; "
                                 + "put the picture's frame on rows of their own, outside the row templates"))
        }
        var blocks = rowBlocks(templates)
        for index in blocks.indices {
            let block = blocks[index]
            if block.scope == .parameter {
                problems.append(fail(scopes[block.first]!.cell, "the {{parameter.…}} row \(block.first + 1) is not inside a function block; "
                           + "put it directly below (or between) rows holding {{function.…}} markers"))
                continue
            }
            for merge in sheet.merges where merge.rowCount > 1 && merge.first.row <= block.last && block.first <= merge.last.row {
                if block.first <= merge.first.row && merge.last.row <= block.last {
                    if block.scope == .history || block.scope == .group {
                        problems.append(fail(merge.first, "the row template on row \(block.first + 1) is inside the merged cells \(merge), "
                                   + "which span several rows; unmerge \(merge) or keep the merge within the row"))
                    } else {
                        blocks[index].merges.append(merge)
                    }
                } else {
                    let rows = block.first == block.last ? "row \(block.first + 1)" : "rows \(block.first + 1)–\(block.last + 1)"
                    problems.append(fail(merge.first, "the merged cells \(merge) cross the edge of the block of \(rows) "
                               + "(written once per \(block.scope.rawValue)); keep the merge inside the block or outside it"))
                }
            }
        }
        for template in templates {
            if template.scope == .group,
               !templates.contains(where: { $0.row == template.row + 1 && $0.scope == .function }) {
                problems.append(fail(scopes[template.row]!.cell, "a {{group.…}} row must be directly above a {{function.…}} row template"))
            }
        }
        return FormSheet(sheet: sheet, rowTemplates: templates, blocks: blocks, repetition: repetition, filter: FormFilter(),
                         pictures: pictures.sorted { ($0.cell.row, $0.cell.column) < ($1.cell.row, $1.cell.column) })
    }

    /// The row templates grouped into blocks: consecutive rows of one scope, `{{parameter.…}}` rows counted with the
    /// function rows around them (each run of them nested); history and group rows stay blocks of one row. A block
    /// of parameter rows alone keeps the scope `parameter` (an error the caller reports).
    static func rowBlocks(_ templates: [RowTemplate]) -> [RowBlock] {
        var blocks: [RowBlock] = []
        for template in templates {
            let joinable = template.scope != .history && template.scope != .group
            if joinable, var last = blocks.last, last.last == template.row - 1, last.scope != .history, last.scope != .group,
               last.scope == template.scope || Set([last.scope, template.scope]).isSubset(of: [.function, .parameter]) {
                last.last = template.row
                if template.scope == .function || last.scope == .function { last.scope = .function }
                blocks[blocks.count - 1] = last
            } else {
                blocks.append(RowBlock(first: template.row, last: template.row, scope: template.scope, nested: [], merges: []))
            }
            if template.scope == .parameter {
                var block = blocks[blocks.count - 1]
                if let run = block.nested.last, run.upperBound == template.row - 1 {
                    block.nested[block.nested.count - 1] = run.lowerBound...template.row
                } else {
                    block.nested.append(template.row...template.row)
                }
                blocks[blocks.count - 1] = block
            }
        }
        return blocks
    }

    private static func plainProblem(_ name: String, repetition: SheetRepetition?, cell: CellReference,
                                     fail: (CellReference?, String) -> DesignDocumentError) -> DesignDocumentError? {
        if Placeholders.global.contains(name) || name == "sheet" { return nil }
        if name == "module" && repetition == .module || name == "file" && repetition == .file { return nil }
        if name == "module" || name == "file" {
            return fail(cell, "'{{\(name)}}' names the \(name) of a sheet written once per \(name): put {{\(name)}} in the sheet's name, "
                       + "or use {{\(name).name}} in a row written once per \(name)")
        }
        let suggestion = closest(name, among: Placeholders.global).map { " (did you mean '{{\($0)}}'?)" } ?? ""
        return fail(cell, "unknown placeholder '{{\(name)}}'\(suggestion); 'docsheet templates fields' lists them")
    }

    private static func fieldProblem(_ field: String, of scope: RowScope, marker: String, cell: CellReference,
                                     fail: (CellReference?, String) -> DesignDocumentError) -> DesignDocumentError? {
        guard RowField(scope: scope, field: field) == nil else { return nil }
        let suggestion = closest(field, among: scope.fields).map { " (did you mean '{{\(scope.rawValue).\($0)}}'?)" } ?? ""
        return fail(cell, "unknown field '\(field)' in '{{\(marker)}}'\(suggestion); \(scope.rawValue) fields: \(scope.fields.joined(separator: ", "))")
    }

    /// The settings rows of the `docsheet` sheet by sheet name (lowercased; `*` for every sheet).
    private static func readSettings(_ sheet: SheetDocument, path: String) throws(DesignDocumentError)
        -> [String: [(key: String, value: String, row: Int)]]
    {
        var rows: [Int: [Int: String]] = [:]
        for cell in sheet.cells {
            let text: String
            switch cell.value {
            case .text(let value): text = value
            case .number(let value): text = value == value.rounded() ? String(Int(value)) : String(value)
            case .bool(let value): text = value ? "true" : "false"
            default: continue
            }
            rows[cell.reference.row, default: [:]][cell.reference.column] = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var settings: [String: [(key: String, value: String, row: Int)]] = [:]
        for row in rows.keys.sorted() {
            let key = rows[row]?[0] ?? ""
            let value = rows[row]?[1] ?? ""
            if key.isEmpty || key.lowercased() == "setting" { continue }
            let target = (rows[row]?[2]).flatMap { $0.isEmpty ? nil : $0.lowercased() } ?? "*"
            settings[target, default: []].append((key.lowercased(), value, row))
        }
        return settings
    }

    /// The listing settings for one sheet.
    private static func filter(_ rows: [(key: String, value: String, row: Int)], sheet: String, path: String) throws(DesignDocumentError) -> FormFilter {
        var filter = FormFilter()
        for (key, value, row) in rows {
            func fail(_ message: String) -> DesignDocumentError {
                .invalidWorkbookTemplate(path: path, sheet: settingsSheetName, cell: CellReference(row: row, column: 1).description, message: message)
            }
            let list = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            switch key {
            case "min_access":
                guard let level = AccessLevel(keyword: value) else {
                    throw fail("min_access '\(value)' is not an access level; use one of \(AccessLevel.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                filter.minAccess = level
            case "kinds":
                filter.kinds = try list.map { item throws(DesignDocumentError) in
                    if let kind = FunctionKind(rawValue: item) { return .function(kind) }
                    if let kind = TypeKind(rawValue: item) { return .type(kind) }
                    if let kind = PropertyKind(rawValue: item) { return .property(kind) }
                    let valid = FunctionKind.allCases.map(\.rawValue) + TypeKind.allCases.map(\.rawValue) + PropertyKind.allCases.map(\.rawValue)
                    let suggestion = YAMLNodeReader.closest(item, among: valid).map { " (did you mean '\($0)'?)" } ?? ""
                    throw fail("'\(item)' is not a function, type or property kind\(suggestion); use \(valid.joined(separator: ", "))")
                }
            case "documentation":
                guard let choice = DocumentationFilter(rawValue: value) else {
                    throw fail("documentation '\(value)' is not one of all, documented, undocumented")
                }
                filter.documentation = choice
            case "sort":
                var keys: [SortKey] = []
                for item in list {
                    let descending = item.hasPrefix("-")
                    let bare = descending ? String(item.dropFirst()) : item
                    let function = FunctionField(rawValue: bare), type = TypeField(rawValue: bare), property = PropertyField(rawValue: bare)
                    guard function != nil || type != nil || property != nil else {
                        let suggestion = YAMLNodeReader.closest(bare, among: FunctionField.names + TypeField.names + PropertyField.names)
                            .map { " (did you mean '\($0)'?)" } ?? ""
                        throw fail("cannot sort by '\(item)': it is not a function, type or property field\(suggestion)")
                    }
                    if let function { keys.append(SortKey(field: .function(function), descending: descending)) }
                    if let type { keys.append(SortKey(field: .type(type), descending: descending)) }
                    if let property { keys.append(SortKey(field: .property(property), descending: descending)) }
                }
                filter.sort = keys
            case "group":
                var levels: [GroupLevel] = []
                for item in list {
                    guard let level = GroupLevel(rawValue: item) else { throw fail("cannot group by '\(item)'; use module, file or type") }
                    levels.append(level)
                }
                filter.group = levels
            case "exclude_tests":
                guard let flag = ["true": true, "yes": true, "1": true, "false": false, "no": false, "0": false][value.lowercased()] else {
                    throw fail("exclude_tests '\(value)' is not true or false")
                }
                filter.excludeTests = flag
            default:
                let suggestion = closest(key, among: ["min_access", "kinds", "documentation", "sort", "group", "exclude_tests"]).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail("unknown setting '\(key)'\(suggestion); the settings are min_access, kinds, documentation, sort, group and exclude_tests")
            }
        }
        return filter
    }

    /// The candidate closest to `word` when it is close enough to be a likely typo.
    static func closest(_ word: String, among candidates: [String]) -> String? {
        YAMLNodeReader.closest(word, among: candidates)
    }
}

extension SheetCellValue {
    /// The text markers can be in: a text cell's text (formulas and numbers hold none).
    var markerText: String? {
        if case .text(let text) = self, text.contains("{{") { return text }
        return nil
    }
}

/// What `docsheet templates check` says about a client's workbook: the markers found, the row and sheet templates,
/// every problem (each naming its sheet and cell) and what will not be carried over.
public struct WorkbookTemplateReport: Sendable {
    /// One line per sheet and per row template or marker cell, in workbook order.
    public var lines: [String]
    /// Problems that stop `generate` (wrong markers, settings, merges), every one of them.
    public var problems: [String]
    /// Parts of the workbook DocSheet's writer cannot write (reported as warnings by `generate`).
    public var unsupported: [String]

    /// One line about a block of row templates: its rows, what it is written for, its nested rows (a row per
    /// parameter) and the merges repeated in every copy — those over several rows, and those within one row.
    ///
    /// - Parameters:
    ///   - block: The block.
    ///   - sheet: The sheet it is on, for its merges within one row (`nil`: those are not listed).
    ///   - repetition: What the sheet is written once for (a type sheet lists its own type's members).
    /// - Returns: The line, without indentation.
    static func describe(_ block: RowBlock, on sheet: SheetDocument? = nil, repetition: SheetRepetition? = nil) -> String {
        var scope = block.scope.rawValue
        if repetition == .type, [.function, .property].contains(block.scope) { scope += " of the sheet's type" }
        let rowMerges = (sheet?.merges ?? []).filter { $0.rowCount == 1 && block.rows.contains($0.first.row) }
        guard block.first != block.last || !block.merges.isEmpty else {
            var line = "row \(block.first + 1): row template, once per \(scope)"
            if !rowMerges.isEmpty { line += "; merges repeated in every row: \(WorkbookTemplateImport.list(rowMerges.map(\.description)))" }
            return line
        }
        var line = "rows \(block.first + 1)–\(block.last + 1): block of \(block.rows.count) rows, once per \(scope)"
        if !block.nested.isEmpty {
            let runs = block.nested.map { $0.count == 1 ? "row \($0.lowerBound + 1)" : "rows \($0.lowerBound + 1)–\($0.upperBound + 1)" }
            line += "; \(runs.joined(separator: ", ")) once per parameter"
        }
        if !block.merges.isEmpty {
            line += "; merges over several rows repeated in every copy: \(block.merges.map(\.description).joined(separator: ", "))"
        }
        if !rowMerges.isEmpty {
            line += "; merges within a row repeated in every copy: \(WorkbookTemplateImport.list(rowMerges.map(\.description)))"
        }
        return line
    }

    /// Reads and checks the workbook at `path`.
    ///
    /// - Parameter path: The `.xlsx` file.
    /// - Throws: `DesignDocumentError.unreadableTemplate` when it is not a readable `.xlsx` workbook.
    public init(checking path: String) throws(DesignDocumentError) {
        let document: SpreadsheetDocument
        do {
            document = try SpreadsheetReader.read(URL(fileURLWithPath: path))
        } catch {
            throw .unreadableTemplate(path: path, reason: error.description)
        }
        var problems: [DesignDocumentError] = []
        lines = []
        for sheet in document.sheets {
            if sheet.name.caseInsensitiveCompare(FormTemplateLoader.settingsSheetName) == .orderedSame {
                lines.append("sheet '\(sheet.name)': DocSheet's settings (not written)")
                continue
            }
            let form = FormTemplateLoader.formSheet(sheet, path: path, problems: &problems)
            var heading = "sheet '\(sheet.name)'"
            if let repetition = form.repetition { heading += ": written once per \(repetition.rawValue)" }
            lines.append(heading)
            for block in form.blocks {
                lines.append("  " + WorkbookTemplateReport.describe(block, on: sheet, repetition: form.repetition))
            }
            for picture in form.pictures {
                lines.append("  \(picture.cell): picture \(picture.marker.text), \(picture.marker.pictureDescription); "
                             + (picture.frame.map { "fitted into \($0)" } ?? "at its true size (the cell is not merged)"))
            }
            for cell in sheet.cells {
                guard let text = cell.value.markerText else { continue }
                lines.append("  \(cell.reference): \(Placeholders.names(in: text).map { "{{\($0)}}" }.joined(separator: " "))")
            }
        }
        do {
            _ = try FormTemplateLoader.template(from: document, path: path)
        } catch {
            if !problems.contains(error) { problems.append(error) }
        }
        self.problems = problems.map(\.description)
        unsupported = document.unsupported.map { "\($0) is not carried over" }
    }
}

/// The names a template can use, for `docsheet templates fields`.
public enum TemplateFields {
    /// Placeholders usable anywhere (cells, headers and footers, sheet names).
    public static let placeholders = Placeholders.global + ["sheet"]
    /// Each row-template scope with its fields: `{{function.name}}`, `{{type.kind}}`, …
    public static let rowScopes: [(scope: String, fields: [String])] = RowScope.allCases.map { ($0.rawValue, $0.fields) }
    /// Each picture marker (`{{type.diagram}}`, …) with the picture it shows and where it may stand.
    public static let pictures: [(marker: String, picture: String, placement: String)] = PictureMarker.allCases.map {
        ($0.text, $0.pictureDescription, $0.placement)
    }
    /// Each YAML sheet kind with columns, with the fields its `columns` may name (`kind: modules`: `dependencies`, …);
    /// a `classes` sheet's two tables as `classes.properties` and `classes.methods`, an `entities` sheet's as
    /// `entities.attributes` and `entities.relationships`.
    public static let sheetKinds: [(kind: String, fields: [String])] = SheetKind.allCases
        .map { ($0.rawValue, FieldCatalog.fieldNames(for: $0)) }.filter { !$0.1.isEmpty }
        + [("classes.properties", PropertyField.names), ("classes.methods", FunctionField.names),
           ("entities.attributes", AttributeField.names), ("entities.relationships", RelationshipField.names)]
}
