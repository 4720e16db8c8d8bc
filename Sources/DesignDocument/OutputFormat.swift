import Foundation
import Inventory

/// An output format DocSheet can write.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// An Excel workbook laid out by a template.
    case xlsx
    /// The JSON inventory (the public schema).
    case json
    /// One CSV row per function.
    case csv
    /// Markdown (for pull-request descriptions).
    case markdown
    /// The class diagram as Graphviz DOT (``ClassDiagram/dot(title:)``).
    case dot
    /// The class diagram as a Mermaid `classDiagram` (``ClassDiagram/mermaid()``).
    case mermaid
    /// The class diagram as PlantUML (``ClassDiagram/plantUML(title:)``).
    case plantuml

    /// The format for a file extension (`xlsx`, `json`, `csv`, `md`, `dot`, `mmd`, `puml`), or `nil`.
    ///
    /// - Parameter pathExtension: A file extension without the dot, in any case; `markdown` is accepted as well as
    ///   `md`, `gv` as well as `dot`, `mermaid` as well as `mmd`, `plantuml` and `pu` as well as `puml`.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "xlsx": self = .xlsx
        case "json": self = .json
        case "csv": self = .csv
        case "md", "markdown": self = .markdown
        case "dot", "gv": self = .dot
        case "mmd", "mermaid": self = .mermaid
        case "puml", "plantuml", "pu": self = .plantuml
        default: return nil
        }
    }

    /// True for the class diagram's text formats (DOT, Mermaid, PlantUML), which show types and their relations
    /// rather than a list of functions.
    public var isDiagram: Bool { self == .dot || self == .mermaid || self == .plantuml }
}

/// The language of the labels in built-in templates.
public enum DocumentLocale: String, CaseIterable, Sendable {
    /// English.
    case en
    /// Vietnamese.
    case vi
    /// Japanese.
    case ja
}

/// Facts about the run that templates can show (`{{project}}`, `{{commit}}`, ...).
public struct DocumentContext: Sendable {
    /// The project's name.
    public var projectName: String
    /// The project's version, if configured.
    public var version: String?
    /// The commit of the scanned tree, if known.
    public var commit: String?
    /// The document's date (also the workbook's creation date, for byte-identical output).
    public var generatedAt: Date
    /// The author shown on the cover.
    public var author: String?
    /// A link pattern to source lines with `{file}`, `{line}`, `{commit}`, if known.
    public var sourceURLPattern: String?
    /// The label language.
    public var locale: DocumentLocale
    /// For a review: the commit of the base revision, which links of removed functions point at (their files may
    /// not exist at ``commit``); `nil` outside reviews.
    public var baseCommit: String?
    /// The doc-comment rules whose findings the status column names (`check.require` in `.docsheet.yml`); empty:
    /// the status is only documented, undocumented or placeholder.
    public var docRules: Set<DocRule> = []

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - projectName: The project's name, shown in titles and on the cover.
    ///   - version: The project's version, if configured.
    ///   - commit: The commit of the scanned tree, if known; also fills `{commit}` in source links.
    ///   - generatedAt: The document's date (also the workbook's creation date, for byte-identical output).
    ///   - author: The author shown on the cover, or `nil`.
    ///   - sourceURLPattern: A link pattern to source lines with `{file}`, `{line}`, `{commit}`, or `nil` for no links.
    ///   - locale: The language of the built-in labels (default: English).
    public init(
        projectName: String, version: String? = nil, commit: String? = nil, generatedAt: Date,
        author: String? = nil, sourceURLPattern: String? = nil, locale: DocumentLocale = .en
    ) {
        self.projectName = projectName
        self.version = version
        self.commit = commit
        self.generatedAt = generatedAt
        self.author = author
        self.sourceURLPattern = sourceURLPattern
        self.locale = locale
    }

    /// The link to `file` at `line` from ``sourceURLPattern`` (`{commit}` falls back to `HEAD`), or `nil`.
    ///
    /// - Parameters:
    ///   - file: The file's path relative to the scanned root; it is percent-encoded into the link.
    ///   - line: The 1-based line to link to.
    /// - Returns: The pattern with `{file}`, `{line}` and `{commit}` filled in, or `nil` when no pattern is set.
    public func sourceURL(file: String, line: Int) -> String? {
        sourceURL(file: file, line: line, commit: commit)
    }

    /// The link to `file` at `line` in the base revision of a review (``baseCommit``), for removed functions.
    ///
    /// - Parameters:
    ///   - file: The file's path relative to the scanned root, as it was in the base revision.
    ///   - line: The 1-based line in the base revision.
    /// - Returns: The link, or `nil` when no pattern is set.
    public func baseSourceURL(file: String, line: Int) -> String? {
        sourceURL(file: file, line: line, commit: baseCommit)
    }

    private func sourceURL(file: String, line: Int, commit: String?) -> String? {
        guard let pattern = sourceURLPattern, !pattern.isEmpty else { return nil }
        let encodedFile = file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file
        return pattern.replacingOccurrences(of: "{file}", with: encodedFile)
            .replacingOccurrences(of: "{line}", with: String(line))
            .replacingOccurrences(of: "{commit}", with: commit ?? "HEAD")
    }

    /// The date as `yyyy-MM-dd` in UTC, as the cover shows it.
    public var dateText: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: generatedAt)
    }
}
