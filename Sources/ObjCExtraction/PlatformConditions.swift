import Foundation
import Inventory

/// The Apple platforms a file is read for when its own `#if`s depend on the platform (`TARGET_OS_…`, or a macro a
/// project header defines from them, such as SDWebImage's `SD_UIKIT`): clang runs once per platform with that
/// platform's `TARGET_OS_…` values, and the records of every run are kept (Documentation/ObjectiveC.md).
enum ApplePlatform: String, CaseIterable, Sendable {
    case iOS, macOS, tvOS, watchOS

    /// clang's `-D` arguments: the `TARGET_OS_…` macros as Apple's `TargetConditionals.h` sets them on the platform
    /// (the stub's own values, iOS's, apply only when none is given).
    var defines: [String] {
        let values: [String: Int] = [
            "TARGET_OS_MAC": 1, "TARGET_OS_OSX": self == .macOS ? 1 : 0, "TARGET_OS_IPHONE": self == .macOS ? 0 : 1,
            "TARGET_OS_IOS": self == .iOS ? 1 : 0, "TARGET_OS_TV": self == .tvOS ? 1 : 0,
            "TARGET_OS_WATCH": self == .watchOS ? 1 : 0, "TARGET_OS_VISION": 0, "TARGET_OS_MACCATALYST": 0,
            "TARGET_OS_EMBEDDED": self == .macOS ? 0 : 1, "TARGET_OS_SIMULATOR": 0, "TARGET_IPHONE_SIMULATOR": 0,
            "OS_OBJECT_USE_OBJC": 1,
        ]
        return values.keys.sorted().map { "-D\($0)=\(values[$0]!)" }
    }

    /// The macro that is 1 on this platform alone, for a condition made from the platforms a record is on.
    var macro: String {
        switch self {
        case .iOS: return "TARGET_OS_IOS"
        case .macOS: return "TARGET_OS_OSX"
        case .tvOS: return "TARGET_OS_TV"
        case .watchOS: return "TARGET_OS_WATCH"
        }
    }

    /// True for a macro Apple's `TargetConditionals.h` defines.
    static func isTargetMacro(_ name: String) -> Bool {
        name.hasPrefix("TARGET_OS_") || name.hasPrefix("TARGET_IPHONE_")
    }
}

/// The preprocessor conditionals (`#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif`) and the function-like or
/// object-like `#define`s of one file's text, read line by line (a directive is a line of its own; `\` joins lines).
struct ConditionalScan {
    /// One directive line.
    struct Directive: Equatable {
        /// The 1-based line where the directive starts.
        var line: Int
        /// `if`, `ifdef`, `ifndef`, `elif`, `elifdef`, `elifndef`, `else`, `endif` or `define`.
        var keyword: String
        /// The rest of the directive, comments removed and white space collapsed (for `define`: the name, a space
        /// and the body).
        var text: String
    }

    /// The directives, in file order.
    let directives: [Directive]

    init(source: ObjCSourceText) {
        var found: [Directive] = []
        var line = 0
        let lines = source.lineStarts.count
        while line < lines {
            let start = source.lineStarts[line]
            var end = line + 1 < lines ? source.lineStarts[line + 1] : source.bytes.count
            let first = source.skippingSpaces(from: start, limit: end)
            guard first < end, source.bytes[first] == UInt8(ascii: "#") else { line += 1; continue }
            // A directive continues on the next line after a `\` at the end of the line.
            var lastLine = line
            while lastLine + 1 < lines, Self.endsWithBackslash(source, lineEnd: end) {
                lastLine += 1
                end = lastLine + 1 < lines ? source.lineStarts[lastLine + 1] : source.bytes.count
            }
            let words = source.collapsedText((first + 1)..<end).replacingOccurrences(of: " \\ ", with: " ").replacingOccurrences(of: "\\ ", with: " ")
            var keyword = Substring(words)
            var rest = ""
            if let space = words.firstIndex(of: " ") {
                keyword = words[..<space]
                rest = String(words[words.index(after: space)...])
            }
            if rest.hasSuffix("\\") { rest.removeLast() }
            if ["if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif", "define"].contains(String(keyword)) {
                found.append(Directive(line: line + 1, keyword: String(keyword), text: rest.trimmingCharacters(in: .whitespaces)))
            }
            line = lastLine + 1
        }
        directives = found
    }

    private static func endsWithBackslash(_ source: ObjCSourceText, lineEnd: Int) -> Bool {
        var index = lineEnd - 1
        while index >= 0, source.bytes[index] == 0x0A || source.bytes[index] == 0x0D || source.bytes[index] == 0x20 { index -= 1 }
        return index >= 0 && source.bytes[index] == UInt8(ascii: "\\")
    }

    /// The identifiers of `text`.
    static func identifiers(in text: String) -> Set<String> {
        var result: Set<String> = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || (!current.isEmpty && ("0"..."9").contains(scalar)) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                result.insert(current)
                current = ""
            }
        }
        if !current.isEmpty { result.insert(current) }
        return result
    }

    /// The `#define`s of the text: name, and body followed by the conditions of the `#if`s around the `#define`
    /// (`#if TARGET_OS_IOS` / `#define APP_UIKIT 1` / `#else` / `#define APP_UIKIT 0` makes `APP_UIKIT` depend on
    /// the platform as much as `#define APP_UIKIT TARGET_OS_IOS` does).
    var defines: [(name: String, body: String)] {
        var result: [(name: String, body: String)] = []
        var frames: [[String]] = []
        for directive in directives {
            switch directive.keyword {
            case "if", "ifdef", "ifndef": frames.append([directive.text])
            case "elif", "elifdef", "elifndef": if !frames.isEmpty { frames[frames.count - 1].append(directive.text) }
            case "endif": if !frames.isEmpty { frames.removeLast() }
            case "define":
                let text = directive.text
                let nameEnd = text.firstIndex { !($0 == "_" || $0.isLetter || $0.isNumber) } ?? text.endIndex
                guard nameEnd > text.startIndex else { continue }
                let context = frames.flatMap { $0 }.joined(separator: " ")
                result.append((String(text[..<nameEnd]), String(text[nameEnd...]) + " " + context))
            default:
                continue
            }
        }
        return result
    }

    /// The macros that depend on the platform: Apple's `TARGET_OS_…`, and every macro whose `#define` (in
    /// `defines`, from the file and the project headers it includes) mentions one of those.
    static func platformMacros(defines: [(name: String, body: String)]) -> Set<String> {
        var macros: Set<String> = []
        var changed = true
        var rounds = 0
        while changed, rounds < 8 {
            changed = false
            rounds += 1
            for define in defines where !macros.contains(define.name) {
                if identifiers(in: define.body).contains(where: { ApplePlatform.isTargetMacro($0) || macros.contains($0) }) {
                    macros.insert(define.name)
                    changed = true
                }
            }
        }
        return macros
    }

    /// True when a conditional of the text (`#if`, `#elif`, …) mentions a platform macro.
    func dependsOnPlatform(macros: Set<String>) -> Bool {
        directives.contains { directive in
            directive.keyword != "define" && directive.keyword != "else" && directive.keyword != "endif"
                && Self.identifiers(in: directive.text).contains { ApplePlatform.isTargetMacro($0) || macros.contains($0) }
        }
    }

    /// The condition under which `line` is compiled, from the enclosing conditionals that mention a platform macro
    /// (include guards and other `#if`s are left out), written as the Swift side writes `#if` conditions: the
    /// clause's condition after the negated conditions of the clauses before it (`!(TARGET_OS_IOS)` for an
    /// `#else`), joined with ` && `. `nil` when no such conditional encloses the line.
    func condition(atLine line: Int, platformMacros macros: Set<String>) -> String? {
        struct Frame {
            var earlier: [String] = []
            var current: String?
        }
        var frames: [Frame] = []
        for directive in directives {
            guard directive.line < line else { break }
            switch directive.keyword {
            case "if": frames.append(Frame(current: directive.text))
            case "ifdef": frames.append(Frame(current: "defined(\(directive.text))"))
            case "ifndef": frames.append(Frame(current: "!defined(\(directive.text))"))
            case "elif", "elifdef", "elifndef":
                guard !frames.isEmpty else { continue }
                if let current = frames[frames.count - 1].current { frames[frames.count - 1].earlier.append(current) }
                let text = directive.text
                frames[frames.count - 1].current = directive.keyword == "elif" ? text
                    : directive.keyword == "elifdef" ? "defined(\(text))" : "!defined(\(text))"
            case "else":
                guard !frames.isEmpty else { continue }
                if let current = frames[frames.count - 1].current { frames[frames.count - 1].earlier.append(current) }
                frames[frames.count - 1].current = nil
            case "endif":
                if !frames.isEmpty { frames.removeLast() }
            default:
                continue
            }
        }
        var parts: [String] = []
        for frame in frames {
            let texts = frame.earlier + (frame.current.map { [$0] } ?? [])
            guard texts.contains(where: { text in
                Self.identifiers(in: text).contains { ApplePlatform.isTargetMacro($0) || macros.contains($0) }
            }) else { continue }
            parts += frame.earlier.map { "!(\($0))" }
            if let current = frame.current { parts.append(current) }
        }
        return IfConditions.joined(parts)
    }
}

/// The records of one file read once per platform, made one list: a record on every platform once; a record on
/// some platforms only (an `#if TARGET_OS_IOS … #else … #endif` branch) once per source position, with the condition
/// of its branch.
enum PlatformMerge {
    /// Merges the runs (in ``ApplePlatform`` order) into one file's declarations.
    static func merge(_ runs: [ObjCExtractor.FileDeclarations], scan: ConditionalScan, platforms: [ApplePlatform],
                      platformMacros: Set<String>) -> ObjCExtractor.FileDeclarations {
        var result = ObjCExtractor.FileDeclarations()
        func condition(line: Int, presentOn: [Int]) -> String? {
            if let text = scan.condition(atLine: line, platformMacros: platformMacros) { return text }
            guard presentOn.count < runs.count else { return nil }
            // The difference comes from a header (a macro not in the file's text): name the platforms.
            return presentOn.map { platforms[$0].macro }.joined(separator: " || ")
        }
        result.functions = mergeLists(runs.map(\.functions), position: { ($0.line, $0.column) }) { record, presentOn in
            record.condition = condition(line: record.line, presentOn: presentOn)
            return record.condition
        }
        result.properties = mergeLists(runs.map(\.properties), position: { ($0.line, $0.column) }) { record, presentOn in
            record.condition = condition(line: record.line, presentOn: presentOn)
            return record.condition
        }
        result.types = mergeLists(runs.map(\.types), position: { ($0.line, $0.column) }) { record, presentOn in
            record.condition = condition(line: record.line, presentOn: presentOn)
            return record.condition
        }
        for adoption in runs.flatMap(\.adoptions) where !result.adoptions.contains(adoption) { result.adoptions.append(adoption) }
        return result
    }

    /// One entry per (key, position), the first run's; `setCondition` sets its condition from the runs it is in
    /// and returns it. When several positions share a key (a method written once per platform), each keeps its
    /// own record: its key gets its condition, so that merging with other files keeps them apart.
    static func mergeLists<Record>(
        _ lists: [[ObjCExtractor.Entry<Record>]], position: (Record) -> (Int, Int),
        setCondition: (inout Record, [Int]) -> String?
    ) -> [ObjCExtractor.Entry<Record>] {
        var order: [String] = []
        var found: [String: (entry: ObjCExtractor.Entry<Record>, runs: [Int])] = [:]
        for (run, list) in lists.enumerated() {
            for entry in list {
                let (line, column) = position(entry.record)
                let identity = "\(entry.key)@\(line):\(column)"
                if found[identity] == nil {
                    order.append(identity)
                    found[identity] = (entry, [run])
                } else if found[identity]!.runs.last != run {
                    found[identity]!.runs.append(run)
                }
            }
        }
        var merged = order.map { identity -> ObjCExtractor.Entry<Record> in
            var (entry, runs) = found[identity]!
            let condition = setCondition(&entry.record, runs)
            if let condition { entry.key += "#if " + condition }
            return entry
        }
        // A key used once keeps its plain form (it merges with the header's declaration of the method).
        var plainKeys: [String: Int] = [:]
        for entry in merged { plainKeys[entry.key.components(separatedBy: "#if ").first ?? entry.key, default: 0] += 1 }
        for index in merged.indices {
            let plain = merged[index].key.components(separatedBy: "#if ").first ?? merged[index].key
            if plainKeys[plain] == 1 { merged[index].key = plain }
        }
        return merged
    }
}
