import Foundation
import Testing
import SwiftExtraction
@testable import Workflow

/// `manifests:` in the configuration and `--evaluate-manifests`: which one decides whether manifests run.
@Suite struct ManifestModeTests {
    let file = URL(fileURLWithPath: "/project/.docsheet.yml")
    let root = URL(fileURLWithPath: "/project")

    @Test func manifestsAreReadAsTextUnlessTheConfigurationOrTheCommandLineSaysEvaluate() throws {
        let none = try Configuration.parse("include: []\n", file: file)
        let evaluate = try Configuration.parse("manifests: evaluate\n", file: file)
        let syntactic = try Configuration.parse("manifests: syntactic\n", file: file)
        #expect(evaluate.manifests == .evaluate && syntactic.manifests == .syntactic && none.manifests == nil)
        var settings = ScanSettings()
        #expect(!settings.discovery(none, root: root).manifests.evaluate, "the default runs nothing")
        #expect(settings.discovery(evaluate, root: root).manifests.evaluate)
        #expect(!settings.discovery(syntactic, root: root).manifests.evaluate)
        settings.evaluateManifests = true
        #expect(settings.discovery(syntactic, root: root).manifests.evaluate, "the command line wins")
        #expect(DiscoveryOptions().manifests.evaluate == false, "the library's default runs nothing either")
    }

    @Test func anUnknownModeIsAnErrorThatListsTheValidOnes() {
        #expect(throws: WorkflowError.self) { try Configuration.parse("manifests: run\n", file: file) }
        do {
            _ = try Configuration.parse("manifests: evalute\n", file: file)
        } catch {
            #expect(error.description.contains("syntactic, evaluate") && error.description.contains("did you mean 'evaluate'"))
        }
    }
}

/// Repeated notes become one line; warnings and errors keep theirs; `-v` keeps every line.
@Suite struct DiagnosticDigestTests {
    let unowned = RepeatedNote.unownedFileLeftOut.message

    @Test func repeatedNotesOfOneKindBecomeOneLineAtTheFirstOnesPlace() {
        let lines = ["Package.swift:3:1: warning: something the reader could not follow"]
            + (1...190).map { "Tools/t\($0).swift:1:1: note: \(unowned)" }
            + ["Sources/A.swift:12:5: warning: expected '}' in struct"]
        let printed = DiagnosticDigest.lines(lines, listingEvery: false)
        #expect(printed == [
            "Package.swift:3:1: warning: something the reader could not follow",
            "note: 190 files that no target compiles were left out (first: Tools/t1.swift, Tools/t2.swift, Tools/t3.swift, …); "
                + "--include-unowned keeps them, -v lists them",
            "Sources/A.swift:12:5: warning: expected '}' in struct",
        ])
        #expect(DiagnosticDigest.lines(lines, listingEvery: true) == lines)
    }

    @Test func oneNoteStaysAsItIsAndOtherNotesAreCountedByTheirMessage() {
        let single = ["Tools/only.swift:1:1: note: \(unowned)"]
        #expect(DiagnosticDigest.lines(single, listingEvery: false) == single)
        let other = ["a/x.swift:1:1: note: kept aside", "b:c/y.swift:4:2: note: kept aside", "note: left out 3 generated files"]
        #expect(DiagnosticDigest.lines(other, listingEvery: false)
            == ["note: 2 files: kept aside (first: a/x.swift, b:c/y.swift); -v lists them", "note: left out 3 generated files"])
    }

    @Test func warningsThatRepeatKeepOneLineEach() {
        let warnings = (1...5).map { "S\($0).swift:1:1: warning: the file looks binary (it holds NUL bytes); it is left out" }
        #expect(DiagnosticDigest.lines(warnings, listingEvery: false) == warnings)
    }
}
