//
//  CheckoutPresenter.swift
//  ShopCheckout
//

import Foundation

/// Turns checkout state into display models and user events into interactor calls.
@MainActor
final class CheckoutPresenter {

    weak var view: CheckoutViewInput?
    private let interactor: CheckoutInteractorInput
    private let router: CheckoutRouterInput
    private var lastSummary: CheckoutSummary?
    private var promoTask: Task<Void, Never>?

    /// Creates the presenter; `CheckoutRouter.createModule` sets `view` afterwards.
    ///
    /// - Parameters:
    ///   - interactor: Runs the business logic.
    ///   - router: Navigates out of checkout.
    init(interactor: CheckoutInteractorInput, router: CheckoutRouterInput) {
        self.interactor = interactor
        self.router = router
    }

    /**
     Builds the display model for a checkout state.

     Pure and static, so tests can check the formatting without a view.

     - Parameters:
       - summary: The state from the interactor.
       - now: The date used to disable expired cards.
     - Returns: The rows, address text and payment options for the screen.
     */
    static func makeViewModel(from summary: CheckoutSummary, now: Date = Date()) -> CheckoutViewModel {
        var rows = summary.cart.items.map { item in
            CheckoutViewModel.Row(
                title: item.name,
                detail: item.quantity > 1 ? "\(item.quantity) × \(item.unitPrice.formatted)" : nil,
                amount: item.lineTotal.formatted,
                style: .item
            )
        }
        let totals = summary.totals
        rows.append(.init(title: "Subtotal", detail: nil, amount: totals.subtotal.formatted, style: .subtotal))
        if totals.discount.minorUnits > 0 {
            rows.append(.init(
                title: "Discount",
                detail: summary.cart.promoCode?.code,
                amount: "−" + totals.discount.formatted,
                style: .discount
            ))
        }
        rows.append(.init(
            title: "Shipping",
            detail: nil,
            amount: totals.shipping.minorUnits == 0 ? "Free" : totals.shipping.formatted,
            style: .subtotal
        ))
        rows.append(.init(title: "Tax", detail: nil, amount: totals.tax.formatted, style: .subtotal))
        rows.append(.init(title: "Total", detail: nil, amount: totals.grandTotal.formatted, style: .total))

        let options = summary.paymentMethods.map { method in
            CheckoutViewModel.PaymentOption(
                title: method.displayName,
                isSelected: method == summary.selectedPaymentMethod,
                isEnabled: !isExpiredCard(method, now: now)
            )
        }
        return CheckoutViewModel(
            rows: rows,
            addressText: summary.address?.singleLine ?? "Add a shipping address",
            paymentOptions: options,
            placeOrderTitle: "Pay \(totals.grandTotal.formatted)",
            isPlaceOrderEnabled: !summary.cart.isEmpty && summary.address != nil && summary.selectedPaymentMethod != nil
        )
    }

    private static func isExpiredCard(_ method: PaymentMethod, now: Date) -> Bool {
        if case .card(let card) = method {
            return card.isExpired(on: now)
        }
        return false
    }
}

// MARK: - CheckoutViewOutput

extension CheckoutPresenter: CheckoutViewOutput {
    /// Shows the placeholder and starts loading the checkout.
    func viewDidLoad() {
        view?.display(.placeholder)
        view?.setLoading(true)
        Task { await interactor.loadCheckout() }
    }

    func didSelectPaymentMethod(at index: Int) {
        guard let methods = lastSummary?.paymentMethods, methods.indices.contains(index) else { return }
        interactor.selectPaymentMethod(methods[index])
    }

    /// Applies the promo code after the user stops typing for half a second.
    ///
    /// - Parameter code: The text of the promo code field.
    func didChangePromoCode(_ code: String) {
        promoTask?.cancel()
        promoTask = Task { [interactor, weak view] in
            try? await Task.sleep(for: .milliseconds(500))
            guard !Task.isCancelled else { return }
            do {
                try await interactor.applyPromoCode(code)
            } catch let error as CheckoutError {
                view?.showError(error.userMessage)
            } catch {
                view?.showError(CheckoutError.network.userMessage, retryable: true)
            }
        }
    }

    /// Places the order and shows the confirmation, or an error the user can retry.
    func didTapPlaceOrder() {
        view?.setLoading(true)
        Task {
            defer { view?.setLoading(false) }
            do {
                let order = try await interactor.placeOrder()
                router.showConfirmation(for: order)
            } catch let error as CheckoutError {
                view?.showError(error.userMessage, retryable: error == .network)
            } catch {
                view?.showError(error.localizedDescription, retryable: true)
            }
        }
    }

    func didTapEditAddress() {
        router.showAddressEditor(current: lastSummary?.address) { [weak self] newAddress in
            guard let self, let newAddress else { return }
            do {
                try interactor.updateAddress(newAddress)
            } catch let error as CheckoutError {
                view?.showError(error.userMessage)
            } catch {
                view?.showError(error.localizedDescription)
            }
        }
    }
}

// MARK: - CheckoutInteractorOutput

extension CheckoutPresenter: CheckoutInteractorOutput {
    /// Redraws the screen from the new state.
    ///
    /// - Parameter summary: The state after the change.
    func checkoutDidUpdate(_ summary: CheckoutSummary) {
        lastSummary = summary
        view?.setLoading(false)
        view?.display(Self.makeViewModel(from: summary))
    }

    func checkoutDidFail(_ error: CheckoutError) {
        view?.setLoading(false)
        view?.showError(error.userMessage, retryable: error == .network)
    }
}
