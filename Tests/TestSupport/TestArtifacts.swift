import Foundation

/// Keeps workbooks the tests wrote, with the JSON inventory of the same run, for the independent reader
/// (`scripts/check-workbooks`, run by `scripts/run-tests`).
public enum TestArtifacts {
    /// The folder named by `DOCSHEET_TEST_ARTIFACTS`, or `nil` when artifacts are not kept.
    public static var folder: URL? {
        guard let path = ProcessInfo.processInfo.environment["DOCSHEET_TEST_ARTIFACTS"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Copies `workbook` and `json` to `<folder>/<name>.xlsx` and `<folder>/<name>.json` when
    /// `DOCSHEET_TEST_ARTIFACTS` is set; does nothing otherwise.
    ///
    /// - Parameters:
    ///   - workbook: The workbook a test wrote.
    ///   - json: The JSON inventory of the same run, which `scripts/check-workbooks` compares the workbook with.
    ///   - name: The base name of the copies, unique per test.
    /// - Throws: The `FileManager` error when the artifacts folder cannot be created or a file cannot be copied.
    public static func keep(workbook: URL, json: URL, name: String) throws {
        guard let folder else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (source, ext) in [(workbook, "xlsx"), (json, "json")] {
            let target = folder.appendingPathComponent("\(name).\(ext)")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: source, to: target)
        }
    }

    /// A fresh temporary folder for one test, inside ``processFolder`` (removed when the test process exits).
    ///
    /// - Parameter label: The start of the folder's name, e.g. the test's subject.
    /// - Returns: A new, empty folder named `<label>-<8 random characters>`.
    /// - Throws: The `FileManager` error when the folder cannot be created.
    public static func temporaryFolder(_ label: String = "docsheet-test") throws -> URL {
        let folder = processFolder.appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// One folder per test process in the system's temporary folder, holding every ``temporaryFolder(_:)``; removed
    /// with all it holds when the process exits, so that a test run leaves nothing behind (a CI run of the suite
    /// used to leave some 800 folders in `/tmp`).
    public static let processFolder: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("docsheet-tests-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestArtifacts.processFolder) }
        return folder
    }()
}

/// Test helpers: reading workbooks back (``XLSXReader``) and keeping test outputs (``TestArtifacts``).
public enum TestSupport {}
