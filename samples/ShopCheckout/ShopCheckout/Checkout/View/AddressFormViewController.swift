//
//  AddressFormViewController.swift
//  ShopCheckout
//

import UIKit

/// A simple form to add or edit the shipping address.
final class AddressFormViewController: UIViewController {

    /// The form's text fields, in tab order.
    private enum Field: Int, CaseIterable {
        case fullName, line1, line2, city, postalCode, countryCode

        var placeholder: String {
            switch self {
            case .fullName: return "Full name"
            case .line1: return "Street address"
            case .line2: return "Apartment, suite (optional)"
            case .city: return "City"
            case .postalCode: return "Postal code"
            case .countryCode: return "Country code (e.g. US)"
            }
        }
    }

    private let initialAddress: ShippingAddress?
    private let completion: (ShippingAddress?) -> Void
    private var textFields: [Field: UITextField] = [:]

    /// <#Description#>
    /// - Parameters:
    ///   - address: <#address description#>
    ///   - completion: <#completion description#>
    init(address: ShippingAddress?, completion: @escaping (ShippingAddress?) -> Void) {
        self.initialAddress = address
        self.completion = completion
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = initialAddress == nil ? "Add Address" : "Edit Address"
        view.backgroundColor = .systemBackground
        navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .cancel, primaryAction: UIAction { [weak self] _ in
            self?.finish(with: nil)
        })
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .save, primaryAction: UIAction { [weak self] _ in
            self?.finish(with: self?.enteredAddress())
        })
        buildFields()
    }

    private func buildFields() {
        let stack = UIStackView()
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        for field in Field.allCases {
            let textField = UITextField()
            textField.placeholder = field.placeholder
            textField.borderStyle = .roundedRect
            textField.text = initialValue(for: field)
            textFields[field] = textField
            stack.addArrangedSubview(textField)
        }
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    private func initialValue(for field: Field) -> String? {
        guard let address = initialAddress else { return nil }
        switch field {
        case .fullName: return address.fullName
        case .line1: return address.line1
        case .line2: return address.line2
        case .city: return address.city
        case .postalCode: return address.postalCode
        case .countryCode: return address.countryCode
        }
    }

    /// The address typed in the form; validation happens in the interactor.
    private func enteredAddress() -> ShippingAddress {
        func text(_ field: Field) -> String {
            textFields[field]?.text?.trimmingCharacters(in: .whitespaces) ?? ""
        }
        let line2 = text(.line2)
        return ShippingAddress(
            fullName: text(.fullName),
            line1: text(.line1),
            line2: line2.isEmpty ? nil : line2,
            city: text(.city),
            postalCode: text(.postalCode),
            countryCode: text(.countryCode).uppercased()
        )
    }

    private func finish(with address: ShippingAddress?) {
        completion(address)
        dismiss(animated: true)
    }
}
