//
//  CheckoutInteractor.swift
//  ShopCheckout
//

import Foundation

/// The services the interactor needs from outside the module.
protocol CheckoutRepository: Sendable {
    /// Loads the current cart.
    func loadCart() async throws -> Cart
    /// The customer's default shipping address, or `nil` when none is saved.
    func loadSavedAddress() async throws -> ShippingAddress?
    /// The payment methods the customer can use, the default one first.
    func loadPaymentMethods() async throws -> [PaymentMethod]
    /// Looks up a promo code on the server.
    ///
    /// - Parameter code: The code, upper-cased.
    /// - Returns: The code's terms, or `nil` when the server does not know it.
    func lookUpPromoCode(_ code: String) async throws -> PromoCode?
    /// Creates the order after the payment was captured.
    ///
    /// - Parameters:
    ///   - cart: The cart being bought.
    ///   - address: Where to ship.
    ///   - payment: The method that was charged.
    ///   - transactionID: The payment provider's transaction, stored with the order for refunds.
    /// - Returns: The created order.
    func submitOrder(cart: Cart, address: ShippingAddress, payment: PaymentMethod, transactionID: String) async throws -> Order
}

/// The checkout business logic: holds the summary, applies rules through its workers,
/// and reports every change to the presenter.
@MainActor
final class CheckoutInteractor: CheckoutInteractorInput {

    weak var output: CheckoutInteractorOutput?

    private let repository: CheckoutRepository
    private let pricing: PricingWorker
    private let addressValidator: AddressValidator
    private let paymentWorker: PaymentWorker
    private var summary: CheckoutSummary

    /// Creates the interactor.
    ///
    /// - Parameters:
    ///   - repository: Loads and submits checkout data.
    ///   - pricing: The pricing rules of the store.
    ///   - paymentWorker: Charges the selected payment method at most once.
    ///   - addressValidator: Checks the shipping address.
    init(
        repository: CheckoutRepository,
        pricing: PricingWorker = .unitedStates,
        paymentWorker: PaymentWorker,
        addressValidator: AddressValidator = AddressValidator()
    ) {
        self.repository = repository
        self.pricing = pricing
        self.paymentWorker = paymentWorker
        self.addressValidator = addressValidator
        let emptyCart = Cart(currency: .usd)
        self.summary = CheckoutSummary(
            cart: emptyCart,
            totals: pricing.totals(for: emptyCart),
            address: nil,
            paymentMethods: [],
            selectedPaymentMethod: nil
        )
    }

    /// Loads the cart, address and payment methods in parallel.
    func loadCheckout() async {
        let repository = self.repository
        do {
            async let cart = repository.loadCart()
            async let address = repository.loadSavedAddress()
            async let methods = repository.loadPaymentMethods()
            summary.cart = try await cart
            summary.address = try await address
            summary.paymentMethods = try await methods
            summary.selectedPaymentMethod = summary.paymentMethods.first
            recalculateAndNotify()
        } catch {
            output?.checkoutDidFail(.network)
        }
    }

    /// Looks the code up and applies it; an empty code removes the current one.
    ///
    /// - Parameter code: The code as typed.
    /// - Throws: `CheckoutError.promoCodeInvalid` for an unknown or expired code.
    func applyPromoCode(_ code: String) async throws {
        let normalized = code.trimmingCharacters(in: .whitespaces).uppercased()
        guard !normalized.isEmpty else {
            summary.cart.promoCode = nil
            recalculateAndNotify()
            return
        }
        guard let promo = try await repository.lookUpPromoCode(normalized), promo.isValid() else {
            throw CheckoutError.promoCodeInvalid(normalized)
        }
        summary.cart.promoCode = promo
        recalculateAndNotify()
    }

    /// Selects a payment method and recomputes the totals.
    ///
    /// - Parameter method: One of `summary.paymentMethods`.
    func selectPaymentMethod(_ method: PaymentMethod) {
        summary.selectedPaymentMethod = method
        recalculateAndNotify()
    }

    /// Updates the shipping address after the user edited it.
    ///
    /// - Parameter address: The new address.
    /// - Throws: `CheckoutError.addressInvalid` when a field is wrong; the old address is kept.
    func updateAddress(_ address: ShippingAddress) throws {
        try addressValidator.validate(address)
        summary.address = address
        recalculateAndNotify()
    }

    /// Places the order: validation, then payment, then submission.
    ///
    /// - Returns: The confirmed order.
    /// - Throws: `CheckoutError.cartEmpty`, `.addressMissing`, `.addressInvalid`, `.paymentDeclined` or `.network`.
    /// - Important: The payment is captured before the order is submitted. If submission fails, retrying
    ///   reuses the same transaction (see `PaymentWorker`), so the customer is never charged twice.
    @discardableResult
    func placeOrder() async throws -> Order {
        guard !summary.cart.isEmpty else { throw CheckoutError.cartEmpty }
        guard let address = summary.address else { throw CheckoutError.addressMissing }
        try addressValidator.validate(address)
        guard let payment = summary.selectedPaymentMethod else {
            throw CheckoutError.paymentDeclined(reason: "Choose a payment method.")
        }

        let transactionID = try await paymentWorker.pay(summary.totals.grandTotal, with: payment)
        do {
            let order = try await repository.submitOrder(
                cart: summary.cart,
                address: address,
                payment: payment,
                transactionID: transactionID
            )
            summary.cart.removeAll()
            return order
        } catch {
            throw CheckoutError.network
        }
    }

    // MARK: - Private

    private func recalculateAndNotify() {
        summary.totals = pricing.totals(for: summary.cart)
        output?.checkoutDidUpdate(summary)
    }
}
