//
//  Order.swift
//  ShopCheckout
//

import Foundation

/// Where the parcel goes.
struct ShippingAddress: Codable, Equatable {
    var fullName: String
    var line1: String
    var line2: String?
    var city: String
    var postalCode: String
    var countryCode: String

    /// The address on one line, for the summary row.
    var singleLine: String {
        [line1, line2, city, postalCode, countryCode]
            .compactMap { $0?.isEmpty == false ? $0 : nil }
            .joined(separator: ", ")
    }
}

/// How the customer pays.
enum PaymentMethod: Equatable, Codable {

    /// A saved card; only the last four digits are ever stored on the device.
    struct Card: Equatable, Codable {

        /// The card networks the shop accepts.
        enum Brand: String, Codable {
            case visa, mastercard, amex, jcb

            /// The brand for a card number's first digits (its IIN), or `nil` if not accepted.
            ///
            /// - Parameter prefix: At least the first two digits of the card number.
            static func detect(fromPrefix prefix: String) -> Brand? {
                if prefix.hasPrefix("4") { return .visa }
                if prefix.hasPrefix("34") || prefix.hasPrefix("37") { return .amex }
                if prefix.hasPrefix("35") { return .jcb }
                if let twoDigits = Int(prefix.prefix(2)), (51...55).contains(twoDigits) { return .mastercard }
                return nil
            }
        }

        let token: String
        let brand: Brand
        let last4: String
        let expiryMonth: Int
        let expiryYear: Int

        /// Whether the card has expired by a given date.
        ///
        /// - Parameters:
        ///   - date: The date to check.
        ///   - calendar: The calendar to read month and year in.
        /// - Returns: `true` after the last day of the expiry month.
        func isExpired(on date: Date = Date(), calendar: Calendar = Calendar(identifier: .gregorian)) -> Bool {
            let components = calendar.dateComponents([.year, .month], from: date)
            guard let year = components.year, let month = components.month else { return false }
            return (year, month) > (expiryYear, expiryMonth)
        }
    }

    case card(Card)
    case applePay
    case cashOnDelivery

    /// The label shown in the payment method list.
    var displayName: String {
        switch self {
        case .card(let card): return "\(card.brand.rawValue.capitalized) •••• \(card.last4)"
        case .applePay: return "Apple Pay"
        case .cashOnDelivery: return "Cash on delivery"
        }
    }
}

/// A placed order, as returned by the order service.
struct Order: Identifiable, Codable, Equatable {

    /// Where the order is in fulfilment.
    enum Status: String, Codable {
        case pending, paid, shipped, delivered, cancelled
    }

    let id: String
    let items: [CartItem]
    let totals: CheckoutTotals
    let address: ShippingAddress
    let payment: PaymentMethod
    var status: Status
    let placedAt: Date
}

/// The money breakdown shown in the order summary.
struct CheckoutTotals: Codable, Equatable {
    var subtotal: Money
    var discount: Money
    var shipping: Money
    var tax: Money

    /// What the customer pays: subtotal minus discount, plus shipping and tax.
    var grandTotal: Money { subtotal - discount + shipping + tax }
}

/// Everything the interactor knows about the checkout in progress; handed to the presenter.
struct CheckoutSummary: Equatable {
    var cart: Cart
    var totals: CheckoutTotals
    var address: ShippingAddress?
    var paymentMethods: [PaymentMethod]
    var selectedPaymentMethod: PaymentMethod?
}
