import Foundation
import Testing
import SpreadsheetModel
import Inventory
import TestSupport
@testable import DesignDocument

/// The design document's sheets about the app around the code (issue 30): the screen list, the transitions, the
/// message list with a column per language, the error list and one table definition per entity, read back cell by
/// cell; the fields behind them; and the sheets left out when the project has none.
@Suite struct AppSheetTests {
    /// An app with two storyboard scenes and a SwiftUI view, a segue and a sheet found in code, two keys in three
    /// languages (one with plural variants, one never used), an error enum and an error struct, and a Core Data
    /// entity with a relationship to a SwiftData one.
    static let inventory = Inventory(
        project: ProjectInfo(name: "Shop", root: "."), types: [], functions: [],
        messages: [
            MessageRecord(table: "Localizable", key: "cart.count", file: "App/en.lproj/Localizable.stringsdict", line: 5,
                          translations: [
                              .init(language: "en", text: "%#@items@", variations: [.init(path: "items.plural.one", text: "%d item"),
                                                                                    .init(path: "items.plural.other", text: "%d items")],
                                    file: "App/en.lproj/Localizable.stringsdict", line: 5, format: .stringsdict),
                              .init(language: "ja", text: "%#@items@", variations: [.init(path: "items.plural.other", text: "%d 個")],
                                    file: "App/ja.lproj/Localizable.stringsdict", line: 5, format: .stringsdict),
                          ],
                          uses: [.init(file: "App/CartView.swift", line: 12, form: "String(localized:)"),
                                 .init(file: "App/Badge.swift", line: 4, form: "String(localized:)")]),
            MessageRecord(table: "Localizable", key: "cart.empty", file: "App/Localizable.xcstrings", line: 3, comment: "Shown when the cart is empty",
                          translations: [
                              .init(language: "en", text: "Your cart is empty", state: "translated", file: "App/Localizable.xcstrings", line: 6, format: .stringCatalog),
                              .init(language: "ja", text: "カートは空です", state: "translated", file: "App/Localizable.xcstrings", line: 12, format: .stringCatalog),
                              .init(language: "vi", text: "Giỏ hàng trống", state: "needs_review", file: "App/Localizable.xcstrings", line: 18, format: .stringCatalog),
                          ]),
        ],
        errors: [
            ErrorRecord(name: "CartError", kind: .enum, module: "Shop", file: "App/CartError.swift", line: 3, protocols: ["LocalizedError"],
                        doc: DocComment(raw: "Why the cart refuses.", summary: "Why the cart refuses."),
                        cases: [
                            .init(name: "soldOut", line: 5, associatedValues: [.init(label: "item", name: "item", type: "String")],
                                  doc: DocComment(raw: "Nothing left.", summary: "Nothing left."), errorDescription: "\"Sold out\"",
                                  failureReason: "\"The shop has none left.\""),
                            .init(name: "tooMany", line: 7, associatedValues: [.init(label: nil, name: "", type: "Int")]),
                        ]),
            ErrorRecord(name: "PaymentFailure", kind: .struct, module: "Shop", file: "App/Payment.swift", line: 9, protocols: ["Error"],
                        doc: DocComment(raw: "A declined card.", summary: "A declined card.")),
        ],
        entities: [
            EntityRecord(name: "Order", framework: .coreData, file: "App/Model.xcdatamodeld/Model 2.xcdatamodel/contents", line: 3,
                         modelVersion: "Model 2", className: "Order",
                         attributes: [.init(name: "number", type: "Integer 64", isUnique: true),
                                      .init(name: "note", type: "String", isOptional: true, defaultValue: "none"),
                                      .init(name: "total", type: "Decimal", isTransient: true)],
                         relationships: [.init(name: "lines", destination: "OrderLine", isToMany: true, deleteRule: "cascade", inverse: "order")],
                         fetchIndexes: ["byNumber: number ascending", "byNote: note descending"]),
            EntityRecord(name: "OrderLine", framework: .swiftData, file: "App/OrderLine.swift", line: 4, className: "OrderLine",
                         summary: "One line of an order.", attributes: [.init(name: "quantity", type: "Int")]),
        ],
        screens: [
            ScreenRecord(name: "CartViewController", source: .storyboard, kind: "tableViewController", file: "App/Base.lproj/Main.storyboard",
                         line: 12, module: "Shop", className: "CartViewController", storyboardIdentifier: "Cart", isInitial: true),
            ScreenRecord(name: "PayViewController", source: .storyboard, kind: "viewController", file: "App/Base.lproj/Main.storyboard",
                         line: 40, className: "PayViewController"),
            ScreenRecord(name: "ReceiptView", source: .code, kind: "View", file: "App/ReceiptView.swift", line: 8, module: "Shop",
                         className: "ReceiptView", summary: "The receipt after paying."),
        ],
        transitions: [
            TransitionRecord(source: "CartViewController", destination: "PayViewController", kind: "show", identifier: "pay",
                             file: "App/Base.lproj/Main.storyboard", line: 30, isDeclared: true),
            TransitionRecord(source: "PayViewController", destination: "ReceiptView", kind: "sheet", file: "App/PayView.swift", line: 21,
                             isDeclared: false),
        ])

    static func render(_ inventory: Inventory = AppSheetTests.inventory, template: Template? = nil, locale: DocumentLocale = .en,
                       name: String) throws -> XLSXReader {
        let url = try Fixtures.folder().appendingPathComponent("\(name).xlsx")
        var context = Fixtures.context
        context.locale = locale
        let writer = DocumentWriter(template: try template ?? Template.resolve("design-doc"), context: context)
        try writer.write(inventory, format: .xlsx, to: url)
        let json = url.deletingPathExtension().appendingPathExtension("json")
        try writer.write(inventory, format: .json, to: json)
        try TestArtifacts.keep(workbook: url, json: json, name: "designdocument-app-\(name)")
        return try XLSXReader(url: url)
    }

    @Test func theScreenListHasOneRowPerScreen() throws {
        let sheet = try Self.render(name: "screens").sheet("Screens")
        #expect(sheet.row(1) == ["No.", "Screen", "Kind", "Storyboard or file", "Storyboard ID", "Custom class", "Initial", "Description", "Module"])
        #expect(sheet.row(2) == ["1", "CartViewController", "tableViewController", "App/Base.lproj/Main.storyboard:12", "Cart",
                                 "CartViewController", "Yes", "", "Shop"])
        #expect(sheet.row(3) == ["2", "PayViewController", "viewController", "App/Base.lproj/Main.storyboard:40", "", "PayViewController", "No"])
        #expect(sheet.row(4) == ["3", "ReceiptView", "View", "App/ReceiptView.swift:8", "", "ReceiptView", "No", "The receipt after paying.", "Shop"])
        #expect(sheet["A5"] == nil)
        // The location links to the source line.
        #expect(sheet.hyperlinks["D4"] == "https://github.com/example/taskboard/blob/3f2a9c1d5e7b/App/ReceiptView.swift#L8")
    }

    @Test func theTransitionListSaysWhatIsDeclaredAndWhatIsFoundInCode() throws {
        let sheet = try Self.render(locale: .ja, name: "transitions-ja").sheet("画面遷移")
        #expect(sheet.row(1) == ["No.", "遷移元", "遷移先", "種別", "識別子", "定義元", "ファイル"])
        #expect(sheet.row(2) == ["1", "CartViewController", "PayViewController", "show", "pay", "定義", "App/Base.lproj/Main.storyboard:30"])
        #expect(sheet.row(3) == ["2", "PayViewController", "ReceiptView", "sheet", "", "コード上で検出", "App/PayView.swift:21"])
    }

    @Test func theMessageListHasAColumnPerLanguageFound() throws {
        let sheet = try Self.render(name: "messages").sheet("Messages")
        #expect(sheet.row(1) == ["No.", "Table", "Key", "Text (en)", "Text (ja)", "Text (vi)", "Comment", "State", "Variations", "Uses", "First use"])
        #expect(sheet.row(2) == ["1", "Localizable", "cart.count", "%#@items@", "%#@items@", "", "", "",
                                 "en items.plural.one: %d item\nen items.plural.other: %d items\nja items.plural.other: %d 個", "2",
                                 "App/CartView.swift:12"])
        #expect(sheet.row(3) == ["2", "Localizable", "cart.empty", "Your cart is empty", "カートは空です", "Giỏ hàng trống",
                                 "Shown when the cart is empty", "en: translated\nja: translated\nvi: needs_review", "", "0"])
        // The use count is a number.
        #expect(sheet.numericCells.contains("J2") && sheet.numericCells.contains("J3"))
    }

    @Test func theErrorListHasOneRowPerCase() throws {
        let sheet = try Self.render(name: "errors").sheet("Errors")
        #expect(sheet.row(1) == ["No.", "Type", "Case", "Associated values", "Description", "errorDescription", "failureReason", "Conforms to", "File"])
        #expect(sheet.row(2) == ["1", "CartError", "soldOut", "(item: String)", "Nothing left.", "\"Sold out\"", "\"The shop has none left.\"",
                                 "LocalizedError", "App/CartError.swift:5"])
        #expect(sheet.row(3) == ["2", "CartError", "tooMany", "(Int)", "", "", "", "LocalizedError", "App/CartError.swift:7"])
        // A struct has no cases: one row, with the type's own doc comment.
        #expect(sheet.row(4) == ["3", "PaymentFailure", "", "", "A declined card.", "", "", "Error", "App/Payment.swift:9"])
    }

    @Test func eachEntityHasATableDefinitionSheet() throws {
        let book = try Self.render(locale: .ja, name: "entities-ja")
        let order = try book.sheet("テーブル定義 - Order")
        #expect(order["C1"] == "Order" && order["C2"] == "Core Data" && order["C3"] == "Order")
        #expect(order["C5"] == "App/Model.xcdatamodeld/Model 2.xcdatamodel/contents:3" && order["C7"] == "byNumber: number ascending; byNote: note descending")
        #expect(order["A10"] == "属性一覧" && order.row(11) == ["No.", "属性名", "型", "任意", "初期値", "一時 / 一意"])
        #expect(order.row(12) == ["1", "number", "Integer 64", "無", "", "unique"])
        #expect(order.row(13) == ["2", "note", "String", "有", "none"])
        #expect(order.row(14) == ["3", "total", "Decimal", "無", "", "transient"])
        #expect(order["A16"] == "リレーションシップ一覧" && order.row(17).first == "No.")
        #expect(order.row(18) == ["1", "lines", "OrderLine", "有", "cascade", "order"])
        // An entity without relationships has no relationship table.
        let line = try book.sheet("テーブル定義 - OrderLine")
        #expect(line["C2"] == "SwiftData" && line["C6"] == "One line of an order.")
        #expect(line.row(12) == ["1", "quantity", "Int", "無"])
        #expect(!line.cells.values.contains("リレーションシップ一覧"))
        // The contents sheet lists them with the diagrams, after the error list.
        let contents = try book.sheet("目次")
        let listed = (2...contents.lastRow).compactMap { contents["B\($0)"] }
        let tail = Array(listed.drop { $0 != "画面一覧" }.prefix(8))
        #expect(tail == ["画面一覧", "画面遷移", "画面遷移図", "メッセージ一覧", "エラー一覧", "ER図", "テーブル定義 - Order", "テーブル定義 - OrderLine"])
    }

    @Test func theSheetsAreLeftOutWhenTheProjectHasNoAppRecords() throws {
        let book = try Self.render(Fixtures.inventory, name: "no-app-records")
        let names = book.sheets.map(\.name)
        for left in ["Screens", "Screen transitions", "Messages", "Errors"] { #expect(!names.contains(left)) }
        #expect(!names.contains { $0.hasPrefix("Table - ") })
        // Only the transitions: the others are left out one by one.
        var transitionsOnly = Self.inventory
        transitionsOnly.screens = []
        transitionsOnly.messages = []
        transitionsOnly.errors = []
        transitionsOnly.entities = []
        let partial = try Self.render(transitionsOnly, name: "transitions-only").sheets.map(\.name)
        #expect(partial.contains("Screen transitions") && !partial.contains("Screens") && !partial.contains("Messages"))
    }

    @Test func aTemplateNamesOneLanguageAndEveryFieldItWants() throws {
        let template = try TemplateLoader.load(yaml: """
            name: app
            sheets:
              - kind: messages
                name: Keys
                columns:
                  - {field: key}
                  - {header: Japanese, field: text.ja}
                  - {field: languages}
                  - {field: usesList, wrap: true}
              - kind: screens
                name: Screens
                columns: [{field: name}, {field: source}, {field: line}, {field: initial}]
              - kind: errors
                name: Errors
                columns: [{field: name}, {field: case}, {field: line}, {field: access}]
              - kind: entities
                name: "E {{entity.name}}"
                cells: [{cell: A1, value: "{{entity.name}}: {{entity.attributes}} attributes, {{entity.relationships}} relationships"}]
                relationships:
                  columns: [{field: name}, {field: cardinality}, {field: optional}]
            """, path: "app.yml", baseFolder: nil)
        #expect(template.usesAppRecords)
        let book = try Self.render(template: template, name: "custom")
        let keys = try book.sheet("Keys")
        #expect(keys.row(1) == ["key", "Japanese", "languages", "usesList"])
        #expect(keys.row(2) == ["cart.count", "%#@items@", "en, ja", "App/CartView.swift:12 (String(localized:))\nApp/Badge.swift:4 (String(localized:))"])
        #expect(keys.row(3) == ["cart.empty", "カートは空です", "en, ja, vi"])
        let screens = try book.sheet("Screens")
        #expect(screens.row(2) == ["CartViewController", "storyboard", "12", "Yes"] && screens.numericCells.contains("C2"))
        let errors = try book.sheet("Errors")
        #expect(errors.row(3) == ["CartError", "tooMany", "7", "internal"])
        let order = try book.sheet("E Order")
        #expect(order["A1"] == "Order: 3 attributes, 1 relationships")
        #expect(order.row(3) == ["name", "cardinality", "optional"] && order.row(4) == ["lines", "0..*", "Yes"])
    }

    @Test func theFieldsComeFromTheRecordSchemas() {
        // A schema field with a template column is a field; a worked-out field beside it.
        #expect(ScreenField(rawValue: "storyboardIdentifier") != nil && ScreenField(rawValue: "location") != nil)
        #expect(TransitionField.names.starts(with: ["number", "source", "destination", "kind", "identifier", "origin"]))
        #expect(MessageField(rawValue: "text.zh-Hans")?.rawValue == "text.zh-Hans")
        #expect(MessageField(rawValue: "text.") == nil && MessageField(rawValue: "translations") == nil)
        #expect(ErrorField.names.contains("errorDescription") && !ErrorField.names.contains("cases"))
        #expect(EntityField.names.contains("fetchIndexes") && AttributeField.names.contains("defaultValue"))
        #expect(RelationshipField.names.contains("deleteRule") && RelationshipField.names.contains("inverse"))
        // Every field has a description, and `docsheet templates fields` lists the kinds and tables.
        let all = ScreenField.catalogue + TransitionField.catalogue + MessageField.catalogue + ErrorField.catalogue
            + EntityField.catalogue + AttributeField.catalogue + RelationshipField.catalogue
        #expect(all.allSatisfy { !$0.description.isEmpty })
        // A worked-out field replaces a schema field of its name (the entity's framework, in words): each name once.
        for names in [ScreenField.names, TransitionField.names, MessageField.names, ErrorField.names, EntityField.names,
                      AttributeField.names, RelationshipField.names] {
            #expect(Set(names).count == names.count, "\(names) repeats a name")
        }
        let kinds = TemplateFields.sheetKinds.map(\.kind)
        for kind in ["screens", "transitions", "messages", "errors", "entities.attributes", "entities.relationships"] {
            #expect(kinds.contains(kind), "\(kind) is not listed")
        }
        #expect(Placeholders.all.contains("entity.fetchIndexes"))
    }

    @Test func onlyTheDesignDocumentReadsTheAppRecords() throws {
        #expect(try Template.resolve("design-doc").usesAppRecords)
        for name in ["inventory", "class-spec", "review"] {
            #expect(try !Template.resolve(name).usesAppRecords, "\(name) reads the app's records")
        }
    }

    @Test func wrongFieldsAndKeysAreTemplateErrors() {
        let attribute = templateLoadError("""
            name: bad
            sheets:
              - kind: entities
                name: "{{entity.name}}"
                attributes: {columns: [{field: nam}]}
            """)
        #expect(attribute?.contains("unknown field 'nam' for the attribute table of an entities sheet (did you mean 'name'?)") == true)
        let neither = templateLoadError("""
            name: bad
            sheets:
              - kind: entities
                name: "{{entity.name}}"
            """)
        #expect(neither?.contains("an entities sheet needs 'attributes: {columns: …}'") == true)
        let misplaced = templateLoadError("""
            name: bad
            sheets:
              - kind: screens
                name: Screens
                attributes: {columns: [{field: name}]}
                columns: [{field: name}]
            """)
        #expect(misplaced?.contains("'attributes' is not used on a screens sheet; it applies to: entities") == true)
        let typePlaceholder = templateLoadError("""
            name: bad
            sheets:
              - kind: entities
                name: "{{type.name}}"
                attributes: {columns: [{field: name}]}
            """)
        #expect(typePlaceholder?.contains("placeholder '{{type.name}}' is not available in a sheet name here") == true)
    }
}

/// The screen-transition and entity-relationship diagrams: their DOT text, and their sheets in the design document.
@Suite struct AppDiagramTests {
    @Test func theTransitionDiagramDrawsEverySegueAndNavigationFoundInCode() {
        let dot = TransitionDiagram(AppSheetTests.inventory).dot(title: "Shop")
        // The screens a transition touches, each once, with its kind; the initial scene thicker.
        #expect(dot.contains(##""CartViewController" [label="CartViewController\n«tableViewController»", penwidth=2];"##))
        #expect(dot.contains(##""PayViewController" [label="PayViewController\n«viewController»"];"##))
        #expect(dot.contains(##""ReceiptView" [label="ReceiptView\n«View», fillcolor="#EEF7EA", color="#5E9C4B"];"##) == false)
        #expect(dot.contains(##""ReceiptView" [label="ReceiptView\n«View»", fillcolor="#EEF7EA", color="#5E9C4B"];"##))
        // A segue is solid with its kind and identifier; a navigation found in code is dashed.
        #expect(dot.contains(##""CartViewController" -> "PayViewController" [label="show\npay"];"##))
        #expect(dot.contains(##""PayViewController" -> "ReceiptView" [label="sheet", style=dashed"##))
        #expect(dot.components(separatedBy: " -> ").count == 3)
        // A screen no transition touches is not drawn; a name only a transition gives is a grey box.
        var inventory = AppSheetTests.inventory
        inventory.transitions.append(TransitionRecord(source: "PayViewController", destination: "HelpViewController", kind: "embed",
                                                      identifier: nil, file: "App/Base.lproj/Main.storyboard", line: 50, isDeclared: true))
        inventory.screens.append(ScreenRecord(name: "Unused", source: .xib, kind: "viewController", file: "App/Unused.xib", line: 3))
        let more = TransitionDiagram(inventory).dot(title: "Shop")
        #expect(more.contains(##""HelpViewController" [label="HelpViewController", fillcolor="#EEEEEE""##) && !more.contains("Unused"))
        #expect(more.contains(##""PayViewController" -> "HelpViewController" [label="embed", color="#999999", fontcolor="#777777", arrowtail=odiamond, dir=both];"##))
    }

    @Test func theERDiagramJoinsARelationshipAndItsInverseInOneLine() {
        var inventory = AppSheetTests.inventory
        inventory.entities[1].relationships = [.init(name: "order", destination: "Order", isToMany: false, isOptional: false, inverse: "lines")]
        inventory.entities[1].parent = "Order"
        let diagram = EntityDiagram(inventory)
        #expect(diagram.lines.map(\.label) == ["lines / order"])
        let dot = diagram.dot(title: "Shop")
        // One line for the pair: a fork at the many end (OrderLine), a bar at the one end (Order).
        #expect(dot.contains(##""Order" -> "OrderLine" [arrowhead=crow, arrowtail=tee, label="lines / order"];"##))
        #expect(!dot.contains(##""OrderLine" -> "Order" [arrowhead"##))
        #expect(dot.contains(##""OrderLine" -> "Order" [dir=forward, arrowhead=onormal, style=dashed];"##))
        // Each entity is a table of its attributes: optional `?`, unique marked, transient in italics, SwiftData green.
        #expect(dot.contains("<TD ALIGN=\"LEFT\">number: Integer 64 (unique)</TD>"))
        #expect(dot.contains("<TD ALIGN=\"LEFT\">note: String?</TD>") && dot.contains("<TD ALIGN=\"LEFT\"><I>total: Decimal</I></TD>"))
        #expect(dot.contains("<TD BGCOLOR=\"#EEF7EA\"><B>OrderLine</B></TD>"))
        #expect(EntityDiagram.html("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;")
    }

    @Test func theDesignDocumentHasBothDiagramSheetsWhenThereIsSomethingToDraw() throws {
        let book = try AppSheetTests.render(name: "diagrams")
        let transitions = try book.sheet("Screen transition diagram")
        let er = try book.sheet("ER diagram")
        #expect(transitions.drawingCount == 1 && er.drawingCount == 1)
        #expect(transitions["A1"] == "TaskBoard — screen transitions" && er["A1"] == "TaskBoard — data model")
        // Without screens or entities both are left out.
        let none = try AppSheetTests.render(Fixtures.inventory, name: "no-diagrams").sheets.map(\.name)
        #expect(!none.contains("Screen transition diagram") && !none.contains("ER diagram"))
    }
}

/// A client's form with rows of the app's records: each row template written once per screen, transition, message,
/// error case, entity or attribute, through the same lowering as `{{property.*}}` rows.
@Suite struct AppFormRowTests {
    static func text(_ reference: String, _ value: String) -> SheetCell {
        SheetCell(reference: CellReference(reference)!, value: .text(value))
    }

    static func render(_ sheets: [SheetDocument]) throws -> XLSXReader {
        let template = try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: sheets), path: "client.xlsx")
        #expect(template.usesAppRecords)
        let url = try Fixtures.folder().appendingPathComponent("client-app-rows.xlsx")
        _ = try WorkbookRenderer(template: template, context: Fixtures.context, inventory: AppSheetTests.inventory, diff: nil).render(to: url)
        return try XLSXReader(url: url)
    }

    @Test func eachRowTemplateIsWrittenOncePerRecord() throws {
        let book = try Self.render([
            SheetDocument(name: "画面", cells: [
                Self.text("A1", "画面一覧"), Self.text("A2", "{{screen.number}}"), Self.text("B2", "{{screen.name}}"),
                Self.text("C2", "{{screen.location}}"), Self.text("A4", "以上"),
            ]),
            SheetDocument(name: "遷移", cells: [
                Self.text("A1", "{{transition.source}} → {{transition.destination}}"), Self.text("B1", "{{transition.origin}}"),
            ]),
            SheetDocument(name: "文言", cells: [
                Self.text("A1", "{{message.key}}"), Self.text("B1", "{{message.text.ja}}"), Self.text("C1", "{{message.uses}}"),
            ]),
            SheetDocument(name: "エラー", cells: [Self.text("A1", "{{error.name}}.{{error.case}}"), Self.text("B1", "{{error.line}}")]),
            SheetDocument(name: "属性", cells: [
                Self.text("A1", "{{entity.name}}"), Self.text("B1", "{{attribute.name}}"), Self.text("C1", "{{attribute.type}}"),
                Self.text("A3", "{{entity.number}}"), Self.text("B3", "{{entity.name}}"), Self.text("C3", "{{entity.attributes}}"),
            ]),
        ])
        let screens = try book.sheet("画面")
        #expect((2...4).map { screens.row($0) } == [["1", "CartViewController", "App/Base.lproj/Main.storyboard:12"],
                                                     ["2", "PayViewController", "App/Base.lproj/Main.storyboard:40"],
                                                     ["3", "ReceiptView", "App/ReceiptView.swift:8"]])
        // What was below the template row moved down.
        #expect(screens["A6"] == "以上" && screens.numericCells.contains("A2"))
        let transitions = try book.sheet("遷移")
        #expect(transitions.row(1) == ["CartViewController → PayViewController", "Declared"])
        #expect(transitions.row(2) == ["PayViewController → ReceiptView", "Found in code"])
        let messages = try book.sheet("文言")
        #expect(messages.row(1) == ["cart.count", "%#@items@", "2"] && messages.row(2) == ["cart.empty", "カートは空です", "0"])
        let errors = try book.sheet("エラー")
        #expect((1...3).map { errors.row($0) } == [["CartError.soldOut", "5"], ["CartError.tooMany", "7"], ["PaymentFailure.", "9"]])
        // An attribute row names its entity; an entity row is written once per entity.
        let attributes = try book.sheet("属性")
        #expect((1...4).map { attributes.row($0) } == [["Order", "number", "Integer 64"], ["Order", "note", "String"],
                                                        ["Order", "total", "Decimal"], ["OrderLine", "quantity", "Int"]])
        #expect(attributes.row(6) == ["1", "Order", "3"] && attributes.row(7) == ["2", "OrderLine", "1"])
    }

    @Test func aFormWithoutAppRowsDoesNotReadThem() throws {
        let template = try FormTemplateLoader.template(from: SpreadsheetDocument(sheets: [
            SheetDocument(name: "関数", cells: [Self.text("A1", "{{function.name}}")]),
        ]), path: "client.xlsx")
        #expect(!template.usesAppRecords)
        #expect(RowField(marker: "message.text.zh-Hans") == .message(.text("zh-Hans")))
        #expect(RowField(marker: "screen.nope") == nil)
    }
}
