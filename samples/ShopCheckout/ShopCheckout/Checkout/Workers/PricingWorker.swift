//
//  PricingWorker.swift
//  ShopCheckout
//
//  Ported from the web shop's pricing rules; the Doxygen-style comments are kept as the
//  backend team writes them, so both code bases read the same.
//

import Foundation

/**
 * Computes the totals of a cart: discount, shipping and tax.
 *
 * The rules match the backend's `PricingService`; the backend recomputes them when the
 * order is placed, so the app's numbers are only a preview.
 */
struct PricingWorker {

    /// Orders at or above this subtotal ship for free.
    var freeShippingThreshold: Money
    /// The flat shipping fee below the threshold.
    var shippingFee: Money
    /// Sales tax in percent, applied after the discount.
    var taxPercent: Decimal

    /**
     * Computes every total of a cart.
     *
     * @param cart The cart to price; its promo code, if any, is applied.
     * @return The subtotal, discount, shipping and tax, all in the cart's currency.
     */
    func totals(for cart: Cart) -> CheckoutTotals {
        let subtotal = cart.subtotal
        let discount = discount(for: cart.promoCode, subtotal: subtotal)
        let shipping = shippingCost(subtotal: subtotal - discount, promoCode: cart.promoCode)
        let tax = (subtotal - discount).percentage(taxPercent)
        return CheckoutTotals(subtotal: subtotal, discount: discount, shipping: shipping, tax: tax)
    }

    /**
     * The amount a promo code takes off.
     *
     * @param promoCode The applied code, or `nil`.
     * @param subtotal The cart subtotal the code applies to.
     * @return The discount, never more than the subtotal.
     */
    func discount(for promoCode: PromoCode?, subtotal: Money) -> Money {
        guard let promoCode, promoCode.isValid() else { return .zero(subtotal.currency) }
        switch promoCode.discount {
        case .percent(let percent):
            return min(subtotal.percentage(percent), subtotal)
        case .fixed(let amount):
            return min(amount, subtotal)
        case .freeShipping:
            return .zero(subtotal.currency)
        }
    }

    /**
     * @brief The shipping cost for a discounted subtotal.
     * @param subtotal The subtotal after discount.
     * @param promoCode The applied promo code; `freeShipping` codes waive the fee.
     * @returns Zero above the free-shipping threshold, else the flat fee.
     */
    func shippingCost(subtotal: Money, promoCode: PromoCode?) -> Money {
        if promoCode?.discount == .freeShipping || subtotal >= freeShippingThreshold {
            return .zero(subtotal.currency)
        }
        return shippingFee
    }
}

extension PricingWorker {
    /// The US store's rules: free shipping from $50, $4.99 otherwise, 8.25 % tax.
    static let unitedStates = PricingWorker(
        freeShippingThreshold: Money(minorUnits: 5_000, currency: .usd),
        shippingFee: Money(minorUnits: 499, currency: .usd),
        taxPercent: 8.25
    )
}
