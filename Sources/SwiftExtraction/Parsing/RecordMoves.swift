import Inventory

/// Joins arrays of records by moving the records, not copying them.
///
/// Copying a record retains each of its strings and arrays, and freeing the arrays it came from then releases them
/// all: for the records of thousands of files, joined per root and then across the roots, a visible share of a run
/// (Benchmarks/README.md, eighth round).
package enum RecordMoves {
    /// What a moved-out function record is replaced with: empty texts, nothing to release but one shared array.
    static let fillerFunction = FunctionRecord(
        file: "", line: 0, column: 0, module: "", kind: .function, name: "", baseName: "", signature: "")
    /// What a moved-out type record is replaced with.
    static let fillerType = TypeRecord(name: "", kind: .struct, module: "", file: "", line: 0, column: 0)

    /// What a moved-out property record is replaced with.
    static let fillerProperty = PropertyRecord(file: "", line: 0, column: 0, module: "", kind: .property, name: "", declaration: "")

    /// The property records of `parts` joined in order; each part is left holding fillers.
    package static func joining(moving parts: inout [[PropertyRecord]]) -> [PropertyRecord] {
        joining(moving: &parts, filler: fillerProperty)
    }

    /// The function records of `parts` joined in order; each part is left holding fillers.
    package static func joining(moving parts: inout [[FunctionRecord]]) -> [FunctionRecord] {
        joining(moving: &parts, filler: fillerFunction)
    }

    /// The type records of `parts` joined in order; each part is left holding fillers.
    package static func joining(moving parts: inout [[TypeRecord]]) -> [TypeRecord] {
        joining(moving: &parts, filler: fillerType)
    }

    /// `parts` joined in order, their elements moved rather than copied. Each part is left holding copies of
    /// `filler` (cheap to free) in place of what was moved; a part that is shared is copied first
    /// (`withUnsafeMutableBufferPointer`), so sharing stays correct and only costs the copy.
    package static func joining<Element>(moving parts: inout [[Element]], filler: Element) -> [Element] {
        let count = parts.reduce(0) { $0 + $1.count }
        guard count > 0 else { return [] }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in parts.indices {
                parts[index].withUnsafeMutableBufferPointer { part in
                    guard let source = part.baseAddress, let target = buffer.baseAddress else { return }
                    (target + initialized).moveInitialize(from: source, count: part.count)
                    source.initialize(repeating: filler, count: part.count)
                    initialized += part.count
                }
            }
        }
    }
}
