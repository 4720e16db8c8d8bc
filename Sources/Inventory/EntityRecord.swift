import Foundation

/// One entity of the project's data model: a Core Data entity of the current version of an `.xcdatamodeld`, or a
/// SwiftData `@Model` class (Documentation/Schema.md, "Entity records").
public struct EntityRecord: SchemaRecord, Hashable {
    /// One attribute (a Core Data attribute, or a stored property of a `@Model` class that is not a relationship).
    public struct Attribute: SchemaRecord, Hashable {
        /// The attribute's name.
        public var name: String
        /// The type: Core Data's attribute type (`String`, `Integer 16`, `Date`, `Transformable`, …), or the Swift
        /// type as written for SwiftData (`String?`, `Date`); empty when not written.
        public var type: String
        /// Whether the value may be absent (Core Data `optional="YES"`; a SwiftData optional type).
        public var isOptional: Bool
        /// The default value as written (`defaultValueString`, or the property's initial value), or `nil`.
        public var defaultValue: String?
        /// Whether the attribute is not stored (Core Data `transient`, SwiftData `@Transient`).
        public var isTransient: Bool
        /// Whether the value is unique (a one-attribute uniqueness constraint, `@Attribute(.unique)`).
        public var isUnique: Bool

        /// Creates an attribute.
        ///
        /// - Parameters:
        ///   - name: The name.
        ///   - type: The type as the model writes it.
        ///   - isOptional: Whether it may be absent.
        ///   - defaultValue: The default value, or `nil`.
        ///   - isTransient: Whether it is not stored.
        ///   - isUnique: Whether it is unique.
        public init(name: String, type: String, isOptional: Bool = false, defaultValue: String? = nil,
                    isTransient: Bool = false, isUnique: Bool = false) {
            self.name = name
            self.type = type
            self.isOptional = isOptional
            self.defaultValue = defaultValue
            self.isTransient = isTransient
            self.isUnique = isUnique
        }

        /// The attribute's fields.
        public static let schema = RecordSchema<Attribute>(
            blank: Attribute(name: "", type: ""),
            fields: [
                FieldDescriptor("name", \.name, template: TemplateColumn("name", "the attribute's name")),
                FieldDescriptor("type", \.type, template: TemplateColumn(
                    "type", "Core Data's attribute type (String, Integer 16, Date, …), or the Swift type for SwiftData")),
                FieldDescriptor("isOptional", \.isOptional),
                FieldDescriptor("defaultValue", \.defaultValue, template: TemplateColumn("defaultValue", "the default value as written")),
                FieldDescriptor("isTransient", \.isTransient),
                FieldDescriptor("isUnique", \.isUnique),
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

    /// One relationship to another entity.
    public struct Relationship: SchemaRecord, Hashable {
        /// The relationship's name.
        public var name: String
        /// The destination entity's name; empty when the model does not say.
        public var destination: String
        /// Whether it holds many destination objects.
        public var isToMany: Bool
        /// Whether it may be empty.
        public var isOptional: Bool
        /// What deleting the source does to the destination: `nullify`, `cascade`, `deny`, `noAction`; `nil` when not
        /// written (SwiftData's default is `nullify`).
        public var deleteRule: String?
        /// The inverse relationship's name, or `nil`.
        public var inverse: String?

        /// Creates a relationship.
        ///
        /// - Parameters:
        ///   - name: The name.
        ///   - destination: The destination entity.
        ///   - isToMany: Whether it holds many objects.
        ///   - isOptional: Whether it may be empty.
        ///   - deleteRule: The delete rule, or `nil`.
        ///   - inverse: The inverse relationship, or `nil`.
        public init(name: String, destination: String, isToMany: Bool = false, isOptional: Bool = true,
                    deleteRule: String? = nil, inverse: String? = nil) {
            self.name = name
            self.destination = destination
            self.isToMany = isToMany
            self.isOptional = isOptional
            self.deleteRule = deleteRule
            self.inverse = inverse
        }

        /// The relationship's fields.
        public static let schema = RecordSchema<Relationship>(
            blank: Relationship(name: "", destination: ""),
            fields: [
                FieldDescriptor("name", \.name, template: TemplateColumn("name", "the relationship's name")),
                FieldDescriptor("destination", \.destination, template: TemplateColumn("destination", "the destination entity")),
                FieldDescriptor("isToMany", \.isToMany),
                FieldDescriptor("isOptional", \.isOptional),
                FieldDescriptor("deleteRule", \.deleteRule, template: TemplateColumn(
                    "deleteRule", "what deleting the source does to the destination: nullify, cascade, deny, noAction")),
                FieldDescriptor("inverse", \.inverse, template: TemplateColumn("inverse", "the inverse relationship")),
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

    /// The entity's name.
    public var name: String
    /// Where it is declared.
    public var framework: EntityFramework
    /// The file that declares it, relative to the scanned root (the `contents` file of the current model version).
    public var file: String
    /// The 1-based line of its declaration.
    public var line: Int
    /// The model version it comes from (`RecipeBox 2`), or `nil` for a SwiftData class.
    public var modelVersion: String?
    /// The class that represents it (`representedClassName`; the class itself for SwiftData), or `nil`.
    public var className: String?
    /// Whether it is abstract (only its sub-entities have objects).
    public var isAbstract: Bool
    /// The parent entity's name, or `nil`.
    public var parent: String?
    /// The doc comment's summary (SwiftData), or `nil`.
    public var summary: String?
    /// The attributes, in the model's order.
    public var attributes: [Attribute]
    /// The relationships, in the model's order.
    public var relationships: [Relationship]
    /// The fetch indexes, each as its name and its elements (`byName: name ascending, createdAt descending`).
    public var fetchIndexes: [String]
    /// The uniqueness constraints of several attributes, each as the attributes joined with `, ` (one-attribute
    /// constraints set the attribute's `isUnique` instead).
    public var uniquenessConstraints: [String]

    /// Creates an entity record.
    ///
    /// - Parameters:
    ///   - name: The entity's name.
    ///   - framework: Core Data or SwiftData.
    ///   - file: The declaring file.
    ///   - line: The declaration's line.
    ///   - modelVersion: The model version, or `nil`.
    ///   - className: The represented class, or `nil`.
    ///   - isAbstract: Whether it is abstract.
    ///   - parent: The parent entity, or `nil`.
    ///   - summary: The doc comment's summary, or `nil`.
    ///   - attributes: The attributes.
    ///   - relationships: The relationships.
    ///   - fetchIndexes: The fetch indexes as text.
    ///   - uniquenessConstraints: The constraints of several attributes.
    public init(name: String, framework: EntityFramework, file: String, line: Int, modelVersion: String? = nil,
                className: String? = nil, isAbstract: Bool = false, parent: String? = nil, summary: String? = nil,
                attributes: [Attribute] = [], relationships: [Relationship] = [], fetchIndexes: [String] = [],
                uniquenessConstraints: [String] = []) {
        self.name = name
        self.framework = framework
        self.file = file
        self.line = line
        self.modelVersion = modelVersion
        self.className = className
        self.isAbstract = isAbstract
        self.parent = parent
        self.summary = summary
        self.attributes = attributes
        self.relationships = relationships
        self.fetchIndexes = fetchIndexes
        self.uniquenessConstraints = uniquenessConstraints
    }

    /// The record's fields (Documentation/Schema.md, "Entity records").
    public static let schema = RecordSchema<EntityRecord>(
        blank: EntityRecord(name: "", framework: .coreData, file: "", line: 0),
        fields: [
            FieldDescriptor("name", \.name, template: TemplateColumn("name", "the entity's name")),
            FieldDescriptor("framework", \.framework),
            FieldDescriptor("file", \.file, template: TemplateColumn("file", "the model file or Swift file, relative to the scanned root")),
            FieldDescriptor("line", \.line, template: TemplateColumn("line", "the line of the entity's declaration")),
            FieldDescriptor("modelVersion", \.modelVersion, template: TemplateColumn("modelVersion", "the Core Data model version it comes from")),
            FieldDescriptor("className", \.className, template: TemplateColumn("className", "the class that represents it")),
            FieldDescriptor("isAbstract", \.isAbstract),
            FieldDescriptor("parent", \.parent, template: TemplateColumn("parent", "the parent entity")),
            FieldDescriptor("summary", \.summary, template: TemplateColumn("summary", "the doc comment's summary (SwiftData)")),
            FieldDescriptor("attributes", \.attributes),
            FieldDescriptor("relationships", \.relationships),
            FieldDescriptor("fetchIndexes", \.fetchIndexes),
            FieldDescriptor("uniquenessConstraints", \.uniquenessConstraints),
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

/// Where an entity is declared.
public enum EntityFramework: String, SchemaEnumeration {
    /// An entity of a Core Data model (`.xcdatamodeld`).
    case coreData
    /// A SwiftData `@Model` class.
    case swiftData
}
