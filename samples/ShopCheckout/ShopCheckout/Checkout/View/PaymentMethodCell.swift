//
//  PaymentMethodCell.swift
//  ShopCheckout
//

import UIKit

/// A payment method row with a radio-style checkmark.
final class PaymentMethodCell: UITableViewCell {

    static let reuseIdentifier = "PaymentMethodCell"

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .default, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Shows a payment option.
    ///
    /// - Parameter option: The option's title and state. Disabled options (expired cards) are dimmed.
    func configure(with option: CheckoutViewModel.PaymentOption) {
        var content = defaultContentConfiguration()
        content.text = option.title
        content.image = UIImage(systemName: option.isSelected ? "largecircle.fill.circle" : "circle")
        content.textProperties.color = option.isEnabled ? .label : .tertiaryLabel
        contentConfiguration = content
        isUserInteractionEnabled = option.isEnabled
        accessibilityTraits = option.isSelected ? [.button, .selected] : .button
    }
}
