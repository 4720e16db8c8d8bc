// Rule: doc comments are parsed into summary, discussion, parameters, returns, throws, callouts (Documentation/Extraction.md, "Doc comments").

/// Loads a record.
///
/// The record is read from the cache first,
/// then from the network.
///
/// - Parameters:
///   - id: The record's identifier.
///   - refresh: Whether to skip the cache.
/// - Returns: The record's text.
/// - Throws: `LoadError.missing` when there is no such record.
/// - Note: Call it from a background task.
/// - Warning: The network may be slow.
/// - Complexity: O(1) when cached.
public func loadRecord(id: Int, refresh: Bool) throws -> String { "" }

/// Stores a value.
/// - Parameter value: The value to store.
/// - Parameter key: The key.
/// - Precondition: `key` is not empty.
/// - Important: Values are not persisted.
public func storeValue(_ value: Int, key: String) {}

/**
 Converts a value, Doxygen style.

 @param value the value to convert
 @return the converted text
 @throws ConversionError when the value is negative
 */
public func convert(value: Int) throws -> String { "" }

/// <#Description#>
/// - Parameter input: <#input description#>
/// - Returns: <#description#>
public func placeholderDoc(input: Int) -> Int { input }

/// A summary that runs
/// over two lines.
/// - returns: Lower-case callout names work too.
public func multiLineSummary() -> Int { 0 }

/// Shows code.
///
/// ```swift
/// let x = 1
/// - Parameter notAParameter: inside a code block
/// ```
public func codeBlockDoc() {}
