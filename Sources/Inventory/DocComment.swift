/// A documentation comment attached to a declaration, with its Swift Markup structure parsed out.
public struct DocComment: SchemaRecord, Hashable {
    /// One documented parameter (`- Parameter name:` / `- Parameters:` list / `@param name`).
    public struct Parameter: SchemaRecord, Hashable {
        /// The parameter name as written in the comment.
        public var name: String
        /// The description text.
        public var description: String

        /// Creates a documented parameter.
        ///
        /// - Parameters:
        ///   - name: The parameter name as written in the comment.
        ///   - description: The description text.
        public init(name: String, description: String) {
            self.name = name
            self.description = description
        }

        /// The documented parameter's fields: `{name, description}`.
        public static let schema = RecordSchema<Parameter>(
            blank: Parameter(name: "", description: ""),
            fields: [FieldDescriptor("name", \.name), FieldDescriptor("description", \.description)])

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

    /// A callout such as `- Note:` or `- Warning:`.
    public struct Callout: SchemaRecord, Hashable {
        /// The callout's kind, lower-cased (`note`, `warning`, `important`, `precondition`, `complexity`, ...).
        public var kind: String
        /// The callout's text.
        public var text: String

        /// Creates a callout.
        ///
        /// - Parameters:
        ///   - kind: The callout's kind, lower-cased (`note`, `warning`, `important`, `precondition`, `complexity`,
        ///     ...).
        ///   - text: The callout's text.
        public init(kind: String, text: String) {
            self.kind = kind
            self.text = text
        }

        /// The callout's fields: `{kind, text}`.
        public static let schema = RecordSchema<Callout>(
            blank: Callout(kind: "", text: ""),
            fields: [FieldDescriptor("kind", \.kind), FieldDescriptor("text", \.text)])

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

    /// The comment text with the comment markers and common indentation removed.
    public var raw: String
    /// The first paragraph.
    public var summary: String?
    /// Everything after the summary that is not a recognised field or callout, or `nil` when empty.
    public var discussion: String?
    /// The documented parameters, in the order written.
    public var parameters: [Parameter]
    /// The `- Returns:` text.
    public var returns: String?
    /// The `- Throws:` text.
    public var `throws`: String?
    /// Other callouts, in the order written.
    public var callouts: [Callout]
    /// True when the comment still holds Xcode placeholders (`<#Description#>`): it counts as undocumented.
    public var isPlaceholder: Bool

    /// Creates a doc comment.
    ///
    /// - Parameters:
    ///   - raw: The comment text with the comment markers and common indentation removed.
    ///   - summary: The first paragraph.
    ///   - discussion: Everything after the summary that is not a recognised field or callout, or `nil` when empty.
    ///   - parameters: The documented parameters, in the order written.
    ///   - returns: The `- Returns:` text.
    ///   - throws: The `- Throws:` text.
    ///   - callouts: Other callouts, in the order written.
    ///   - isPlaceholder: True when the comment still holds Xcode placeholders (`<#Description#>`): it counts as
    ///     undocumented.
    public init(
        raw: String, summary: String? = nil, discussion: String? = nil, parameters: [Parameter] = [],
        returns: String? = nil, throws: String? = nil, callouts: [Callout] = [], isPlaceholder: Bool = false
    ) {
        self.raw = raw
        self.summary = summary
        self.discussion = discussion
        self.parameters = parameters
        self.returns = returns
        self.throws = `throws`
        self.callouts = callouts
        self.isPlaceholder = isPlaceholder
    }

    /// True when the comment is real documentation: it has a summary and is not an Xcode placeholder.
    public var isMeaningful: Bool {
        guard !isPlaceholder, let summary else { return false }
        // Most summaries start with a letter: one byte settles it. Foundation's trimming (Unicode white space) is
        // asked only when non-ASCII text comes before the first ASCII character that is not white space.
        for byte in summary.utf8 {
            switch byte {
            case 0x20, 0x09...0x0D: continue
            case ..<0x80: return true
            default: return !summary.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            }
        }
        return false
    }

    /// The comment's fields: the JSON keys and the cache's order (Documentation/Schema.md).
    public static let schema = RecordSchema<DocComment>(
        blank: DocComment(raw: ""),
        fields: [
            FieldDescriptor("raw", \.raw),
            FieldDescriptor("summary", \.summary),
            FieldDescriptor("discussion", \.discussion),
            FieldDescriptor("parameters", \.parameters),
            FieldDescriptor("returns", \.returns),
            FieldDescriptor("throws", \.throws),
            FieldDescriptor("callouts", \.callouts),
            FieldDescriptor("isPlaceholder", \.isPlaceholder),
        ])

    /// Decodes a doc comment through ``schema``.
    ///
    /// - Parameter decoder: The decoder to read the keyed JSON object from.
    /// - Throws: `DecodingError` when a key is missing or has the wrong type.
    public init(from decoder: Decoder) throws { self = try Self.schema.decode(from: decoder) }

    /// Encodes every key through ``schema``, writing `null` for absent values so the JSON schema is stable.
    ///
    /// - Parameter encoder: The encoder to write the keyed JSON object into.
    /// - Throws: The `EncodingError` of `encoder`'s container when it cannot encode a value.
    public func encode(to encoder: Encoder) throws { try Self.schema.encode(self, to: encoder) }
}
