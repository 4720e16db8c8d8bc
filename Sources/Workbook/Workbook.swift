import SpreadsheetModel
import Foundation
import CXLSXWriter
import FileSupport

/// The version of the libxlsxwriter this process loaded (e.g. `1.1.4`).
public let libxlsxwriterVersion = String(cString: lxw_version())

/// An `.xlsx` file being built through libxlsxwriter, written atomically by ``close()``.
///
/// Nothing touches the destination until `close()` succeeds: libxlsxwriter writes a hidden temporary file in
/// the destination's folder, which is renamed over the destination when complete. A workbook that is
/// discarded without `close()`, or whose `close()` fails, leaves the destination as it was and no temporary file.
///
/// Lifetime: the workbook owns libxlsxwriter's C objects (its sheets, formats and charts live inside them). They are
/// freed once, by ``close()`` or when the last reference to the workbook goes away without `close()`. Its
/// ``Worksheet``s and ``Chart``s do not keep the workbook alive: once it is closed or released, every call on them
/// throws ``WorkbookError/alreadyClosed(path:)`` instead of touching freed memory; what they counted
/// (``Worksheet/truncatedCellCount``, ``Worksheet/linksOverLimitCount``, …) stays readable.
///
/// In constant-memory mode (for very large sheets) each row is flushed to disk once the next row is
/// started, so rows must be written top to bottom and Excel tables are unavailable.
public final class Workbook {
    /// Where the workbook is written by ``close()``.
    public var destination: URL { core.destination }
    /// True when rows are flushed as they are written (bounded memory, rows in order, no tables).
    public var constantMemory: Bool { core.constantMemory }
    /// The font name and size of cells whose style names none (`nil`: libxlsxwriter's Calibri 11).
    public var defaultFont: CellStyle? { core.defaultFont }
    /// The worksheets, in order.
    public private(set) var worksheets: [Worksheet] = []

    /// The C workbook and the state its sheets and charts share (they hold it, not this object).
    let core: WorkbookCore
    /// The hidden file libxlsxwriter writes, renamed over ``destination`` by ``close()``.
    private let temporary: URL
    /// Defined names so far, as `scope NUL name` in lower case (scope: the sheet's name, empty for the workbook).
    private var definedNameKeys: Set<String> = []
    /// The worksheets' names in lower case, as ``SheetName/sanitized(_:avoiding:)`` compares them: a workbook of a
    /// thousand diagram pages compared each new name with every other through Foundation, most of its write.
    private var lowercasedSheetNames: Set<String> = []

    /// Starts a workbook that ``close()`` will write to `destination`.
    ///
    /// - Parameters:
    ///   - destination: The `.xlsx` file to create or replace; its folder must exist.
    ///   - properties: The document properties Excel shows under File › Info (title, author, company…).
    ///   - created: The creation date written into the file; a fixed date makes the output byte-identical across runs.
    ///   - constantMemory: flush rows as they are written (for sheets with hundreds of thousands of rows).
    ///   - defaultFont: The font name and size given to every written cell whose style names none (a Japanese
    ///     document in Yu Gothic, a client's form in its own default font), or `nil` for libxlsxwriter's Calibri 11.
    /// - Throws: `WorkbookError.unsupportedLibrary` when the libxlsxwriter this process loaded is older than
    ///   ``LibraryVersion/minimum``; `WorkbookError.writeFailed` when the folder of `destination` does not exist,
    ///   `destination` is a folder, or libxlsxwriter cannot create the workbook; `WorkbookError.libraryError` when it refuses the
    ///   document properties.
    public init(destination: URL, properties: SpreadsheetProperties = SpreadsheetProperties(), created: Date,
                constantMemory: Bool = false,
                defaultFont: CellStyle? = nil) throws(WorkbookError) {
        try LibraryVersion.checkLoaded()
        do {
            try AtomicFile.checkDestination(destination)
        } catch {
            throw WorkbookError(error)
        }
        let temporary = AtomicFile.temporaryURL(besides: destination)
        // Field by field: newer libxlsxwriter releases add fields (1.2: an output buffer), left zero here.
        var options = lxw_workbook_options()
        options.constant_memory = constantMemory ? 1 : 0
        options.use_zip64 = 1
        guard let handle = workbook_new_opt(temporary.path, &options) else {
            AtomicFile.discard(temporary)
            throw .writeFailed(path: destination.path, reason: "libxlsxwriter could not create the workbook")
        }
        self.temporary = temporary
        core = WorkbookCore(handle: handle, destination: destination, constantMemory: constantMemory,
                            defaultFont: defaultFont.map { CellStyle(fontName: $0.fontName, fontSize: $0.fontSize) })
        try setProperties(properties, created: created)
    }

    /// A workbook released without ``close()``: frees the C objects (its sheets then throw `alreadyClosed`) and
    /// removes the temporary file.
    ///
    /// A constant-memory sheet keeps a row file open, which `lxw_workbook_free` does not close and no other public
    /// call releases: such a workbook is written to its hidden temporary file by `workbook_close`, which closes them,
    /// and the file is removed.
    deinit {
        if core.isOpen {
            if constantMemory && !worksheets.isEmpty { _ = core.closeLibraryWorkbook() } else { core.discard() }
        }
        AtomicFile.discard(temporary)
    }

    /// Writes the document properties, with the fixed creation date.
    private func setProperties(_ properties: SpreadsheetProperties, created: Date) throws(WorkbookError) {
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
        props.created = time_t(max(1, created.timeIntervalSince1970.rounded(.down)))
        try core.check(workbook_set_properties(try core.requireOpen(), &props), "setting document properties")
    }

    /// The names of the worksheets added so far (still readable after ``close()``).
    public var sheetNames: [String] { worksheets.map(\.name) }

    /// A valid name made from `name` that no worksheet uses yet (see ``SheetName/sanitized(_:avoiding:)``).
    ///
    /// It only reads the names already added, so it also answers after ``close()``.
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
    /// - Throws: `WorkbookError.alreadyClosed` after ``close()``; `WorkbookError.invalidSheetName` when Excel would
    ///   refuse `name`; `WorkbookError.duplicateSheetName` when a sheet already has it (ignoring case);
    ///   `WorkbookError.libraryError` when libxlsxwriter creates no sheet.
    @discardableResult
    public func addWorksheet(named name: String) throws(WorkbookError) -> Worksheet {
        let workbook = try core.requireOpen()
        if let reason = SheetName.problem(with: name) { throw .invalidSheetName(name: name, reason: reason) }
        guard !lowercasedSheetNames.contains(name.lowercased()) else { throw .duplicateSheetName(name) }
        guard let sheet = name.withCString({ workbook_add_worksheet(workbook, $0) }) else {
            throw .libraryError(operation: "adding sheet '\(name)'", message: "no worksheet was created")
        }
        let worksheet = Worksheet(name: name, handle: sheet, core: core)
        worksheets.append(worksheet)
        lowercasedSheetNames.insert(name.lowercased())
        return worksheet
    }

    /// Adds a chart of `type`; insert it into a sheet with ``Worksheet/insertChart(_:at:xScale:yScale:)``.
    ///
    /// - Parameter type: The kind of chart (bar, column, pie, …).
    /// - Returns: The new chart, to fill with series and place on a sheet.
    /// - Throws: `WorkbookError.alreadyClosed` after ``close()``; `WorkbookError.libraryError` when libxlsxwriter
    ///   creates no chart.
    public func addChart(_ type: ChartType) throws(WorkbookError) -> Chart {
        guard let chart = workbook_add_chart(try core.requireOpen(), type.libraryValue) else {
            throw .libraryError(operation: "adding a chart", message: "no chart was created")
        }
        return Chart(handle: chart, type: type, core: core)
    }

    /// Writes the workbook to its destination atomically. The workbook cannot be used afterwards.
    ///
    /// When the first sheet is hidden and no other sheet was activated, the first visible sheet is activated
    /// (libxlsxwriter would otherwise show the hidden first sheet again).
    ///
    /// - Throws: `WorkbookError.alreadyClosed` when the workbook was already closed; `WorkbookError.invalidValue` when
    ///   every worksheet is hidden (nothing is written and the workbook stays open: show a sheet and close again);
    ///   `WorkbookError.writeFailed` when libxlsxwriter cannot write the file or it cannot be renamed over the
    ///   destination (the temporary file is removed).
    public func close() throws(WorkbookError) {
        _ = try core.requireOpen()
        try prepareSheetVisibility()
        for worksheet in worksheets { try worksheet.finishPendingMerges() }
        let result = core.closeLibraryWorkbook()
        guard result == LXW_NO_ERROR else {
            AtomicFile.discard(temporary)
            throw .writeFailed(path: destination.path, reason: WorkbookCore.message(result))
        }
        do {
            try AtomicFile.moveIntoPlace(temporary, destination)
        } catch {
            AtomicFile.discard(temporary)
            throw WorkbookError(error)
        }
    }

    /// Defines a name for a range, a value or a formula, workbook-wide or local to one sheet.
    ///
    /// Use ``PageSetup/printArea`` and ``PageSetup/repeatRows`` for the print area and print titles, and
    /// ``Worksheet/setAutofilter(_:)`` for the filter range: libxlsxwriter writes those names itself.
    /// libxlsxwriter 1.1.4 cannot write hidden names (they are written visible).
    ///
    /// - Parameters:
    ///   - name: The name, e.g. `Rates` (see ``ExcelName/problem(with:)`` for Excel's rules).
    ///   - formula: What the name stands for, e.g. `'Price list'!$B$2:$B$20` or `0.19`; a leading `=` is optional.
    ///   - sheet: The sheet the name is local to (it must have been added), or `nil` for a workbook-wide name.
    /// - Throws: `WorkbookError.alreadyClosed` after ``close()``; `WorkbookError.invalidValue` naming the name when it
    ///   breaks Excel's rules, is defined twice in the same scope (ignoring case), is one of the names libxlsxwriter
    ///   writes itself, its sheet does not exist or contains `!`, or the name with its sheet or the formula is longer
    ///   than the 127 bytes libxlsxwriter 1.1.4 keeps; `WorkbookError.libraryError` when libxlsxwriter refuses it.
    public func defineName(_ name: String, formula: String, localTo sheet: String? = nil) throws(WorkbookError) {
        let workbook = try core.requireOpen()
        let context = sheet.map { "defined name '\(name)' of sheet '\($0)'" } ?? "defined name '\(name)'"
        if let reason = ExcelName.problem(with: name) { throw .invalidValue(context: context, reason: reason) }
        var qualified = name
        var scope = ""
        if let sheet {
            guard let worksheet = worksheets.first(where: { $0.name.caseInsensitiveCompare(sheet) == .orderedSame }) else {
                throw .invalidValue(context: context, reason: "the workbook has no sheet '\(sheet)'; add the sheet before defining its names")
            }
            guard !worksheet.name.contains("!") else {
                throw .invalidValue(context: context, reason: "libxlsxwriter 1.1.4 cannot define names local to a sheet whose name contains '!'; rename the sheet or make the name workbook-wide")
            }
            qualified = "\(worksheet.name)!\(name)"
            scope = worksheet.name.lowercased()
        }
        var text = ExcelText.removingInvalidCharacters(formula).trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("=") { text.removeFirst() }
        guard !text.isEmpty else {
            throw .invalidValue(context: context, reason: "the formula is empty; give what the name stands for, e.g. Sheet1!$A$1:$B$5")
        }
        guard qualified.utf8.count <= 127 else {
            throw .invalidValue(context: context, reason: "libxlsxwriter 1.1.4 keeps at most 127 bytes of a name with its sheet name (this one has \(qualified.utf8.count)); use a shorter name")
        }
        guard text.utf8.count <= 127 else {
            throw .invalidValue(context: context, reason: "libxlsxwriter 1.1.4 keeps at most 127 bytes of a defined name's formula (this one has \(text.utf8.count)); shorten the formula, e.g. name a cell that computes it")
        }
        let key = scope + "\u{0}" + name.lowercased()
        guard !definedNameKeys.contains(key) else {
            throw .invalidValue(context: context, reason: "the name is already defined in this scope (Excel ignores letter case); define each name once")
        }
        let result = qualified.withCString { namePointer in text.withCString { workbook_define_name(workbook, namePointer, $0) } }
        try core.check(result, "defining the name '\(qualified)'")
        definedNameKeys.insert(key)
    }

    /// Refuses a workbook whose sheets are all hidden, and activates the first visible sheet when the first sheet is
    /// hidden and none was activated (libxlsxwriter shows an unactivated hidden first sheet again).
    private func prepareSheetVisibility() throws(WorkbookError) {
        guard let first = worksheets.first, first.visibility != .visible, core.activeSheet == nil else { return }
        guard let visible = worksheets.first(where: { $0.visibility == .visible }) else {
            throw .invalidValue(context: destination.path, reason: "every worksheet is hidden, and Excel needs one visible sheet; leave at least one sheet visible")
        }
        try visible.activate()
    }
}

/// The libxlsxwriter workbook behind a ``Workbook``, and what its sheets and charts share: formats, the active sheet.
///
/// It is the one owner of the C objects. ``Workbook`` holds its worksheets and this core; every ``Worksheet`` and
/// ``Chart`` holds this core, never the ``Workbook`` (the workbook holds them, so a reference back would be a cycle
/// and an unclosed workbook would never be freed). The C workbook is freed exactly once: by libxlsxwriter in
/// ``closeLibraryWorkbook()``, or by ``discard()`` when the ``Workbook`` goes away unclosed. From then on ``handle``
/// is `nil` and ``requireOpen()`` — the only way to the C workbook, and the first step of every worksheet and chart
/// call — throws `alreadyClosed`, so nothing can reach freed memory.
final class WorkbookCore {
    /// Where the workbook is written (named in errors).
    let destination: URL
    /// Whether rows are flushed as they are written.
    let constantMemory: Bool
    /// The font name and size of cells whose style names none.
    let defaultFont: CellStyle?
    /// The C workbook; `nil` once closed or discarded. Private: reach it through ``requireOpen()``.
    private var handle: UnsafeMutablePointer<lxw_workbook>?
    private var formats: [CellStyle: UnsafeMutablePointer<lxw_format>] = [:]
    private var highlightFormats: [CellStyle: UnsafeMutablePointer<lxw_format>] = [:]
    /// The sheet made active with ``Worksheet/activate()``, or `nil` for the first sheet (weak: the workbook holds it).
    weak var activeSheet: Worksheet?

    /// Takes ownership of a workbook made by `workbook_new_opt`.
    init(handle: UnsafeMutablePointer<lxw_workbook>, destination: URL, constantMemory: Bool, defaultFont: CellStyle?) {
        self.handle = handle
        self.destination = destination
        self.constantMemory = constantMemory
        self.defaultFont = defaultFont
    }

    /// Whether the C workbook still exists.
    var isOpen: Bool { handle != nil }

    /// The libxlsxwriter workbook, or `alreadyClosed` after ``Workbook/close()`` or once the workbook was released.
    func requireOpen() throws(WorkbookError) -> UnsafeMutablePointer<lxw_workbook> {
        guard let handle else { throw .alreadyClosed(path: destination.path) }
        return handle
    }

    /// Lets libxlsxwriter write the file and free the C objects; the core is closed afterwards, whatever the result.
    func closeLibraryWorkbook() -> lxw_error {
        guard let workbook = handle else { return LXW_NO_ERROR }
        handle = nil
        formats.removeAll()
        highlightFormats.removeAll()
        return workbook_close(workbook)
    }

    /// Frees the C objects without writing (a workbook released unclosed).
    func discard() {
        guard let workbook = handle else { return }
        handle = nil
        formats.removeAll()
        highlightFormats.removeAll()
        lxw_workbook_free(workbook)
    }

    /// The libxlsxwriter format for a style (one per distinct style), or `nil` for the default look.
    ///
    /// - Throws: `alreadyClosed` once the workbook is closed, even for a style whose format was made before.
    func format(for style: CellStyle?) throws(WorkbookError) -> UnsafeMutablePointer<lxw_format>? {
        _ = try requireOpen()
        var style = style ?? .plain
        if let defaultFont {
            if style.fontName == nil { style.fontName = defaultFont.fontName }
            if style.fontSize == nil { style.fontSize = defaultFont.fontSize }
        }
        guard style != .plain else { return nil }
        if let existing = formats[style] { return existing }
        let format = try makeFormat(style, differential: false)
        formats[style] = format
        return format
    }

    /// A format used by conditional formatting (kept apart from cell formats, as Excel stores them apart).
    func highlightFormat(for style: CellStyle) throws(WorkbookError) -> UnsafeMutablePointer<lxw_format> {
        _ = try requireOpen()
        if let existing = highlightFormats[style] { return existing }
        let format = try makeFormat(style, differential: true)
        highlightFormats[style] = format
        return format
    }

    /// Creates the libxlsxwriter format for a style.
    ///
    /// `differential` formats (conditional formats, Excel's `dxf`) store a solid fill's colour as the background
    /// colour, where cell formats store it as the foreground colour; libxlsxwriter writes what it is given for them.
    private func makeFormat(_ style: CellStyle, differential: Bool) throws(WorkbookError) -> UnsafeMutablePointer<lxw_format> {
        guard let format = workbook_add_format(try requireOpen()) else {
            throw .libraryError(operation: "adding a format", message: "no format was created")
        }
        if let name = style.fontName { name.withCString { format_set_font_name(format, $0) } }
        if let size = style.fontSize { format_set_font_size(format, min(max(size, 1), 409)) }
        if let color = style.fontColor { format_set_font_color(format, color.libraryValue) }
        if style.bold { format_set_bold(format) }
        if style.italic { format_set_italic(format) }
        if let underline = style.underlineStyle.libraryValue { format_set_underline(format, underline) }
        if style.strikeout { format_set_font_strikeout(format) }
        if let script = style.script.libraryValue { format_set_font_script(format, script) }
        if let pattern = style.patternFill {
            WorkbookCore.apply(pattern, to: format, differential: differential)
        } else if let fill = style.fill {
            // libxlsxwriter writes a solid fill's bg_color as Excel's fill colour (fgColor in cell formats).
            format_set_pattern(format, UInt8(LXW_PATTERN_SOLID.rawValue))
            format_set_bg_color(format, fill.libraryValue)
        }
        if let edges = style.edges {
            WorkbookCore.apply(edges, to: format)
        } else if style.border != .none {
            format_set_border(format, style.border.libraryValue)
            if let color = style.borderColor { format_set_border_color(format, color.libraryValue) }
        }
        if style.wrap { format_set_text_wrap(format) }
        if style.shrinkToFit { format_set_shrink(format) }
        if let alignment = style.horizontal.libraryValue { format_set_align(format, alignment) }
        format_set_align(format, style.vertical.libraryValue)
        if let angle = CellStyle.libraryRotation(style.rotation) { format_set_rotation(format, angle) }
        if let numberFormat = style.numberFormat { numberFormat.withCString { format_set_num_format(format, $0) } }
        if style.indent > 0 {
            format_set_indent(format, UInt8(min(style.indent, 15)))
            // Excel indents only left, right and distributed text. libxlsxwriter 1.1.4 makes any other indented
            // alignment left; 1.2 no longer does when a vertical alignment is set (DocSheet always sets one): it is
            // made left here, so both write the same file.
            if ![.left, .right, .distributed].contains(style.horizontal) {
                format_set_align(format, UInt8(LXW_ALIGN_LEFT.rawValue))
            }
        }
        if !style.locked { format_set_unlocked(format) }
        if style.hidden { format_set_hidden(format) }
        return format
    }

    /// Sets a patterned fill. For a solid fill in a cell format libxlsxwriter makes `bg_color` Excel's fill colour
    /// (`fgColor`) and, when both are set, swaps the two; patterns other than solid are written as given.
    private static func apply(_ fill: PatternFill, to format: UnsafeMutablePointer<lxw_format>, differential: Bool) {
        guard fill.pattern != .none else { return }
        format_set_pattern(format, fill.pattern.libraryValue)
        if fill.pattern == .solid {
            guard let color = fill.foreground ?? fill.background else { return }
            format_set_bg_color(format, color.libraryValue)
            if !differential, fill.foreground != nil, let background = fill.background {
                format_set_fg_color(format, background.libraryValue)
            }
        } else {
            if let foreground = fill.foreground { format_set_fg_color(format, foreground.libraryValue) }
            if let background = fill.background { format_set_bg_color(format, background.libraryValue) }
        }
    }

    /// Sets per-side borders and the diagonal.
    private static func apply(_ edges: BorderEdges, to format: UnsafeMutablePointer<lxw_format>) {
        let sides: [(BorderLine, (UnsafeMutablePointer<lxw_format>?, UInt8) -> Void, (UnsafeMutablePointer<lxw_format>?, lxw_color_t) -> Void)] = [
            (edges.left, format_set_left, format_set_left_color),
            (edges.right, format_set_right, format_set_right_color),
            (edges.top, format_set_top, format_set_top_color),
            (edges.bottom, format_set_bottom, format_set_bottom_color),
        ]
        for (line, setStyle, setColor) in sides where line.style != .none {
            setStyle(format, line.style.libraryValue)
            if let color = line.color { setColor(format, color.libraryValue) }
        }
        let direction: lxw_format_diagonal_types? = switch (edges.diagonalUp, edges.diagonalDown) {
        case (true, true): LXW_DIAGONAL_BORDER_UP_DOWN
        case (true, false): LXW_DIAGONAL_BORDER_UP
        case (false, true): LXW_DIAGONAL_BORDER_DOWN
        case (false, false): nil
        }
        if let direction { format_set_diag_type(format, UInt8(direction.rawValue)) }
        if edges.diagonal.style != .none {
            format_set_diag_border(format, edges.diagonal.style.libraryValue)
            if let color = edges.diagonal.color { format_set_diag_color(format, color.libraryValue) }
        }
    }

    /// Throws `libraryError` naming `operation` when libxlsxwriter returned an error.
    func check(_ result: lxw_error, _ operation: @autoclosure () -> String) throws(WorkbookError) {
        guard result == LXW_NO_ERROR else {
            throw .libraryError(operation: operation(), message: WorkbookCore.message(result))
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

    /// The same copy, for the option fields libxlsxwriter declares `const char *` (1.1.4 declares most of them
    /// `char *`, 1.1.5 on `const char *`): the field assigned to picks the overload, so the code builds with both.
    func text(_ value: String?) -> UnsafePointer<CChar>? {
        (text(value) as UnsafeMutablePointer<CChar>?).map { UnsafePointer($0) }
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

extension Color {
    /// The colour as libxlsxwriter takes it: `0` means "no colour" there, so black is `LXW_COLOR_BLACK`.
    var libraryValue: lxw_color_t {
        rgb == 0 ? lxw_color_t(LXW_COLOR_BLACK.rawValue) : lxw_color_t(rgb)
    }
}

extension UnderlineStyle {
    var libraryValue: UInt8? {
        switch self {
        case .none: return nil
        case .single: return UInt8(LXW_UNDERLINE_SINGLE.rawValue)
        case .double: return UInt8(LXW_UNDERLINE_DOUBLE.rawValue)
        case .singleAccounting: return UInt8(LXW_UNDERLINE_SINGLE_ACCOUNTING.rawValue)
        case .doubleAccounting: return UInt8(LXW_UNDERLINE_DOUBLE_ACCOUNTING.rawValue)
        }
    }
}

extension FontScript {
    var libraryValue: UInt8? {
        switch self {
        case .none: return nil
        case .superscript: return UInt8(LXW_FONT_SUPERSCRIPT.rawValue)
        case .subscript: return UInt8(LXW_FONT_SUBSCRIPT.rawValue)
        }
    }
}

extension FillPatternKind {
    var libraryValue: UInt8 {
        let value: lxw_format_patterns = switch self {
        case .none: LXW_PATTERN_NONE
        case .solid: LXW_PATTERN_SOLID
        case .mediumGray: LXW_PATTERN_MEDIUM_GRAY
        case .darkGray: LXW_PATTERN_DARK_GRAY
        case .lightGray: LXW_PATTERN_LIGHT_GRAY
        case .darkHorizontal: LXW_PATTERN_DARK_HORIZONTAL
        case .darkVertical: LXW_PATTERN_DARK_VERTICAL
        case .darkDown: LXW_PATTERN_DARK_DOWN
        case .darkUp: LXW_PATTERN_DARK_UP
        case .darkGrid: LXW_PATTERN_DARK_GRID
        case .darkTrellis: LXW_PATTERN_DARK_TRELLIS
        case .lightHorizontal: LXW_PATTERN_LIGHT_HORIZONTAL
        case .lightVertical: LXW_PATTERN_LIGHT_VERTICAL
        case .lightDown: LXW_PATTERN_LIGHT_DOWN
        case .lightUp: LXW_PATTERN_LIGHT_UP
        case .lightGrid: LXW_PATTERN_LIGHT_GRID
        case .lightTrellis: LXW_PATTERN_LIGHT_TRELLIS
        case .gray125: LXW_PATTERN_GRAY_125
        case .gray0625: LXW_PATTERN_GRAY_0625
        }
        return UInt8(value.rawValue)
    }
}

extension CellStyle {
    /// The angle libxlsxwriter's `format_set_rotation` takes for ``rotation``, or `nil` for none.
    ///
    /// -90…90 are passed on; 255 (Excel's stacked text) becomes libxlsxwriter's 270; 91…180, Excel's stored form of
    /// -1…-90, are turned back into -1…-90. Other values cannot be stored and are left out.
    static func libraryRotation(_ rotation: Int) -> Int16? {
        switch rotation {
        case 0: return nil
        case -90...90: return Int16(rotation)
        case 91...180: return Int16(90 - rotation)
        case 255, 270: return 270
        default: return nil
        }
    }
}
