import Foundation
import Testing
import TestSupport
@testable import Workbook

@Suite struct SheetNameTests {
    @Test func validatorNamesEachRuleExcelEnforces() {
        #expect(SheetName.problem(with: "Functions") == nil)
        #expect(SheetName.problem(with: "") == "it is empty")
        #expect(SheetName.problem(with: String(repeating: "x", count: 32))?.contains("32 characters") == true)
        #expect(SheetName.problem(with: "a/b")?.contains("'/'") == true)
        #expect(SheetName.problem(with: "[x]")?.contains("'['") == true)
        #expect(SheetName.problem(with: "'quoted'") == "it starts or ends with an apostrophe")
        #expect(SheetName.problem(with: "history") == "Excel reserves 'History'")
        #expect(SheetName.problem(with: "関数一覧") == nil)
    }

    @Test func sanitiserMakesValidUniqueNamesIgnoringCase() {
        #expect(SheetName.sanitized("Model/View: *Controller?") == "Model_View_ _Controller_")
        #expect(SheetName.sanitized("") == "Sheet")
        #expect(SheetName.sanitized("History") == "History 1")
        #expect(SheetName.sanitized("Types", avoiding: ["TYPES"]) == "Types (2)")
        #expect(SheetName.sanitized("Types", avoiding: ["types", "Types (2)"]) == "Types (3)")
        let long = String(repeating: "A", count: 40)
        let first = SheetName.sanitized(long)
        let second = SheetName.sanitized(long, avoiding: [first])
        #expect(first.count == 31 && second.count == 31 && second.hasSuffix(" (2)"))
        for name in [first, second, SheetName.sanitized("'x'"), SheetName.sanitized("😀" + long)] {
            #expect(SheetName.problem(with: name) == nil, "\(name)")
        }
    }

    /// Found by the fuzzer (`sheet-name-slash-combining-mark`): a forbidden character or apostrophe followed by a
    /// combining mark is one `Character` the checks missed, and libxlsxwriter then refused the sheet.
    @Test func forbiddenCharactersAndApostrophesCountWhenACombiningMarkFollows() throws {
        #expect(SheetName.problem(with: "a/\u{301}b")?.contains("'/'") == true)
        #expect(SheetName.problem(with: "[\u{301}x]")?.contains("'['") == true)
        #expect(SheetName.problem(with: "'\u{301}x") == "it starts or ends with an apostrophe")
        #expect(SheetName.problem(with: "x\u{301}'") == "it starts or ends with an apostrophe")
        #expect(SheetName.problem(with: "e\u{301}t\u{301}e\u{301}") == nil)
        for name in ["a/\u{301}b", "'\u{301}x'", " 'x", "x' ", "\n\u{301}x", ":\u{301}"] {
            let sanitized = SheetName.sanitized(name)
            #expect(SheetName.problem(with: sanitized) == nil, "\(name) → \(sanitized)")
        }
        #expect(SheetName.sanitized("a/\u{301}b") == "a_\u{301}b")
        #expect(SheetName.quotedForFormula("Bob'\u{301}s") == "'Bob''\u{301}s'")
        let url = try TestArtifacts.temporaryFolder().appendingPathComponent("combining.xlsx")
        let workbook = try Workbook(destination: url, created: Date(timeIntervalSince1970: 1))
        #expect(throws: WorkbookError.self) { try workbook.addWorksheet(named: "a/\u{301}b") }
        try workbook.addWorksheet(named: SheetName.sanitized("a/\u{301}b"))
        try workbook.close()
    }

    @Test func workbookRejectsInvalidAndCaseInsensitiveDuplicateNames() throws {
        let url = try TestArtifacts.temporaryFolder().appendingPathComponent("names.xlsx")
        let workbook = try Workbook(destination: url, created: Date(timeIntervalSince1970: 1))
        try workbook.addWorksheet(named: "Summary")
        #expect(throws: WorkbookError.duplicateSheetName("SUMMARY")) { try workbook.addWorksheet(named: "SUMMARY") }
        #expect(throws: WorkbookError.invalidSheetName(name: "History", reason: "Excel reserves 'History'")) {
            try workbook.addWorksheet(named: "History")
        }
        #expect(throws: WorkbookError.invalidSheetName(name: "", reason: "it is empty")) { try workbook.addWorksheet(named: "") }
        #expect(workbook.uniqueSheetName(for: "summary") == "summary (2)")
    }
}
