import Foundation
import Testing
import Inventory
@testable import DesignDocument

/// The template fields, CSV columns and form markers that `FunctionRecord.schema` gives (Documentation/Schema.md,
/// "Adding a field"): `lines` is declared once, in the schema, and reaches every output from there.
@Suite struct SchemaFieldTests {
    @Test func everyTemplateFieldOfTheSchemaIsAFunctionFieldWithItsDescription() {
        for descriptor in FunctionRecord.schema.templateFields {
            let template = try! #require(descriptor.template)
            let field = FunctionField(rawValue: template.name)
            #expect(field?.rawValue == template.name)
            #expect(field?.fieldDescription == template.description)
            #expect(FieldCatalog.functionFields.contains { $0.name == template.name && $0.description == template.description })
        }
        // The catalogue keeps the order it always had; what the schema adds comes after it.
        #expect(Array(FunctionField.names.prefix(7)) == ["number", "module", "targets", "moduleKind", "file", "line", "column"])
        #expect(FunctionField.names.last == "lines")
        #expect(Set(FunctionField.names).count == FunctionField.names.count)
        for field in FunctionField.allCases { #expect(FunctionField(rawValue: field.rawValue) == field) }
        #expect(FunctionField(rawValue: "line") == .line)
        #expect(FunctionField(rawValue: "noSuchField") == nil)
    }

    @Test func linesIsANumberCellAndEmptyWhenUnknown() {
        let lines = try! #require(FunctionField(rawValue: "lines"))
        #expect(lines.isNumeric)
        #expect(RowField(marker: "function.lines")?.isNumeric == true)
        var record = Fixtures.functions[0]
        record.lines = 14
        #expect(FieldCatalog.value(of: lines, function: record, number: 1, context: Fixtures.context) == .number(14))
        record.lines = nil
        #expect(FieldCatalog.value(of: lines, function: record, number: 1, context: Fixtures.context) == .empty)
        // Fields the schema gives keep the cells they had before it: `line` a number, `name` text.
        #expect(FieldCatalog.value(of: .line, function: record, number: 1, context: Fixtures.context) == .number(Double(record.line)))
        #expect(FieldCatalog.value(of: .name, function: record, number: 1, context: Fixtures.context) == .text(record.name))
    }

    @Test func theCSVInventoryEndsWithTheSchemasColumns() {
        #expect(CSVWriter.inventoryColumns.last == "lines")
        var functions = Fixtures.functions
        functions[0].lines = 9
        functions[1].lines = nil
        let inventory = Inventory(project: Fixtures.inventory.project, types: [], functions: functions)
        let rows = CSVWriter.inventory(inventory, context: Fixtures.context).components(separatedBy: "\r\n").dropFirst()
            .filter { !$0.isEmpty }
        #expect(rows.count == inventory.functions.count)
        for (row, record) in zip(rows, inventory.functions) {
            #expect(row.hasSuffix(record.lines.map { ",\($0)" } ?? ","))
        }
        #expect(rows.contains { $0.hasSuffix(",9") })
    }
}
