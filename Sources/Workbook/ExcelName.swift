import SpreadsheetModel

/// Excel's rules for defined names (`Rates`, `Print_Area`, `Client.Total`).
public enum ExcelName {
    /// The names libxlsxwriter writes itself from ``PageSetup`` and ``Worksheet/setAutofilter(_:)``.
    static let writtenByLibrary: Set<String> = ["_xlnm.print_area", "_xlnm.print_titles", "_xlnm._filterdatabase"]

    /// Why Excel would refuse `name` as a defined name, or `nil` when it is valid.
    ///
    /// A name is 1 to 255 characters; it starts with a letter, `_` or `\`, and holds only letters, digits, `_`, `.`,
    /// `\` and `?`; it is not `R` or `C` and does not look like a cell reference (`A1`, `XFD10`, `R1C1`, `R2`, `C3`).
    /// The print area, print titles and filter names are refused too: libxlsxwriter writes them from the page setup
    /// and the autofilter.
    ///
    /// - Parameter name: The name to check, without a sheet prefix.
    /// - Returns: The broken rule and what to do, or `nil` when Excel accepts the name.
    public static func problem(with name: String) -> String? {
        guard let first = name.first else { return "a defined name cannot be empty; give it a name such as Rates" }
        if name.count > 255 { return "a defined name has at most 255 characters; shorten it" }
        if writtenByLibrary.contains(name.lowercased()) {
            return "this name is written from the sheet's page setup or autofilter; set PageSetup.printArea, PageSetup.repeatRows/repeatColumns or the autofilter instead"
        }
        guard first.isLetter || first == "_" || first == "\\" else {
            return "a defined name starts with a letter, '_' or '\\'; rename it, e.g. _\(name)"
        }
        if let bad = name.first(where: { !($0.isLetter || $0.isNumber || "_.\\?".contains($0)) }) {
            return "a defined name cannot contain '\(bad)' (only letters, digits, '_', '.', '\\' and '?'); replace it, e.g. with '_'"
        }
        if looksLikeReference(name) {
            return "a defined name cannot look like a cell reference (A1 or R1C1 style); add a letter or '_', e.g. \(name)_"
        }
        return nil
    }

    /// True for `R`, `C`, A1-style references inside Excel's grid and R1C1-style references (`R`, `R2`, `C3`, `R1C1`).
    private static func looksLikeReference(_ name: String) -> Bool {
        let upper = name.uppercased()
        if CellReference(upper) != nil, upper.first?.isLetter == true { return true }
        var rest = Substring(upper)
        var sawPart = false
        if rest.first == "R" {
            rest = rest.dropFirst().drop { $0.isASCII && $0.isNumber }
            sawPart = true
        }
        if rest.first == "C" {
            rest = rest.dropFirst().drop { $0.isASCII && $0.isNumber }
            sawPart = true
        }
        return sawPart && rest.isEmpty
    }
}
