import Inventory

/// A compact binary form of ``FileExtraction`` for extraction caches.
///
/// Warm runs read one cache entry per source file; decoding those entries with `JSONDecoder` was most of a warm
/// run (Benchmarks/README.md has the profile). This form is read and written field by field in a fixed order
/// (``RecordByteWriter``): the records through their schema (`FunctionRecord.schema`, `TypeRecord.schema`, `PropertyRecord.schema`, the fields
/// in schema order), then the diagnostics and cross-file facts, which only the cache stores. The first bytes name the
/// format version; the cache key covers the tool version too, so an entry is never read by a build that wrote it
/// differently.
/// Reading checks every length against the bytes left and every enumeration value, and gives `nil` for anything
/// malformed: a damaged entry is a cache miss, never a crash or a wrong record.
extension FileExtraction {
    /// The bytes that start every encoded extraction: "DSX", the format version, and a hash of the record schemas'
    /// layout (`RecordSchema.layoutDescription`), so a field added to a record makes older entries misses without an
    /// edit here.
    static let cacheFormatMagic: [UInt8] = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: the same text gives the same bytes on every platform
        let layouts = [FunctionRecord.schema.layoutDescription, TypeRecord.schema.layoutDescription,
                       PropertyRecord.schema.layoutDescription]
        for byte in layouts.joined(separator: "|").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Array("DSX4".utf8) + (0..<8).map { UInt8(truncatingIfNeeded: hash >> (8 * $0)) }
    }()

    /// The extraction in the cache's binary form (see the type's documentation).
    ///
    /// - Returns: Bytes that ``init(cacheBytes:)`` reads back into an equal extraction.
    public func cacheBytes() -> [UInt8] {
        var writer = RecordByteWriter()
        writer.bytes.append(contentsOf: Self.cacheFormatMagic)
        functions.writeBytes(into: &writer)
        types.writeBytes(into: &writer)
        writer.writeArray(diagnostics) { writer, diagnostic in
            writer.write(diagnostic.file)
            writer.write(diagnostic.line)
            writer.write(diagnostic.column)
            writer.write(diagnostic.severity.rawValue)
            writer.write(diagnostic.message)
        }
        writer.writeOptional(facts) { writer, facts in
            writer.write(facts.file)
            writer.writeArray(facts.imports) { $0.write($1) }
            writer.writeArray(facts.aliases) { writer, alias in
                writer.write(alias.module)
                writer.write(alias.file)
                writer.write(alias.line)
                writer.write(alias.column)
                writer.write(alias.name)
                writer.writeArray(alias.scopes) { $0.write($1) }
                writer.write(alias.visibility.rawValue)
                writer.writeOptional(alias.target) { $0.write($1) }
                writer.writeOptional(alias.targetModule) { $0.write($1) }
                writer.write(alias.written)
            }
        }
        writer.write(isGenerated)
        ignoredTypes.writeBytes(into: &writer)
        properties.writeBytes(into: &writer)
        return writer.bytes
    }

    /// Reads an extraction written by ``cacheBytes()``.
    ///
    /// - Parameter cacheBytes: The encoded extraction, exactly (no bytes before or after it).
    /// - Returns: The extraction, or `nil` when the bytes are not a complete extraction in this format version.
    public init?(cacheBytes: UnsafeRawBufferPointer) {
        var reader = RecordByteReader(bytes: cacheBytes)
        guard reader.expect(Self.cacheFormatMagic),
              let functions = [FunctionRecord].readBytes(from: &reader),
              let types = [TypeRecord].readBytes(from: &reader),
              let diagnostics = reader.readArray({ reader -> ExtractionDiagnostic? in
                  guard let file = reader.readString(), let line = reader.readInt(), let column = reader.readInt(),
                        let severity = reader.readEnum(ExtractionDiagnostic.Severity.self),
                        let message = reader.readString() else { return nil }
                  return ExtractionDiagnostic(file: file, line: line, column: column, severity: severity, message: message)
              }),
              let facts = reader.readOptional({ $0.readFacts() }),
              let isGenerated = reader.readBool(),
              let ignoredTypes = [TypeRecord].readBytes(from: &reader),
              let properties = [PropertyRecord].readBytes(from: &reader),
              reader.isAtEnd
        else { return nil }
        self.init(functions: functions, types: types, diagnostics: diagnostics)
        self.facts = facts
        self.isGenerated = isGenerated
        self.ignoredTypes = ignoredTypes
        self.properties = properties
    }
}

extension RecordByteReader {
    /// Reads the facts the cross-file rules need.
    mutating func readFacts() -> CrossFileRules.FileFacts? {
        guard let file = readString(), let imports = readStrings(),
              let aliases = readArray({ reader -> CrossFileRules.TypeAlias? in
                  guard let module = reader.readString(), let file = reader.readString(), let line = reader.readInt(),
                        let column = reader.readInt(), let name = reader.readString(), let scopes = reader.readStrings(),
                        let visibility = reader.readEnum(AccessLevel.self), let target = reader.readOptionalString(),
                        let targetModule = reader.readOptionalString(), let written = reader.readString()
                  else { return nil }
                  return CrossFileRules.TypeAlias(module: module, file: file, line: line, column: column, name: name,
                                                  scopes: scopes, visibility: visibility, target: target,
                                                  targetModule: targetModule, written: written)
              })
        else { return nil }
        return CrossFileRules.FileFacts(file: file, imports: imports, aliases: aliases)
    }
}
