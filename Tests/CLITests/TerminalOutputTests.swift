import ArgumentParser
import Foundation
import Testing
import TestSupport
@testable import docsheet

/// The terminal rules as pure functions: the progress line, when it appears, colour, the summary.
@Suite struct TerminalRulesTests {
    @Test func theProgressLineShowsCountRateAndETA() {
        #expect(TerminalRules.progressLine(done: 250, total: 1000, elapsed: 2, width: 120)
            == "Parsing 250/1000 files (25%) · 125 files/s · ETA 6.0 s")
        #expect(TerminalRules.progressLine(done: 3, total: 500, elapsed: 2, width: 120)
            == "Parsing 3/500 files (0%) · 1.5 files/s · ETA 5 m 31 s")
        #expect(TerminalRules.progressLine(done: 0, total: 10, elapsed: 0.7, width: 120) == "Parsing 0/10 files (0%) · ETA --")
    }

    @Test func theProgressLineIsCutToTheTerminalsWidth() {
        let line = TerminalRules.progressLine(done: 250, total: 1000, elapsed: 2, width: 20)
        #expect(line == "Parsing 250/1000 fi")
        #expect(line.count == 19)
        #expect(TerminalRules.progressLine(done: 1, total: 2, elapsed: 1, width: 0) == "")
    }

    @Test func durationsReadAsSecondsMinutesAndHours() {
        #expect(TerminalRules.duration(0.04) == "0.0 s")
        #expect(TerminalRules.duration(1.25) == "1.2 s" || TerminalRules.duration(1.25) == "1.3 s")
        #expect(TerminalRules.duration(12.34) == "12.3 s")
        #expect(TerminalRules.duration(59.96) == "1 m 00 s")
        #expect(TerminalRules.duration(125) == "2 m 05 s")
        #expect(TerminalRules.duration(3725) == "1 h 02 m")
        #expect(TerminalRules.duration(-3) == "0.0 s")
    }

    @Test func theLineIsDrawnAfterHalfASecondAtMostTenTimesASecond() {
        #expect(!TerminalRules.shouldDraw(elapsed: 0.49, sinceLastDraw: nil))
        #expect(TerminalRules.shouldDraw(elapsed: 0.5, sinceLastDraw: nil))
        #expect(!TerminalRules.shouldDraw(elapsed: 0.65, sinceLastDraw: 0.05))
        #expect(TerminalRules.shouldDraw(elapsed: 0.65, sinceLastDraw: 0.1))
    }

    @Test func progressNeedsATerminalAndNoQuietNoCINoDumbTerminal() {
        #expect(TerminalRules.allowsProgress(isTerminal: true, quiet: false, environment: ["TERM": "xterm-256color"]))
        #expect(!TerminalRules.allowsProgress(isTerminal: false, quiet: false, environment: [:]))
        #expect(!TerminalRules.allowsProgress(isTerminal: true, quiet: true, environment: [:]))
        #expect(!TerminalRules.allowsProgress(isTerminal: true, quiet: false, environment: ["TERM": "dumb"]))
        #expect(!TerminalRules.allowsProgress(isTerminal: true, quiet: false, environment: ["CI": "true"]))
        #expect(!TerminalRules.allowsProgress(isTerminal: true, quiet: false, environment: ["CI": "1"]))
        #expect(TerminalRules.allowsProgress(isTerminal: true, quiet: false, environment: ["CI": ""]))
        #expect(TerminalRules.allowsProgress(isTerminal: true, quiet: false, environment: ["CI": "false"]))
    }

    @Test func colourFollowsTheOptionNoColorAndTerm() {
        #expect(TerminalRules.usesColor(mode: .auto, environment: [:], isTerminal: true))
        #expect(!TerminalRules.usesColor(mode: .auto, environment: [:], isTerminal: false))
        #expect(!TerminalRules.usesColor(mode: .auto, environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(!TerminalRules.usesColor(mode: .auto, environment: ["NO_COLOR": "anything"], isTerminal: true))
        #expect(TerminalRules.usesColor(mode: .auto, environment: ["NO_COLOR": ""], isTerminal: true))
        #expect(!TerminalRules.usesColor(mode: .auto, environment: ["TERM": "dumb"], isTerminal: true))
        #expect(TerminalRules.usesColor(mode: .always, environment: ["NO_COLOR": "1"], isTerminal: false))
        #expect(!TerminalRules.usesColor(mode: .never, environment: [:], isTerminal: true))
    }

    @Test func onlySeveritiesAndTheSummaryAreColoured() {
        #expect(TerminalRules.colored("error: bad", enabled: true) == "\u{1B}[1;31merror:\u{1B}[0m bad")
        #expect(TerminalRules.colored("A.swift:1:2: warning: odd", enabled: true) == "A.swift:1:2: \u{1B}[1;33mwarning:\u{1B}[0m odd")
        #expect(TerminalRules.colored("Wrote x.json: 1 file", enabled: true) == "\u{1B}[1;32mWrote\u{1B}[0m x.json: 1 file")
        #expect(TerminalRules.colored("timings: parse 1 s", enabled: true) == "timings: parse 1 s")
        #expect(TerminalRules.colored("error: bad", enabled: false) == "error: bad")
        #expect(TerminalRules.isError("A.swift:1:2: error: gone") && TerminalRules.isError("error: x"))
        #expect(!TerminalRules.isError("A.swift:1:2: warning: odd"))
    }

    @Test func theSummaryNamesFilesFunctionsCoverageAndTime() {
        #expect(TerminalRules.summary(output: "out/TaskBoard-design.xlsx", files: 42, functions: 318, documented: 277, elapsed: 1.24)
            == "Wrote out/TaskBoard-design.xlsx: 42 files, 318 functions, 87% documented, 1.2 s")
        #expect(TerminalRules.summary(output: "standard output", files: 1, functions: 1, documented: 0, elapsed: 0)
            == "Wrote standard output: 1 file, 1 function, 0% documented, 0.0 s")
        #expect(TerminalRules.verboseLines(phases: [("discovery", 0.0125), ("parse", 2)], files: 4, cache: (3, 1))
            == ["timings: discovery 0.013 s, parse 2.000 s", "cache: 3 hits, 1 miss (4 files)"]
            || TerminalRules.verboseLines(phases: [("discovery", 0.0125), ("parse", 2)], files: 4, cache: (3, 1))
            == ["timings: discovery 0.012 s, parse 2.000 s", "cache: 3 hits, 1 miss (4 files)"])
        #expect(TerminalRules.verboseLines(phases: [], files: 1, cache: nil)[1] == "cache: off (1 file)")
        #expect(TerminalRules.verboseLines(phases: [("write", 1.5)], files: 2, cache: nil,
                                           diagrams: [("module structure", 1, 0.25), ("App classes", 3, 1)])
            == ["timings: write 1.500 s", "diagrams: 4 pages in 1.250 s of Graphviz (module structure 1 page 0.250 s, App classes 3 pages 1.000 s)",
                "cache: off (2 files)"])
    }
}

/// Every command's help has examples, and every example parses.
@Suite struct HelpExamplesTests {
    /// Every command type below `command`, itself included, with its path of names.
    static func commands(_ command: ParsableCommand.Type = DocSheetCommand.self, path: [String] = []) -> [(ParsableCommand.Type, [String])] {
        let name = command.configuration.commandName ?? command._commandName
        let here = path + [name]
        return [(command, here)] + command.configuration.subcommands.flatMap { commands($0, path: here) }
    }

    @Test func everyCommandsHelpHasExamplesThatParse() throws {
        let all = Self.commands()
        #expect(all.count == 17)
        for (command, path) in all {
            let help = DocSheetCommand.helpMessage(for: command)
            #expect(help.contains(HelpText.examplesHeading), "\(path.joined(separator: " ")) has no examples")
            let examples = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .drop { $0 != HelpText.examplesHeading }.dropFirst().prefix { $0.hasPrefix("docsheet") }
            #expect(!examples.isEmpty, "\(path.joined(separator: " "))")
            for example in examples {
                let words = example.split(separator: " ").map(String.init).dropFirst()
                if words.first == "--generate-completion-script" { continue }  // handled by the parser itself
                #expect(Array(words.prefix(path.count - 1)) == Array(path.dropFirst()), "\(example) is not an example of \(path)")
                do {
                    let parsed = try DocSheetCommand.parseAsRoot(Array(words))
                    // The command itself, or (for a command with subcommands) one of its subcommands.
                    let parsedPath = all.first { $0.0 == type(of: parsed) }?.1 ?? []
                    #expect(parsedPath.starts(with: path), "\(example) parses as \(parsedPath)")
                } catch {
                    Issue.record("\(example): \(DocSheetCommand.message(for: error))")
                }
            }
        }
    }
}

/// The terminal behaviour end to end: the built binary in a temporary folder, standard error a pipe.
@Suite struct TerminalOutputEndToEndTests {
    @Test func aPipedRunPrintsTheSummaryAndNoProgress() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let run = try sandbox.docsheet("generate", "--output", "out/all.json")
        #expect(run.status == 0, "\(run.error)")
        let lines = run.error.split(separator: "\n")
        #expect(lines.count == 1, "\(run.error)")
        #expect(run.error.hasPrefix("Wrote out/all.json: 1 file, 3 functions, 33% documented, "), "\(run.error)")
        #expect(run.error.hasSuffix(" s\n"))
        #expect(!run.error.contains("\r") && !run.error.contains("\u{1B}") && !run.error.contains("Parsing"))
    }

    @Test func quietLeavesStandardErrorEmptyOnACleanRun() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        try sandbox.write("Sources/App/Broken.swift", "func broken( {\n")
        let run = try sandbox.docsheet("generate", "--quiet", "--output", "out.json")
        #expect(run.status == 0)
        #expect(run.error == "")
        let check = try sandbox.docsheet("check", "-q", "--min-access", "internal")
        #expect(check.error == "")
        #expect(check.output.contains("docsheet check:"))  // the report on standard output is unchanged
    }

    @Test func verbosePrintsThePhasesAndTheCache() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        let first = try sandbox.docsheet("generate", "--verbose", "--output", "out.json")
        #expect(first.status == 0, "\(first.error)")
        #expect(first.error.contains("timings: discovery "))
        for phase in ["parse", "merge", "write"] { #expect(first.error.contains(", \(phase) "), "\(first.error)") }
        #expect(first.error.contains("cache: 0 hits, 1 miss (1 file)"), "\(first.error)")
        let second = try sandbox.docsheet("generate", "-v", "--output", "out.json")
        #expect(second.error.contains("cache: the output is up to date"), "\(second.error)")
        #expect(second.error.contains("Up to date out.json: 1 file, "), "\(second.error)")
        let other = try sandbox.docsheet("generate", "-v", "--output", "other.json")
        #expect(other.error.contains("cache: 1 hit, 0 misses (1 file)"), "\(other.error)")
        let uncached = try sandbox.docsheet("generate", "-v", "--no-cache", "--output", "out.json")
        #expect(uncached.error.contains("cache: off (1 file)"), "\(uncached.error)")
        let check = try sandbox.docsheet("check", "--verbose")
        #expect(check.error.contains("timings: discovery "), "\(check.error)")
        #expect(try sandbox.docsheet("generate", "--quiet", "--verbose").status == 2)
    }

    @Test func colourIsOffInAPipeUnlessAskedFor() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("Sources/App/Store.swift", SampleSources.store)
        try sandbox.write("Sources/App/Broken.swift", "func broken( {\n")
        let plain = try sandbox.docsheet("generate", "--output", "out.json")
        #expect(!plain.error.contains("\u{1B}["))
        let colored = try sandbox.docsheet("generate", "--color", "always", "--no-cache", "--output", "out.json")
        #expect(colored.error.contains(": \u{1B}[1;33mwarning:\u{1B}[0m "), "\(colored.error)")
        #expect(colored.error.contains("\u{1B}[1;32mWrote\u{1B}[0m out.json"), "\(colored.error)")
    }

    @Test func theCompletionScriptsLoad() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        let binary = DocSheetRunner.binary.path
        let bash = try sandbox.run("/bin/bash", ["-c", "source <('\(binary)' --generate-completion-script bash) && complete -p docsheet"])
        #expect(bash.status == 0, "\(bash.error)")
        #expect(bash.output.contains("_docsheet docsheet"))
        for (shell, kind) in [("/usr/bin/zsh", "zsh"), ("/usr/bin/fish", "fish")] where FileManager.default.isExecutableFile(atPath: shell) {
            let script = try sandbox.docsheet("--generate-completion-script", kind)
            try sandbox.write("completion.\(kind)", script.output)
            let check = try sandbox.run(shell, ["-n", sandbox.url.appendingPathComponent("completion.\(kind)").path])
            #expect(check.status == 0, "\(kind): \(check.error)")
        }
        let templates = try sandbox.docsheet("---completion", "generate", "--", "--template", "3", "0", "docsheet", "generate", "--template", "")
        #expect(templates.output.split(separator: "\n").prefix(3) == ["design-doc", "inventory", "class-spec"], "\(templates.output)\(templates.error)")
    }

    @Test func installFilesLaysOutTheBinaryManPageAndCompletions() throws {
        let sandbox = try DocSheetRunner.Sandbox()
        try sandbox.write("docsheet.1", ".TH DOCSHEET 1\n")
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let destination = sandbox.url.appendingPathComponent("stage").path
        let run = try sandbox.run("/usr/bin/env", ["make", "-s", "-C", package.path, "install-files", "DESTDIR=\(destination)",
                                                   "PREFIX=/opt/ds", "BIN=\(DocSheetRunner.binary.path)",
                                                   "MANPAGE=\(sandbox.url.appendingPathComponent("docsheet.1").path)"])
        #expect(run.status == 0, "\(run.error)")
        let root = destination + "/opt/ds/"
        #expect(FileManager.default.isExecutableFile(atPath: root + "bin/docsheet"))
        #expect(sandbox.read("stage/opt/ds/share/man/man1/docsheet.1") == ".TH DOCSHEET 1\n")
        #expect(sandbox.read("stage/opt/ds/share/bash-completion/completions/docsheet")?.contains("complete -o filenames -F _docsheet docsheet") == true)
        #expect(sandbox.read("stage/opt/ds/share/zsh/site-functions/_docsheet")?.hasPrefix("#compdef docsheet") == true)
        #expect(sandbox.read("stage/opt/ds/share/fish/vendor_completions.d/docsheet.fish")?.isEmpty == false)
    }
}
