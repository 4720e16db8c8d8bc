import Foundation

/// Excel's rules for worksheet names: a validator (for template errors) and a sanitiser (for names made from data).
public enum SheetName {
    /// The most characters (UTF-16 units) Excel allows in a sheet name.
    public static let maximumLength = 31
    /// Characters Excel refuses in a sheet name.
    public static let forbiddenCharacters: Set<Character> = ["[", "]", ":", "*", "?", "/", "\\"]
    /// The same, as the Unicode scalars every check uses: a forbidden character followed by a combining mark
    /// (`"/\u{301}"`) is one `Character` that is not in ``forbiddenCharacters``, yet Excel and libxlsxwriter refuse it
    /// (found by the fuzzer).
    public static let forbiddenScalars: Set<Unicode.Scalar> = ["[", "]", ":", "*", "?", "/", "\\"]

    /// The first forbidden character of `text`, or `nil`.
    ///
    /// - Parameter text: A sheet name or part of one.
    /// - Returns: The first of `[ ] : * ? / \` in `text`, found among its Unicode scalars, or `nil`.
    public static func firstForbidden(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: forbiddenScalars.contains)
    }
    /// A name Excel reserves for its own use.
    public static let reservedName = "History"

    /// Why Excel would refuse `name`, or `nil` when it is valid (uniqueness is checked by the workbook).
    ///
    /// - Parameter name: A proposed worksheet name.
    /// - Returns: A short reason such as `it is empty` or `it contains ':'`, or `nil` when Excel accepts the name.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.allSatisfy(\.isWhitespace) { return "it is blank (only spaces)" }
        if name.utf16.count > maximumLength {
            return "it has \(name.utf16.count) characters, Excel allows \(maximumLength)"
        }
        if let bad = firstForbidden(in: name) {
            return "it contains '\(bad)'; Excel refuses any of [ ] : * ? / \\"
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0xFFFE || $0.value == 0xFFFF }) {
            return "it contains a control character"
        }
        if name.unicodeScalars.first == "'" || name.unicodeScalars.last == "'" { return "it starts or ends with an apostrophe" }
        if name.caseInsensitiveCompare(reservedName) == .orderedSame { return "Excel reserves 'History'" }
        return nil
    }

    /// A valid name made from `name`, unique (ignoring case) among `taken`: forbidden characters become `_`,
    /// the text is cut to 31 characters, and ` (2)`, ` (3)`, … is appended when needed.
    ///
    /// - Parameters:
    ///   - name: The wanted name, e.g. a module or type name.
    ///   - taken: names already in use, compared ignoring case.
    /// - Returns: A name Excel accepts (``problem(with:)`` returns `nil` for it) that is not in `taken`.
    public static func sanitized(_ name: String, avoiding taken: some Collection<String> = [String]()) -> String {
        sanitized(name, avoidingLowercased: Set(taken.map { $0.lowercased() }))
    }

    /// A valid name made from `name`, unique among names already in use given in lower case (see
    /// ``sanitized(_:avoiding:)``): for a caller that names many sheets and keeps the set as it goes.
    ///
    /// - Parameters:
    ///   - name: The wanted name.
    ///   - lowerTaken: The names in use, each `lowercased()`.
    /// - Returns: A name Excel accepts that is not in `lowerTaken` (ignoring case).
    public static func sanitized(_ name: String, avoidingLowercased lowerTaken: Set<String>) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in ExcelText.removingInvalidCharacters(name).unicodeScalars {
            scalars.append(forbiddenScalars.contains(scalar) ? "_" : scalar == "\n" || scalar == "\t" || scalar == "\r" ? " " : scalar)
        }
        // Spaces and apostrophes together (so " 'x" keeps no leading apostrophe once its space goes), scalar by scalar.
        let trimmed = { (scalar: Unicode.Scalar) in scalar == "'" || scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        while let first = scalars.first, trimmed(first) { scalars.removeFirst() }
        while let last = scalars.last, trimmed(last) { scalars.removeLast() }
        var base = String(scalars)
        if base.isEmpty { base = "Sheet" }
        if base.caseInsensitiveCompare(reservedName) == .orderedSame { base += " 1" }
        var candidate = truncated(base, to: maximumLength)
        var counter = 2
        while lowerTaken.contains(candidate.lowercased()) {
            let suffix = " (\(counter))"
            candidate = truncated(base, to: maximumLength - suffix.utf16.count) + suffix
            counter += 1
        }
        return candidate
    }

    /// The name quoted for use in a formula or link (`'My Sheet'!A1`), apostrophes doubled.
    ///
    /// - Parameter name: A worksheet name.
    /// - Returns: The name in single quotes with each `'` doubled, e.g. `'Bob''s Sheet'`.
    public static func quotedForFormula(_ name: String) -> String {
        "'" + name.replacingOccurrences(of: "'", with: "''", options: .literal) + "'"
    }

    /// `text` cut to at most `length` UTF-16 units at a character boundary, without trailing apostrophes or spaces.
    private static func truncated(_ text: String, to length: Int) -> String {
        var result = ""
        for character in text {
            if result.utf16.count + character.utf16.count > length { break }
            result.append(character)
        }
        while result.unicodeScalars.last == "'" || result.unicodeScalars.last == " " { result.unicodeScalars.removeLast() }
        return result.isEmpty ? "Sheet" : result
    }
}
