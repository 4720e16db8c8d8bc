import Foundation

/// One error type of the project: an enum, struct or class that conforms to `Error`, `LocalizedError` or
/// `CustomNSError`, directly or through the project's own protocols and base classes, with its cases
/// (Documentation/Schema.md, "Error records").
public struct ErrorRecord: SchemaRecord, Hashable {
    /// One case of an error enum.
    public struct Case: SchemaRecord, Hashable {
        /// The case's name.
        public var name: String
        /// The 1-based line of the name.
        public var line: Int
        /// The associated values (`label` `nil` when unlabelled).
        public var associatedValues: [FunctionRecord.Parameter]
        /// The case's doc comment, or `nil`.
        public var doc: DocComment?
        /// What `errorDescription` returns for the case when it is a string literal (`"…"`) or a localized key
        /// (`String(localized: "key")`, `NSLocalizedString("key", …)`, `L10n.…`), as written; `nil` otherwise.
        public var errorDescription: String?
        /// What `failureReason` returns for the case, as ``errorDescription``.
        public var failureReason: String?

        /// Creates a case.
        ///
        /// - Parameters:
        ///   - name: The name.
        ///   - line: The line of the name.
        ///   - associatedValues: The associated values.
        ///   - doc: The doc comment, or `nil`.
        ///   - errorDescription: The literal or key `errorDescription` returns, or `nil`.
        ///   - failureReason: The literal or key `failureReason` returns, or `nil`.
        public init(name: String, line: Int, associatedValues: [FunctionRecord.Parameter] = [], doc: DocComment? = nil,
                    errorDescription: String? = nil, failureReason: String? = nil) {
            self.name = name
            self.line = line
            self.associatedValues = associatedValues
            self.doc = doc
            self.errorDescription = errorDescription
            self.failureReason = failureReason
        }

        /// The case's fields.
        public static let schema = RecordSchema<Case>(
            blank: Case(name: "", line: 0),
            fields: [
                FieldDescriptor("name", \.name),
                FieldDescriptor("line", \.line),
                FieldDescriptor("associatedValues", \.associatedValues),
                FieldDescriptor("doc", \.doc),
                FieldDescriptor("errorDescription", \.errorDescription),
                FieldDescriptor("failureReason", \.failureReason),
            ])

        /// Decodes through ``schema``.
        ///
        /// - Parameter decoder: The decoder to read the keyed JSON object from.
        /// - Throws: `DecodingError` when a key is missing or has the wrong type.
        public init(from decoder: Decoder) throws { self = try Self.schema.decode(from: decoder) }

        /// Encodes every key through ``schema``.
        ///
        /// - Parameter encoder: The encoder to write the keyed JSON object into.
        /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
        public func encode(to encoder: Encoder) throws { try Self.schema.encode(self, to: encoder) }
    }

    /// Dotted path of the type (`Outer.Inner`).
    public var name: String
    /// `enum`, `struct`, `class` or `actor`.
    public var kind: TypeKind
    /// The module the declaring file belongs to.
    public var module: String
    /// The declaring file, relative to the scanned root.
    public var file: String
    /// The 1-based line of the name.
    public var line: Int
    /// The type's effective access level.
    public var effectiveAccess: AccessLevel
    /// The error protocols it conforms to, of `Error`, `LocalizedError`, `CustomNSError` and
    /// `RecoverableError`, sorted.
    public var protocols: [String]
    /// The type's doc comment, or `nil`.
    public var doc: DocComment?
    /// The cases (of an enum, including those added by nothing else: extensions cannot add cases), in source order.
    public var cases: [Case]
    /// For a struct or class (or an enum whose getter does not switch over its cases): what `errorDescription`
    /// returns when it is one literal or localized key; `nil` otherwise.
    public var errorDescription: String?

    /// Creates an error record.
    ///
    /// - Parameters:
    ///   - name: The type's dotted path.
    ///   - kind: The type's kind.
    ///   - module: The module.
    ///   - file: The declaring file.
    ///   - line: The name's line.
    ///   - effectiveAccess: The effective access level.
    ///   - protocols: The error protocols it conforms to.
    ///   - doc: The doc comment, or `nil`.
    ///   - cases: The cases.
    ///   - errorDescription: The type-level `errorDescription` literal or key, or `nil`.
    public init(name: String, kind: TypeKind, module: String, file: String, line: Int, effectiveAccess: AccessLevel = .internal,
                protocols: [String] = [], doc: DocComment? = nil, cases: [Case] = [], errorDescription: String? = nil) {
        self.name = name
        self.kind = kind
        self.module = module
        self.file = file
        self.line = line
        self.effectiveAccess = effectiveAccess
        self.protocols = protocols
        self.doc = doc
        self.cases = cases
        self.errorDescription = errorDescription
    }

    /// The record's fields (Documentation/Schema.md, "Error records").
    public static let schema = RecordSchema<ErrorRecord>(
        blank: ErrorRecord(name: "", kind: .enum, module: "", file: "", line: 0),
        fields: [
            FieldDescriptor("name", \.name, template: TemplateColumn("name", "the error type (Outer.Inner)")),
            FieldDescriptor("kind", \.kind, template: TemplateColumn("kind", "enum, struct, class or actor")),
            FieldDescriptor("module", \.module, template: TemplateColumn("module", "the module of the declaring file")),
            FieldDescriptor("file", \.file, template: TemplateColumn("file", "the declaring file, relative to the scanned root")),
            FieldDescriptor("line", \.line),
            FieldDescriptor("effectiveAccess", \.effectiveAccess),
            FieldDescriptor("protocols", \.protocols, template: TemplateColumn(
                "protocols", "the error protocols it conforms to: Error, LocalizedError, CustomNSError, RecoverableError")),
            FieldDescriptor("doc", \.doc),
            FieldDescriptor("cases", \.cases),
            FieldDescriptor("errorDescription", \.errorDescription),
        ])

    /// Decodes through ``schema``.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws { self = try Self.schema.decode(from: decoder) }

    /// Encodes every key through ``schema``.
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws { try Self.schema.encode(self, to: encoder) }
}
