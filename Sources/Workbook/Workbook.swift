import Foundation
import CXLSXWriter

/// The libxlsxwriter version this module was built against.
public let libxlsxwriterVersion = String(cString: lxw_version())

/// The document properties Excel shows under File › Info, plus the creation date.
public struct DocumentProperties: Hashable, Sendable {
    /// The document title.
    public var title: String?
    /// The subject.
    public var subject: String?
    /// The author.
    public var author: String?
    /// The manager.
    public var manager: String?
    /// The company.
    public var company: String?
    /// The category.
    public var category: String?
    /// Keywords.
    public var keywords: String?
    /// Comments.
    public var comments: String?
    /// The status (e.g. `Draft`).
    public var status: String?
    /// The creation date written into the file; a fixed date makes the output byte-identical across runs.
    public var created: Date

    /// Creates document properties; only `created` is required.
    ///
    /// - Parameters:
    ///   - title: The document's title property (shown in the file's properties), or `nil` to leave it empty.
    ///   - subject: The document's subject property (shown in the file's properties), or `nil` to leave it empty.
    ///   - author: The document's author property (shown in the file's properties), or `nil` to leave it empty.
    ///   - manager: The document's manager property (shown in the file's properties), or `nil` to leave it empty.
    ///   - company: The document's company property (shown in the file's properties), or `nil` to leave it empty.
    ///   - category: The document's category property (shown in the file's properties), or `nil` to leave it empty.
    ///   - keywords: The document's keywords property (shown in the file's properties), or `nil` to leave it empty.
    ///   - comments: The document's comments property (shown in the file's properties), or `nil` to leave it empty.
    ///   - status: The document's status property (e.g. `Draft`), or `nil` to leave it empty.
    ///   - created: The creation date written into the file; a fixed date makes the output byte-identical across runs.
    public init(
        title: String? = nil, subject: String? = nil, author: String? = nil, manager: String? = nil,
        company: String? = nil, category: String? = nil, keywords: String? = nil, comments: String? = nil,
        status: String? = nil, created: Date
    ) {
        self.title = title
        self.subject = subject
        self.author = author
        self.manager = manager
        self.company = company
        self.category = category
        self.keywords = keywords
        self.comments = comments
        self.status = status
        self.created = created
    }
}

/// An `.xlsx` file being built through libxlsxwriter, written atomically by ``close()``.
///
/// Nothing touches the destination until `close()` succeeds: libxlsxwriter writes a hidden temporary file in
/// the destination's folder, which is renamed over the destination when complete. A workbook that is
/// discarded without `close()`, or whose `close()` fails, leaves the destination as it was and no temporary file.
///
/// In constant-memory mode (for very large sheets) each row is flushed to disk once the next row is
/// started, so rows must be written top to bottom and Excel tables are unavailable.
public final class Workbook {
    /// Where the workbook is written by ``close()``.
    public let destination: URL
    /// True when rows are flushed as they are written (bounded memory, rows in order, no tables).
    public let constantMemory: Bool
    /// The worksheets, in order.
    public private(set) var worksheets: [Worksheet] = []

    private let temporary: URL
    private var handle: UnsafeMutablePointer<lxw_workbook>?
    private var formats: [CellStyle: UnsafeMutablePointer<lxw_format>] = [:]
    private var highlightFormats: [CellStyle: UnsafeMutablePointer<lxw_format>] = [:]

    /// Starts a workbook that ``close()`` will write to `destination`.
    ///
    /// - Parameters:
    ///   - destination: The `.xlsx` file to create or replace; its folder must exist.
    ///   - properties: document properties, including the fixed creation date.
    ///   - constantMemory: flush rows as they are written (for sheets with hundreds of thousands of rows).
    /// - Throws: `WorkbookError.writeFailed` when the folder of `destination` does not exist, `destination` is a
    ///   folder, or libxlsxwriter cannot create the workbook; `WorkbookError.libraryError` when it refuses the
    ///   document properties.
    public init(destination: URL, properties: DocumentProperties, constantMemory: Bool = false) throws(WorkbookError) {
        self.destination = destination
        self.constantMemory = constantMemory
        try AtomicFile.checkDestination(destination)
        temporary = AtomicFile.temporaryURL(besides: destination)
        var options = lxw_workbook_options(constant_memory: constantMemory ? 1 : 0, tmpdir: nil, use_zip64: 1)
        guard let created = workbook_new_opt(temporary.path, &options) else {
            throw .writeFailed(path: destination.path, reason: "libxlsxwriter could not create the workbook")
        }
        handle = created
        try setProperties(properties)
    }

    deinit {
        if let handle { lxw_workbook_free(handle) }
        try? FileManager.default.removeItem(at: temporary)
        AtomicFile.forget(temporary)
    }

    /// Writes the document properties, with the fixed creation date.
    private func setProperties(_ properties: DocumentProperties) throws(WorkbookError) {
        let pool = CStringPool()
        defer { pool.free() }
        var props = lxw_doc_properties()
        props.title = pool.text(properties.title)
        props.subject = pool.text(properties.subject)
        props.author = pool.text(properties.author)
        props.manager = pool.text(properties.manager)
        props.company = pool.text(properties.company)
        props.category = pool.text(properties.category)
        props.keywords = pool.text(properties.keywords)
        props.comments = pool.text(properties.comments)
        props.status = pool.text(properties.status)
        // 0 would mean "now"; clamp to one second after the epoch so a fixed date always stays fixed.
        props.created = time_t(max(1, properties.created.timeIntervalSince1970.rounded(.down)))
        try check(workbook_set_properties(try open(), &props), "setting document properties")
    }

    /// The names of the worksheets added so far.
    public var sheetNames: [String] { worksheets.map(\.name) }

    /// A valid name made from `name` that no worksheet uses yet (see ``SheetName/sanitized(_:avoiding:)``).
    ///
    /// - Parameter name: The wanted name, e.g. a module name.
    /// - Returns: `name` made valid and unique among ``sheetNames`` (ignoring case).
    public func uniqueSheetName(for name: String) -> String {
        SheetName.sanitized(name, avoiding: sheetNames)
    }

    /// Adds a worksheet; the name must be valid (see ``SheetName/problem(with:)``) and unique ignoring case.
    ///
    /// - Parameter name: The sheet name, shown on its tab.
    /// - Returns: The new worksheet, to write cells into.
    /// - Throws: `WorkbookError.invalidSheetName` when Excel would refuse `name`; `WorkbookError.duplicateSheetName`
    ///   when a sheet already has it (ignoring case); `WorkbookError.alreadyClosed` after ``close()``;
    ///   `WorkbookError.libraryError` when libxlsxwriter creates no sheet.
    @discardableResult
    public func addWorksheet(named name: String) throws(WorkbookError) -> Worksheet {
        if let reason = SheetName.problem(with: name) { throw .invalidSheetName(name: name, reason: reason) }
        if sheetNames.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            throw .duplicateSheetName(name)
        }
        let workbook = try open()
        guard let sheet = name.withCString({ workbook_add_worksheet(workbook, $0) }) else {
            throw .libraryError(operation: "adding sheet '\(name)'", message: "no worksheet was created")
        }
        let worksheet = Worksheet(name: name, handle: sheet, workbook: self)
        worksheets.append(worksheet)
        return worksheet
    }

    /// Adds a chart of `type`; insert it into a sheet with ``Worksheet/insertChart(_:at:xScale:yScale:)``.
    ///
    /// - Parameter type: The kind of chart (bar, column, pie, …).
    /// - Returns: The new chart, to fill with series and place on a sheet.
    /// - Throws: `WorkbookError.alreadyClosed` after ``close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   creates no chart.
    public func addChart(_ type: ChartType) throws(WorkbookError) -> Chart {
        guard let chart = workbook_add_chart(try open(), type.libraryValue) else {
            throw .libraryError(operation: "adding a chart", message: "no chart was created")
        }
        return Chart(handle: chart, type: type)
    }

    /// Writes the workbook to its destination atomically. The workbook cannot be used afterwards.
    ///
    /// - Throws: `WorkbookError.alreadyClosed` when the workbook was already closed; `WorkbookError.writeFailed` when
    ///   libxlsxwriter cannot write the file or it cannot be renamed over the destination (the temporary file is
    ///   removed).
    public func close() throws(WorkbookError) {
        let workbook = try open()
        handle = nil
        let result = workbook_close(workbook)
        guard result == LXW_NO_ERROR else {
            try? FileManager.default.removeItem(at: temporary)
            throw .writeFailed(path: destination.path, reason: Workbook.message(result))
        }
        do {
            try AtomicFile.moveIntoPlace(temporary, destination)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    // MARK: - Internals shared with Worksheet and Chart

    /// The libxlsxwriter workbook, or `alreadyClosed` after ``close()``.
    func open() throws(WorkbookError) -> UnsafeMutablePointer<lxw_workbook> {
        guard let handle else { throw .alreadyClosed(path: destination.path) }
        return handle
    }

    /// The libxlsxwriter format for a style (one per distinct style), or `nil` for the default look.
    func format(for style: CellStyle?) throws(WorkbookError) -> UnsafeMutablePointer<lxw_format>? {
        guard let style, style != .plain else { return nil }
        if let existing = formats[style] { return existing }
        let format = try makeFormat(style)
        formats[style] = format
        return format
    }

    /// A format used by conditional formatting (kept apart from cell formats, as Excel stores them apart).
    func highlightFormat(for style: CellStyle) throws(WorkbookError) -> UnsafeMutablePointer<lxw_format> {
        if let existing = highlightFormats[style] { return existing }
        let format = try makeFormat(style)
        highlightFormats[style] = format
        return format
    }

    /// Creates the libxlsxwriter format for a style.
    private func makeFormat(_ style: CellStyle) throws(WorkbookError) -> UnsafeMutablePointer<lxw_format> {
        guard let format = workbook_add_format(try open()) else {
            throw .libraryError(operation: "adding a format", message: "no format was created")
        }
        if let name = style.fontName { name.withCString { format_set_font_name(format, $0) } }
        if let size = style.fontSize { format_set_font_size(format, min(max(size, 1), 409)) }
        if let color = style.fontColor { format_set_font_color(format, lxw_color_t(color.rgb)) }
        if style.bold { format_set_bold(format) }
        if style.italic { format_set_italic(format) }
        if style.underline { format_set_underline(format, UInt8(LXW_UNDERLINE_SINGLE.rawValue)) }
        if let fill = style.fill {
            format_set_pattern(format, UInt8(LXW_PATTERN_SOLID.rawValue))
            format_set_bg_color(format, lxw_color_t(fill.rgb))
        }
        if style.border != .none {
            format_set_border(format, style.border.libraryValue)
            if let color = style.borderColor { format_set_border_color(format, lxw_color_t(color.rgb)) }
        }
        if style.wrap { format_set_text_wrap(format) }
        if let alignment = style.horizontal.libraryValue { format_set_align(format, alignment) }
        format_set_align(format, style.vertical.libraryValue)
        if let numberFormat = style.numberFormat { numberFormat.withCString { format_set_num_format(format, $0) } }
        if style.indent > 0 { format_set_indent(format, UInt8(min(style.indent, 15))) }
        return format
    }

    /// Throws `libraryError` naming `operation` when libxlsxwriter returned an error.
    func check(_ result: lxw_error, _ operation: @autoclosure () -> String) throws(WorkbookError) {
        guard result == LXW_NO_ERROR else {
            throw .libraryError(operation: operation(), message: Workbook.message(result))
        }
    }

    /// libxlsxwriter's message for an error code.
    static func message(_ error: lxw_error) -> String {
        String(cString: lxw_strerror(error))
    }
}

/// Keeps C copies of Swift strings alive for one libxlsxwriter call (which copies what it keeps).
final class CStringPool {
    private var pointers: [UnsafeMutablePointer<CChar>] = []

    /// A C copy of `value` that lives until ``free()``, or `nil` for `nil`.
    func text(_ value: String?) -> UnsafeMutablePointer<CChar>? {
        guard let value else { return nil }
        let pointer = strdup(value)!
        pointers.append(pointer)
        return pointer
    }

    /// Frees every copy made by ``text(_:)``.
    func free() {
        for pointer in pointers { Foundation.free(pointer) }
        pointers.removeAll()
    }
}

extension BorderStyle {
    var libraryValue: UInt8 {
        switch self {
        case .none: return UInt8(LXW_BORDER_NONE.rawValue)
        case .thin: return UInt8(LXW_BORDER_THIN.rawValue)
        case .medium: return UInt8(LXW_BORDER_MEDIUM.rawValue)
        case .thick: return UInt8(LXW_BORDER_THICK.rawValue)
        case .dashed: return UInt8(LXW_BORDER_DASHED.rawValue)
        case .dotted: return UInt8(LXW_BORDER_DOTTED.rawValue)
        case .double: return UInt8(LXW_BORDER_DOUBLE.rawValue)
        case .hair: return UInt8(LXW_BORDER_HAIR.rawValue)
        case .mediumDashed: return UInt8(LXW_BORDER_MEDIUM_DASHED.rawValue)
        case .dashDot: return UInt8(LXW_BORDER_DASH_DOT.rawValue)
        case .mediumDashDot: return UInt8(LXW_BORDER_MEDIUM_DASH_DOT.rawValue)
        case .dashDotDot: return UInt8(LXW_BORDER_DASH_DOT_DOT.rawValue)
        case .mediumDashDotDot: return UInt8(LXW_BORDER_MEDIUM_DASH_DOT_DOT.rawValue)
        case .slantDashDot: return UInt8(LXW_BORDER_SLANT_DASH_DOT.rawValue)
        }
    }
}

extension HorizontalAlignment {
    var libraryValue: UInt8? {
        switch self {
        case .general: return nil
        case .left: return UInt8(LXW_ALIGN_LEFT.rawValue)
        case .center: return UInt8(LXW_ALIGN_CENTER.rawValue)
        case .right: return UInt8(LXW_ALIGN_RIGHT.rawValue)
        case .justify: return UInt8(LXW_ALIGN_JUSTIFY.rawValue)
        case .centerAcross: return UInt8(LXW_ALIGN_CENTER_ACROSS.rawValue)
        case .fill: return UInt8(LXW_ALIGN_FILL.rawValue)
        case .distributed: return UInt8(LXW_ALIGN_DISTRIBUTED.rawValue)
        }
    }
}

extension VerticalAlignment {
    var libraryValue: UInt8 {
        switch self {
        case .top: return UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue)
        case .center: return UInt8(LXW_ALIGN_VERTICAL_CENTER.rawValue)
        case .bottom: return UInt8(LXW_ALIGN_VERTICAL_BOTTOM.rawValue)
        case .justify: return UInt8(LXW_ALIGN_VERTICAL_JUSTIFY.rawValue)
        case .distributed: return UInt8(LXW_ALIGN_VERTICAL_DISTRIBUTED.rawValue)
        }
    }
}
