import Foundation
import Testing
import Inventory
import SwiftExtraction
import TestSupport
@testable import DesignDocument

/// A small app extracted by the library from inline source: a class with properties, methods and an extension, a
/// struct with only properties, a protocol with only methods, enums, an extension of `String` and globals.
enum ClassSnippet {
    static let board = """
    import Foundation

    /// A board of columns.
    public final class Board: NSObject, Codable {
        // MARK: - State

        /// The board's title.
        public private(set) var title: String = "Untitled"
        /// The columns, left to right.
        public var columns: [Column] = []
        @Published var isLoading = false
        static let shared = Board()
        weak var delegate: BoardDelegate?
        lazy var formatter = DateFormatter()

        // MARK: - Editing

        /// Adds a column.
        public func add(_ column: Column) { columns.append(column) }
        func reset() {}
    }

    extension Board: CustomStringConvertible {
        /// What the board shows in logs.
        public var summaryText: String { title }
        func describe() -> String { summaryText }
    }

    """
    static let models = """
    /// One column of a board.
    public struct Column {
        /// The column's name.
        public let name: String
        var limit: Int { 5 }
    }

    /// Hears about board changes.
    protocol BoardDelegate: AnyObject {
        /// Called after any change.
        func boardDidChange(_ board: Board)
    }

    public enum Status: String {
        /// Not started.
        case todo = "todo"
        case done
    }

    enum Event {
        case moved(from: Int, to: Int), renamed(String), resized(_ width: Int)
    }

    extension String {
        /// The text without surrounding spaces.
        func trimmed() -> String { self }
        var isBlank: Bool { trimmed().isEmpty }
    }

    /// The board shown first.
    let defaultBoardName = "Main"

    func makeBoard() -> Board { Board() }

    """

    /// The inventory the extractor makes of the two files.
    static let inventory: Inventory = {
        let result = SwiftExtractor().extract(sources: [
            SourceText(relativePath: "App/Board.swift", module: "App", text: board),
            SourceText(relativePath: "App/Models.swift", module: "App", text: models),
        ], cache: nil)
        return Inventory(project: ProjectInfo(name: "Boards", root: "."), types: result.types, functions: result.functions,
                         properties: result.properties)
    }()

    /// The property record named `qualifiedName`.
    static func property(_ qualifiedName: String) throws -> PropertyRecord {
        try #require(inventory.properties.first { $0.qualifiedName == qualifiedName }, "no property \(qualifiedName)")
    }

    /// The declaration record of the type `name`.
    static func type(_ name: String) throws -> TypeRecord {
        try #require(inventory.types.first { $0.name == name && $0.kind != .extension }, "no type \(name)")
    }

    /// Renders `inventory` with `template` and reads the workbook back.
    static func render(_ template: Template, locale: DocumentLocale = .en, name: String) throws -> XLSXReader {
        let url = try Fixtures.folder().appendingPathComponent("\(name).xlsx")
        var context = Fixtures.context
        context.locale = locale
        try DocumentWriter(template: template, context: context).write(inventory, format: .xlsx, to: url)
        return try XLSXReader(url: url)
    }
}

@Suite struct PropertyFieldTests {
    /// The text of `field` for `record`.
    func text(_ field: String, _ record: PropertyRecord, number: Int = 1, locale: DocumentLocale = .en) throws -> String {
        let field = try #require(PropertyField(rawValue: field), "no property field \(field)")
        var context = Fixtures.context
        context.locale = locale
        return FieldCatalog.value(of: field, property: record, number: number, context: context).text
    }

    @Test func theCatalogueNamesEveryFieldOnceWithTheFunctionFieldsNames() {
        let names = PropertyField.names
        #expect(Set(names).count == names.count)
        for name in ["number", "name", "type", "kind", "access", "effectiveAccess", "setterAccess", "storage", "mutability",
                     "summary", "description", "declaration", "defaultValue", "attributes", "modifiers", "enclosingType",
                     "module", "file", "line", "condition", "section", "documented", "status", "sourceURL", "blank",
                     "rawValue", "associatedValues", "column", "targets", "moduleKind", "qualifiedName", "requirement"] {
            #expect(names.contains(name), "missing property field \(name)")
        }
        // The fields shown as the record keeps them take their description from the schema.
        for descriptor in PropertyRecord.schema.templateFields {
            let template = descriptor.template!
            #expect(FieldCatalog.propertyFields.contains { $0.name == template.name && $0.description == template.description })
        }
        #expect(PropertyField(rawValue: "signature") == nil)
    }

    @Test func fieldsOfAStoredPropertyWithAPrivateSetter() throws {
        let title = try ClassSnippet.property("Board.title")
        #expect(try text("name", title) == "title")
        #expect(try text("qualifiedName", title) == "Board.title")
        #expect(try text("type", title) == "String")
        #expect(try text("kind", title) == "property")
        #expect(try text("access", title) == "public")
        #expect(try text("effectiveAccess", title) == "public")
        #expect(try text("setterAccess", title) == "private")
        #expect(try text("storage", title) == "stored")
        #expect(try text("mutability", title) == "var")
        #expect(try text("defaultValue", title) == "\"Untitled\"")
        #expect(try text("declaration", title) == "public private(set) var title: String")
        #expect(try text("enclosingType", title) == "Board")
        #expect(try text("enclosingKind", title) == "class")
        #expect(try text("section", title) == "State")
        #expect(try text("summary", title) == "The board's title.")
        #expect(try text("documented", title) == "Yes")
        #expect(try text("documented", title, locale: .ja) == "有")
        #expect(try text("status", title, locale: .vi) == "Đã mô tả")
        #expect(try text("file", title) == "App/Board.swift")
        #expect(try text("module", title) == "App")
        #expect(try text("number", title, number: 7) == "7")
        #expect(try text("blank", title) == "")
        let line = try #require(PropertyField(rawValue: "line"))
        #expect(FieldCatalog.value(of: line, property: title, number: 1, context: Fixtures.context) == .number(8))
        #expect(try text("sourceURL", title) == "https://github.com/example/taskboard/blob/3f2a9c1d5e7b/App/Board.swift#L8")
    }

    @Test func attributesModifiersAndInferredTypes() throws {
        let loading = try ClassSnippet.property("Board.isLoading")
        #expect(try text("attributes", loading) == "@Published")
        #expect(try text("type", loading) == "Bool")
        #expect(try text("documented", loading) == "No")
        #expect(try text("status", loading) == "Undocumented")
        #expect(try text("section", loading) == "State")
        let shared = try ClassSnippet.property("Board.shared")
        #expect(try text("kind", shared) == "typeProperty")
        #expect(try text("modifiers", shared) == "static")
        #expect(try text("mutability", shared) == "let")
        #expect(try text("setterAccess", shared) == "")
        #expect(try text("type", shared) == "Board")
        let delegate = try ClassSnippet.property("Board.delegate")
        #expect(try text("modifiers", delegate) == "weak")
        #expect(try text("type", delegate) == "BoardDelegate?")
        #expect(try text("storage", try ClassSnippet.property("Board.formatter")) == "lazy")
        let limit = try ClassSnippet.property("Column.limit")
        #expect(try text("storage", limit) == "computed")
        #expect(try text("setterAccess", limit) == "")
        let global = try ClassSnippet.property("defaultBoardName")
        #expect(try text("enclosingType", global) == "")
        #expect(try text("qualifiedName", global) == "defaultBoardName")
        #expect(try text("type", global) == "String")
    }

    @Test func enumCasesShowRawAndAssociatedValues() throws {
        let todo = try ClassSnippet.property("Status.todo")
        #expect(try text("kind", todo) == "enumCase")
        #expect(try text("rawValue", todo) == "\"todo\"")
        #expect(try text("type", todo) == "")
        #expect(try text("mutability", todo) == "")
        let moved = try ClassSnippet.property("Event.moved")
        #expect(try text("associatedValues", moved) == "(from: Int, to: Int)")
        #expect(try text("associatedValues", try ClassSnippet.property("Event.renamed")) == "(String)")
        #expect(try text("associatedValues", try ClassSnippet.property("Event.resized")) == "(_ width: Int)")
        #expect(try text("associatedValues", try ClassSnippet.property("Status.done")) == "")
    }

    @Test func typeFieldsShowRelationsAndMemberCounts() throws {
        let board = try ClassSnippet.type("Board")
        let properties = ClassSnippet.inventory.properties.filter { $0.enclosingType == "Board" && $0.file == board.file }
        func value(_ field: String, _ record: TypeRecord, properties: [PropertyRecord] = []) throws -> CellValue {
            let field = try #require(TypeField(rawValue: field))
            return FieldCatalog.value(of: field, type: record, number: 1, functions: [], properties: properties, context: Fixtures.context)
        }
        #expect(try value("superclass", board) == .text("NSObject"))
        #expect(try value("conformances", board) == .text("Codable, CustomStringConvertible"))
        #expect(try value("composition", board) == .text("columns: [Column], delegate: BoardDelegate"))
        #expect(try value("unknownInheritedTypes", board) == .empty)
        #expect(try value("properties", board, properties: properties) == .number(7))
        #expect(try value("documentedProperties", board, properties: properties) == .number(3))
        let column = try ClassSnippet.type("Column")
        #expect(try value("superclass", column) == .empty)
        #expect(try value("conformances", column) == .empty)
    }
}

@Suite struct PropertiesSheetTests {
    static let template = """
    name: props
    sheets:
      - kind: properties
        name: Properties
        group: type
        sections: true
        highlightUndocumented: undocumented
        filter: {minAccess: internal, kinds: [property, typeProperty]}
        columns:
          - {header: No., field: number}
          - {header: Name, field: name}
          - {header: Type, field: type}
          - {header: Access, field: access}
          - {header: Setter, field: setterAccess}
          - {header: Storage, field: storage}
          - {header: Documented, field: documented}
          - {header: Line, field: line, link: source}
    """

    @Test func onePropertyPerRowGroupedByTypeWithSections() throws {
        let template = try TemplateLoader.load(yaml: Self.template, path: "props.yml", baseFolder: nil)
        let book = try ClassSnippet.render(template, name: "properties-sheet")
        let sheet = try book.sheet("Properties")
        #expect(sheet.row(1) == ["No.", "Name", "Type", "Access", "Setter", "Storage", "Documented", "Line", WorkbookRenderer.documentedHelperHeader])
        // Globals first (an empty group key), then the types in module and name order; enum cases left out.
        #expect(sheet["A2"] == "Global variables")
        #expect(sheet.row(3) == ["1", "defaultBoardName", "String", "internal", "", "stored", "Yes", "31", "1"])
        #expect(sheet["A4"] == "Board")
        #expect(sheet["A5"] == "State")
        #expect(sheet.row(6) == ["2", "title", "String", "public", "private", "stored", "Yes", "8", "1"])
        #expect(sheet.row(7) == ["3", "columns", "[Column]", "public", "public", "stored", "Yes", "10", "1"])
        #expect(sheet["I8"] == "0")
        #expect(sheet["B8"] == "isLoading" && sheet["B9"] == "shared" && sheet["B10"] == "delegate" && sheet["B11"] == "formatter")
        // The extension's property follows a section of the declaration: a row names its type.
        #expect(sheet["A12"] == "Board" && sheet["B13"] == "summaryText")
        #expect(sheet["A14"] == "Column" && sheet.row(15).prefix(3) == ["9", "name", "String"])
        #expect(sheet["B16"] == "limit" && sheet["F16"] == "computed")
        #expect(sheet["A17"] == "String" && sheet["B18"] == "isBlank")
        #expect(sheet.lastRow == 18)
        #expect(sheet.hyperlinks["H6"] == "https://github.com/example/taskboard/blob/3f2a9c1d5e7b/App/Board.swift#L8")
        #expect(sheet.numericCells.contains("A6") && sheet.numericCells.contains("H6"))
        #expect(sheet.conditionalFormats.count == 1)
        #expect(sheet.autofilter == "A1:H18")
        #expect(sheet.frozenAt == "A2")
    }

    @Test func sortAndDocumentationFilterApplyToProperties() throws {
        let template = try TemplateLoader.load(yaml: """
        name: props
        sheets:
          - kind: properties
            name: Undocumented
            sort: [-name]
            filter: {documentation: undocumented}
            columns: [{field: qualifiedName}, {field: kind}]
        """, path: "props.yml", baseFolder: nil)
        let sheet = try ClassSnippet.render(template, name: "properties-sorted").sheet("Undocumented")
        #expect((2...sheet.lastRow).map { sheet["A\($0)"]! } == [
            "Board.shared", "Event.resized", "Event.renamed", "Event.moved", "Column.limit", "Board.isLoading", "String.isBlank",
            "Board.formatter", "Status.done", "Board.delegate",
        ])
    }
}

@Suite struct ClassesSheetTests {
    static func classSpec(locale: DocumentLocale = .en) throws -> XLSXReader {
        try ClassSnippet.render(try Template.resolve("class-spec"), locale: locale, name: "classes-\(locale.rawValue)")
    }

    @Test func oneSheetPerTypeWithItsExtensionsMergedAndTheExtendedOutsideType() throws {
        let book = try Self.classSpec()
        #expect(book.sheetNames == ["Contents", "Free functions", "Board", "BoardDelegate", "Column", "Event", "Status", "String"])
    }

    @Test func aClassWithPropertiesAndMethodsHasBothTables() throws {
        let board = try Self.classSpec().sheet("Board")
        #expect(board["C1"] == "Board" && board["C2"] == "class" && board["C3"] == "App" && board["C4"] == "App/Board.swift")
        #expect(board["A5"] == "Superclass" && board["C5"] == "NSObject")
        #expect(board["A6"] == "Conforms to" && board["C6"] == "Codable, CustomStringConvertible")
        #expect(board["C7"] == "A board of columns.")
        #expect(board.hyperlinks["A8"] == "#'Contents'!A1")
        // Two rows below the header block: the property table's title band, header and rows.
        #expect(board["A10"] == "Properties" && board.mergedRanges.contains("A10:I10"))
        #expect(board.row(11) == ["No.", "Property", "Type", "Access", "Description", "Initial value", "Attributes", "Storage", "Line",
                                 WorkbookRenderer.documentedHelperHeader])
        #expect(board["A12"] == "State")
        #expect(board.row(13) == ["1", "title", "String", "public", "The board's title.", "\"Untitled\"", "", "stored", "8", "1"])
        #expect(board["B15"] == "isLoading" && board["G15"] == "@Published")
        #expect(board["B18"] == "formatter" && board["H18"] == "lazy")
        // The extension's property, after a row naming the type (the State section has ended).
        #expect(board["A19"] == "Board" && board["B20"] == "summaryText")
        // One empty row, then the method table.
        #expect(board.row(21).filter { !$0.isEmpty }.isEmpty)
        #expect(board["A22"] == "Methods")
        #expect(board.row(23).prefix(3) == ["No.", "Function", "Signature"])
        #expect(board["A24"] == "Editing" && board["B25"] == "add(_:)" && board["B26"] == "reset()")
        #expect(board["A27"] == "Board" && board["B28"] == "describe()")
        #expect(board.lastRow == 28)
        #expect(board.hyperlinks["I13"] == "https://github.com/example/taskboard/blob/3f2a9c1d5e7b/App/Board.swift#L8")
        // Each table's undocumented rows are highlighted; nothing frozen or filtered on a sheet of two tables.
        #expect(board.conditionalFormats.map(\.range) == ["A12:I20", "A24:I28"])
        #expect(board.hiddenColumns == [9])
        #expect(board.frozenAt == nil && board.autofilter == nil)
    }

    @Test func aStructWithOnlyPropertiesHasNoMethodTable() throws {
        let column = try Self.classSpec().sheet("Column")
        #expect(column["C2"] == "struct" && (column["C5"] ?? "").isEmpty)
        #expect(column["A10"] == "Properties")
        #expect(column.row(12).prefix(3) == ["1", "name", "String"])
        #expect(column["B13"] == "limit")
        #expect(column.lastRow == 13)
        #expect(!column.cells.values.contains("Methods"))
    }

    @Test func aProtocolWithOnlyMethodsHasNoPropertyTable() throws {
        let delegate = try Self.classSpec().sheet("BoardDelegate")
        #expect(delegate["C2"] == "protocol")
        #expect(delegate["A10"] == "Methods")
        #expect(delegate.row(11).prefix(2) == ["No.", "Function"])
        #expect(delegate["B12"] == "boardDidChange(_:)")
        #expect(!delegate.cells.values.contains("Properties"))
        #expect(delegate.lastRow == 12)
    }

    @Test func anExtensionOfAnOutsideTypeListsWhatTheProjectAdds() throws {
        let string = try Self.classSpec().sheet("String")
        #expect(string["C1"] == "String" && string["C2"] == "extension" && string["C3"] == "App")
        #expect(string["B12"] == "isBlank")
        #expect(string["A14"] == "Methods" && string["B16"] == "trimmed()")
        let globals = try Self.classSpec().sheet("Free functions")
        #expect(globals["C1"] == "Free functions")
        #expect(globals["B12"] == "defaultBoardName" && globals["B16"] == "makeBoard()")
    }

    @Test func enumCasesFillTheEnumsPropertyTableInJapanese() throws {
        let book = try Self.classSpec(locale: .ja)
        #expect(book.sheetNames.first == "目次")
        let status = try book.sheet("Status")
        #expect(status["A5"] == "スーパークラス" && status["A6"] == "準拠プロトコル")
        #expect(status["A10"] == "プロパティ一覧")
        #expect(status["B12"] == "todo" && status["B13"] == "done")
        #expect(!status.cells.values.contains("メソッド一覧"))
        let board = try book.sheet("Board")
        #expect(board["A22"] == "メソッド一覧")
    }

    @Test func filtersChooseTypesAndMembers() throws {
        let template = try TemplateLoader.load(yaml: """
        name: classes
        sheets:
          - kind: classes
            name: "Spec {{type.name}}"
            filter: {minAccess: public, kinds: [class, struct, extension]}
            sort: [-name]
            cells: [{cell: A1, value: "{{type.name}}: {{type.properties}} properties, {{type.functions}} functions"}]
            properties: {columns: [{field: name}]}
            methods: {title: "Methods of {{type.name}}", columns: [{field: name}, {field: signature}]}
        """, path: "classes.yml", baseFolder: nil)
        let book = try ClassSnippet.render(template, name: "classes-filtered")
        // Public types only (String's extension lists no public member: no sheet).
        #expect(book.sheetNames == ["Spec Board", "Spec Column"])
        let board = try book.sheet("Spec Board")
        #expect(board["A1"] == "Board: 3 properties, 1 functions")
        // No title: the property table's header comes first, two rows below the free cells.
        #expect(board.row(3) == ["name"])
        // `sort: [-name]` orders each table by its own name field.
        #expect((4...6).map { board["A\($0)"] } == ["title", "summaryText", "columns"])
        #expect(board["A8"] == "Methods of Board" && board.row(9) == ["name", "signature"])
        #expect(board.row(10) == ["add(_:)", "public func add(_ column: Column)"])
    }

    @Test func theDocumentationFilterChoosesMembersNotTypes() throws {
        let template = try TemplateLoader.load(yaml: """
        name: classes
        sheets:
          - kind: classes
            name: "{{type.name}}"
            filter: {documentation: undocumented}
            properties: {columns: [{field: name}]}
            methods: {columns: [{field: name}]}
        """, path: "classes.yml", baseFolder: nil)
        let book = try ClassSnippet.render(template, name: "classes-undocumented")
        // Every declaration keeps its sheet (a documented struct with a documented property too); String's
        // extension lists its undocumented property only.
        #expect(book.sheetNames == ["Free functions", "Board", "BoardDelegate", "Column", "Event", "Status", "String"])
        let board = try book.sheet("Board")
        #expect((2...5).map { board["A\($0)"] } == ["isLoading", "shared", "delegate", "formatter"])
        #expect((8...9).map { board["A\($0)"] } == ["reset()", "describe()"])
        #expect(board.lastRow == 9)
        let string = try book.sheet("String")
        #expect(string["A2"] == "isBlank" && string.lastRow == 2)
        #expect(try book.sheet("Free functions")["A2"] == "makeBoard()")
    }

    @Test func designDocEndsWithAClassSheetPerTypeAndListsRelations() throws {
        let book = try ClassSnippet.render(try Template.resolve("design-doc"), name: "design-doc-classes")
        #expect(Array(book.sheetNames.prefix(8)) == ["Cover", "Contents", "Revision history", "Summary", "Module structure", "Class list",
                                                     "Class diagram - App", "Functions"])
        #expect(Array(book.sheetNames.dropFirst(8)) == ["Free functions", "Board", "BoardDelegate", "Column", "Event", "Status", "String"])
        let list = try book.sheet("Class list")
        #expect(list.row(1).prefix(12) == ["No.", "Module", "Type", "Kind", "Access", "Superclass", "Conforms to", "Description", "Functions",
                                "Properties", "File", "Line"])
        let boardRow = try #require((2...list.lastRow).first { list["C\($0)"] == "Board" && list["D\($0)"] == "class" })
        #expect(list["F\(boardRow)"] == "NSObject" && list["G\(boardRow)"] == "Codable, CustomStringConvertible")
        #expect(list["I\(boardRow)"] == "2" && list["J\(boardRow)"] == "6")
        let board = try book.sheet("Board")
        #expect(board["A10"] == "Properties" && board["A22"] == "Methods")
    }
}

@Suite struct ClassTemplateErrorTests {
    @Test func anUnknownPropertyFieldNamesTheFileAndLine() {
        let message = templateLoadError("""
        name: bad
        sheets:
          - kind: properties
            name: Properties
            columns:
              - {field: name}
              - {field: signature}
        """)
        #expect(message?.hasPrefix("custom.yml:7: unknown field 'signature' for a properties sheet") == true, "\(message ?? "")")
        #expect(message?.contains("setterAccess") == true)
    }

    @Test func anUnknownFieldInAClassTableNamesTheTable() {
        let message = templateLoadError("""
        name: bad
        sheets:
          - kind: classes
            name: "{{type.name}}"
            properties:
              columns: [{field: nme}]
        """)
        #expect(message?.hasPrefix("custom.yml:6: unknown field 'nme' for the property table of a classes sheet (did you mean 'name'?)") == true,
                "\(message ?? "")")
        let methods = templateLoadError("""
        name: bad
        sheets:
          - kind: classes
            name: "{{type.name}}"
            methods:
              title: Methods
              columns:
                - {field: storage}
        """)
        #expect(methods?.hasPrefix("custom.yml:8: unknown field 'storage' for the method table of a classes sheet") == true, "\(methods ?? "")")
    }

    @Test func aClassesSheetNeedsItsTablesNotColumns() {
        #expect(templateLoadError("""
        name: bad
        sheets:
          - kind: classes
            name: "{{type.name}}"
            columns: [{field: name}]
        """)?.hasPrefix("custom.yml:5: a classes sheet has two tables") == true)
        #expect(templateLoadError("""
        name: bad
        sheets:
          - kind: classes
            name: Classes
        """)?.hasPrefix("custom.yml:3: a classes sheet needs 'properties: {columns: …}'") == true)
        #expect(templateLoadError("""
        name: bad
        sheets:
          - kind: classes
            name: "{{type.name}}"
            methods: {title: Methods}
        """)?.hasPrefix("custom.yml:5: 'methods' needs 'columns'") == true)
        #expect(templateLoadError("""
        name: bad
        sheets:
          - kind: functions
            name: Functions
            properties: {columns: [{field: name}]}
            columns: [{field: name}]
        """)?.hasPrefix("custom.yml:5: 'properties' is not used on a functions sheet; it applies to: classes") == true)
        #expect(templateLoadError("""
        name: bad
        sheets:
          - kind: classes
            name: "{{type.name}}"
            autofilter: true
            methods: {columns: [{field: name}]}
        """)?.contains("'autofilter' is not used on a classes sheet") == true)
    }

    @Test func kindsAndSortKeysFollowTheSheetKind() {
        #expect(templateLoadError("""
        name: bad
        sheets:
          - kind: properties
            name: Properties
            filter: {kinds: [method]}
            columns: [{field: name}]
        """)?.hasPrefix("custom.yml:5: unknown kind 'method'; valid kinds: property, typeProperty, enumCase") == true)
        #expect(templateLoadError("""
        name: bad
        sheets:
          - kind: classes
            name: "{{type.name}}"
            sort: [storage, signature, -nope]
            methods: {columns: [{field: name}]}
        """)?.hasPrefix("custom.yml:5: unknown sort field 'nope'") == true)
    }
}

/// The built-in templates on `samples/TaskBoard`, extracted by the library and read back.
@Suite struct TaskBoardClassSheetTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The sample's inventory: every Swift file under samples/TaskBoard, one module.
    static let inventory: Inventory = {
        let folder = root.appendingPathComponent("samples/TaskBoard")
        let paths = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        let sources = paths.compactMap { path -> SourceText? in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) else { return nil }
            return SourceText(relativePath: path, module: "TaskBoard", text: text)
        }
        let result = SwiftExtractor().extract(sources: sources, cache: nil)
        return Inventory(project: ProjectInfo(name: "TaskBoard", root: "."), types: result.types, functions: result.functions,
                         properties: result.properties)
    }()

    static func render(_ name: String, locale: DocumentLocale) throws -> XLSXReader {
        let folder = try Fixtures.folder()
        let url = folder.appendingPathComponent("TaskBoard-\(name)-\(locale.rawValue).xlsx")
        var context = Fixtures.context
        context.locale = locale
        let writer = DocumentWriter(template: try Template.resolve(name), context: context)
        try writer.write(inventory, format: .xlsx, to: url)
        let json = folder.appendingPathComponent("TaskBoard-\(name)-\(locale.rawValue).json")
        try writer.write(inventory, format: .json, to: json)
        try TestArtifacts.keep(workbook: url, json: json, name: "designdocument-taskboard-\(name)-\(locale.rawValue)")
        return try XLSXReader(url: url)
    }

    /// The data rows (a number in column A) of the table whose title band is `title`, up to the next empty row.
    static func tableRows(_ sheet: XLSXReader.Sheet, title: String) -> [[String]] {
        guard let titleRow = (1...max(1, sheet.lastRow)).first(where: { sheet["A\($0)"] == title }) else { return [] }
        var rows: [[String]] = []
        var row = titleRow + 2
        while row <= sheet.lastRow, !sheet.row(row).allSatisfy({ $0.isEmpty }) {
            if let number = sheet["A\(row)"], Int(number) != nil { rows.append(sheet.row(row)) }
            row += 1
        }
        return rows
    }

    @Test func classSpecInJapaneseHasAPropertyAndMethodTablePerType() throws {
        #expect(Self.inventory.types.count == 54 && Self.inventory.functions.count == 135)
        let book = try Self.render("class-spec", locale: .ja)
        let typeSheets = book.sheets.filter { $0.name != "目次" }
        // Every declared type has a sheet (54 records less the extensions, plus the types the project only extends).
        let declarations = Set(Self.inventory.types.filter { $0.kind != .extension }.map(\.name))
        #expect(declarations.isSubset(of: Set(typeSheets.map { $0["C1"] ?? "" })))
        let base = try book.sheet("BaseViewController")
        #expect(base["C5"] == "UIViewController")
        #expect(base["A10"] == "プロパティ一覧" && base.row(11).first == "No.")
        #expect(Self.tableRows(base, title: "プロパティ一覧").map { $0[1] } == ["activityIndicator", "isLoading"])
        #expect(Self.tableRows(base, title: "メソッド一覧").count == 5)
        let app = try book.sheet("AppDelegate")
        #expect(app["C5"] == "UIResponder" && app["C6"] == "UIApplicationDelegate")
        // Only properties (enum cases): no method table.
        let status = try book.sheet("TaskItem.Status")
        #expect(!Self.tableRows(status, title: "プロパティ一覧").isEmpty)
        #expect(!status.cells.values.contains("メソッド一覧"))
        // Only methods (three requirements and two methods of its extension): no property table.
        let service = try book.sheet("TaskServiceProtocol")
        #expect(Self.tableRows(service, title: "メソッド一覧").count == 5)
        #expect(!service.cells.values.contains("プロパティ一覧"))
        // Types the project only extends.
        #expect(try book.sheet("String")["C2"] == "extension")
        // Every function once, every property once, over all type sheets.
        #expect(typeSheets.map { Self.tableRows($0, title: "メソッド一覧").count }.reduce(0, +) == 135)
        #expect(typeSheets.map { Self.tableRows($0, title: "プロパティ一覧").count }.reduce(0, +) == Self.inventory.properties.count)
    }

    @Test func designDocClassListShowsRelationsAndCounts() throws {
        let book = try Self.render("design-doc", locale: .en)
        let list = try book.sheet("Class list")
        #expect(list.lastRow == 55)
        let app = try #require((2...55).first { list["C\($0)"] == "AppDelegate" })
        #expect(list.row(app).prefix(10) == ["1", "TaskBoard", "AppDelegate", "class", "internal", "UIResponder", "UIApplicationDelegate", "",
                                             "2", "0"])
        let functionCount = (2...55).compactMap { Int(list["I\($0)"] ?? "") }.reduce(0, +)
        let propertyCount = (2...55).compactMap { Int(list["J\($0)"] ?? "") }.reduce(0, +)
        #expect(functionCount == 135 && propertyCount == Self.inventory.properties.count)
        #expect(book.sheetNames.last == "TaskStore.StoreError")
        let board = try book.sheet("Board")
        #expect(board["A10"] == "Properties")
        #expect(Self.tableRows(board, title: "Methods").count == 12)
    }
}
