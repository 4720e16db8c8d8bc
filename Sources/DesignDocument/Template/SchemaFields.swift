import Inventory

/// The fields DocSheet works out for the rows of one record kind (a running number, words in the document's language,
/// texts joined from several record fields), beside the fields of the record's schema shown as they are.
protocol PresentedField: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// What the field shows, for `docsheet templates fields` and the documentation.
    var fieldDescription: String { get }
}

/// Where the value of a template field of a record kind comes from: a field of `Record`'s schema that names a template
/// column (its name, description and cell come from the schema, so a new record field is a template field without an
/// edit elsewhere), or a field DocSheet works out for the row. ``FunctionField`` and ``PropertyField`` are each one.
enum FieldSource<Record: SchemaRecord, Presented: PresentedField>: Hashable, Sendable {
    /// A field worked out for the row.
    case presented(Presented)
    /// A field of `Record.schema`, by its index in the schema's fields.
    case recorded(Int)

    /// The field templates spell `name`: a worked-out field first, then a schema field that names a template column.
    init?(named name: String) {
        if let presented = Presented(rawValue: name) {
            self = .presented(presented)
        } else if let index = Record.schema.fields.firstIndex(where: { $0.template?.name == name }) {
            self = .recorded(index)
        } else {
            return nil
        }
    }

    /// The name templates use.
    var name: String {
        switch self {
        case .presented(let presented): return presented.rawValue
        case .recorded(let index): return Record.schema.fields[index].template?.name ?? ""
        }
    }

    /// What the field shows.
    var fieldDescription: String {
        switch self {
        case .presented(let presented): return presented.fieldDescription
        case .recorded(let index): return Record.schema.fields[index].template?.description ?? ""
        }
    }

    /// Every field in catalogue order: the fields `order` names, then the schema's template fields it does not name
    /// yet, in schema order.
    ///
    /// - Parameter order: Field names, each a worked-out field or a schema template field.
    static func catalogue(order: [String]) -> [FieldSource] {
        let listed = order.map { FieldSource(named: $0)! }
        let recorded = Record.schema.fields.indices.filter { Record.schema.fields[$0].template != nil }.map(FieldSource.recorded)
        return listed + recorded.filter { !listed.contains($0) }
    }
}
