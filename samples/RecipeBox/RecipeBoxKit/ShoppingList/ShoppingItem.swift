//
//  ShoppingItem.swift
//  RecipeBoxKit
//

import Foundation
import SwiftData

/// A list of things to buy, e.g. "Saturday market".
@Model
public final class ShoppingList {
    /// The list's name, unique among lists.
    @Attribute(.unique) public var name: String
    /// When the list was made.
    public var createdAt: Date
    /// The items; deleting the list deletes them.
    @Relationship(deleteRule: .cascade, inverse: \ShoppingItem.list)
    public var items: [ShoppingItem] = []

    /// Creates an empty list.
    ///
    /// - Parameter name: The list's name.
    public init(name: String) {
        self.name = name
        self.createdAt = .now
    }
}

/// One thing to buy.
@Model
public final class ShoppingItem {
    /// What to buy.
    public var title: String
    /// How many, in `unit`.
    public var quantity: Double = 1
    /// The unit ("g", "pcs"), or `nil` for a plain count.
    public var unit: String?
    /// Whether it is in the basket.
    public var isChecked = false
    /// The list the item is on.
    public var list: ShoppingList?
    /// Not stored: the row's text, recomputed when shown.
    @Transient public var displayText = ""

    /// Creates an unchecked item.
    ///
    /// - Parameters:
    ///   - title: What to buy.
    ///   - quantity: How many.
    public init(title: String, quantity: Double = 1) {
        self.title = title
        self.quantity = quantity
    }
}
