import Inventory

/// A compact binary form of ``FileExtraction`` for extraction caches.
///
/// Warm runs read one cache entry per source file; decoding those entries with `JSONDecoder` was most of a warm
/// run (Benchmarks/README.md has the profile). This form is read and written field by field in a fixed order: a
/// string is its UTF-8 length (LEB128) and bytes, an integer is LEB128 (zig-zag), an optional is a 0/1 byte and the
/// value, an array its count and elements, an enumeration its raw value. The first bytes name the format version;
/// the cache key covers the tool version too, so an entry is never read by a build that wrote it differently.
/// Reading checks every length against the bytes left and every enumeration value, and gives `nil` for anything
/// malformed: a damaged entry is a cache miss, never a crash or a wrong record.
extension FileExtraction {
    /// The bytes that start every encoded extraction: "DSX" and the format version.
    static let cacheFormatMagic: [UInt8] = Array("DSX2".utf8)

    /// The extraction in the cache's binary form (see the type's documentation).
    ///
    /// - Returns: Bytes that ``init(cacheBytes:)`` reads back into an equal extraction.
    public func cacheBytes() -> [UInt8] {
        var writer = CacheByteWriter()
        writer.bytes.append(contentsOf: Self.cacheFormatMagic)
        writer.writeArray(functions) { $0.write($1) }
        writer.writeArray(types) { $0.write($1) }
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
        writer.writeArray(ignoredTypes) { $0.write($1) }
        return writer.bytes
    }

    /// Reads an extraction written by ``cacheBytes()``.
    ///
    /// - Parameter cacheBytes: The encoded extraction, exactly (no bytes before or after it).
    /// - Returns: The extraction, or `nil` when the bytes are not a complete extraction in this format version.
    public init?(cacheBytes: UnsafeRawBufferPointer) {
        var reader = CacheByteReader(bytes: cacheBytes)
        guard reader.expect(Self.cacheFormatMagic),
              let functions = reader.readArray({ $0.readFunction() }),
              let types = reader.readArray({ $0.readType() }),
              let diagnostics = reader.readArray({ reader -> ExtractionDiagnostic? in
                  guard let file = reader.readString(), let line = reader.readInt(), let column = reader.readInt(),
                        let severity = reader.readEnum(ExtractionDiagnostic.Severity.self),
                        let message = reader.readString() else { return nil }
                  return ExtractionDiagnostic(file: file, line: line, column: column, severity: severity, message: message)
              }),
              let facts = reader.readOptional({ $0.readFacts() }),
              let isGenerated = reader.readBool(),
              let ignoredTypes = reader.readArray({ $0.readType() }),
              reader.isAtEnd
        else { return nil }
        self.init(functions: functions, types: types, diagnostics: diagnostics)
        self.facts = facts
        self.isGenerated = isGenerated
        self.ignoredTypes = ignoredTypes
    }
}

/// Appends values in the cache's binary form.
struct CacheByteWriter {
    /// The bytes written so far.
    var bytes: [UInt8] = []

    /// Writes an unsigned LEB128 number.
    mutating func writeUnsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Writes a signed number, zig-zag encoded so small negative numbers stay short.
    mutating func write(_ value: Int) {
        writeUnsigned(UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1)))))
    }

    /// Writes a flag as one byte.
    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Writes a string as its UTF-8 length and bytes.
    mutating func write(_ value: String) {
        writeUnsigned(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    /// Writes an optional: a 0 byte for `nil`, else a 1 byte and the value.
    mutating func writeOptional<Value>(_ value: Value?, _ element: (inout CacheByteWriter, Value) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        element(&self, value)
    }

    /// Writes an array as its count and elements.
    mutating func writeArray<Value>(_ values: [Value], _ element: (inout CacheByteWriter, Value) -> Void) {
        writeUnsigned(UInt64(values.count))
        for value in values { element(&self, value) }
    }

    /// Writes a documentation comment, field by field.
    mutating func write(_ doc: DocComment) {
        write(doc.raw)
        writeOptional(doc.summary) { $0.write($1) }
        writeOptional(doc.discussion) { $0.write($1) }
        writeArray(doc.parameters) { writer, parameter in
            writer.write(parameter.name)
            writer.write(parameter.description)
        }
        writeOptional(doc.returns) { $0.write($1) }
        writeOptional(doc.throws) { $0.write($1) }
        writeArray(doc.callouts) { writer, callout in
            writer.write(callout.kind)
            writer.write(callout.text)
        }
        write(doc.isPlaceholder)
    }

    /// Writes a function record, field by field.
    mutating func write(_ function: FunctionRecord) {
        write(function.file)
        write(function.line)
        write(function.column)
        write(function.module)
        writeArray(function.targets) { $0.write($1) }
        writeOptional(function.moduleKind) { $0.write($1.rawValue) }
        write(function.kind.rawValue)
        write(function.name)
        write(function.baseName)
        write(function.signature)
        writeOptional(function.enclosingType) { $0.write($1) }
        writeOptional(function.enclosingKind) { $0.write($1.rawValue) }
        write(function.accessLevel.rawValue)
        write(function.effectiveAccess.rawValue)
        write(function.isRequirement)
        writeArray(function.attributes) { $0.write($1) }
        writeArray(function.modifiers) { $0.write($1) }
        write(function.isAsync)
        writeOptional(function.throws) { $0.write($1) }
        writeArray(function.parameters) { writer, parameter in
            writer.writeOptional(parameter.label) { $0.write($1) }
            writer.write(parameter.name)
            writer.write(parameter.type)
            writer.writeOptional(parameter.defaultValue) { $0.write($1) }
        }
        writeOptional(function.returnType) { $0.write($1) }
        writeOptional(function.genericWhere) { $0.write($1) }
        writeOptional(function.condition) { $0.write($1) }
        writeOptional(function.section) { $0.write($1) }
        writeOptional(function.doc) { $0.write($1) }
    }

    /// Writes a type record, field by field.
    mutating func write(_ type: TypeRecord) {
        write(type.name)
        write(type.kind.rawValue)
        write(type.module)
        writeArray(type.targets) { $0.write($1) }
        writeOptional(type.moduleKind) { $0.write($1.rawValue) }
        write(type.file)
        write(type.line)
        write(type.column)
        write(type.accessLevel.rawValue)
        write(type.effectiveAccess.rawValue)
        writeArray(type.inheritedTypes) { $0.write($1) }
        writeOptional(type.genericWhere) { $0.write($1) }
        writeOptional(type.condition) { $0.write($1) }
        writeOptional(type.doc) { $0.write($1) }
    }
}

/// Reads values in the cache's binary form; every read checks the bytes left and gives `nil` past the end.
struct CacheByteReader {
    /// The whole input.
    let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    var offset = 0

    /// True when every byte was read.
    var isAtEnd: Bool { offset == bytes.count }

    /// Reads `expected` exactly; false (nothing consumed) when the input holds something else.
    mutating func expect(_ expected: [UInt8]) -> Bool {
        guard bytes.count - offset >= expected.count,
              expected.indices.allSatisfy({ bytes[offset + $0] == expected[$0] }) else { return false }
        offset += expected.count
        return true
    }

    /// Reads one byte.
    mutating func readByte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads an unsigned LEB128 number of at most 64 bits.
    mutating func readUnsigned() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = readByte() {
            guard shift < 64 else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// Reads a zig-zag encoded signed number.
    mutating func readInt() -> Int? {
        guard let raw = readUnsigned() else { return nil }
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// Reads a count that must fit in the bytes left (each element takes at least one byte).
    mutating func readCount() -> Int? {
        guard let raw = readUnsigned(), raw <= UInt64(bytes.count - offset) else { return nil }
        return Int(raw)
    }

    /// Reads a flag byte (0 or 1).
    mutating func readBool() -> Bool? {
        switch readByte() {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    /// Reads a string written as its UTF-8 length and bytes.
    mutating func readString() -> String? {
        guard let count = readCount() else { return nil }
        defer { offset += count }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]), as: UTF8.self)
    }

    /// Reads an enumeration stored as its raw value; `nil` for a value the enumeration does not have.
    mutating func readEnum<Value: RawRepresentable>(_ type: Value.Type) -> Value? where Value.RawValue == String {
        readString().flatMap(Value.init(rawValue:))
    }

    /// Reads an optional: the outer `nil` is malformed input, the inner one an absent value.
    mutating func readOptional<Value>(_ element: (inout CacheByteReader) -> Value?) -> Value?? {
        switch readByte() {
        case 0: return .some(nil)
        case 1: return element(&self).map { .some($0) }
        default: return nil
        }
    }

    /// Reads an array written as its count and elements.
    mutating func readArray<Value>(_ element: (inout CacheByteReader) -> Value?) -> [Value]? {
        guard let count = readCount() else { return nil }
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = element(&self) else { return nil }
            values.append(value)
        }
        return values
    }

    /// Reads an array of strings.
    mutating func readStrings() -> [String]? { readArray { $0.readString() } }

    /// Reads an optional string.
    mutating func readOptionalString() -> String?? { readOptional { $0.readString() } }

    /// Reads a documentation comment.
    mutating func readDoc() -> DocComment? {
        guard let raw = readString(), let summary = readOptionalString(), let discussion = readOptionalString(),
              let parameters = readArray({ reader -> DocComment.Parameter? in
                  guard let name = reader.readString(), let description = reader.readString() else { return nil }
                  return DocComment.Parameter(name: name, description: description)
              }),
              let returns = readOptionalString(), let throwing = readOptionalString(),
              let callouts = readArray({ reader -> DocComment.Callout? in
                  guard let kind = reader.readString(), let text = reader.readString() else { return nil }
                  return DocComment.Callout(kind: kind, text: text)
              }),
              let isPlaceholder = readBool()
        else { return nil }
        return DocComment(raw: raw, summary: summary, discussion: discussion, parameters: parameters, returns: returns,
                          throws: throwing, callouts: callouts, isPlaceholder: isPlaceholder)
    }

    /// Reads a function record.
    mutating func readFunction() -> FunctionRecord? {
        guard let file = readString(), let line = readInt(), let column = readInt(), let module = readString(),
              let targets = readStrings(), let moduleKind = readOptional({ $0.readEnum(TargetKind.self) }),
              let kind = readEnum(FunctionKind.self), let name = readString(), let baseName = readString(),
              let signature = readString(), let enclosingType = readOptionalString(),
              let enclosingKind = readOptional({ $0.readEnum(TypeKind.self) }),
              let accessLevel = readEnum(AccessLevel.self), let effectiveAccess = readEnum(AccessLevel.self),
              let isRequirement = readBool(), let attributes = readStrings(), let modifiers = readStrings(),
              let isAsync = readBool(), let throwing = readOptionalString(),
              let parameters = readArray({ reader -> FunctionRecord.Parameter? in
                  guard let label = reader.readOptionalString(), let name = reader.readString(),
                        let type = reader.readString(), let defaultValue = reader.readOptionalString() else { return nil }
                  return FunctionRecord.Parameter(label: label, name: name, type: type, defaultValue: defaultValue)
              }),
              let returnType = readOptionalString(), let genericWhere = readOptionalString(),
              let condition = readOptionalString(), let section = readOptionalString(),
              let doc = readOptional({ $0.readDoc() })
        else { return nil }
        var function = FunctionRecord(
            file: file, line: line, column: column, module: module, kind: kind, name: name, baseName: baseName,
            signature: signature, enclosingType: enclosingType, enclosingKind: enclosingKind, accessLevel: accessLevel,
            effectiveAccess: effectiveAccess, isRequirement: isRequirement, attributes: attributes, modifiers: modifiers,
            isAsync: isAsync, throws: throwing, parameters: parameters, returnType: returnType, genericWhere: genericWhere,
            condition: condition, section: section, doc: doc, moduleKind: moduleKind)
        function.targets = targets // as stored, even empty (the initializer would put `module` in an empty list)
        return function
    }

    /// Reads a type record.
    mutating func readType() -> TypeRecord? {
        guard let name = readString(), let kind = readEnum(TypeKind.self), let module = readString(),
              let targets = readStrings(), let moduleKind = readOptional({ $0.readEnum(TargetKind.self) }),
              let file = readString(), let line = readInt(), let column = readInt(),
              let accessLevel = readEnum(AccessLevel.self), let effectiveAccess = readEnum(AccessLevel.self),
              let inheritedTypes = readStrings(), let genericWhere = readOptionalString(),
              let condition = readOptionalString(), let doc = readOptional({ $0.readDoc() })
        else { return nil }
        var type = TypeRecord(
            name: name, kind: kind, module: module, file: file, line: line, column: column, accessLevel: accessLevel,
            effectiveAccess: effectiveAccess, inheritedTypes: inheritedTypes, genericWhere: genericWhere,
            condition: condition, doc: doc, moduleKind: moduleKind)
        type.targets = targets
        return type
    }

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
