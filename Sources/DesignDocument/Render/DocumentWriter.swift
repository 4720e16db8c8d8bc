import Foundation
import Inventory
import FileSupport
import Workbook

/// Writes inventories and diffs in every output format; every write is atomic (a temporary file in the
/// destination's folder, renamed over the destination once complete).
public struct DocumentWriter: Sendable {
    /// The layout for workbooks.
    public var template: Template
    /// Facts shown in the document.
    public var context: DocumentContext
    /// Told how long Graphviz took for each page of a workbook's diagrams (what the page shows: `Module classes`,
    /// `module structure`, `screen transitions`, `data model`; seconds): `-v` sums them per diagram, and `make bench`
    /// reports them.
    public var diagramTimer: (@Sendable (_ diagram: String, _ seconds: Double) -> Void)?
    /// Where Graphviz's layouts and pictures of earlier runs are kept (`nil`: every page of a diagram is drawn).
    public var diagramCache: DiagramPictureCache?

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - template: The layout used for `.xlsx` output (JSON, CSV and Markdown have a fixed layout).
    ///   - context: The facts shown in the document: project name, version, commit, date, author, source links,
    ///     language.
    public init(template: Template, context: DocumentContext) {
        self.template = template
        self.context = context
    }

    /// Writes `inventory` to `url` in `format`, replacing an existing file only once the new one is complete.
    ///
    /// - Parameters:
    ///   - inventory: The inventory to write.
    ///   - format: The output format: workbook, JSON, CSV, Markdown, or the class diagram as DOT, Mermaid or PlantUML.
    ///   - url: The file to create or replace; its folder must exist.
    /// - Throws: `DesignDocumentError.writeFailed` when the file cannot be written or renamed into place;
    ///   `DesignDocumentError.workbook` when building the workbook fails; `DesignDocumentError.encodingFailed` when the
    ///   JSON cannot be encoded; `DesignDocumentError.invalidTemplate` when the template has only review sheets.
    /// - Returns: Warning lines (`warning: …`) for content Excel's limits cut from a workbook: cells longer than
    ///   32,767 characters, links beyond 65,530 a sheet; empty otherwise.
    @discardableResult
    public func write(_ inventory: Inventory, format: OutputFormat, to url: URL) throws(DesignDocumentError) -> [String] {
        switch format {
        case .xlsx:
            guard template.hasInventorySheets else {
                throw .invalidTemplate(path: template.source, line: template.sheets.first?.line ?? 1,
                                       message: DocumentWriter.reviewOnlyMessage(template.name))
            }
            var renderer = WorkbookRenderer(template: template, context: context, inventory: inventory, diff: nil)
            renderer.diagramTimer = diagramTimer
            renderer.diagramCache = diagramCache
            return try renderer.render(to: url)
        case .json:
            try writing(url) { () throws(FileSupportError) in
                try AtomicFile.write(to: url) { write in InventoryCoding.encode(inventory, into: write) }
            }
        case .csv:
            try writeAtomically(Data(CSVWriter.inventory(inventory, context: context).utf8), to: url)
        case .markdown:
            try writeAtomically(Data(MarkdownWriter.inventory(inventory, context: context).utf8), to: url)
        case .dot:
            try writeAtomically(Data(ClassDiagram(inventory).dot(title: context.projectName).utf8), to: url)
        case .mermaid:
            try writeAtomically(Data(ClassDiagram(inventory).mermaid().utf8), to: url)
        case .plantuml:
            try writeAtomically(Data(ClassDiagram(inventory).plantUML(title: context.projectName).utf8), to: url)
        }
        return []
    }

    /// Writes a review of `diff` to `url` in `format` (xlsx needs a template with review sheets, such as `review`).
    ///
    /// - Parameters:
    ///   - diff: The comparison of two inventories.
    ///   - format: The output format: workbook, JSON, CSV or Markdown.
    ///   - url: The file to create or replace; its folder must exist.
    /// - Throws: `DesignDocumentError.writeFailed` when the file cannot be written or renamed into place;
    ///   `DesignDocumentError.workbook` when building the workbook fails; `DesignDocumentError.encodingFailed` when the
    ///   JSON cannot be encoded; `DesignDocumentError.invalidTemplate` for a workbook when the template has no
    ///   `added`, `removed` or `changed` sheet; `DesignDocumentError.unsupportedReviewFormat` for a diagram format.
    public func writeReview(_ diff: InventoryDiff, format: OutputFormat, to url: URL) throws(DesignDocumentError) {
        switch format {
        case .dot, .mermaid, .plantuml:
            throw .unsupportedReviewFormat(format)
        case .xlsx:
            guard template.sheets.contains(where: { $0.kind.isReview }) else {
                throw .invalidTemplate(path: template.source, line: template.sheets.first?.line ?? 1,
                                       message: DocumentWriter.noReviewSheetsMessage(template.name))
            }
            try WorkbookRenderer(template: template, context: context, inventory: nil, diff: diff).render(to: url)
        case .json:
            let data: Data
            do { data = try InventoryCoding.encode(diff) } catch { throw .encodingFailed(error.description) }
            try writeAtomically(data, to: url)
        case .csv:
            try writeAtomically(Data(CSVWriter.review(diff).utf8), to: url)
        case .markdown:
            try writeAtomically(Data(MarkdownWriter.review(diff, context: context).utf8), to: url)
        }
    }

    /// Why a template without review sheets cannot lay out a review.
    ///
    /// - Parameter name: The template's name or path, as the user gave it.
    /// - Returns: A one-line message naming the template and the built-in `review`.
    public static func noReviewSheetsMessage(_ name: String) -> String {
        "template '\(name)' has no review sheet (added, removed, changed), so it cannot lay out 'docsheet diff'; use the built-in review or a copy of it ('docsheet templates show review')"
    }

    /// Why a template with only review sheets cannot lay out an inventory.
    ///
    /// - Parameter name: The template's name or path, as the user gave it.
    /// - Returns: A one-line message naming the template and `docsheet diff`.
    public static func reviewOnlyMessage(_ name: String) -> String {
        "template '\(name)' has only review sheets (added, removed, changed): it is for 'docsheet diff'; for a design document use design-doc, class-spec or inventory"
    }

    /// Writes `data` to `url` through a temporary file in the same folder.
    private func writeAtomically(_ data: Data, to url: URL) throws(DesignDocumentError) {
        try writing(url) { () throws(FileSupportError) in try AtomicFile.write(data, to: url) }
    }

    /// Runs `write`, turning its error into this module's.
    private func writing(_ url: URL, _ write: () throws(FileSupportError) -> Void) throws(DesignDocumentError) {
        do {
            try write()
        } catch {
            switch error {
            case .writeFailed(let path, let reason): throw .writeFailed(path: path, reason: reason)
            case .cannotRun: throw .writeFailed(path: url.path, reason: error.description)
            }
        }
    }
}
