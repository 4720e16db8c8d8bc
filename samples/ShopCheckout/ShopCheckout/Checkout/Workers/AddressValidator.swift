//
//  AddressValidator.swift
//  ShopCheckout
//

import Foundation

/// Checks a shipping address before the order is placed.
struct AddressValidator {

    /// The countries the shop ships to, as ISO 3166-1 alpha-2 codes.
    var supportedCountries: Set<String> = ["US", "CA", "JP", "VN", "DE", "FR"]

    /// Validates an address field by field.
    ///
    /// - Parameter address: The address to check.
    /// - Throws: `CheckoutError.addressInvalid(field:)` naming the first field that is wrong.
    func validate(_ address: ShippingAddress) throws {
        if address.fullName.trimmingCharacters(in: .whitespaces).isEmpty {
            throw CheckoutError.addressInvalid(field: "name")
        }
        if address.line1.trimmingCharacters(in: .whitespaces).isEmpty {
            throw CheckoutError.addressInvalid(field: "street")
        }
        guard supportedCountries.contains(address.countryCode.uppercased()) else {
            throw CheckoutError.addressInvalid(field: "country")
        }
        guard isValidPostalCode(address.postalCode, country: address.countryCode) else {
            throw CheckoutError.addressInvalid(field: "postal code")
        }
    }

    /// Whether a postal code has the right shape for a country.
    ///
    /// - Parameters:
    ///   - postalCode: The code as typed.
    ///   - country: The ISO country code.
    /// - Returns: `true` when the code matches the country's format; countries without a known format accept any code.
    func isValidPostalCode(_ postalCode: String, country: String) -> Bool {
        let pattern: String
        switch country.uppercased() {
        case "US": pattern = #"^\d{5}(-\d{4})?$"#
        case "CA": pattern = #"^[A-Z]\d[A-Z] ?\d[A-Z]\d$"#
        case "JP": pattern = #"^\d{3}-?\d{4}$"#
        case "VN": pattern = #"^\d{6}$"#
        default: return !postalCode.isEmpty
        }
        return postalCode.uppercased().range(of: pattern, options: .regularExpression) != nil
    }
}
