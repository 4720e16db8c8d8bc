//
//  Money.swift
//  ShopCheckout
//

import Foundation

/// An amount of money in minor units (cents), so arithmetic never rounds.
///
/// Amounts of different currencies never mix: the arithmetic operators trap on a mismatch,
/// because that is always a programming error.
public struct Money: Hashable, Codable, Sendable {

    /// The currencies the shop sells in.
    public enum Currency: String, Codable, Sendable, CaseIterable {
        case usd = "USD"
        case eur = "EUR"
        case jpy = "JPY"
        case vnd = "VND"

        /// How many digits follow the decimal separator.
        public var minorUnitDigits: Int {
            switch self {
            case .usd, .eur: return 2
            case .jpy, .vnd: return 0
            }
        }
    }

    /// The amount in the currency's smallest unit (cents for USD, yen for JPY).
    public let minorUnits: Int
    public let currency: Currency

    /// Creates an amount from minor units.
    ///
    /// - Parameters:
    ///   - minorUnits: The amount in the smallest unit of the currency.
    ///   - currency: The currency.
    public init(minorUnits: Int, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Parses a decimal string such as `"12.99"`.
    ///
    /// - Parameters:
    ///   - string: The amount, with `.` as decimal separator and at most the currency's number of decimals.
    ///   - currency: The currency of the amount.
    /// - Returns: `nil` when the string is not a valid amount for the currency.
    public init?(_ string: String, currency: Currency) {
        guard let decimal = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        var scaled = decimal * pow(10, currency.minorUnitDigits)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled else { return nil }
        self.init(minorUnits: NSDecimalNumber(decimal: rounded).intValue, currency: currency)
    }

    /// Zero in a currency.
    public static func zero(_ currency: Currency) -> Money {
        Money(minorUnits: 0, currency: currency)
    }

    /// The amount formatted for the user's locale, e.g. "$12.99" or "¥1,200".
    public var formatted: String {
        let value = Decimal(minorUnits) / pow(10, currency.minorUnitDigits)
        return value.formatted(.currency(code: currency.rawValue))
    }

    /// A percentage of this amount, rounded half-up to the nearest minor unit.
    ///
    /// - Parameter percent: The percentage, e.g. `8.25` for 8.25 %.
    /// - Returns: The share of this amount.
    public func percentage(_ percent: Decimal) -> Money {
        var exact = Decimal(minorUnits) * percent / 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .plain)
        return Money(minorUnits: NSDecimalNumber(decimal: rounded).intValue, currency: currency)
    }
}

// MARK: - Arithmetic

extension Money: AdditiveArithmetic {
    /// Zero in US dollars; prefer `Money.zero(_:)`, which names the currency.
    public static var zero: Money { .zero(.usd) }

    /// Adds two amounts of the same currency.
    ///
    /// - Precondition: Both amounts have the same currency.
    public static func + (lhs: Money, rhs: Money) -> Money {
        precondition(lhs.currency == rhs.currency, "Cannot add \(lhs.currency) and \(rhs.currency)")
        return Money(minorUnits: lhs.minorUnits + rhs.minorUnits, currency: lhs.currency)
    }

    /// Subtracts an amount of the same currency.
    ///
    /// - Precondition: Both amounts have the same currency.
    public static func - (lhs: Money, rhs: Money) -> Money {
        precondition(lhs.currency == rhs.currency, "Cannot subtract \(rhs.currency) from \(lhs.currency)")
        return Money(minorUnits: lhs.minorUnits - rhs.minorUnits, currency: lhs.currency)
    }

    /// Multiplies an amount by a quantity.
    ///
    /// - Parameters:
    ///   - lhs: The unit price.
    ///   - rhs: The quantity.
    /// - Returns: The total for that quantity.
    public static func * (lhs: Money, rhs: Int) -> Money {
        Money(minorUnits: lhs.minorUnits * rhs, currency: lhs.currency)
    }
}

// MARK: - Comparable

extension Money: Comparable {
    public static func < (lhs: Money, rhs: Money) -> Bool {
        precondition(lhs.currency == rhs.currency, "Cannot compare \(lhs.currency) and \(rhs.currency)")
        return lhs.minorUnits < rhs.minorUnits
    }
}

extension Sequence where Element == Money {
    /// The sum of the amounts, or zero in `currency` for an empty sequence.
    ///
    /// - Parameter currency: The currency of every amount, and of the result.
    /// - Returns: The total.
    /// - Complexity: O(*n*).
    func sum(in currency: Money.Currency) -> Money {
        reduce(.zero(currency), +)
    }
}
