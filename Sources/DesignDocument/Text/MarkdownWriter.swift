import Foundation
import Inventory

/// Markdown output: an inventory overview, and a pull-request-ready review of a diff.
public enum MarkdownWriter {
    /// The inventory as Markdown: totals, then one table per file.
    ///
    /// - Parameters:
    ///   - inventory: The inventory to describe.
    ///   - context: The project name, commit, date and source link pattern shown in the text.
    /// - Returns: A Markdown document ending in a newline.
    public static func inventory(_ inventory: Inventory, context: DocumentContext) -> String {
        var lines: [String] = []
        let documented = inventory.functions.documentedCount
        lines.append("# \(escape(context.projectName)) — function inventory")
        lines.append("")
        var facts = ["\(inventory.functions.count) functions", "\(inventory.types.count) types",
                     "\(documented) documented (\(String(format: "%.1f", inventory.documentedPercentage))%)"]
        if let commit = context.commit { facts.append("commit `\(commit.prefix(12))`") }
        facts.append(context.dateText)
        lines.append(facts.joined(separator: " · "))
        var currentFile: String?
        for record in inventory.functions {
            if record.file != currentFile {
                currentFile = record.file
                lines += ["", "## `\(record.file)` (\(escape(record.module)))", "",
                          "| Line | Function | Access | Summary |", "|---:|---|---|---|"]
            }
            let line = context.sourceURL(file: record.file, line: record.line).map { "[\(record.line)](\($0))" } ?? String(record.line)
            let summary = record.isDocumented ? escape(record.doc?.summary ?? "") : "_undocumented_"
            lines.append("| \(line) | `\(code(record.qualifiedName))` | \(record.effectiveAccess.rawValue) | \(summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A diff as Markdown for a pull-request description: counts, then Added / Removed / Changed lists.
    ///
    /// - Parameters:
    ///   - diff: The comparison of two inventories.
    ///   - context: Gives the source link pattern for the locations.
    /// - Returns: A Markdown section ending in a newline; it says so when nothing changed.
    public static func review(_ diff: InventoryDiff, context: DocumentContext) -> String {
        var lines = ["## DocSheet review: `\(code(diff.base))` → `\(code(diff.head))`", ""]
        lines.append("**\(diff.added.count) added · \(diff.removed.count) removed · \(diff.changed.count) changed**")
        if diff.isEmpty {
            lines += ["", "No function was added, removed or changed."]
            return lines.joined(separator: "\n") + "\n"
        }
        func location(_ record: FunctionRecord, inBase: Bool = false) -> String {
            let text = "\(record.file):\(record.line)"
            let link = inBase ? context.baseSourceURL(file: record.file, line: record.line)
                : context.sourceURL(file: record.file, line: record.line)
            return link.map { "[\(text)](\($0))" } ?? "`\(text)`"
        }
        func docNote(_ record: FunctionRecord) -> String {
            record.isDocumented ? " — \(escape(record.doc?.summary ?? ""))" : " — ⚠️ undocumented"
        }
        if !diff.added.isEmpty {
            lines += ["", "### Added (\(diff.added.count))", ""]
            for record in diff.added {
                lines.append("- `\(code(record.qualifiedName))` — `\(code(record.signature))` (\(location(record)))\(docNote(record))")
            }
        }
        if !diff.removed.isEmpty {
            lines += ["", "### Removed (\(diff.removed.count))", ""]
            for record in diff.removed {
                lines.append("- `\(code(record.qualifiedName))` — `\(code(record.signature))` (\(location(record, inBase: true)))")
            }
        }
        if !diff.changed.isEmpty {
            lines += ["", "### Changed (\(diff.changed.count))", ""]
            for change in diff.changed {
                let what = change.changes.map { kind in
                    kind == .accessLevel && change.old.accessLevel == change.new.accessLevel ? "effectiveAccess" : kind.rawValue
                }.joined(separator: ", ")
                lines.append("- `\(code(change.new.qualifiedName))` (\(location(change.new))): \(what)")
                if change.changes.contains(.signature) {
                    lines.append("  - before: `\(code(change.old.signature))`")
                    lines.append("  - after: `\(code(change.new.signature))`")
                }
                if change.changes.contains(.accessLevel) {
                    if change.old.accessLevel != change.new.accessLevel {
                        lines.append("  - access: \(change.old.accessLevel.rawValue) → \(change.new.accessLevel.rawValue)")
                    } else {
                        lines.append("  - effective access: \(change.old.effectiveAccess.rawValue) → \(change.new.effectiveAccess.rawValue)")
                    }
                }
                if change.changes.contains(.doc) {
                    for (part, old, new) in docDifferences(change.old.doc, change.new.doc) {
                        lines.append("  - doc \(part): \(escape(old)) → \(escape(new))")
                    }
                }
                if change.changes.contains(.file) {
                    lines.append("  - file: `\(code(change.old.file))` → `\(code(change.new.file))`")
                }
                if change.changes.contains(.renamed) {
                    lines.append("  - renamed: `\(code(change.old.name))` → `\(code(change.new.name))`")
                }
                if change.changes.contains(.moved) {
                    lines.append("  - moved: `\(code(Words.place(change.old)))` → `\(code(Words.place(change.new)))`")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The parts of two doc comments that differ, as (part, old, new): `summary`, `discussion`, `parameter x`,
    /// `returns`, `throws`, a callout's kind, or `text` when only the raw text differs (e.g. its layout).
    static func docDifferences(_ old: DocComment?, _ new: DocComment?) -> [(String, String, String)] {
        let none = "(none)"
        guard let old, let new else { return [("summary", old?.summary ?? none, new?.summary ?? none)] }
        var result: [(String, String, String)] = []
        func compare(_ part: String, _ a: String?, _ b: String?) {
            if (a ?? "") != (b ?? "") { result.append((part, a.flatMap { $0.isEmpty ? nil : $0 } ?? none, b.flatMap { $0.isEmpty ? nil : $0 } ?? none)) }
        }
        compare("summary", old.summary, new.summary)
        compare("discussion", old.discussion, new.discussion)
        var names: [String] = []
        for name in (old.parameters + new.parameters).map(\.name) where !names.contains(name) { names.append(name) }
        for name in names {
            compare("parameter \(name)", old.parameters.first { $0.name == name }?.description,
                    new.parameters.first { $0.name == name }?.description)
        }
        compare("returns", old.returns, new.returns)
        compare("throws", old.throws, new.throws)
        if old.callouts != new.callouts {
            compare("callouts", old.callouts.map { "\($0.kind): \($0.text)" }.joined(separator: "; "),
                    new.callouts.map { "\($0.kind): \($0.text)" }.joined(separator: "; "))
        }
        if result.isEmpty { result.append(("text", old.raw, new.raw)) }
        return result
    }

    /// Text safe inside a Markdown table cell: pipes escaped, line breaks (LF, CR or CRLF, CommonMark's three) as
    /// spaces. It works on Unicode scalars: a pipe or line break followed by a combining mark is one `Character`
    /// that equals neither, and Foundation's `replacingOccurrences` skips it unless told `.literal` (found by the
    /// fuzzer).
    static func escape(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|": escaped.append(contentsOf: "\\|".unicodeScalars)
            case "\n" where previous == "\r": break
            case "\r", "\n": escaped.append(" ")
            default: escaped.append(scalar)
            }
            previous = scalar
        }
        return String(escaped)
    }

    /// Text safe inside inline code in a table: backticks replaced, pipes escaped.
    static func code(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "`", with: "'", options: .literal)
    }
}
