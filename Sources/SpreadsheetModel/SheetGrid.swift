/// The size of an Excel worksheet's grid, which every reference and range must fit in.
public enum SheetGrid {
    /// The number of rows of a worksheet (Excel 2007 and later).
    public static let maximumRows = 1_048_576
    /// The number of columns of a worksheet (`A` to `XFD`).
    public static let maximumColumns = 16_384
}
