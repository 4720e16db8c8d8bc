import Foundation
import Testing
@testable import DesignDocument

@Suite struct BuiltinTemplateTests {
    static let templatesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    @Test func generatedSourcesMatchTheTemplatesFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.templatesFolder.path).filter { $0.hasSuffix(".yml") }
        #expect(Set(files.map { String($0.dropLast(4)) }) == Set(BuiltinTemplates.sources.keys),
                "run scripts/embed-templates after adding or removing a template")
        for file in files {
            let text = try String(contentsOf: Self.templatesFolder.appendingPathComponent(file), encoding: .utf8)
            let name = String(file.dropLast(4))
            #expect(BuiltinTemplates.sources[name].map { $0 + "\n" } == text,
                    "Templates/\(file) changed: run scripts/embed-templates")
        }
    }

    @Test func everyBuiltinResolvesAndIsListed() throws {
        #expect(Set(Template.builtinNames) == Set(BuiltinTemplates.sources.keys))
        for name in Template.builtinNames {
            let template = try Template.resolve(name)
            #expect(template.name == name)
            #expect(Template.builtinSource(named: name) != nil)
        }
    }
}

@Suite struct TemplateDocumentationTests {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Documentation/Templates.md")

    @Test func everyFieldPlaceholderAndKindIsDocumented() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let fields = FieldCatalog.functionFields + FieldCatalog.typeFields + FieldCatalog.summaryFields
            + FieldCatalog.reviewFields + FieldCatalog.contentsFields + FieldCatalog.historyFields + FieldCatalog.moduleFields
            + FieldCatalog.propertyFields
        for field in Set(fields.map(\.name)) {
            #expect(text.contains("`\(field)`"), "field \(field) is missing from Documentation/Templates.md")
        }
        for placeholder in Placeholders.all {
            #expect(text.contains("`{{\(placeholder)}}`"), "placeholder \(placeholder) is missing")
        }
        for kind in SheetKind.allCases {
            #expect(text.contains("`\(kind.rawValue)`"), "sheet kind \(kind.rawValue) is missing")
        }
        for key in TemplateLoader.sheetKeys + TemplateLoader.columnKeys + TemplateLoader.printKeys {
            #expect(text.contains("`\(key)`") || text.contains("\(key):"), "key \(key) is missing")
        }
    }
}
