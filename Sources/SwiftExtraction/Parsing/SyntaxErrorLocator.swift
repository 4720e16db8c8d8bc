import SwiftSyntax

/// Finds the first syntax error of a parsed file, for the one warning DocSheet reports per broken file.
enum SyntaxErrorLocator {
    /// A warning at the first merge-conflict marker (`<<<<<<<` at the start of a line), or `nil` when there is none.
    /// SwiftParser skips a whole conflict (both sides) as trivia without an error, so without this warning a file
    /// left mid-merge or mid-rebase would silently lose its declarations.
    static func conflictMarker(in source: String, file: String) -> ExtractionDiagnostic? {
        var marker: Int? = source.utf8.starts(with: "<<<<<<<".utf8) ? 0 : nil
        if marker == nil {
            ByteSearch.forEachOffset(of: "\n<<<<<<<", in: source) { offset in
                marker = offset + 1
                return false
            }
        }
        guard let marker else { return nil }
        let line = 1 + source.utf8.prefix(marker).lazy.filter { $0 == UInt8(ascii: "\n") }.count
        return ExtractionDiagnostic(
            file: file, line: line, column: 1, severity: .warning,
            message: "unresolved merge conflict ('<<<<<<<'); the parser skips the conflicting lines, so "
                + "declarations in them are missing: resolve the conflict")
    }

    /// A warning at the first missing token or unexpected code in `tree`, or `nil` when there is none.
    static func firstError(in tree: SourceFileSyntax, file: String) -> ExtractionDiagnostic? {
        let finder = FirstErrorFinder(viewMode: .all)
        finder.walk(tree)
        guard let (position, problem) = finder.found else { return nil }
        let location = SourceLocationConverter(fileName: file, tree: tree).location(for: position)
        return ExtractionDiagnostic(
            file: file, line: location.line, column: location.column, severity: .warning,
            message: "syntax error: \(problem); declarations near it may be missing or incomplete")
    }
}

private final class FirstErrorFinder: SyntaxAnyVisitor {
    var found: (AbsolutePosition, String)?

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if found != nil || !node.hasError { return .skipChildren }
        if let token = node.as(TokenSyntax.self) {
            if token.presence == .missing {
                let expected: String
                switch token.tokenKind {
                case .identifier: expected = "a name"
                default: expected = token.text.isEmpty ? "more code" : "'\(token.text)'"
                }
                found = (token.position, "expected \(expected)")
            }
            return .skipChildren
        }
        if let unexpected = node.as(UnexpectedNodesSyntax.self) {
            var text = SyntaxText.collapsed(unexpected)
            if text.count > 40 { text = String(text.prefix(40)) + "…" }
            found = (unexpected.positionAfterSkippingLeadingTrivia, "unexpected code '\(text)'")
            return .skipChildren
        }
        return .visitChildren
    }
}
