import Foundation
import Inventory
import Workbook
import Yams

// PLACEHOLDER API (to be replaced by the real implementation; the shapes below are the contract the CLI and
// Workflow code against — keep the public names, extend freely).

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

    /// The format for a file extension (`xlsx`, `json`, `csv`, `md`), or `nil`.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "xlsx": self = .xlsx
        case "json": self = .json
        case "csv": self = .csv
        case "md", "markdown": self = .markdown
        default: return nil
        }
    }
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

    /// Creates a context.
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
}

/// A workbook layout. (PLACEHOLDER)
public struct Template: Sendable {
    /// The built-in template names.
    public static let builtinNames = ["design-doc", "inventory", "class-spec", "review"]

    /// The template's name.
    public var name: String

    /// A built-in template by name, or a template file by path.
    public static func resolve(_ nameOrPath: String) throws(DesignDocumentError) -> Template {
        guard builtinNames.contains(nameOrPath) else { throw .notImplemented }
        return Template(name: nameOrPath)
    }

    /// The YAML text of a built-in template, or `nil`.
    public static func builtinSource(named name: String) -> String? { nil }
}

/// Writes inventories and diffs in every output format; every write is atomic. (PLACEHOLDER)
public struct DocumentWriter: Sendable {
    /// The layout for workbooks.
    public var template: Template
    /// Facts shown in the document.
    public var context: DocumentContext

    /// Creates a writer.
    public init(template: Template, context: DocumentContext) {
        self.template = template
        self.context = context
    }

    /// Writes `inventory` to `url` in `format`, replacing an existing file only once the new one is complete.
    public func write(_ inventory: Inventory, format: OutputFormat, to url: URL) throws(DesignDocumentError) {
        throw .notImplemented
    }

    /// Writes a review of `diff` to `url` in `format` (xlsx uses the `review` template).
    public func writeReview(_ diff: InventoryDiff, format: OutputFormat, to url: URL) throws(DesignDocumentError) {
        throw .notImplemented
    }
}

/// Errors of the design-document module.
public enum DesignDocumentError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Placeholder until implemented.
    case notImplemented

    /// A one-line message.
    public var description: String { "not implemented" }
}
