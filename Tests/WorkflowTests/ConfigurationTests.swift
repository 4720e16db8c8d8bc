import Foundation
import Inventory
import Testing
import TestSupport
import DesignDocument
import WorkflowTestSupport
@testable import Workflow

@Suite struct ConfigurationTests {
    let file = URL(fileURLWithPath: "/project/.docsheet.yml")

    @Test func parsesEveryKeyAndAnchorsPathsAtTheFilesFolder() throws {
        let configuration = try Configuration.parse("""
            include: ["Sources/**"]
            exclude:
              - "Tests/**"
            include_local: true
            include_generated: true
            template: design-doc
            output: docs/design.xlsx
            format: xlsx
            locale: ja
            min_access: internal
            source_url: "https://example.com/{file}#{line}"
            jobs: 2
            project:
              name: Shop
              version: "2.1"
              author: Ann
            check:
              min_access: package
              require: parameters, returns
              min_coverage: 80
              baseline: debt.json
            """, file: file)
        #expect(configuration.include == ["Sources/**"])
        #expect(configuration.exclude == ["Tests/**"])
        #expect(configuration.includeLocal == true)
        #expect(configuration.includeGenerated == true)
        #expect(configuration.template == "design-doc")
        #expect(configuration.output?.path == "/project/docs/design.xlsx")
        #expect(configuration.format == .xlsx)
        #expect(configuration.locale == .ja)
        #expect(configuration.minAccess == .internal)
        #expect(configuration.sourceURL == "https://example.com/{file}#{line}")
        #expect(configuration.jobs == 2)
        #expect(configuration.projectName == "Shop")
        #expect(configuration.projectVersion == "2.1")
        #expect(configuration.author == "Ann")
        #expect(configuration.check.minAccess == .package)
        #expect(configuration.check.require == [.doc(.parameters), .doc(.returns)])
        #expect(configuration.check.minCoverage == 80)
        #expect(configuration.check.baseline?.path == "/project/debt.json")
    }

    @Test func aTemplatePathIsRelativeToTheFile() throws {
        let configuration = try Configuration.parse("template: layouts/mine.yml\n", file: file)
        #expect(configuration.template == "/project/layouts/mine.yml")
    }

    @Test func anUnknownKeyNamesItsLineAndTheValidKeys() {
        #expect(throws: WorkflowError.invalidConfiguration(
            file: "/project/.docsheet.yml", line: 2,
            message: "unknown key 'ouput' (did you mean 'output'?); valid keys: \(Configuration.topLevelKeys.joined(separator: ", "))")) {
            try Configuration.parse("locale: en\nouput: x.xlsx\n", file: file)
        }
    }

    @Test func anUnknownNestedKeyNamesItsSection() throws {
        let error = #expect(throws: WorkflowError.self) { try Configuration.parse("check:\n  min_access: public\n  coverage: 3\n", file: file) }
        #expect(error?.description == "/project/.docsheet.yml:3: unknown key 'coverage' in 'check'; valid keys: min_access, kinds, language, require, min_coverage, baseline")
    }

    @Test func aWrongTypeNamesTheKeyAndLine() throws {
        let error = #expect(throws: WorkflowError.self) { try Configuration.parse("include_local: maybe\n", file: file) }
        #expect(error?.description == "/project/.docsheet.yml:1: 'include_local' must be true or false")
        let access = #expect(throws: WorkflowError.self) { try Configuration.parse("\nmin_access: secret\n", file: file) }
        #expect(access?.description == "/project/.docsheet.yml:2: 'min_access' must be one of private, fileprivate, internal, package, public, open, not 'secret'")
        let rule = #expect(throws: WorkflowError.self) { try Configuration.parse("check:\n  require: [docs]\n", file: file) }
        #expect(rule?.description.hasPrefix("/project/.docsheet.yml:2: 'check.require' has unknown rule 'docs'") == true)
    }

    @Test func valuesThatCannotWorkNameTheirLine() throws {
        let url = #expect(throws: WorkflowError.self) { try Configuration.parse("locale: en\nsource_url: \"x.com/{file}\"\n", file: file) }
        #expect(url?.description.hasPrefix("/project/.docsheet.yml:2: source_url 'x.com/{file}': ") == true)
        let glob = #expect(throws: WorkflowError.self) { try Configuration.parse("include:\n  - Sources/**\n  - \"\"\n", file: file) }
        #expect(glob?.description.hasPrefix("/project/.docsheet.yml:3: 'include' has the empty glob ''") == true)
    }

    @Test func invalidYAMLNamesItsLine() throws {
        let error = #expect(throws: WorkflowError.self) { try Configuration.parse("include: [a\nexclude: b\n", file: file) }
        guard case .invalidConfiguration(_, let line, let message)? = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(line >= 2)
        #expect(message.hasPrefix("invalid YAML"))
    }

    @Test func anEmptyFileIsAnEmptyConfiguration() throws {
        #expect(try Configuration.parse("# nothing yet\n", file: file).include == nil)
    }

    @Test func theNearestFileIsFoundByWalkingUp() throws {
        let repository = try TestRepository(git: false)
        try repository.write(".docsheet.yml", "locale: vi\n")
        try repository.write("app/Sources/Feature/.keep", "")
        let configuration = try Configuration.find(from: repository.url.appendingPathComponent("app/Sources/Feature"))
        #expect(configuration.locale == .vi)
        #expect(configuration.file?.lastPathComponent == ".docsheet.yml")
    }

    @Test func theStarterFileParsesAndInitRefusesToOverwrite() throws {
        let repository = try TestRepository(git: false)
        let written = try ConfigurationStarter.write(into: repository.url, force: false)
        let configuration = try Configuration.load(from: written)
        #expect(configuration.check.minAccess == .public)
        #expect(configuration.output?.lastPathComponent == "design.xlsx")
        #expect(throws: WorkflowError.fileExists(path: written.path)) { try ConfigurationStarter.write(into: repository.url, force: false) }
        try repository.write(".docsheet.yml", "locale: ja\n")
        _ = try ConfigurationStarter.write(into: repository.url, force: true)
        #expect(repository.read(".docsheet.yml") == Configuration.starterText)
    }
}

/// The configuration and template loaders read YAML with the same reader, so they agree on a duplicate key's line.
@Suite struct SharedYAMLReaderAgreementTests {
    @Test func bothLoadersReportADuplicateKeyAtTheSameLine() throws {
        let yaml = "name: a\nsheets: []\nname: b\n"
        let configuration = #expect(throws: WorkflowError.self) {
            try Configuration.parse(yaml, file: URL(fileURLWithPath: "/project/.docsheet.yml"))
        }
        let template = #expect(throws: DesignDocumentError.self) { try Template.resolve(writeTemporary(yaml)) }
        guard case .invalidConfiguration(_, let configurationLine, let configurationMessage)? = configuration,
              case .invalidTemplate(_, let templateLine, let templateMessage)? = template else {
            Issue.record("wrong errors \(String(describing: configuration)) \(String(describing: template))")
            return
        }
        #expect(configurationLine == 3)
        #expect(templateLine == configurationLine)
        #expect(templateMessage == configurationMessage)
    }

    /// Writes `text` to a fresh `.yml` file and returns its path.
    func writeTemporary(_ text: String) throws -> String {
        let url = try TestArtifacts.temporaryFolder("docsheet-configuration").appendingPathComponent("configuration.yml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
