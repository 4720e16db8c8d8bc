import Foundation
import Parallelism

/// Writes inventories and their records as JSON without `JSONEncoder`: pretty, byte for byte what `JSONEncoder` writes for them
/// with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, or compact (no whitespace). `JSONEncoder` boxes every
/// value through the `Encoder` protocols first; writing the JSON fell from 17.8% of a run's samples to 3.1%, and its
/// peak memory by 40% (Benchmarks/README.md). `InventoryJSONWriterTests` hold the two encoders to the same bytes.
///
/// Each record writes itself (`writeJSON(into:)`, generated from its ``RecordSchema`` into
/// `RecordCoding.generated.swift`): the keys in sorted order (byte order of their UTF-8, as `.sortedKeys` sorts),
/// `nil` as `null`, the same fields the records' `encode(to:)` write through the same schema. This type knows the
/// layout of JSON text, not the fields of any record.
public struct InventoryJSONWriter {
    /// The JSON text written so far, UTF-8 (after what was handed to the ``PieceSink``, if there is one).
    public private(set) var bytes: [UInt8] = []
    private let pretty: Bool
    /// Where the text goes piece by piece while large record arrays are still being written (see
    /// ``prettyJSON(of:into:)``), or `nil` to keep it all in ``bytes``.
    private let sink: PieceSink?
    private var depth = 0
    /// For each open container, whether nothing has been written into it yet.
    private var empty: [Bool] = []

    /// Creates an empty writer.
    ///
    /// - Parameter pretty: Indent by two spaces with one value per line and ` : ` after keys, as `.prettyPrinted`;
    ///   false writes no whitespace at all.
    public init(pretty: Bool) {
        self.init(pretty: pretty, sink: nil)
    }

    private init(pretty: Bool, sink: PieceSink?) {
        self.pretty = pretty
        self.sink = sink
        bytes.reserveCapacity(1 << 16)
    }

    /// The JSON of an inventory as `InventoryCoding.encode(_:)` writes it: pretty, keys sorted, newline-terminated.
    ///
    /// - Parameter inventory: The inventory to write.
    /// - Returns: The UTF-8 bytes.
    public static func prettyJSON(of inventory: Inventory) -> [UInt8] {
        var writer = InventoryJSONWriter(pretty: true)
        writer.bytes.reserveCapacity(inventory.functions.count * 1_400 + inventory.types.count * 700 + 1_024)
        writer.write(inventory)
        writer.bytes.append(0x0A)
        return writer.bytes
    }

    /// The same bytes as ``prettyJSON(of:)``, handed to `write` piece by piece, in order, each as soon as it is
    /// written: while the slices of a large record array are written on all cores, the ones already done go to
    /// `write`, so a file's write overlaps the encoding, and the text is never joined into one buffer.
    ///
    /// - Parameters:
    ///   - inventory: The inventory to write.
    ///   - write: Takes the next piece (called on the calling thread); returns false to be given no more.
    /// - Returns: False when `write` returned false.
    @discardableResult
    public static func prettyJSON(of inventory: Inventory, into write: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        withoutActuallyEscaping(write) { write in
            let sink = PieceSink(write)
            var writer = InventoryJSONWriter(pretty: true, sink: sink)
            writer.write(inventory)
            writer.bytes.append(0x0A)
            sink.take(writer.bytes)
            return sink.isOpen
        }
    }

    // MARK: Records

    /// Writes an inventory object.
    ///
    /// - Parameter inventory: The inventory.
    public mutating func write(_ inventory: Inventory) {
        openObject()
        key("entities"); inventory.entities.writeJSON(into: &self)
        key("errors"); inventory.errors.writeJSON(into: &self)
        key("functions"); writeRecords(inventory.functions)
        key("messages"); inventory.messages.writeJSON(into: &self)
        key("modules"); inventory.modules.writeJSON(into: &self)
        key("project"); inventory.project.writeJSON(into: &self)
        key("properties"); writeRecords(inventory.properties)
        key("schemaVersion"); write(inventory.schemaVersion)
        key("screens"); inventory.screens.writeJSON(into: &self)
        key("tool"); inventory.tool.writeJSON(into: &self)
        key("transitions"); inventory.transitions.writeJSON(into: &self)
        key("types"); writeRecords(inventory.types)
        closeObject()
    }

    /// Writes a record object (a function, type or module record, a doc comment, …): its generated `writeJSON(into:)`.
    ///
    /// - Parameter record: The record.
    public mutating func write(_ record: some SchemaRecord) {
        record.writeJSON(into: &self)
    }

    // MARK: Structure

    /// Starts an object (as a value: after `key(_:)`, as an array element, or at the top).
    public mutating func openObject() { open(UInt8(ascii: "{")) }

    /// Ends the innermost open object.
    public mutating func closeObject() { close(UInt8(ascii: "}")) }

    /// Starts an array (as a value: after `key(_:)`, as an array element, or at the top).
    public mutating func openArray() { open(UInt8(ascii: "[")) }

    /// Ends the innermost open array.
    public mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// Writes the next key of the innermost open object; the value follows with one `write` call or a container.
    ///
    /// - Parameter name: The key. Keys must come in sorted order; they are written without escaping, so they must
    ///   be plain ASCII names.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        append(name)
        append(pretty ? "\" : " : "\":")
    }

    /// Writes an array, one element per call of `element`.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - element: Writes one element (one value or container) into the writer it is given.
    public mutating func writeArray<Element>(_ elements: [Element], _ element: (inout InventoryJSONWriter, Element) -> Void) {
        openArray()
        for index in elements.indices {
            separate()
            element(&self, elements[index])
        }
        closeArray()
    }

    /// Writes an array of records as `writeArray` does, byte for byte, with large arrays cut into slices written on
    /// all cores at once (each record's text depends only on the record and the depth), through `parallelMap`. The
    /// slices are written a round (two per core) at a time and joined into ``bytes`` in order, or, with a
    /// ``PieceSink``, handed to it after each round.
    private mutating func writeRecords<Record: SchemaRecord>(_ records: [Record]) {
        // A small array is written in place without asking for the cores: on Linux each `activeProcessorCount` reads
        // the cgroup files again, which costs more than writing a few records.
        guard records.count / Self.recordsPerSlice > 1 else { return records.writeJSON(into: &self) }
        let sliceCount = min(records.count / Self.recordsPerSlice, 4 * ProcessInfo.processInfo.activeProcessorCount)
        guard sliceCount > 1 else { return records.writeJSON(into: &self) }
        openArray()
        if let sink {
            sink.take(bytes)
            bytes = []
        }
        let depth = depth, pretty = pretty
        let slicesPerRound = 2 * ProcessInfo.processInfo.activeProcessorCount
        var firstSlice = 0
        while firstSlice < sliceCount {
            let round = firstSlice..<min(sliceCount, firstSlice + slicesPerRound)
            let texts = parallelMap(Array(0..<round.count)) { offset in
                let slice = round.lowerBound + offset
                let range = (records.count * slice / sliceCount)..<(records.count * (slice + 1) / sliceCount)
                var writer = InventoryJSONWriter(pretty: pretty)
                writer.bytes.reserveCapacity(range.count * 1_400)
                writer.depth = depth
                writer.empty = [slice == 0]
                for index in range {
                    writer.separate()
                    records[index].writeJSON(into: &writer)
                }
                return writer.bytes
            }
            for text in texts {
                if let sink { sink.take(text) } else { bytes.append(contentsOf: text) }
            }
            firstSlice = round.upperBound
        }
        empty[empty.count - 1] = false
        closeArray()
    }

    /// The fewest records worth a slice of their own in `writeRecords`.
    private static let recordsPerSlice = 2_048

    // MARK: Values

    /// Writes a string value, escaped as `JSONEncoder` escapes it (slashes left as they are).
    ///
    /// - Parameter text: The string.
    public mutating func write(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                default:
                    let hex: StaticString = "0123456789abcdef"
                    append("u00")
                    bytes.append(hex.utf8Start[Int(byte >> 4)])
                    bytes.append(hex.utf8Start[Int(byte & 0x0F)])
                }
            }
            if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a string value, or `null`.
    ///
    /// - Parameter text: The string, or `nil`.
    public mutating func write(_ text: String?) {
        if let text { write(text) } else { null() }
    }

    /// Writes an array of strings.
    ///
    /// - Parameter texts: The strings.
    public mutating func write(_ texts: [String]) {
        writeArray(texts) { $0.write($1) }
    }

    /// Writes an integer value.
    ///
    /// - Parameter number: The integer.
    public mutating func write(_ number: Int) {
        bytes.append(contentsOf: String(number).utf8)
    }

    /// Writes `true` or `false`.
    ///
    /// - Parameter flag: The Boolean.
    public mutating func write(_ flag: Bool) {
        append(flag ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        append("null")
    }

    // MARK: Layout

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        empty.append(true)
    }

    /// Closes a container: `JSONEncoder`'s pretty output puts an empty line inside an empty one (`[\n\n  ]`).
    private mutating func close(_ bracket: UInt8) {
        let wasEmpty = empty.removeLast()
        depth -= 1
        if pretty {
            bytes.append(0x0A)
            if wasEmpty { bytes.append(0x0A) }
            indent()
        }
        bytes.append(bracket)
    }

    /// Before a key or an array element: a comma after an earlier one, then the new line and indentation.
    private mutating func separate() {
        if empty[empty.count - 1] {
            empty[empty.count - 1] = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        if pretty {
            bytes.append(0x0A)
            indent()
        }
    }

    private mutating func indent() {
        var spaces = 2 * depth
        while spaces > 0 {
            let run = min(spaces, Self.spaces.utf8CodeUnitCount)
            bytes.append(contentsOf: UnsafeBufferPointer(start: Self.spaces.utf8Start, count: run))
            spaces -= run
        }
    }

    /// Spaces for `indent()`, enough for 32 levels at a time.
    private static let spaces: StaticString = "                                                                "

    /// Appends a literal's bytes in one copy.
    private mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

/// Where ``InventoryJSONWriter/prettyJSON(of:into:)`` hands its pieces: a caller's closure, called until it returns
/// false.
private final class PieceSink {
    private let write: (UnsafeRawBufferPointer) -> Bool
    /// Whether every piece so far was taken (after a refusal, nothing more is handed over).
    private(set) var isOpen = true

    init(_ write: @escaping (UnsafeRawBufferPointer) -> Bool) { self.write = write }

    /// Hands `piece` over, unless an earlier one was refused.
    func take(_ piece: [UInt8]) {
        guard isOpen, !piece.isEmpty else { return }
        isOpen = piece.withUnsafeBytes { write($0) }
    }
}
