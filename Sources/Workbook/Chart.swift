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
public final class Chart {
    let handle: UnsafeMutablePointer<lxw_chart>
    /// The chart's type.
    public let type: ChartType

    /// Wraps a chart created by ``Workbook/addChart(_:)``.
    init(handle: UnsafeMutablePointer<lxw_chart>, type: ChartType) {
        self.handle = handle
        self.type = type
    }

    /// The axis that shows values: the horizontal one (`x_axis`) in a bar chart, else `y_axis`.
    private var valueAxis: UnsafeMutablePointer<lxw_chart_axis> { type == .bar ? handle.pointee.x_axis : handle.pointee.y_axis }
    /// The axis that shows the categories.
    private var categoryAxis: UnsafeMutablePointer<lxw_chart_axis> { type == .bar ? handle.pointee.y_axis : handle.pointee.x_axis }

    /// Adds a series: category labels and values from single-column ranges of `sheet`.
    ///
    /// - Parameters:
    ///   - name: The series name shown in the legend, or `nil` for Excel's default (`Series1`, …).
    ///   - sheet: The name of the worksheet that holds the data.
    ///   - categories: The single-column range of category labels.
    ///   - values: The single-column range of numbers, one per category.
    ///   - color: The fill colour of the series' bars or slices, or `nil` for Excel's palette.
    public func addSeries(name: String?, sheet: String, categories: CellRange, values: CellRange, color: Color? = nil) {
        guard let series = chart_add_series(handle, nil, nil) else { return }
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
    public func setTitle(_ title: String) {
        ExcelText.removingInvalidCharacters(title).withCString { chart_title_set_name(handle, $0) }
    }

    /// Names the category (x) and value (y) axes.
    ///
    /// - Parameters:
    ///   - category: The category (x) axis title, or `nil` to leave that axis untitled.
    ///   - value: The value (y) axis title, or `nil` to leave that axis untitled.
    public func setAxisTitles(category: String?, value: String?) {
        if let category { category.withCString { chart_axis_set_name(categoryAxis, $0) } }
        if let value { value.withCString { chart_axis_set_name(valueAxis, $0) } }
    }

    /// Fixes the value axis to `minimum...maximum` (e.g. 0...100 for percentages).
    ///
    /// - Parameter range: The lowest and highest value the axis shows.
    public func setValueRange(_ range: ClosedRange<Double>) {
        chart_axis_set_min(valueAxis, range.lowerBound)
        chart_axis_set_max(valueAxis, range.upperBound)
    }

    /// Shows the values with an Excel number format such as `0%`.
    ///
    /// - Parameter format: An Excel number format for the value axis labels, e.g. `0%` or `#,##0`.
    public func setValueFormat(_ format: String) {
        format.withCString { chart_axis_set_num_format(valueAxis, $0) }
    }

    /// Lists the categories top to bottom in a bar chart (Excel draws the first category at the bottom).
    public func listCategoriesTopDown() {
        guard type == .bar else { return }
        chart_axis_set_reverse(categoryAxis)
    }

    /// Hides the legend (for single-series charts).
    public func hideLegend() {
        chart_legend_set_position(handle, UInt8(LXW_CHART_LEGEND_NONE.rawValue))
    }
}
