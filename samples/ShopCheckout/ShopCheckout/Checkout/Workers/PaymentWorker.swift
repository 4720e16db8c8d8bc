//
//  PaymentWorker.swift
//  ShopCheckout
//

import Foundation

/// Charges a payment method. The production implementation talks to the payment provider's SDK.
protocol PaymentProcessing: Sendable {
    /// Authorises and captures an amount.
    ///
    /// - Parameters:
    ///   - amount: The amount to charge.
    ///   - method: The payment method to charge.
    ///   - idempotencyKey: A key unique to this checkout attempt; retries with the same key never charge twice.
    /// - Returns: The provider's transaction identifier.
    /// - Throws: `CheckoutError.paymentDeclined` or `CheckoutError.network`.
    func charge(_ amount: Money, to method: PaymentMethod, idempotencyKey: String) async throws -> String
}

/// Serialises payment attempts so a double tap on "Place order" can never charge twice.
///
/// - Important: Keep one `PaymentWorker` per checkout session: the idempotency key lives here.
actor PaymentWorker {

    /// Where a payment attempt stands.
    enum State: Equatable {
        case idle
        case charging
        case charged(transactionID: String)
    }

    private let processor: PaymentProcessing
    private let idempotencyKey = UUID().uuidString
    private(set) var state: State = .idle

    /// - Parameter processor: The payment provider client.
    init(processor: PaymentProcessing) {
        self.processor = processor
    }

    /// Charges the order total, once.
    ///
    /// Calling it again after a success returns the same transaction without charging again;
    /// calling it while a charge is running throws.
    ///
    /// - Parameters:
    ///   - amount: The grand total.
    ///   - method: The selected payment method.
    /// - Returns: The transaction identifier.
    /// - Throws: `CheckoutError.paymentDeclined` when the provider refuses, or when a charge is already running.
    func pay(_ amount: Money, with method: PaymentMethod) async throws -> String {
        switch state {
        case .charged(let transactionID):
            return transactionID
        case .charging:
            throw CheckoutError.paymentDeclined(reason: "A payment is already in progress.")
        case .idle:
            break
        }
        if case .card(let card) = method, card.isExpired() {
            throw CheckoutError.paymentDeclined(reason: "The card has expired.")
        }
        state = .charging
        do {
            let transactionID = try await processor.charge(amount, to: method, idempotencyKey: idempotencyKey)
            state = .charged(transactionID: transactionID)
            return transactionID
        } catch {
            state = .idle
            throw error
        }
    }
}

#if DEBUG
/// A processor for previews and UI tests: approves everything except amounts ending in 13 cents.
struct FakePaymentProcessor: PaymentProcessing {
    func charge(_ amount: Money, to method: PaymentMethod, idempotencyKey: String) async throws -> String {
        try await Task.sleep(for: .milliseconds(400))
        if amount.minorUnits % 100 == 13 {
            throw CheckoutError.paymentDeclined(reason: "Test decline")
        }
        return "test_\(idempotencyKey.prefix(8))"
    }
}
#endif
