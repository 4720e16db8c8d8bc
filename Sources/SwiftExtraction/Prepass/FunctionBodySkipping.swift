import SwiftParser
import SwiftSyntax

/// Parses a file without what no record needs unless local functions are asked for: the statements inside the bodies
/// of `func`, `init` and `deinit` declarations and the accessor blocks of properties (`var body: some View {…}`).
/// They are most of a file's text and most of SwiftParser's time (Documentation/Extraction.md, "Function bodies are
/// not parsed").
///
/// One pass over the bytes finds each body — the first `{` after `func`, `init`, `deinit` or `var` at the keyword's
/// own nesting level, up to its matching `}` — and the inside is cut down to its line breaks and the spaces that keep
/// the `}` in its column, so every line stays the same, and every column outside the bodies. The pass follows
/// comments, string literals (raw, multi-line, interpolated) and brackets as SwiftParser's lexer does, and gives up on
/// the whole file at anything it cannot follow for certain (a possible regex literal, an unterminated literal or
/// comment, brackets that do not pair, a `#if` that does not close inside its body, a merge conflict, a
/// `docsheet:ignore-file` marker): the matching `}` must be the one the parser would close the body with.
///
/// Which braces are bodies is then checked against the tree SwiftParser makes of the emptied text: it must have no
/// syntax error, and every emptied range must be exactly the inside of a `func`, `init` or `deinit` body, or of a
/// property's accessor block, in it. Otherwise the file is parsed as written. Outside the emptied ranges the two
/// texts are the same bytes (at offsets shifted by what was cut), and `DeclarationCollector` enters neither bodies
/// nor properties without `includeLocal`.
enum FunctionBodySkipping {
    /// `source` parsed with its bodies emptied, or `nil` when there is nothing to empty, when something outside the
    /// bodies is nested beyond `DeepNestingGuard`'s limits, or when the emptied text is not what the tree must show
    /// (the caller then parses `source` as written, through the guard). What is too deep inside a body is not parsed,
    /// so it needs no guard.
    ///
    /// - Parameter source: The file's text.
    /// - Returns: The syntax tree and the emptied text it was parsed from (the same lines as `source`, and the same
    ///   columns outside the bodies).
    static func parse(_ source: String) -> (tree: SourceFileSyntax, text: String)? {
        guard let (text, bodies) = emptied(source), DeepNestingGuard.defused(text) == nil else { return nil }
        var parser = Parser(text, maximumNestingLevel: DeepNestingGuard.parserNestingLevel)
        let tree = SourceFileSyntax.parse(from: &parser)
        guard !tree.hasError else { return nil }
        let braces = tokens(at: bodies.map { $0.lowerBound - 1 }, in: tree)
        guard zip(bodies, braces).allSatisfy({ isEmptiedBody($0, openedBy: $1) }) else { return nil }
        return (tree, text)
    }

    /// `source` with the inside of every body that holds more than white space emptied (`shortened(_:emptying:)`),
    /// and where those insides lie in the emptied text; `nil` when no body holds anything or the scan gave up.
    ///
    /// - Parameter source: The file's text.
    /// - Returns: The emptied text and the emptied ranges, in file order.
    static func emptied(_ source: String) -> (text: String, bodies: [Range<Int>])? {
        guard !ByteSearch.holds(SourceMarkers.ignoreFileMarker, in: source), !ByteSearch.holds("<<<<<<<", in: source)
        else { return nil }
        var source = source
        return source.withUTF8 { bytes -> (text: String, bodies: [Range<Int>])? in
            var scanner = BodyScanner(bytes: bytes)
            guard let found = scanner.scan() else { return nil }
            let bodies = found.filter { range in
                bytes[range].contains { !BodyScanner.isWhiteSpace($0) }
            }
            guard !bodies.isEmpty else { return nil }
            return shortened(bytes, emptying: bodies)
        }
    }

    /// `bytes` with the inside of each of `bodies` (sorted, apart) cut down to its line breaks (LF, CR) and as many
    /// spaces as its last line holds bytes before the `}`: what the parser lexes of a body is a few bytes of white
    /// space, while every line stays the same, and every column outside the insides (the `}` keeps its own).
    ///
    /// - Returns: The shortened text, and where each inside lies in it.
    private static func shortened(_ bytes: UnsafeBufferPointer<UInt8>, emptying bodies: [Range<Int>])
        -> (text: String, bodies: [Range<Int>]) {
        var insides: [Range<Int>] = []
        insides.reserveCapacity(bodies.count)
        let text = String(unsafeUninitializedCapacity: bytes.count) { buffer -> Int in
            var written = 0
            func append(_ part: Range<Int>) {
                _ = UnsafeMutableBufferPointer(rebasing: buffer[written..<(written + part.count)])
                    .initialize(from: UnsafeBufferPointer(rebasing: bytes[part]))
                written += part.count
            }
            var copied = 0
            for body in bodies {
                append(copied..<body.lowerBound)
                let start = written
                var lastLineStart = body.lowerBound
                for offset in body where bytes[offset] == UInt8(ascii: "\n") || bytes[offset] == UInt8(ascii: "\r") {
                    buffer[written] = bytes[offset]
                    written += 1
                    lastLineStart = offset + 1
                }
                let lastLine = body.upperBound - lastLineStart
                UnsafeMutableBufferPointer(rebasing: buffer[written..<(written + lastLine)])
                    .initialize(repeating: UInt8(ascii: " "))
                written += lastLine
                insides.append(start..<written)
                copied = body.upperBound
            }
            append(copied..<bytes.count)
            return written
        }
        return (text, insides)
    }

    /// The token at each of `offsets` (sorted, ascending), found in one descent of `tree`: what `token(at:)` finds,
    /// without searching each member list again for every offset in it.
    private static func tokens(at offsets: [Int], in tree: SourceFileSyntax) -> [TokenSyntax?] {
        var found = [TokenSyntax?](repeating: nil, count: offsets.count)
        var next = 0
        func descend(_ node: Syntax) {
            if let token = node.as(TokenSyntax.self) {
                while next < offsets.count && offsets[next] < token.endPosition.utf8Offset {
                    found[next] = token
                    next += 1
                }
                return
            }
            for child in node.children(viewMode: .sourceAccurate) {
                guard next < offsets.count else { return }
                if offsets[next] < child.endPosition.utf8Offset { descend(child) }
            }
        }
        descend(Syntax(tree))
        return found
    }

    /// Whether `inside` is exactly the inside of a `func`, `init` or `deinit` body, or of a property's accessor
    /// block, with nothing left in it, `brace` being the token at the offset before it.
    private static func isEmptiedBody(_ inside: Range<Int>, openedBy brace: TokenSyntax?) -> Bool {
        let opening = inside.lowerBound - 1
        guard let brace, brace.tokenKind == .leftBrace,
              brace.positionAfterSkippingLeadingTrivia.utf8Offset == opening, let parent = brace.parent
        else { return false }
        let closing: TokenSyntax
        if let block = parent.as(CodeBlockSyntax.self), block.statements.isEmpty, let owner = block.parent,
           owner.is(FunctionDeclSyntax.self) || owner.is(InitializerDeclSyntax.self) || owner.is(DeinitializerDeclSyntax.self) {
            closing = block.rightBrace
        } else if let block = parent.as(AccessorBlockSyntax.self), case .getter(let statements) = block.accessors,
                  statements.isEmpty, block.parent?.is(PatternBindingSyntax.self) == true {
            closing = block.rightBrace
        } else {
            return false
        }
        return closing.presence == .present && closing.positionAfterSkippingLeadingTrivia.utf8Offset == inside.upperBound
    }
}

/// The pass of `FunctionBodySkipping` over one file's bytes.
private struct BodyScanner {
    private enum Frame: Equatable {
        case paren, square, brace
        /// A function body, whose inside starts at the offset.
        case body(Int)
        /// A string interpolation `\(…)`, in the string literal resumed when it closes.
        case interpolation(SourceLexing.StringLiteral)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private var frames: [Frame] = []
    /// Whether a body is open: nothing inside one is looked at but its brackets, directives, comments and literals.
    private var isInBody = false
    /// After `func`, `init`, `deinit` or `var` outside a body: the number of frames open at the keyword, where its
    /// body's `{` must come.
    private var pendingLevel: Int?
    private var bodies: [Range<Int>] = []
    /// The `#if` blocks open inside the current body.
    private var openConditions = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether `byte` matters inside a body, where only brackets, comments, literals, raw identifiers and directives
    /// are followed (and the bytes that make the scan give up): `/ " # \` ' ( ) [ ] { }`. Words, operators and white
    /// space there change nothing, so they are passed over without the rest of the loop.
    @inline(__always)
    private static func mattersInBody(_ byte: UInt8) -> Bool {
        // Bits 0x22 " 0x23 # 0x27 ' 0x28 ( 0x29 ) 0x2F / of the first 64 bytes;
        // 0x5B [ 0x5D ] 0x60 ` 0x7B { 0x7D } of the next 64.
        let low: UInt64 = 1 << 0x22 | 1 << 0x23 | 1 << 0x27 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2F
        let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x60 - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)
        if byte < 64 { return low >> UInt64(byte) & 1 != 0 }
        if byte < 128 { return high >> UInt64(byte - 64) & 1 != 0 }
        return false
    }

    static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The insides of the function bodies, or `nil` at anything the scan cannot follow for certain.
    mutating func scan() -> [Range<Int>]? {
        var index = 0
        var string: SourceLexing.StringLiteral?
        let count = bytes.count
        while index < count {
            if let current = string {
                guard let resumed = scanString(current, from: index, resuming: &string) else { return nil }
                index = resumed
                continue
            }
            if isInBody {
                while index < count && !Self.mattersInBody(bytes[index]) { index += 1 }
                guard index < count else { break }
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/"):
                let after = next(index)
                if after == UInt8(ascii: "/") {
                    index = SourceLexing.lineEnd(in: bytes, from: index)
                    continue
                }
                if after == UInt8(ascii: "*") {
                    guard let end = SourceLexing.blockCommentEnd(in: bytes, from: index) else { return nil }
                    index = end
                    continue
                }
                guard !mayStartRegexLiteral(at: index) else { return nil }
            case UInt8(ascii: "\""):
                index = SourceLexing.openString(in: bytes, quote: index, hashes: 0, into: &string)
                continue
            case UInt8(ascii: "#"):
                var end = SourceLexing.hashRunEnd(in: bytes, from: index)
                if end < count && bytes[end] == UInt8(ascii: "\"") {
                    index = SourceLexing.openString(in: bytes, quote: end, hashes: end - index, into: &string)
                    continue
                }
                // An extended regex literal, an editor placeholder (`<#name#>`) or a shebang line.
                if end < count && bytes[end] == UInt8(ascii: "/") || previous(index) == UInt8(ascii: "<")
                    || (index == 0 && next(index) == UInt8(ascii: "!")) {
                    return nil
                }
                // A directive or a macro (`#if`, `#selector`): its word is no keyword of ours.
                let wordStart = end
                while end < count && isIdentifierCharacter(bytes[end]) { end += 1 }
                if isInBody && wordStart == index + 1 && !countDirective(wordStart..<end) { return nil }
                index = end
                continue
            case UInt8(ascii: "`"):
                var end = index + 1
                while end < count && bytes[end] != UInt8(ascii: "`") {
                    guard bytes[end] != UInt8(ascii: "\n") else { return nil }
                    end += 1
                }
                index = end + 1
                continue
            case UInt8(ascii: "'"):
                return nil  // SwiftParser reads `'…'` as a (wrong) string literal
            case UInt8(ascii: "("):
                frames.append(.paren)
            case UInt8(ascii: "["):
                frames.append(.square)
            case UInt8(ascii: "{"):
                if !isInBody && pendingLevel == frames.count {
                    frames.append(.body(index + 1))
                    isInBody = true
                    pendingLevel = nil
                } else {
                    frames.append(.brace)
                }
            case UInt8(ascii: ")"):
                guard let last = frames.popLast() else { return nil }
                switch last {
                case .paren: break
                case .interpolation(let state): string = state
                default: return nil
                }
            case UInt8(ascii: "]"):
                guard frames.popLast() == .square else { return nil }
            case UInt8(ascii: "}"):
                guard let last = frames.popLast() else { return nil }
                switch last {
                case .brace: break
                case .body(let start):
                    guard openConditions == 0 else { return nil }  // a `#if` left open inside the body
                    bodies.append(start..<index)
                    isInBody = false
                default: return nil
                }
            case UInt8(ascii: ";"), UInt8(ascii: "@"):
                // The declaration ended without a body (`@` starts the next one's attributes), or its result type
                // carries an attribute: either way no body is looked for.
                if pendingLevel == frames.count { pendingLevel = nil }
            case UInt8(ascii: "="):
                // A lone `=`: a value, not a body (`var x = 1 { didSet {…} }` keeps its observers).
                if pendingLevel == frames.count && !isOperatorCharacter(previous(index)) && !isOperatorCharacter(next(index)) {
                    pendingLevel = nil
                }
            default:
                if isIdentifierHead(byte) {
                    var end = index + 1
                    while end < count && isIdentifierCharacter(bytes[end]) { end += 1 }
                    if !isInBody && previous(index) != UInt8(ascii: ".") && !isIdentifierCharacter(previous(index)) {
                        word(index..<end)
                    }
                    index = end
                    continue
                }
            }
            index += 1
            if let level = pendingLevel, frames.count < level { pendingLevel = nil }
        }
        guard frames.isEmpty, string == nil else { return nil }
        return bodies
    }

    // MARK: Keywords

    /// Counts a conditional-compilation directive inside a body (`word` follows its `#`); false for one that does not
    /// pair up there (`#endif` or `#else` without `#if`), which SwiftParser would carry past the body's end.
    private mutating func countDirective(_ word: Range<Int>) -> Bool {
        let word = UnsafeBufferPointer(rebasing: bytes[word])
        if SourceLexing.matches(word, "if") {
            openConditions += 1
        } else if SourceLexing.matches(word, "endif") {
            openConditions -= 1
        } else if SourceLexing.matches(word, "else") || SourceLexing.matches(word, "elseif") {
            return openConditions > 0
        }
        return openConditions >= 0
    }

    /// Notes `func`, `init`, `deinit` or `var` as a declaration whose body may come next, and forgets it at a keyword
    /// that starts another declaration.
    private mutating func word(_ range: Range<Int>) {
        let word = UnsafeBufferPointer(rebasing: bytes[range])
        switch word.first {
        case UInt8(ascii: "f") where SourceLexing.matches(word, "func"),
             UInt8(ascii: "d") where SourceLexing.matches(word, "deinit"),
             UInt8(ascii: "v") where SourceLexing.matches(word, "var"):
            if !isLabel(after: range.upperBound) { pendingLevel = frames.count }
            return
        case UInt8(ascii: "i") where SourceLexing.matches(word, "init"):
            let after = nextNonWhiteSpace(from: range.upperBound)
            if after == UInt8(ascii: "(") || after == UInt8(ascii: "<") || after == UInt8(ascii: "?") || after == UInt8(ascii: "!") {
                pendingLevel = frames.count
            }
            return
        default:
            break
        }
        guard pendingLevel == frames.count, Self.declarationKeywords.contains(where: { SourceLexing.matches(word, $0) }) else { return }
        pendingLevel = nil
    }

    /// Keywords that start a declaration without a body of ours: after one, the body looked for is not coming.
    private static let declarationKeywords: [StaticString] = [
        "let", "subscript", "case", "typealias", "associatedtype", "struct", "class", "enum", "protocol",
        "extension", "actor", "import", "operator", "precedencegroup", "macro",
    ]

    /// Whether the word ending at `end` is an argument label or a member (`func: 1`, `x.init`), not a keyword.
    private func isLabel(after end: Int) -> Bool {
        let after = nextNonWhiteSpace(from: end)
        return after == UInt8(ascii: ":") || after == UInt8(ascii: ",") || after == UInt8(ascii: ")")
            || after == UInt8(ascii: ".")
    }

    private func nextNonWhiteSpace(from start: Int) -> UInt8 {
        var index = start
        while index < bytes.count && Self.isWhiteSpace(bytes[index]) { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    // MARK: Literals and comments

    /// A `/` that is neither a comment nor certainly an operator: a bare regex literal (`/a+/`) could start here,
    /// whose content the scan cannot follow. A bare regex literal never starts with white space, so only a `/`
    /// followed by white space (`a / b`) or ending the file is certainly no regex; `a/b`, `x /= 2` and `</>` are
    /// left to the parser with the rest of their file.
    private func mayStartRegexLiteral(at index: Int) -> Bool {
        let after = next(index)
        return !(Self.isWhiteSpace(after) || after == 0)
    }

    /// Scans string content from `start` to the literal's end (then `string` becomes `nil`) or to an interpolation's
    /// `\(` (pushed as a frame remembering the literal); returns where scanning goes on, or `nil` for a literal that
    /// does not end where it must (a single-line literal at its line break, any literal at the end of the file).
    private mutating func scanString(_ state: SourceLexing.StringLiteral, from start: Int,
                                     resuming string: inout SourceLexing.StringLiteral?) -> Int? {
        string = nil
        switch SourceLexing.scanString(state, in: bytes, from: start) {
        case .closed(let end):
            return end
        case .interpolation(let inside):
            frames.append(.interpolation(state))
            return inside
        case .lineBreak, .endOfFile:
            return nil
        }
    }

    // MARK: Bytes

    private func next(_ index: Int) -> UInt8 { SourceLexing.byte(after: index, in: bytes) }

    private func previous(_ index: Int) -> UInt8 { SourceLexing.byte(before: index, in: bytes) }
}
