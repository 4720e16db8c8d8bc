//
//  CheckoutContracts.swift
//  ShopCheckout
//
//  The VIPER boundaries of the checkout module. Each layer only knows the protocols
//  of its neighbours, so each can be replaced by a test double.
//

import UIKit

// MARK: - View

/// What the presenter may ask the checkout screen to show.
@MainActor
protocol CheckoutViewInput: AnyObject {
    /// Shows the full checkout state.
    ///
    /// - Parameter viewModel: Everything the screen displays, already formatted.
    func display(_ viewModel: CheckoutViewModel)

    /// Shows or hides the blocking progress indicator.
    func setLoading(_ isLoading: Bool)

    /// Shows an error message inline under the order summary.
    ///
    /// - Parameters:
    ///   - message: A short, user-facing explanation.
    ///   - retryable: Whether to offer a "Try again" button.
    func showError(_ message: String, retryable: Bool)
}

extension CheckoutViewInput {
    /// Shows an error without a retry button.
    func showError(_ message: String) {
        showError(message, retryable: false)
    }
}

// MARK: - Presenter

/// The events the checkout screen forwards to its presenter.
@MainActor
protocol CheckoutViewOutput: AnyObject {
    /// The screen loaded; start fetching the checkout.
    func viewDidLoad()
    /// The user picked a payment method.
    ///
    /// - Parameter index: The row of the method in `CheckoutViewModel.paymentOptions`.
    func didSelectPaymentMethod(at index: Int)
    /// The promo code text changed.
    ///
    /// - Parameter code: <#code description#>
    func didChangePromoCode(_ code: String)
    /// The user confirmed the order.
    func didTapPlaceOrder()
    /// The user tapped the address row.
    func didTapEditAddress()
}

// MARK: - Interactor

/// The business operations of checkout, called by the presenter.
@MainActor
protocol CheckoutInteractorInput: AnyObject {
    /// Loads the cart, the saved address and the available payment methods.
    func loadCheckout() async

    /// Applies a promo code to the cart.
    ///
    /// - Parameter code: The code as typed; case is ignored.
    /// - Throws: `CheckoutError.promoCodeInvalid` when the code is unknown or expired.
    func applyPromoCode(_ code: String) async throws

    /// Makes a payment method the one to charge.
    func selectPaymentMethod(_ method: PaymentMethod)

    /// Replaces the shipping address.
    ///
    /// - Parameter address: The new address.
    /// - Throws: `CheckoutError.addressInvalid` when a field is wrong.
    func updateAddress(_ address: ShippingAddress) throws

    /// Validates the order, charges the payment method and creates the order.
    ///
    /// - Returns: The confirmed order.
    /// - Throws: A `CheckoutError` describing the first step that failed.
    @discardableResult
    func placeOrder() async throws -> Order
}

/// The results the interactor reports back to the presenter.
@MainActor
protocol CheckoutInteractorOutput: AnyObject {
    /// The checkout state changed (cart, totals, address or payment method).
    ///
    /// - Parameter summary: The new state.
    func checkoutDidUpdate(_ summary: CheckoutSummary)

    func checkoutDidFail(_ error: CheckoutError)
}

extension CheckoutInteractorOutput {
    /// Default: ignore failures. Presenters that show errors override this.
    func checkoutDidFail(_ error: CheckoutError) {}
}

// MARK: - Router

/// Navigation out of the checkout module.
@MainActor
protocol CheckoutRouterInput: AnyObject {
    /// Shows the confirmation screen for a placed order.
    ///
    /// - Parameter order: The confirmed order.
    func showConfirmation(for order: Order)

    /// Opens the address editor.
    ///
    /// - Parameters:
    ///   - address: The address to edit, or `nil` to add one.
    ///   - completion: Receives the new address, or `nil` when the user cancelled.
    func showAddressEditor(current address: ShippingAddress?, completion: @escaping (ShippingAddress?) -> Void)

    /// Leaves checkout, back to the cart.
    func dismissCheckout()
}

extension CheckoutRouterInput {
    /// Opens the address editor and ignores the result.
    ///
    /// - Parameter address: <#address description#>
    func showAddressEditor(current address: ShippingAddress?) {
        showAddressEditor(current: address) { _ in }
    }
}

/// Everything that can stop a checkout, with a message a customer can read.
enum CheckoutError: Error, Equatable {
    case cartEmpty
    case addressMissing
    case addressInvalid(field: String)
    case promoCodeInvalid(String)
    case paymentDeclined(reason: String)
    case network

    /// The message shown under the order summary.
    var userMessage: String {
        switch self {
        case .cartEmpty: return "Your cart is empty."
        case .addressMissing: return "Add a shipping address to continue."
        case .addressInvalid(let field): return "Check the \(field) of your address."
        case .promoCodeInvalid(let code): return "The code \(code) is not valid."
        case .paymentDeclined(let reason): return "Payment declined: \(reason)"
        case .network: return "We couldn't reach the store. Check your connection."
        }
    }
}
