import Foundation
import Inventory

/// A record of the app around the code that a client form's row template is written once for (`{{screen.*}}`,
/// `{{transition.*}}`, `{{message.*}}`, `{{error.*}}`, `{{entity.*}}`, `{{attribute.*}}` rows), through the same
/// lowering as `{{property.*}}` rows (``FormLowering``).
enum AppRowItem {
    /// A screen.
    case screen(ScreenRecord)
    /// A screen transition.
    case transition(TransitionRecord)
    /// A message key.
    case message(MessageRecord)
    /// An error case (or an error type without cases).
    case error(ErrorRow)
    /// A data-model entity and its number among the entities.
    case entity(EntityRecord, entityNumber: Int)
    /// An attribute and the entity that holds it, with the entity's number.
    case attribute(EntityRecord.Attribute, entity: EntityRecord, entityNumber: Int)

    /// The items a row template of `scope` is written for, in the inventory's order: attribute rows list every
    /// attribute of every entity; empty for the other scopes or without an inventory.
    static func items(of scope: RowScope, in inventory: Inventory?) -> [AppRowItem] {
        guard let inventory else { return [] }
        switch scope {
        case .screen: return inventory.screens.map(AppRowItem.screen)
        case .transition: return inventory.transitions.map(AppRowItem.transition)
        case .message: return inventory.messages.map(AppRowItem.message)
        case .error: return ErrorRow.rows(inventory.errors).map(AppRowItem.error)
        case .entity: return inventory.entities.enumerated().map { .entity($0.element, entityNumber: $0.offset + 1) }
        case .attribute:
            return inventory.entities.enumerated().flatMap { offset, entity in
                entity.attributes.map { .attribute($0, entity: entity, entityNumber: offset + 1) }
            }
        default: return []
        }
    }

    /// The value of `field` for this item numbered `number`, or `nil` when the field belongs to another kind of row
    /// (an attribute row also answers its entity's fields).
    func value(of field: RowField, number: Int, context: DocumentContext) -> CellValue? {
        switch (self, field) {
        case (.screen(let record), .screen(let field)):
            return FieldCatalog.value(of: field, screen: record, number: number, context: context)
        case (.transition(let record), .transition(let field)):
            return FieldCatalog.value(of: field, transition: record, number: number, context: context)
        case (.message(let record), .message(let field)):
            return FieldCatalog.value(of: field, message: record, number: number, context: context)
        case (.error(let row), .error(let field)):
            return FieldCatalog.value(of: field, error: row, number: number, context: context)
        case (.entity(let record, _), .entity(let field)):
            return FieldCatalog.value(of: field, entity: record, number: number, context: context)
        case (.attribute(let record, _, _), .attribute(let field)):
            return FieldCatalog.value(of: field, attribute: record, number: number, context: context)
        case (.attribute(_, let entity, let entityNumber), .entity(let field)):
            return FieldCatalog.value(of: field, entity: entity, number: entityNumber, context: context)
        default:
            return nil
        }
    }
}
