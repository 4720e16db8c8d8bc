import Foundation
import Testing
import TestSupport
@testable import Workbook

/// The Workbook module refuses a libxlsxwriter older than the oldest it works with, naming both versions.
@Suite struct LibraryVersionTests {
    @Test(arguments: [113, 100, 99, 0])
    func anOlderLibraryIsRefusedNamingBothVersionsAndHowToUpgrade(id: Int) {
        let version = LibraryVersion.dotted(id)
        #expect(throws: WorkbookError.unsupportedLibrary(found: version, minimum: "1.1.4")) {
            try LibraryVersion.check(id: id, version: version)
        }
        let message = WorkbookError.unsupportedLibrary(found: version, minimum: "1.1.4").description
        #expect(message.contains("version \(version)") && message.contains("needs 1.1.4 or newer"))
        #expect(message.contains("apt install libxlsxwriter-dev") && message.contains("brew upgrade libxlsxwriter"))
    }

    @Test(arguments: [114, 115, 123, 200])
    func theMinimumAndNewerVersionsAreAccepted(id: Int) throws {
        try LibraryVersion.check(id: id, version: LibraryVersion.dotted(id))
    }

    @Test func versionNumbersAreWrittenAsTheLibraryWritesThem() {
        #expect(LibraryVersion.dotted(114) == "1.1.4")
        #expect(LibraryVersion.dotted(123) == "1.2.3")
        #expect(LibraryVersion.dotted(LibraryVersion.minimum) == "1.1.4")
    }

    /// The library this test process loaded passes, and its two ways of naming its version agree.
    @Test func theLoadedLibraryIsCheckedWhenAWorkbookIsCreated() throws {
        #expect(LibraryVersion.dotted(LibraryVersion.loaded) == libxlsxwriterVersion)
        try LibraryVersion.checkLoaded()
        let folder = try TestArtifacts.temporaryFolder("docsheet-wb")
        let workbook = try Workbook(destination: folder.appendingPathComponent("v.xlsx"),
                                    created: Date(timeIntervalSince1970: 0))
        try workbook.addWorksheet(named: "A").write("x", row: 0, column: 0)
        try workbook.close()
    }
}
