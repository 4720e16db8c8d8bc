//
//  CheckoutViewModel.swift
//  ShopCheckout
//

import Foundation

/// The checkout screen's content, formatted for display. Built by the presenter; the view only reads it.
struct CheckoutViewModel: Equatable {

    /// One row of the order summary table.
    struct Row: Equatable {
        /// The visual weight of a row.
        enum Style: Equatable {
            case item
            case subtotal
            case discount
            case total
        }

        let title: String
        let detail: String?
        let amount: String
        let style: Style
    }

    /// One selectable payment method.
    struct PaymentOption: Equatable {
        let title: String
        let isSelected: Bool
        let isEnabled: Bool
    }

    var rows: [Row]
    var addressText: String
    var paymentOptions: [PaymentOption]
    var placeOrderTitle: String
    var isPlaceOrderEnabled: Bool

    /// The content shown before the first load finishes.
    static let placeholder = CheckoutViewModel(
        rows: [],
        addressText: "",
        paymentOptions: [],
        placeOrderTitle: "Place order",
        isPlaceOrderEnabled: false
    )
}
