import SwiftParser
import SwiftSyntax

/// Keeps pathological input from hanging or crashing a run (Documentation/Extraction.md, "Robustness").
///
/// SwiftParser parses by recursive descent: every level of nesting costs stack, and nested square brackets also
/// cost time exponential in their depth (`[[[[…]]]]`: 24 levels take seconds, 30 minutes). Real code nests a few
/// dozen levels at most; generated code can nest thousands. So before parsing, one pass over the bytes finds what
/// is nested too deep, counting every kind of nesting the parser recurses on — `(…)`, `[…]`, `{…}` (closures and
/// bodies), generic `<…>`, string interpolations `\(…)` and `#if` … `#endif` blocks — and blanks it out: replaced
/// by spaces, line breaks kept, so every position in the file stays the same and the declarations around it are
/// still extracted. Comments, string literals, raw identifiers and `#/…/#` regex literals are skipped.
///
/// Two limits apply: more than `maximumDepth` levels of any kinds open at once, and more than
/// `maximumSquareDepth` square brackets open at once (whatever lies between them). An opening that never closes
/// and lies beyond a limit is blanked by itself, so a truncated file loses nothing else.
enum DeepNestingGuard {
    /// The most levels of nesting of any kinds parsed as written.
    static let maximumDepth = 128

    /// The nesting level past which SwiftParser itself stops (it then reads the rest of the file as unexpected
    /// text). Set above `maximumDepth`, so the guard decides, and set explicitly because the parser's own default
    /// differs between debug (20) and release (256) builds of swift-syntax.
    static let parserNestingLevel = 4 * maximumDepth

    /// The most square brackets open at once parsed as written.
    static let maximumSquareDepth = 16

    /// The most `#if` blocks open at once parsed as written: SwiftParser looks ahead over a whole `#if` block at
    /// each level, so the time grows with depth × size.
    static let maximumConditionDepth = 32

    /// The most member accesses, calls and subscripts chained onto one expression (`a.b.c…`, `f()()…`), and the
    /// most prefix operators, `try` and `await` before one operand, parsed as written — counting the chains of the
    /// enclosing levels too: each link is one more level of the syntax tree, which the parser and every syntax
    /// visitor walk recursively.
    static let maximumChainLength = 4_096

    /// Where something nested too deep starts: 1-based line and byte column of its opening.
    struct BlankedRegion: Equatable {
        var line: Int
        var column: Int
    }

    /// `source` with everything nested beyond the limits blanked out, and where each blanked part starts; `nil`
    /// when nothing had to change (the common case, decided in one pass over the bytes without copying them).
    ///
    /// - Parameter source: The file's text.
    /// - Returns: The text to parse and the blanked regions (in file order), or `nil` when the source can be parsed
    ///   as it is.
    static func defused(_ source: String) -> (text: String, regions: [BlankedRegion])? {
        var source = source
        var finding = source.withUTF8 { NestingScanner.scan($0) }
        guard !finding.isEmpty else { return nil }
        var bytes = Array(source.utf8)
        var starts: [Int] = []
        // Blanking unclosed openings changes how deep the rest is; a second pass then finds what is still too deep.
        for _ in 0..<8 where !finding.isEmpty {
            starts += finding.starts
            bytes.withUnsafeMutableBufferPointer { SourceLexing.blank(finding.ranges, in: $0) }
            finding = bytes.withUnsafeBufferPointer { NestingScanner.scan($0) }
        }
        let regions = positions(of: Set(starts).sorted(), in: bytes)
        return (String(decoding: bytes, as: UTF8.self), regions)
    }

    /// `source` parsed by SwiftParser with what lies beyond the limits blanked out.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - skippingFunctionBodies: Empty the bodies of functions first (`FunctionBodySkipping`), when nothing left
    ///     outside them lies beyond the limits; a file with something too deep there is parsed as before, with its
    ///     bodies.
    /// - Returns: The syntax tree, the text it was parsed from (`source`, its copy with bodies emptied or its blanked
    ///   copy: the same lines) and where blanked parts start (empty when nothing was blanked).
    static func parse(_ source: String, skippingFunctionBodies: Bool = false)
        -> (tree: SourceFileSyntax, text: String, regions: [BlankedRegion]) {
        if skippingFunctionBodies, let parsed = FunctionBodySkipping.parse(source) {
            return (parsed.tree, parsed.text, [])
        }
        let guarded = defused(source)
        let text = guarded?.text ?? source
        var parser = Parser(text, maximumNestingLevel: parserNestingLevel)
        return (SourceFileSyntax.parse(from: &parser), text, guarded?.regions ?? [])
    }

    /// The line and column of each offset in `offsets` (sorted), in one pass over `bytes`.
    private static func positions(of offsets: [Int], in bytes: [UInt8]) -> [BlankedRegion] {
        var regions: [BlankedRegion] = []
        var line = 1
        var lineStart = 0
        var index = 0
        for offset in offsets {
            while index < offset {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            regions.append(BlankedRegion(line: line, column: offset - lineStart + 1))
        }
        return regions
    }
}

/// What one scan found: byte ranges to blank, and the offset where each too-deep part starts (for the warning).
struct NestingFinding {
    var ranges: [Range<Int>] = []
    var starts: [Int] = []
    var isEmpty: Bool { ranges.isEmpty }
}

/// One pass over a file's bytes that tracks what is open — brackets, generic angle brackets, interpolations and
/// `#if` blocks, in code and inside string literals — and reports what lies beyond `DeepNestingGuard`'s limits.
private struct NestingScanner {
    private enum Kind: Equatable { case paren, square, brace, angle, interpolation, poundIf }

    private struct Frame {
        var kind: Kind
        /// Offset of the opening token's first byte.
        var opening: Int
        /// Offset just after the opening token: where the inside starts.
        var insideStart: Int
        /// For an interpolation: the string literal it sits in, resumed when it closes.
        var string: SourceLexing.StringLiteral?
        /// The chain of the enclosing level, resumed when this frame closes (`a.b(…).c` is one chain).
        var enclosingChain: ChainState
    }

    /// The links of the expression being scanned at the current level, and the `else` of an `if … else if …` run.
    private struct ChainState {
        /// The links and `else`s of the enclosing levels' chains when this level opened: the tree is as deep as
        /// all of them together (`a.b…(c.d…(e.f…))`), so the limit applies to the sum.
        var enclosingLinks = 0
        var links = 0
        var start = 0
        var elses = 0
        var isBlanked = false
        var areElsesBlanked = false
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private var frames: [Frame] = []
    private var squareFrames: [Int] = []  // indices into `frames` of the open `[`
    private var conditionFrames: [Int] = []  // indices into `frames` of the open `#if`
    private var finding = NestingFinding()
    /// The index in `frames` of the frame whose inside is being blanked, if any.
    private var blankedFrame: Int?
    /// Whether a square bracket beyond the limits closed with its own `]` while `blankedFrame` (below it) stayed
    /// open: the run too deep is then only made shallower when `blankedFrame` closes too.
    private var closedBeyondLimitsUnderBlankedFrame = false
    private var chain = ChainState()
    /// The end of the last chain blanked: links inside it are not counted again.
    private var chainBlankedUntil = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// What lies beyond the limits in `bytes`.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> NestingFinding {
        var scanner = NestingScanner(bytes: bytes)
        return scanner.scan()
    }

    mutating func scan() -> NestingFinding {
        var index = 0
        var string: SourceLexing.StringLiteral?
        let count = bytes.count
        while index < count {
            if let current = string {
                index = scanString(current, from: index, resuming: &string)
                continue
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/") where next(index) == UInt8(ascii: "/"):
                index = SourceLexing.lineEnd(in: bytes, from: index)
                continue
            case UInt8(ascii: "/") where next(index) == UInt8(ascii: "*"):
                index = SourceLexing.blockCommentEnd(in: bytes, from: index) ?? count
                continue
            case UInt8(ascii: "\""):
                index = SourceLexing.openString(in: bytes, quote: index, hashes: 0, into: &string)
                continue
            case UInt8(ascii: "#"):
                let end = SourceLexing.hashRunEnd(in: bytes, from: index)
                if end < count && bytes[end] == UInt8(ascii: "\"") {
                    index = SourceLexing.openString(in: bytes, quote: end, hashes: end - index, into: &string)
                } else if end < count && bytes[end] == UInt8(ascii: "/") {
                    index = skipRegexLiteral(from: end, hashes: end - index)
                } else if end == index + 1 && isKeyword("if", at: end) {
                    push(.poundIf, opening: index, insideStart: end + 2)
                    index = end + 2
                } else if end == index + 1 && isKeyword("endif", at: end) {
                    close(.poundIf, at: index)
                    index = end + 5
                } else {
                    index = end
                }
                continue
            case UInt8(ascii: "`"):
                // A raw identifier (`` `a [b]` ``): anything but a backtick or a line break up to the next backtick.
                var end = index + 1
                while end < count && bytes[end] != UInt8(ascii: "`") && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                index = end + 1
                continue
            case UInt8(ascii: "\\")
                where [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ")"), UInt8(ascii: "]")].contains(next(index)):
                // Only in a bare regex literal (`/\(/`): an escaped bracket is no bracket.
                index += 2
                continue
            case UInt8(ascii: "("), UInt8(ascii: "["):
                if isPostfixPosition(previous(index)) { countLink(at: index) }
                push(byte == UInt8(ascii: "(") ? .paren : .square, opening: index, insideStart: index + 1)
            case UInt8(ascii: "{"):
                dropAngles()
                push(.brace, opening: index, insideStart: index + 1)
            case UInt8(ascii: ")"):
                if frames.last?.kind == .interpolation || (frames.last?.kind == .angle && hasInterpolationBelowAngles) {
                    dropAngles()
                    if let frame = frames.last, frame.kind == .interpolation {
                        string = frame.string
                        pop(closingAt: index)
                        index += 1
                        continue
                    }
                }
                close(.paren, at: index)
            case UInt8(ascii: "]"):
                close(.square, at: index)
            case UInt8(ascii: "}"):
                close(.brace, at: index)
                if !isKeyword("else", at: nextTokenStart(after: index + 1)) {
                    chain.elses = 0
                    chain.areElsesBlanked = false
                }
            case UInt8(ascii: "<") where opensGenericArguments(at: index):
                push(.angle, opening: index, insideStart: index + 1)
            case UInt8(ascii: ">") where frames.last?.kind == .angle && previous(index) != UInt8(ascii: "-"):
                pop(closingAt: index)
            case UInt8(ascii: "."):
                if isIdentifierCharacter(next(index)) { countLink(at: index) }
            case UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: ":"):
                dropAnglesUnlessAllowed(byte)
                chain.links = 0
                chain.isBlanked = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                dropAnglesUnlessAllowed(byte)
                if isOperatorCharacter(byte) {
                    // A postfix `?`/`!` is one link each (`Int???`); any other operator one per run (`- - -x`).
                    let isPostfix = (byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!"))
                        && isPostfixPosition(previous(index))
                    if byte == UInt8(ascii: "=") && !isOperatorCharacter(previous(index))
                        && !isOperatorCharacter(next(index)) {
                        chain.links = 0  // an assignment: what follows is a new expression
                        chain.isBlanked = false
                    } else if isPostfix || !isOperatorCharacter(previous(index)) {
                        countLink(at: index)
                    }
                } else if isIdentifierCharacter(byte) {
                    // A whole word at once (most bytes of a file are in words): the rest of it changes nothing.
                    var end = index + 1
                    while end < count && isIdentifierCharacter(bytes[end]) { end += 1 }
                    if !isIdentifierCharacter(previous(index)) && previous(index) != UInt8(ascii: ".") {
                        let word = UnsafeBufferPointer(rebasing: bytes[index..<end])
                        if SourceLexing.matches(word, "else") {
                            countElse(at: index)
                        } else if Self.linkKeywords.contains(where: { SourceLexing.matches(word, $0) }) {
                            countLink(at: index)
                        } else {
                            chain.links = 0  // an operand starts a new chain
                            chain.isBlanked = false
                        }
                    }
                    index = end
                    continue
                }
            }
            index += 1
        }
        // A square bracket or `#if` whose inside was to be blanked (the outermost of a run too deep, `@a[` before
        // `f([[[…)`) may have stayed open to the end: while it did, no other run was looked at, and the parser's time
        // grows exponentially with such runs. It is blanked by itself, and `defused` scans again without it. So is
        // every square bracket still open above it: the run too deep under them closed its own brackets (`[` 30
        // times, then 13 `]`), so only they can make it shallower, and blanking one of them per scan left 22 open at
        // once after the last scan — when a bracket beyond the limits closed under them; brackets beyond the limits
        // that never close are enough to blank otherwise. (Other kinds are bounded by SwiftParser's own nesting
        // limit.) One warning, where the first of them opens.
        var reported = false
        if let position = blankedFrame, frames[position].kind == .square, closedBeyondLimitsUnderBlankedFrame {
            for open in squareFrames.drop(while: { $0 < position }) where !isBeyondLimits(open) {  // those: below
                finding.ranges.append(frames[open].opening..<frames[open].insideStart)
            }
            finding.starts.append(frames[position].opening)
            reported = true
        }
        // What never closed: its openings beyond the limits are blanked by themselves.
        for position in frames.indices where isBeyondLimits(position) {
            finding.ranges.append(frames[position].opening..<frames[position].insideStart)
            if !reported { finding.starts.append(frames[position].opening) }  // one warning for the run of unclosed openings
            reported = true
        }
        if !reported, let position = blankedFrame, frames[position].kind == .poundIf {
            finding.ranges.append(frames[position].opening..<frames[position].insideStart)
            finding.starts.append(frames[position].opening)
        }
        return finding
    }

    // MARK: Nesting

    private mutating func push(_ kind: Kind, opening: Int, insideStart: Int, string: SourceLexing.StringLiteral? = nil) {
        frames.append(Frame(
            kind: kind, opening: opening, insideStart: insideStart, string: string, enclosingChain: chain))
        if kind != .angle { chain = ChainState(enclosingLinks: chain.enclosingLinks + chain.links + chain.elses) }
        if kind == .square { squareFrames.append(frames.count - 1) }
        if kind == .poundIf { conditionFrames.append(frames.count - 1) }
        guard blankedFrame == nil else { return }
        closedBeyondLimitsUnderBlankedFrame = false
        if conditionFrames.count > DeepNestingGuard.maximumConditionDepth {
            blankedFrame = conditionFrames[DeepNestingGuard.maximumConditionDepth - 1]
        } else if squareFrames.count > DeepNestingGuard.maximumSquareDepth {
            // The exponential cost is in the whole run of brackets: blank from the outermost of the deep run.
            blankedFrame = squareFrames[squareFrames.count - DeepNestingGuard.maximumSquareDepth - 1]
        } else if frames.count > DeepNestingGuard.maximumDepth {
            blankedFrame = frames.count - 2
        }
    }

    /// Closes the innermost frame of `kind` (generic angle brackets left open above it were comparisons), unless an
    /// interpolation lies in between; a closing bracket with nothing to close is ignored.
    private mutating func close(_ kind: Kind, at offset: Int) {
        dropAngles()
        guard let position = frames.lastIndex(where: { $0.kind == kind || $0.kind == .interpolation }),
              frames[position].kind == kind
        else { return }
        // Brackets left open inside the one that closes (`{[[[…}`) never close either: as at the end of the file,
        // their openings beyond the limits are blanked by themselves. Otherwise a deep run that a closing brace cuts
        // short stays whole: its outermost bracket, still open, is what the next scan would blank, one per scan.
        var outermostBlanked: Int?  // popped innermost first: the last one is where the warning points
        while frames.count > position + 1 {
            let inner = frames.count - 1
            if isBeyondLimits(inner) {
                finding.ranges.append(frames[inner].opening..<frames[inner].insideStart)
                outermostBlanked = frames[inner].opening
                if blankedFrame.map({ $0 < position }) == true { blankedFrame = nil }
            }
            pop(closingAt: offset)
        }
        if let outermostBlanked { finding.starts.append(outermostBlanked) }
        if kind == .square, let blanked = blankedFrame, blanked < position, isBeyondLimits(position) {
            closedBeyondLimitsUnderBlankedFrame = true
        }
        pop(closingAt: offset)
    }

    /// Whether the frame at `position` lies beyond one of the limits: too many levels of any kinds, square
    /// brackets or `#if` blocks open around and including it.
    private func isBeyondLimits(_ position: Int) -> Bool {
        position >= DeepNestingGuard.maximumDepth
            || Self.depth(of: position, in: squareFrames) > DeepNestingGuard.maximumSquareDepth
            || Self.depth(of: position, in: conditionFrames) > DeepNestingGuard.maximumConditionDepth
    }

    /// How deep the frame at `position` is among `stack` (frame indices in ascending order, as `squareFrames` and
    /// `conditionFrames` hold them): its 1-based place there, 0 when it is not one of them. A binary search, so that
    /// thousands of unclosed brackets cost no more than their count.
    private static func depth(of position: Int, in stack: [Int]) -> Int {
        var low = 0
        var high = stack.count
        while low < high {
            let middle = (low + high) / 2
            if stack[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < stack.count && stack[low] == position ? low + 1 : 0
    }

    private mutating func pop(closingAt offset: Int) {
        let position = frames.count - 1
        if position == blankedFrame {
            let frame = frames[position]
            if frame.insideStart < offset {
                finding.ranges.append(frame.insideStart..<offset)
                finding.starts.append(frame.opening)
            }
            blankedFrame = nil
        }
        if squareFrames.last == position { squareFrames.removeLast() }
        if conditionFrames.last == position { conditionFrames.removeLast() }
        if frames[position].kind != .angle { chain = frames[position].enclosingChain }
        frames.removeLast()
    }

    /// Generic angle brackets still open were comparisons (`a < b`): they are forgotten without blanking anything.
    private mutating func dropAngles() {
        while let frame = frames.last, frame.kind == .angle {
            let position = frames.count - 1
            if position == blankedFrame { blankedFrame = nil }
            frames.removeLast()
        }
    }

    /// Generic angle brackets still open before a byte no generic argument list holds were comparisons.
    private mutating func dropAnglesUnlessAllowed(_ byte: UInt8) {
        if frames.last?.kind == .angle && !Self.mayAppearInGenericArguments(byte) { dropAngles() }
    }

    private var hasInterpolationBelowAngles: Bool {
        frames.last(where: { $0.kind != .angle })?.kind == .interpolation
    }

    /// A `<` right after a name, `>`, `?`, `!` or `]`, not part of an operator: `Array<Int>`, `f<T>(…)`, `A.B<C>`.
    private func opensGenericArguments(at index: Int) -> Bool {
        let before = previous(index)
        guard isIdentifierCharacter(before) || before == UInt8(ascii: ">") || before == UInt8(ascii: "?")
            || before == UInt8(ascii: "!") || before == UInt8(ascii: "]")
        else { return false }
        let after = next(index)
        return !isOperatorCharacter(after) || after == UInt8(ascii: "@")
    }

    /// What a generic argument list holds: names, `.`, `,`, `:`, `?`, `!`, `&`, `~`, `@`, `->`, `...`, `=` (for
    /// `==` in a `where` never appears inside `<…>`, but `some P<T>` and `any P` do), brackets and parentheses.
    private static func mayAppearInGenericArguments(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "!"),
             UInt8(ascii: "&"), UInt8(ascii: "~"), UInt8(ascii: "@"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return isIdentifierCharacter(byte)
        }
    }

    // MARK: Chains

    /// Keywords that add a level before their operand, as a prefix operator does.
    private static let linkKeywords: [StaticString] = ["try", "await", "consume", "copy", "some", "any", "each", "repeat"]

    /// Counts one more link of the current chain; past `maximumChainLength` the rest of the chain is blanked.
    private mutating func countLink(at index: Int) {
        if chain.links == 0 { chain.start = index }
        chain.links += 1
        if !chain.isBlanked && blankRestIfPastLimit(chain.links, at: index, stopAtLineBreak: true) {
            chain.isBlanked = true
        }
    }

    /// Counts an `else`: a run of `if … else if …` is one more level per `else`. Past `maximumChainLength` the rest
    /// of the enclosing block is blanked.
    private mutating func countElse(at index: Int) {
        if chain.elses == 0 { chain.start = index }
        chain.elses += 1
        if !chain.areElsesBlanked && blankRestIfPastLimit(chain.elses, at: index, stopAtLineBreak: false) {
            chain.areElsesBlanked = true
        }
    }

    /// Blanks from `index` to the end of the chain (`stopAtLineBreak`) or of the level when `count` links, with the
    /// enclosing levels', pass `maximumChainLength`; returns whether it did.
    private mutating func blankRestIfPastLimit(_ count: Int, at index: Int, stopAtLineBreak: Bool) -> Bool {
        guard chain.enclosingLinks + count > DeepNestingGuard.maximumChainLength, blankedFrame == nil,
              index >= chainBlankedUntil
        else { return false }
        chainBlankedUntil = endOfLevel(from: index, stopAtLineBreak: stopAtLineBreak)
        finding.starts.append(chain.start)
        finding.ranges.append(index..<chainBlankedUntil)
        return true
    }

    /// A `(`, `[`, `?` or `!` right after a name, a closing bracket or another postfix operator is a call, a
    /// subscript or a postfix operator: one more link.
    private func isPostfixPosition(_ before: UInt8) -> Bool {
        isIdentifierCharacter(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]")
            || before == UInt8(ascii: ">") || before == UInt8(ascii: "?") || before == UInt8(ascii: "!")
    }

    /// Where a too-long chain ends (`stopAtLineBreak`): the first line break at its level that is not followed by a
    /// continuation (`.member` or an operator); and where a level ends: the closing bracket of the level.
    private func endOfLevel(from start: Int, stopAtLineBreak: Bool) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return index }
                depth -= 1
            case UInt8(ascii: "\n") where depth <= 0 && stopAtLineBreak:
                let after = nextTokenStart(after: index + 1)
                let startsComment = bytes[after...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")])
                    || bytes[after...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "*")])
                if after >= bytes.count || startsComment
                    || !(bytes[after] == UInt8(ascii: ".") || isOperatorCharacter(bytes[after])) {
                    return index
                }
            default: break
            }
            index += 1
        }
        return bytes.count
    }

    /// The first byte at or after `start` that is not a space, tab or line break.
    private func nextTokenStart(after start: Int) -> Int {
        var index = start
        while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
            .contains(bytes[index]) {
            index += 1
        }
        return index
    }

    // MARK: Literals and comments

    /// Scans string content from `start` to the literal's end (then `string` becomes `nil`; an unterminated
    /// single-line literal ends with its line) or to an interpolation's `\(` (pushed as a frame remembering the
    /// literal); returns where scanning goes on.
    private mutating func scanString(_ state: SourceLexing.StringLiteral, from start: Int,
                                     resuming string: inout SourceLexing.StringLiteral?) -> Int {
        string = nil
        switch SourceLexing.scanString(state, in: bytes, from: start) {
        case .closed(let end):
            return end
        case .interpolation(let inside):
            push(.interpolation, opening: inside - 2 - state.hashes, insideStart: inside, string: state)
            return inside
        case .lineBreak(let lineBreak):
            return lineBreak + 1
        case .endOfFile:
            return bytes.count
        }
    }

    /// Skips an extended regex literal `#/…/#` (as many `#` on both sides) whose `/` is at `slash`: to the end of
    /// its closing delimiter, on the same line unless a line break follows the opening one (a multi-line literal).
    /// A literal that never closes is not skipped (the scan goes on after the slash): SwiftParser does not read the
    /// rest of the file as one, and brackets after `#/` and a line break (`#/⏎[[[[…`) took it minutes.
    private func skipRegexLiteral(from slash: Int, hashes: Int) -> Int {
        let isMultiLine = next(slash) == UInt8(ascii: "\n") || next(slash) == UInt8(ascii: "\r")
        var index = slash + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") {
                var end = index + 1
                while end < bytes.count && end - index - 1 < hashes && bytes[end] == UInt8(ascii: "#") { end += 1 }
                if end - index - 1 == hashes { return end }
            } else if bytes[index] == UInt8(ascii: "\\") {
                index += 1
            } else if !isMultiLine && (bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")) {
                break
            }
            index += 1
        }
        return slash + 1
    }

    // MARK: Bytes

    private func next(_ index: Int) -> UInt8 { SourceLexing.byte(after: index, in: bytes) }

    private func previous(_ index: Int) -> UInt8 { SourceLexing.byte(before: index, in: bytes) }

    private func isKeyword(_ word: StaticString, at index: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { word in (0..<length).allSatisfy { bytes[index + $0] == word[$0] } }
        return matches && !isIdentifierCharacter(index + length < bytes.count ? bytes[index + length] : 0)
    }
}
