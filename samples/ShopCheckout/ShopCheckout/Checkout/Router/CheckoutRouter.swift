//
//  CheckoutRouter.swift
//  ShopCheckout
//

import UIKit

/// Assembles the checkout module and performs its navigation.
final class CheckoutRouter {

    private weak var viewController: UIViewController?

    private init() {}

    /// Builds the whole VIPER stack and returns its view controller.
    ///
    /// - Parameters:
    ///   - repository: Loads and submits checkout data.
    ///   - paymentProcessor: Charges the payment method.
    /// - Returns: The checkout screen, ready to push.
    @MainActor
    static func createModule(repository: CheckoutRepository, paymentProcessor: PaymentProcessing) -> UIViewController {
        let router = CheckoutRouter()
        let interactor = CheckoutInteractor(
            repository: repository,
            paymentWorker: PaymentWorker(processor: paymentProcessor)
        )
        let presenter = CheckoutPresenter(interactor: interactor, router: router)
        let view = CheckoutViewController(presenter: presenter)

        presenter.view = view
        interactor.output = presenter
        router.viewController = view
        return view
    }

#if DEBUG
    /// The module wired to in-memory fakes, for SwiftUI previews and UI tests.
    @MainActor
    static func createPreviewModule() -> UIViewController {
        createModule(repository: PreviewCheckoutRepository(), paymentProcessor: FakePaymentProcessor())
    }
#endif
}

// MARK: - CheckoutRouterInput

extension CheckoutRouter: CheckoutRouterInput {
    func showConfirmation(for order: Order) {
        let alert = UIAlertController(
            title: "Thank you!",
            message: "Order \(order.id) is confirmed. We'll email you when it ships.",
            preferredStyle: .alert
        )
        alert.addAction(UIAlertAction(title: "Done", style: .default) { [weak self] _ in
            self?.dismissCheckout()
        })
        viewController?.present(alert, animated: true)
    }

    /// Presents the address form modally.
    ///
    /// - Parameters:
    ///   - address: The address to edit, or `nil` to add one.
    ///   - completion: Receives the new address, or `nil` when the user cancelled.
    func showAddressEditor(current address: ShippingAddress?, completion: @escaping (ShippingAddress?) -> Void) {
        let form = AddressFormViewController(address: address, completion: completion)
        viewController?.present(UINavigationController(rootViewController: form), animated: true)
    }

    func dismissCheckout() {
        if let navigationController = viewController?.navigationController {
            navigationController.popToRootViewController(animated: true)
        } else {
            viewController?.dismiss(animated: true)
        }
    }
}

#if DEBUG
/// Canned data for previews: three items, a saved address and two payment methods.
private struct PreviewCheckoutRepository: CheckoutRepository {
    func loadCart() async throws -> Cart {
        var cart = Cart(currency: .usd)
        cart.add(CartItem(id: "1", sku: "TEE-M-BLK", name: "Logo T-shirt", unitPrice: Money(minorUnits: 2_400, currency: .usd), quantity: 2))
        cart.add(CartItem(id: "2", sku: "MUG-001", name: "Enamel mug", unitPrice: Money(minorUnits: 1_450, currency: .usd), quantity: 1))
        return cart
    }

    func loadSavedAddress() async throws -> ShippingAddress? {
        ShippingAddress(fullName: "Linh Tran", line1: "1 Infinite Loop", city: "Cupertino", postalCode: "95014", countryCode: "US")
    }

    func loadPaymentMethods() async throws -> [PaymentMethod] {
        let card = PaymentMethod.Card(token: "tok_visa", brand: .visa, last4: "4242", expiryMonth: 12, expiryYear: 2030)
        return [.card(card), .applePay]
    }

    func lookUpPromoCode(_ code: String) async throws -> PromoCode? {
        code == "WELCOME10" ? PromoCode(code: code, discount: .percent(10), expiresAt: nil) : nil
    }

    func submitOrder(cart: Cart, address: ShippingAddress, payment: PaymentMethod, transactionID: String) async throws -> Order {
        let pricing = PricingWorker.unitedStates
        return Order(
            id: "PREVIEW-\(transactionID.suffix(4))",
            items: cart.items,
            totals: pricing.totals(for: cart),
            address: address,
            payment: payment,
            status: .paid,
            placedAt: Date()
        )
    }
}
#endif
