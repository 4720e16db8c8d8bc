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
