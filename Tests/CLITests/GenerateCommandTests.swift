import FileSupport
import Foundation
import Inventory
import Testing
import TestSupport

@Suite struct GenerateCommandTests {
    @Test func writesTheJSONInventoryOfTheCurrentFolder() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let run = try sandbox.docsheet("generate", "--output", "out.json")
        #expect(run.status == 0, "\(run.error)")
        let inventory = try InventoryCoding.decodeInventory(Data((sandbox.read("out.json") ?? "").utf8), source: "out.json")
        #expect(inventory.functions.map(\.name) == ["load()", "save(_:)", "helper()"])
        #expect(inventory.functions.first?.file == "Sources/App/Store.swift")
        #expect(inventory.project.name == sandbox.url.lastPathComponent)
    }

    @Test func aPipeOrALinkAsTheOutputIsWrittenThroughNotReplaced() throws {
        // `--output /dev/null` run as root once replaced the device by a regular file: a destination that is not a
        // regular file is written into, every time (never "up to date"); a link keeps pointing at the new file.
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let pipe = sandbox.url.appendingPathComponent("out.pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        for arguments in [["--format", "json"], ["--format", "json"], ["--format", "xlsx"]] {
            let reader = PipeReader(pipe)
            let run = try sandbox.run(DocSheetRunner.binary.path, ["generate"] + arguments + ["--output", "out.pipe"])
            #expect(run.status == 0, "\(run.error)")
            #expect(run.error.hasPrefix("Wrote out.pipe: 1 file, 3 functions"), "\(run.error)")
            let bytes = try #require(reader.data())
            if arguments.last == "json" {
                let inventory = try InventoryCoding.decodeInventory(bytes, source: "out.pipe")
                #expect(inventory.functions.map(\.name) == ["load()", "save(_:)", "helper()"])
            } else {
                #expect(bytes.starts(with: Array("PK\u{3}\u{4}".utf8)) && bytes.count > 4_000)
            }
        }
        try sandbox.write("docs/real.json", "old")
        try FileManager.default.createSymbolicLink(atPath: sandbox.url.appendingPathComponent("link.json").path,
                                                   withDestinationPath: "docs/real.json")
        #expect(try sandbox.docsheet("generate", "--output", "link.json").status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.url.appendingPathComponent("link.json").path) == "docs/real.json")
        #expect(sandbox.read("docs/real.json")?.contains("\"load()\"") == true)
        #expect(AtomicFile.isStream(pipe))
    }

    @Test func theMinimumAccessFiltersByEffectiveAccess() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let run = try sandbox.docsheet("generate", "--min-access", "public", "--format", "json", "--output", "-")
        #expect(run.status == 0, "\(run.error)")
        let inventory = try InventoryCoding.decodeInventory(Data(run.output.utf8), source: "stdout")
        #expect(inventory.functions.map(\.name) == ["load()", "save(_:)"])
    }

    @Test func writesCSVToStandardOutput() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let run = try sandbox.docsheet("generate", "--output", "-", "--format", "csv")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.split(whereSeparator: \.isNewline).count == 4)
        #expect(run.output.contains("save(_:)"))
    }

    @Test func severalRootsMakeOneInventoryWithRootPrefixedPaths() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("app/Sources/App/Store.swift", SampleSources.store)
        try sandbox.write("kit/Sources/Kit/Tool.swift", "public func tool() {}\n")
        let run = try sandbox.docsheet("generate", "app", "kit", "--output", "all.json")
        #expect(run.status == 0, "\(run.error)")
        let inventory = try InventoryCoding.decodeInventory(Data((sandbox.read("all.json") ?? "").utf8), source: "all.json")
        #expect(Set(inventory.functions.map(\.file)) == ["app/Sources/App/Store.swift", "kit/Sources/Kit/Tool.swift"])
    }

    @Test func writesTheDesignDocumentWorkbook() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let run = try sandbox.docsheet("generate", "--output", "design.xlsx", "--project-name", "Shop", "--author", "Ann")
        #expect(run.status == 0, "\(run.error)")
        #expect(try sandbox.docsheet("generate", "--output", "design.json").status == 0)
        let workbook = sandbox.url.appendingPathComponent("design.xlsx")
        try TestArtifacts.keep(workbook: workbook, json: sandbox.url.appendingPathComponent("design.json"), name: "cli-generate-design-doc")
        let book = try XLSXReader(url: workbook)
        #expect(book.sheetNames.contains("Functions"))
        let functions = try book.sheet("Functions")
        #expect(functions.cells.values.contains { $0.contains("save(_:)") })
        #expect(functions.cells.values.contains { $0.contains("helper()") })
        #expect(try book.sheet("Cover").cells.values.contains("Shop"))
    }

    @Test func theTemplateAndLocaleOptionsReachTheWorkbook() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let run = try sandbox.docsheet("generate", "--output", "design.xlsx", "--locale", "ja")
        #expect(run.status == 0, "\(run.error)")
        #expect(try XLSXReader(url: sandbox.url.appendingPathComponent("design.xlsx")).sheetNames.contains("関数仕様"))
        let template = try sandbox.docsheet("templates", "show", "inventory")
        try sandbox.write("mine.yml", template.output)
        #expect(try sandbox.docsheet("generate", "--output", "flat.xlsx", "--template", "mine.yml").status == 0)
        let missing = try sandbox.docsheet("generate", "--output", "x.xlsx", "--template", "nope.yml")
        #expect(missing.status == 2)
        #expect(missing.error.contains("template 'nope.yml'") || missing.error.contains("nope.yml"))
        #expect(!sandbox.exists("x.xlsx"))
    }

    @Test func syntaxErrorsAreWarningsNamingTheFileAndTheRestIsExtracted() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Broken.swift", "public func ok() {}\nfunc broken( {\n")
        let run = try sandbox.docsheet("generate", "--output", "out.json")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("Broken.swift:2:"))
        #expect(run.error.contains(": warning: "))
        #expect(sandbox.read("out.json")?.contains("\"ok()\"") == true)

        try sandbox.write("app/Broken.swift", "func broken( {\n")
        let inFolder = try sandbox.docsheet("generate", "app", "--output", "app.json")
        #expect(inFolder.error.contains("app/Broken.swift:1:"), "paths are relative to the current folder, like the compiler's")
    }

    @Test func aMissingRootIsAnInputErrorNamingThePath() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        let run = try sandbox.docsheet("generate", "no-such-folder", "--output", "out.json")
        #expect(run.status == 3)
        #expect(run.error == "error: no-such-folder: no such file or directory; pass an existing project folder\n")
        #expect(!sandbox.exists("out.json"))
    }

    @Test func anUnwritableOutputIsAnOutputErrorAndLeavesNoFile() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("A.swift", "public func a() {}\n")
        let run = try sandbox.docsheet("generate", "--output", "A.swift/folder/out.json")
        #expect(run.status == 4)
        #expect(run.error.hasPrefix("error: \(sandbox.url.path)/A.swift/folder/out.json: cannot write the output"))
        #expect(run.error.split(separator: "\n").count == 1)
        #expect(sandbox.read("A.swift") == "public func a() {}\n")
    }

    @Test func missingOutputFoldersAreCreated() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/A.swift", "public func a() {}\n")
        #expect(try sandbox.docsheet("init").status == 0)
        let run = try sandbox.docsheet("generate")
        #expect(run.status == 0)
        #expect(sandbox.exists("docs/design.xlsx"))
        let nested = try sandbox.docsheet("generate", "--output", "missing/folder/out.json")
        #expect(nested.status == 0)
        #expect(sandbox.exists("missing/folder/out.json"))
    }

    @Test func anExistingOutputIsKeptWhenGenerationFails() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("out.json", "previous\n")
        try sandbox.write(".docsheet.yml", "locale: xx\n")
        let run = try sandbox.docsheet("generate", "--output", "out.json")
        #expect(run.status == 2)
        #expect(run.error == "error: \(sandbox.url.path)/.docsheet.yml:1: 'locale' must be one of en, vi, ja, not 'xx'\n")
        #expect(sandbox.read("out.json") == "previous\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func aBadOptionIsAUsageError() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        let run = try sandbox.docsheet("generate", "--min-access", "secret")
        #expect(run.status == 2)
        #expect(run.error.contains("'secret' is invalid for '--min-access"))
        #expect(!run.error.contains("Fatal error"))
    }

    @Test func theConfigurationSetsTheOutputAndTheCommandLineOverridesIt() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        try sandbox.write(".docsheet.yml", "output: docs/inventory.json\nmin_access: public\nproject:\n  name: Configured\n")
        try FileManager.default.createDirectory(at: sandbox.url.appendingPathComponent("docs"), withIntermediateDirectories: true)
        #expect(try sandbox.docsheet("generate").status == 0)
        let configured = try InventoryCoding.decodeInventory(Data((sandbox.read("docs/inventory.json") ?? "").utf8), source: "configured")
        #expect(configured.project.name == "Configured")
        #expect(configured.functions.count == 2)
        #expect(try sandbox.docsheet("generate", "--min-access", "internal", "--project-name", "Cli", "-o", "cli.json").status == 0)
        let overridden = try InventoryCoding.decodeInventory(Data((sandbox.read("cli.json") ?? "").utf8), source: "cli")
        #expect(overridden.project.name == "Cli")
        #expect(overridden.functions.count == 3)
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        #expect(try sandbox.docsheet("generate", "-o", "a.json").status == 0)
        #expect(try sandbox.docsheet("generate", "-o", "b.json", "--no-cache").status == 0)
        #expect(sandbox.read("a.json") == sandbox.read("b.json"))
        #expect(sandbox.exists(".cache"))
    }
}

@Suite struct SmallCommandTests {
    @Test func initWritesTheStarterAndRefusesToOverwrite() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        #expect(try sandbox.docsheet("init").status == 0)
        #expect(sandbox.read(".docsheet.yml")?.contains("check:") == true)
        let again = try sandbox.docsheet("init")
        #expect(again.status == 2)
        #expect(again.error.contains(".docsheet.yml: the file already exists; pass --force to overwrite it"))
        #expect(try sandbox.docsheet("init", "--force").status == 0)
    }

    @Test func templatesAreListedAndAnUnknownOneIsAUsageError() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        let list = try sandbox.docsheet("templates", "list")
        #expect(list.status == 0)
        #expect(list.output == "design-doc\ninventory\nclass-spec\nreview\n")
        let show = try sandbox.docsheet("templates", "show", "design-doc")
        #expect(show.status == 0)
        #expect(show.output.contains("name: design-doc"))
        let unknown = try sandbox.docsheet("templates", "show", "nope")
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("no built-in template named 'nope'"))
    }
}

@Suite struct GenerateInGitTests {
    @Test func linksToSourceLinesFromTheGitRemoteAndDatesTheDocumentByTheCommit() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("ios/Sources/App/Store.swift", SampleSources.store)
        try sandbox.commitAll("start")
        #expect(try sandbox.git("remote", "add", "origin", "git@github.com:acme/shop.git").status == 0)
        let commit = try sandbox.git("rev-parse", "HEAD").output.trimmingCharacters(in: .newlines)
        let run = try sandbox.docsheet("generate", "ios", "--output", "design.xlsx")
        #expect(run.status == 0, "\(run.error)")
        let book = try XLSXReader(url: sandbox.url.appendingPathComponent("design.xlsx"))
        let links = try book.sheet("Functions").hyperlinks.values
        #expect(links.contains("https://github.com/acme/shop/blob/\(commit)/ios/Sources/App/Store.swift#L6"))

        let explicit = try sandbox.docsheet("generate", "ios", "--output", "mine.xlsx", "--source-url", "https://code.example/{commit}/{file}?line={line}")
        #expect(explicit.status == 0, "\(explicit.error)")
        let mine = try XLSXReader(url: sandbox.url.appendingPathComponent("mine.xlsx"))
        #expect(try mine.sheet("Functions").hyperlinks.values.contains("https://code.example/\(commit)/Sources/App/Store.swift?line=6"))
    }

    @Test func linksUseTheConfiguredRemoteNotItsInsteadOfRewrite() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        try sandbox.commitAll("start")
        #expect(try sandbox.git("remote", "add", "origin", "https://github.com/acme/shop.git").status == 0)
        #expect(try sandbox.git("config", "url./opt/mirror/.insteadOf", "https://github.com/").status == 0)
        let run = try sandbox.docsheet("generate", "--output", "design.xlsx")
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.error.contains("warning"), "\(run.error)")
        let links = try XLSXReader(url: sandbox.url.appendingPathComponent("design.xlsx")).sheet("Functions").hyperlinks.values
        #expect(links.contains { $0.hasPrefix("https://github.com/acme/shop/blob/") })
    }

    @Test func anUnknownRemoteHostIsAWarningThatNamesSourceURL() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        try sandbox.commitAll("start")
        #expect(try sandbox.git("remote", "add", "origin", "git@git.example.com:acme/shop.git").status == 0)
        let run = try sandbox.docsheet("generate", "--output", "design.xlsx")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("warning: no source links: the git remote's host 'git.example.com' is not GitHub, GitLab or Bitbucket; pass --source-url"),
                "\(run.error)")
    }

    @Test(arguments: [
        ("https://h/{fil}/x", "unknown placeholder '{fil}'"),
        ("https://h/{{file}}#L{line}", "unknown placeholder '{{file}}'"),
        ("https://h/blob/{commit}/{file}#L", "it has a line anchor but no {line}"),
        ("github.com/a/b/{file}", "it is not an absolute URL with a scheme"),
        ("/blob/{file}", "it is not an absolute URL with a scheme"),
        ("https://h/{commit}#L{line}", "it has no {file}"),
    ])
    func badSourceURLPatternsAreUsageErrors(pattern: String, reason: String) throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let run = try sandbox.docsheet("generate", "--output", "design.xlsx", "--source-url", pattern)
        #expect(run.status == 2, "\(run.error)")
        #expect(run.error.contains("--source-url '\(pattern)': \(reason)"), "\(run.error)")
        #expect(run.error.contains("valid placeholders: {file}, {line}, {commit}"), "\(run.error)")
    }

    @Test func theSameCommitGivesAByteIdenticalWorkbook() throws {
        let sandbox = try DocSheetRunner.Sandbox(git: true)
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        try sandbox.commitAll("start")
        #expect(try sandbox.docsheet("generate", "--output", "a.xlsx").status == 0)
        #expect(try sandbox.docsheet("generate", "--output", "b.xlsx", "--no-cache").status == 0)
        let first = FileManager.default.contents(atPath: sandbox.url.appendingPathComponent("a.xlsx").path)
        let second = FileManager.default.contents(atPath: sandbox.url.appendingPathComponent("b.xlsx").path)
        #expect(first != nil && first == second)
    }
}

@Suite struct GenerateTemplateKindTests {
    @Test func theReviewTemplateIsRefusedForAnInventory() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let run = try sandbox.docsheet("generate", "--template", "review", "--output", "review.xlsx")
        #expect(run.status == 2, "\(run.error)")
        #expect(run.error.contains("template 'review' has only review sheets (added, removed, changed): it is for 'docsheet diff'"), "\(run.error)")
        #expect(sandbox.read("review.xlsx") == nil)
        // JSON and CSV do not use the template.
        #expect(try sandbox.docsheet("generate", "--template", "review", "--output", "out.json").status == 0)
    }

    @Test func generatedFilesAreLeftOutWithOneNoteAndKeptOnRequest() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/App.swift", "/// Starts.\npublic func start() {}\n// docsheet:ignore - debugging aid\npublic func debugDump() {}\n")
        try sandbox.write("Sources/App/Assets.generated.swift", "public func asset() {}\n")
        try sandbox.write("Sources/App/Strings.swift", "// Generated using SwiftGen\npublic func string() {}\n")
        let run = try sandbox.docsheet("generate", "--format", "json", "--output", "-")
        #expect(run.status == 0, "\(run.error)")
        let inventory = try InventoryCoding.decodeInventory(Data(run.output.utf8), source: "stdout")
        #expect(inventory.functions.map(\.name) == ["start()"])
        #expect(run.error.components(separatedBy: "left out 2 generated files (--include-generated keeps them)").count == 2)
        // The warm cache serves the run that keeps them.
        let kept = try sandbox.docsheet("generate", "--include-generated", "--format", "json", "--output", "-")
        #expect(kept.status == 0, "\(kept.error)")
        let all = try InventoryCoding.decodeInventory(Data(kept.output.utf8), source: "stdout")
        #expect(all.functions.map(\.name) == ["start()", "asset()", "string()"])
        #expect(!kept.error.contains("generated file"))
        // `check` leaves them out too: only start() is gated, and it is documented.
        let check = try sandbox.docsheet("check")
        #expect(check.status == 0, "\(check.output)\(check.error)")
        #expect(check.output.contains("1 of 1") || check.error.contains("1 of 1"), "\(check.output)\(check.error)")
        let checkAll = try sandbox.docsheet("check", "--include-generated")
        #expect(checkAll.status != 0, "asset() and string() are undocumented")
        try sandbox.write(".docsheet.yml", "include_generated: true\n")
        #expect(try sandbox.docsheet("check").status != 0, "the configuration key keeps them too")
    }
}
