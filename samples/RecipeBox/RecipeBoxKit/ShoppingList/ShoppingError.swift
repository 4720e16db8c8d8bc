//
//  ShoppingError.swift
//  RecipeBoxKit
//

import Foundation

/// Why an item could not be added to the shopping list.
public enum ShoppingError: LocalizedError {
    /// The item's title is empty or only spaces.
    case emptyTitle
    /// The list already has `limit` items.
    case listFull(limit: Int)

    public var errorDescription: String? {
        switch self {
        case .emptyTitle: return String(localized: "shopping.error.emptyTitle", bundle: .module)
        case .listFull(let limit): return "The list is full (\(limit) items)."
        }
    }
}
