import SpreadsheetModel
import CXLSXWriter

/// The chart types DocSheet uses.
public enum ChartType: String, CaseIterable, Sendable {
    /// Horizontal bars.
    case bar
    /// Vertical columns.
    case column
    /// A pie.
    case pie
    /// A line.
    case line

    var libraryValue: UInt8 {
        switch self {
        case .bar: return UInt8(LXW_CHART_BAR.rawValue)
        case .column: return UInt8(LXW_CHART_COLUMN.rawValue)
        case .pie: return UInt8(LXW_CHART_PIE.rawValue)
        case .line: return UInt8(LXW_CHART_LINE.rawValue)
        }
    }
}

/// A chart whose series read their data from worksheet ranges. Create it with ``Workbook/addChart(_:)``.
///
/// Like a ``Worksheet``, a chart does not keep its workbook alive: once the workbook is closed or released, every
/// method throws ``WorkbookError/alreadyClosed(path:)``.
public final class Chart {
    /// The C chart, freed with the workbook. Private to this file: every use goes through ``requireOpen()``.
    private let unsafeHandle: UnsafeMutablePointer<lxw_chart>
    /// What the chart shares with its workbook.
    let core: WorkbookCore
    /// The chart's type.
    public let type: ChartType
    /// Whether the chart was placed on a sheet (libxlsxwriter places a chart once).
    var isInserted = false

    /// Wraps a chart created by ``Workbook/addChart(_:)``.
    init(handle: UnsafeMutablePointer<lxw_chart>, type: ChartType, core: WorkbookCore) {
        self.unsafeHandle = handle
        self.type = type
        self.core = core
    }

    /// The libxlsxwriter chart, or `alreadyClosed` once the workbook is closed or released.
    func requireOpen() throws(WorkbookError) -> UnsafeMutablePointer<lxw_chart> {
        _ = try core.requireOpen()
        return unsafeHandle
    }

    /// The axis that shows values: the horizontal one (`x_axis`) in a bar chart, else `y_axis`.
    ///
    /// A chart's `x_axis` and `y_axis` are the members chart.h documents for its `chart_axis_*` calls (it has no
    /// function that returns them); they are only read, and no other member of a libxlsxwriter object is used.
    private func valueAxis() throws(WorkbookError) -> UnsafeMutablePointer<lxw_chart_axis> {
        let chart = try requireOpen()
        return type == .bar ? chart.pointee.x_axis : chart.pointee.y_axis
    }

    /// The axis that shows the categories.
    private func categoryAxis() throws(WorkbookError) -> UnsafeMutablePointer<lxw_chart_axis> {
        let chart = try requireOpen()
        return type == .bar ? chart.pointee.y_axis : chart.pointee.x_axis
    }

    /// Adds a series: category labels and values from single-column ranges of `sheet`.
    ///
    /// - Parameters:
    ///   - name: The series name shown in the legend, or `nil` for Excel's default (`Series1`, …).
    ///   - sheet: The name of the worksheet that holds the data.
    ///   - categories: The single-column range of category labels.
    ///   - values: The single-column range of numbers, one per category.
    ///   - color: The fill colour of the series' bars or slices, or `nil` for Excel's palette.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``; `WorkbookError.libraryError` when
    ///   libxlsxwriter creates no series.
    public func addSeries(name: String?, sheet: String, categories: CellRange, values: CellRange, color: Color? = nil) throws(WorkbookError) {
        guard let series = chart_add_series(try requireOpen(), nil, nil) else {
            throw .libraryError(operation: "adding a chart series", message: "no series was created")
        }
        sheet.withCString { sheetName in
            chart_series_set_categories(series, sheetName, lxw_row_t(categories.first.row), lxw_col_t(categories.first.column),
                                        lxw_row_t(categories.last.row), lxw_col_t(categories.last.column))
            chart_series_set_values(series, sheetName, lxw_row_t(values.first.row), lxw_col_t(values.first.column),
                                    lxw_row_t(values.last.row), lxw_col_t(values.last.column))
        }
        if let name { ExcelText.removingInvalidCharacters(name).withCString { chart_series_set_name(series, $0) } }
        if let color {
            var fill = lxw_chart_fill(color: lxw_color_t(color.rgb), none: 0, transparency: 0)
            chart_series_set_fill(series, &fill)
        }
    }

    /// Sets the chart title.
    ///
    /// - Parameter title: The title shown above the chart.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setTitle(_ title: String) throws(WorkbookError) {
        let chart = try requireOpen()
        ExcelText.removingInvalidCharacters(title).withCString { chart_title_set_name(chart, $0) }
    }

    /// Names the category (x) and value (y) axes.
    ///
    /// - Parameters:
    ///   - category: The category (x) axis title, or `nil` to leave that axis untitled.
    ///   - value: The value (y) axis title, or `nil` to leave that axis untitled.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setAxisTitles(category: String?, value: String?) throws(WorkbookError) {
        let (categoryAxis, valueAxis) = (try categoryAxis(), try valueAxis())
        if let category { ExcelText.removingInvalidCharacters(category).withCString { chart_axis_set_name(categoryAxis, $0) } }
        if let value { ExcelText.removingInvalidCharacters(value).withCString { chart_axis_set_name(valueAxis, $0) } }
    }

    /// Fixes the value axis to `minimum...maximum` (e.g. 0...100 for percentages).
    ///
    /// - Parameter range: The lowest and highest value the axis shows.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setValueRange(_ range: ClosedRange<Double>) throws(WorkbookError) {
        let axis = try valueAxis()
        chart_axis_set_min(axis, range.lowerBound)
        chart_axis_set_max(axis, range.upperBound)
    }

    /// Shows the values with an Excel number format such as `0%`.
    ///
    /// - Parameter format: An Excel number format for the value axis labels, e.g. `0%` or `#,##0`.
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func setValueFormat(_ format: String) throws(WorkbookError) {
        let axis = try valueAxis()
        format.withCString { chart_axis_set_num_format(axis, $0) }
    }

    /// Lists the categories top to bottom in a bar chart (Excel draws the first category at the bottom); other charts
    /// are left as they are.
    ///
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func listCategoriesTopDown() throws(WorkbookError) {
        let axis = try categoryAxis()
        guard type == .bar else { return }
        chart_axis_set_reverse(axis)
    }

    /// Hides the legend (for single-series charts).
    ///
    /// - Throws: `WorkbookError.alreadyClosed` after ``Workbook/close()``.
    public func hideLegend() throws(WorkbookError) {
        chart_legend_set_position(try requireOpen(), UInt8(LXW_CHART_LEGEND_NONE.rawValue))
    }
}
