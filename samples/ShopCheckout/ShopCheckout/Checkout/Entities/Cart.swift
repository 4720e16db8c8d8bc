//
//  Cart.swift
//  ShopCheckout
//

import Foundation

/// One product line in the cart.
struct CartItem: Identifiable, Hashable, Codable {
    let id: String
    let sku: String
    var name: String
    var unitPrice: Money
    var quantity: Int
    var imageURL: URL?

    /// The price of the whole line.
    var lineTotal: Money { unitPrice * quantity }
}

/// The customer's cart: the lines, in the order they were added, and an optional promo code.
struct Cart: Codable, Equatable {
    private(set) var items: [CartItem] = []
    var promoCode: PromoCode?
    let currency: Money.Currency

    /// The maximum quantity of one product per order.
    static let maximumQuantity = 10

    /// Creates a cart.
    ///
    /// - Parameters:
    ///   - currency: The currency every item is priced in.
    ///   - items: The initial lines.
    init(currency: Money.Currency, items: [CartItem] = []) {
        self.currency = currency
        self.items = items
    }

    var isEmpty: Bool { items.isEmpty }

    /// The sum of all line totals, before discounts, shipping and tax.
    var subtotal: Money {
        items.map(\.lineTotal).sum(in: currency)
    }

    /// The line with a given SKU.
    ///
    /// - Parameter sku: The product's stock-keeping unit.
    subscript(sku sku: String) -> CartItem? {
        items.first { $0.sku == sku }
    }

    /// Adds a product, or raises the quantity of its existing line.
    ///
    /// - Parameters:
    ///   - item: The product line to add.
    /// - Returns: The line's new quantity, capped at `maximumQuantity`.
    @discardableResult
    mutating func add(_ item: CartItem) -> Int {
        if let index = items.firstIndex(where: { $0.sku == item.sku }) {
            items[index].quantity = min(items[index].quantity + item.quantity, Self.maximumQuantity)
            return items[index].quantity
        }
        var newItem = item
        newItem.quantity = min(item.quantity, Self.maximumQuantity)
        items.append(newItem)
        return newItem.quantity
    }

    /// Sets the quantity of a line; a quantity of zero removes it.
    mutating func setQuantity(_ quantity: Int, forSKU sku: String) {
        guard let index = items.firstIndex(where: { $0.sku == sku }) else { return }
        if quantity <= 0 {
            items.remove(at: index)
        } else {
            items[index].quantity = min(quantity, Self.maximumQuantity)
        }
    }

    /// Empties the cart and drops the promo code, after an order is placed.
    mutating func removeAll() {
        items.removeAll()
        promoCode = nil
    }
}

/// A validated promo code and what it takes off.
struct PromoCode: Codable, Equatable {

    /// What kind of reduction the code gives.
    enum Discount: Codable, Equatable {
        case percent(Decimal)
        case fixed(Money)
        case freeShipping
    }

    let code: String
    let discount: Discount
    let expiresAt: Date?

    /// Whether the code can still be used.
    ///
    /// - Parameter date: <#date description#>
    /// - Returns: <#description#>
    func isValid(on date: Date = Date()) -> Bool {
        guard let expiresAt else { return true }
        return date < expiresAt
    }
}
