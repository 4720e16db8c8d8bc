import CXLSXWriter

/// The libxlsxwriter versions the Workbook module works with, checked against the library this process loaded.
///
/// The module calls only libxlsxwriter's public functions, so any release from ``minimum`` on works; an older one
/// lacks calls or fixes the module relies on. Every ``Workbook`` checks the loaded library when it is created.
public enum LibraryVersion {
    /// The oldest libxlsxwriter the module works with, numbered as `lxw_version_id()` numbers versions: 114 for 1.1.4
    /// (Debian 12's).
    public static let minimum = 114

    /// The version number of the libxlsxwriter this process loaded (`lxw_version_id()`, e.g. 123 for 1.2.3).
    public static var loaded: Int { Int(lxw_version_id()) }

    /// A version number as `lxw_version_id()` gives it, written the usual way (114 → `1.1.4`).
    ///
    /// - Parameter id: The version number: major × 100 + minor × 10 + patch.
    /// - Returns: The dotted version.
    public static func dotted(_ id: Int) -> String {
        "\(id / 100).\(id / 10 % 10).\(id % 10)"
    }

    /// Refuses a libxlsxwriter older than ``minimum``.
    ///
    /// - Parameters:
    ///   - id: The version number of the library to check, as `lxw_version_id()` gives it.
    ///   - version: The same version as the library names it (`lxw_version()`), shown in the message.
    /// - Throws: `WorkbookError.unsupportedLibrary` naming both versions when `id` is below ``minimum``.
    public static func check(id: Int, version: String) throws(WorkbookError) {
        guard id >= minimum else { throw .unsupportedLibrary(found: version, minimum: dotted(minimum)) }
    }

    /// Refuses the loaded libxlsxwriter when it is older than ``minimum`` (see ``check(id:version:)``).
    ///
    /// - Throws: `WorkbookError.unsupportedLibrary` naming the loaded and the needed version.
    public static func checkLoaded() throws(WorkbookError) {
        try check(id: loaded, version: libxlsxwriterVersion)
    }
}
