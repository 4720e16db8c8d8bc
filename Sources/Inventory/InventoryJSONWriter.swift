import Foundation

/// Writes inventories and their records as JSON by hand: pretty, byte for byte what `JSONEncoder` writes for them
/// with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, or compact (no whitespace). `JSONEncoder` boxes every
/// value through the `Encoder` protocols first; writing the JSON fell from 17.8% of a run's samples to 3.1%, and its
/// peak memory by 40% (Benchmarks/README.md). `InventoryJSONWriterTests` hold the two encoders to the same bytes.
///
/// The keys are written in sorted order (byte order of their UTF-8, as `.sortedKeys` sorts), `nil` as `null`, as the
/// records' `encode(to:)` do.
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
        key("functions"); writeRecords(inventory.functions) { $0.write($1) }
        key("modules"); writeArray(inventory.modules) { $0.write($1) }
        key("project")
        openObject()
        key("commit"); write(inventory.project.commit)
        key("name"); write(inventory.project.name)
        key("root"); write(inventory.project.root)
        closeObject()
        key("schemaVersion"); write(inventory.schemaVersion)
        key("tool")
        openObject()
        key("name"); write(inventory.tool.name)
        key("version"); write(inventory.tool.version)
        closeObject()
        key("types"); writeRecords(inventory.types) { $0.write($1) }
        closeObject()
    }

    /// Writes a function record object.
    ///
    /// - Parameter record: The record.
    public mutating func write(_ record: FunctionRecord) {
        openObject()
        key("accessLevel"); write(record.accessLevel.rawValue)
        key("attributes"); write(record.attributes)
        key("baseName"); write(record.baseName)
        key("column"); write(record.column)
        key("condition"); write(record.condition)
        key("doc"); write(record.doc)
        key("effectiveAccess"); write(record.effectiveAccess.rawValue)
        key("enclosingKind"); write(record.enclosingKind?.rawValue)
        key("enclosingType"); write(record.enclosingType)
        key("file"); write(record.file)
        key("genericWhere"); write(record.genericWhere)
        key("isAsync"); write(record.isAsync)
        key("isRequirement"); write(record.isRequirement)
        key("kind"); write(record.kind.rawValue)
        key("line"); write(record.line)
        key("modifiers"); write(record.modifiers)
        key("module"); write(record.module)
        key("moduleKind"); write(record.moduleKind?.rawValue)
        key("name"); write(record.name)
        key("parameters")
        writeArray(record.parameters) { writer, parameter in
            writer.openObject()
            writer.key("defaultValue"); writer.write(parameter.defaultValue)
            writer.key("label"); writer.write(parameter.label)
            writer.key("name"); writer.write(parameter.name)
            writer.key("type"); writer.write(parameter.type)
            writer.closeObject()
        }
        key("returnType"); write(record.returnType)
        key("section"); write(record.section)
        key("signature"); write(record.signature)
        key("targets"); write(record.targets)
        key("throws"); write(record.throws)
        closeObject()
    }

    /// Writes a type record object.
    ///
    /// - Parameter record: The record.
    public mutating func write(_ record: TypeRecord) {
        openObject()
        key("accessLevel"); write(record.accessLevel.rawValue)
        key("column"); write(record.column)
        key("condition"); write(record.condition)
        key("doc"); write(record.doc)
        key("effectiveAccess"); write(record.effectiveAccess.rawValue)
        key("file"); write(record.file)
        key("genericWhere"); write(record.genericWhere)
        key("inheritedTypes"); write(record.inheritedTypes)
        key("kind"); write(record.kind.rawValue)
        key("line"); write(record.line)
        key("module"); write(record.module)
        key("moduleKind"); write(record.moduleKind?.rawValue)
        key("name"); write(record.name)
        key("targets"); write(record.targets)
        closeObject()
    }

    /// Writes a module record object.
    ///
    /// - Parameter record: The record.
    public mutating func write(_ record: ModuleRecord) {
        openObject()
        key("kind"); write(record.kind.rawValue)
        key("name"); write(record.name)
        key("project"); write(record.project)
        closeObject()
    }

    /// Writes a doc comment object, or `null`.
    ///
    /// - Parameter doc: The doc comment, or `nil`.
    public mutating func write(_ doc: DocComment?) {
        guard let doc else { return null() }
        openObject()
        key("callouts")
        writeArray(doc.callouts) { writer, callout in
            writer.openObject()
            writer.key("kind"); writer.write(callout.kind)
            writer.key("text"); writer.write(callout.text)
            writer.closeObject()
        }
        key("discussion"); write(doc.discussion)
        key("isPlaceholder"); write(doc.isPlaceholder)
        key("parameters")
        writeArray(doc.parameters) { writer, parameter in
            writer.openObject()
            writer.key("description"); writer.write(parameter.description)
            writer.key("name"); writer.write(parameter.name)
            writer.closeObject()
        }
        key("raw"); write(doc.raw)
        key("returns"); write(doc.returns)
        key("summary"); write(doc.summary)
        key("throws"); write(doc.throws)
        closeObject()
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
    /// all cores at once and taken in order (each record's text depends only on the record and the depth): joined
    /// into ``bytes``, or with a ``PieceSink`` handed to it one by one as they are done, while later ones are still
    /// being written.
    private mutating func writeRecords<Element>(
        _ elements: [Element], _ element: @escaping @Sendable (inout InventoryJSONWriter, Element) -> Void
    ) {
        let sliceCount = min(elements.count / Self.recordsPerSlice, 4 * ProcessInfo.processInfo.activeProcessorCount)
        guard sliceCount > 1 else { return writeArray(elements, element) }
        openArray()
        if let sink {
            sink.take(bytes)
            bytes = []
        }
        let depth = depth, pretty = pretty
        let slices = SliceBoard(count: sliceCount)
        elements.withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let input = elements
            let written = DispatchGroup()
            DispatchQueue.global().async(group: written) {
                DispatchQueue.concurrentPerform(iterations: sliceCount) { slice in
                    let range = (input.count * slice / sliceCount)..<(input.count * (slice + 1) / sliceCount)
                    var writer = InventoryJSONWriter(pretty: pretty)
                    writer.bytes.reserveCapacity(range.count * 1_400)
                    writer.depth = depth
                    writer.empty = [slice == 0]
                    for index in range {
                        writer.separate()
                        element(&writer, input[index])  // borrowed from the buffer: the record is not copied
                    }
                    slices.put(writer.bytes, at: slice)
                }
            }
            // Each slice is taken as soon as it and those before it are done; the input outlives every writer.
            for slice in 0..<sliceCount {
                let text = slices.take(slice)
                if let sink { sink.take(text) } else { bytes.append(contentsOf: text) }
            }
            written.wait()
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

/// The slices of a record array, put by the threads that write them and taken in order by the one that joins them.
private final class SliceBoard: @unchecked Sendable {
    private let condition = NSCondition()
    private var slices: [[UInt8]?]

    init(count: Int) { slices = Array(repeating: nil, count: count) }

    /// Stores slice `index` and wakes the taker.
    func put(_ slice: [UInt8], at index: Int) {
        condition.lock()
        slices[index] = slice
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for slice `index` and takes it out of the board.
    func take(_ index: Int) -> [UInt8] {
        condition.lock()
        defer { condition.unlock() }
        while slices[index] == nil { condition.wait() }
        let slice = slices[index] ?? []
        slices[index] = []
        return slice
    }
}
