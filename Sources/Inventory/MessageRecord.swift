import Foundation

/// One user-facing string of a project: a key of a strings table (`Localizable.strings`, `.stringsdict`, or a String
/// Catalog `.xcstrings`) with its text in every language, and the places in Swift code that use it.
///
/// A key defined in several files of one table (a `.strings` file per `.lproj`, a `.stringsdict` beside it) is one
/// record; each file adds its language's ``Translation`` (Documentation/Schema.md, "Message records").
public struct MessageRecord: SchemaRecord, Hashable {
    /// One variant of a translation: a plural category, a device, or a combination (`device.iphone`, `plural.one`,
    /// `recipes.plural.other` for a `.stringsdict` variable, `substitutions.count.plural.one`).
    public struct Variation: SchemaRecord, Hashable {
        /// The variant's path, its selectors joined with `.`: `plural.one`, `device.mac.plural.other`, ….
        public var path: String
        /// The text of the variant.
        public var text: String

        /// Creates a variant.
        ///
        /// - Parameters:
        ///   - path: The selectors joined with `.`.
        ///   - text: The text.
        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }

        /// The variant's fields: `{path, text}`.
        public static let schema = RecordSchema<Variation>(
            blank: Variation(path: "", text: ""),
            fields: [FieldDescriptor("path", \.path), FieldDescriptor("text", \.text)])

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

    /// The text of a key in one language, from one file.
    public struct Translation: SchemaRecord, Hashable {
        /// The language (the `.lproj` folder's name without extension, or the catalog's language code): `en`, `ja`,
        /// `Base`, `zh-Hans`.
        public var language: String
        /// The text; for a `.stringsdict` entry its `NSStringLocalizedFormatKey`; `nil` when the language has only
        /// variations.
        public var text: String?
        /// A String Catalog's translation state (`translated`, `needs_review`, `new`, `stale`); `nil` for the other
        /// formats.
        public var state: String?
        /// The plural, device and substitution variants, in the file's order.
        public var variations: [Variation]
        /// The file that holds it, relative to the scanned root.
        public var file: String
        /// The 1-based line of the key in that file.
        public var line: Int
        /// The file's format.
        public var format: MessageFormat

        /// Creates a translation.
        ///
        /// - Parameters:
        ///   - language: The language code.
        ///   - text: The text, or `nil` when there are only variations.
        ///   - state: A String Catalog's state, or `nil`.
        ///   - variations: The variants.
        ///   - file: The file, relative to the scanned root.
        ///   - line: The 1-based line of the key.
        ///   - format: The file's format.
        public init(language: String, text: String?, state: String? = nil, variations: [Variation] = [], file: String,
                    line: Int, format: MessageFormat) {
            self.language = language
            self.text = text
            self.state = state
            self.variations = variations
            self.file = file
            self.line = line
            self.format = format
        }

        /// The translation's fields.
        public static let schema = RecordSchema<Translation>(
            blank: Translation(language: "", text: nil, file: "", line: 0, format: .strings),
            fields: [
                FieldDescriptor("language", \.language),
                FieldDescriptor("text", \.text),
                FieldDescriptor("state", \.state),
                FieldDescriptor("variations", \.variations),
                FieldDescriptor("file", \.file),
                FieldDescriptor("line", \.line),
                FieldDescriptor("format", \.format),
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

    /// A place in Swift code that uses a key.
    public struct Use: SchemaRecord, Hashable {
        /// The Swift file, relative to the scanned root.
        public var file: String
        /// The 1-based line of the key's literal (or of the accessor).
        public var line: Int
        /// How the code names the key: `String(localized:)`, `NSLocalizedString`, `Text`, `LocalizedStringKey`,
        /// `L10n`, ….
        public var form: String

        /// Creates a use.
        ///
        /// - Parameters:
        ///   - file: The Swift file, relative to the scanned root.
        ///   - line: The 1-based line.
        ///   - form: How the code names the key.
        public init(file: String, line: Int, form: String) {
            self.file = file
            self.line = line
            self.form = form
        }

        /// The use's fields: `{file, line, form}`.
        public static let schema = RecordSchema<Use>(
            blank: Use(file: "", line: 0, form: ""),
            fields: [FieldDescriptor("file", \.file), FieldDescriptor("line", \.line), FieldDescriptor("form", \.form)])

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

    /// The table: the file name without extension and `.lproj` folder (`Localizable`, `InfoPlist`).
    public var table: String
    /// The key as written in the files.
    public var key: String
    /// The first file that defines the key (in path order), relative to the scanned root.
    public var file: String
    /// The 1-based line of the key in `file`.
    public var line: Int
    /// The developer's comment: a String Catalog's `comment`, else the `/* */` or `//` comment right above the key
    /// in the first `.strings` file that has one; `nil` when there is none.
    public var comment: String?
    /// A String Catalog's `extractionState` (`manual`, `stale`, `extracted_with_value`, …), or `nil`.
    public var extractionState: String?
    /// The texts, sorted by language, then file.
    public var translations: [Translation]
    /// The places in Swift code that use the key, sorted by file and line; empty when none was found.
    public var uses: [Use]

    /// Creates a message record.
    ///
    /// - Parameters:
    ///   - table: The table name.
    ///   - key: The key.
    ///   - file: The first file that defines it.
    ///   - line: The key's line in `file`.
    ///   - comment: The developer's comment, or `nil`.
    ///   - extractionState: A String Catalog's extraction state, or `nil`.
    ///   - translations: The texts per language.
    ///   - uses: The places in code that use it.
    public init(table: String, key: String, file: String, line: Int, comment: String? = nil, extractionState: String? = nil,
                translations: [Translation] = [], uses: [Use] = []) {
        self.table = table
        self.key = key
        self.file = file
        self.line = line
        self.comment = comment
        self.extractionState = extractionState
        self.translations = translations
        self.uses = uses
    }

    /// The languages that have a translation, sorted, without repeats.
    public var languages: [String] { Array(Set(translations.map(\.language))).sorted() }

    /// The record's fields (Documentation/Schema.md, "Message records").
    public static let schema = RecordSchema<MessageRecord>(
        blank: MessageRecord(table: "", key: "", file: "", line: 0),
        fields: [
            FieldDescriptor("table", \.table, template: TemplateColumn("table", "the strings table: Localizable, InfoPlist, …")),
            FieldDescriptor("key", \.key, template: TemplateColumn("key", "the key as written in the files")),
            FieldDescriptor("file", \.file, template: TemplateColumn("file", "the first file that defines the key, relative to the scanned root")),
            FieldDescriptor("line", \.line, template: TemplateColumn("line", "the key's line in that file")),
            FieldDescriptor("comment", \.comment, template: TemplateColumn("comment", "the developer's comment (the catalog's, or the one above the key)")),
            FieldDescriptor("extractionState", \.extractionState, template: TemplateColumn(
                "extractionState", "a String Catalog's extraction state: manual, stale, extracted_with_value, …")),
            FieldDescriptor("translations", \.translations),
            FieldDescriptor("uses", \.uses),
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

/// The file format a translation comes from.
public enum MessageFormat: String, SchemaEnumeration {
    /// A `.strings` file (`"key" = "value";`), UTF-8 or UTF-16.
    case strings
    /// A `.stringsdict` property list of plural rules.
    case stringsdict
    /// A String Catalog (`.xcstrings`, JSON).
    case stringCatalog
}
