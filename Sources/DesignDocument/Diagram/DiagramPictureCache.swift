import Foundation

/// Where Graphviz's work is kept between runs: a page's layout size and its picture depend only on the page's DOT
/// text, so a run that changed one file draws again only the pages that file changed (a cold run of the benchmark
/// corpus drew 968 pages). `Workflow` keeps them in the extraction cache's folder; `--no-cache` gives none.
public protocol DiagramPictureCache: Sendable {
    /// What was kept for `key`, or `nil`.
    ///
    /// - Parameter key: The text that decides the value (the graph's DOT text and what was asked of `dot`).
    /// - Returns: The bytes kept for it, or `nil` when none were.
    func value(for key: String) -> Data?

    /// Keeps `value` for `key` (a failure to keep it is not an error: the next run draws again).
    ///
    /// - Parameters:
    ///   - value: A picture, or a layout's size as text.
    ///   - key: The text that decides it.
    func keep(_ value: Data, for key: String)
}
