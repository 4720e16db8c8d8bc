//
//  CheckoutViewController.swift
//  ShopCheckout
//

import UIKit

/// The checkout screen: order summary, address, payment methods, promo code and the pay button.
final class CheckoutViewController: UIViewController {

    /// The table's sections, in display order.
    private enum Section: Int, CaseIterable {
        case summary
        case address
        case payment
    }

    private let presenter: CheckoutViewOutput
    private var viewModel: CheckoutViewModel = .placeholder

    private let tableView = UITableView(frame: .zero, style: .insetGrouped)
    private let promoField = UITextField()
    private let placeOrderButton = UIButton(configuration: .filled())
    private let spinner = UIActivityIndicatorView(style: .medium)

    /// Creates the screen.
    ///
    /// - Parameter presenter: Receives the user's actions.
    init(presenter: CheckoutViewOutput) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("CheckoutViewController is created by CheckoutRouter.createModule")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Checkout"
        view.backgroundColor = .systemGroupedBackground
        layoutViews()
        presenter.viewDidLoad()
    }

    // MARK: - Actions

    @IBAction func placeOrderTapped(_ sender: UIButton) {
        presenter.didTapPlaceOrder()
    }

    @objc private func promoCodeChanged(_ field: UITextField) {
        presenter.didChangePromoCode(field.text ?? "")
    }

    // MARK: - Layout

    private func layoutViews() {
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Row")
        tableView.register(PaymentMethodCell.self, forCellReuseIdentifier: PaymentMethodCell.reuseIdentifier)

        promoField.placeholder = "Promo code"
        promoField.autocapitalizationType = .allCharacters
        promoField.borderStyle = .roundedRect
        promoField.delegate = self
        promoField.addTarget(self, action: #selector(promoCodeChanged(_:)), for: .editingChanged)

        placeOrderButton.addTarget(self, action: #selector(placeOrderTapped(_:)), for: .touchUpInside)
        spinner.hidesWhenStopped = true

        let footer = UIStackView(arrangedSubviews: [promoField, placeOrderButton, spinner])
        footer.axis = .vertical
        footer.spacing = 12
        footer.isLayoutMarginsRelativeArrangement = true
        footer.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 12, leading: 20, bottom: 12, trailing: 20)

        let stack = UIStackView(arrangedSubviews: [tableView, footer])
        stack.axis = .vertical
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.topAnchor),
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
        ])
    }
}

// MARK: - CheckoutViewInput

extension CheckoutViewController: CheckoutViewInput {
    /// Shows a new display model and reloads the table.
    func display(_ viewModel: CheckoutViewModel) {
        self.viewModel = viewModel
        placeOrderButton.configuration?.title = viewModel.placeOrderTitle
        placeOrderButton.isEnabled = viewModel.isPlaceOrderEnabled
        tableView.reloadData()
    }

    /// Shows the spinner and disables the pay button while the presenter works.
    func setLoading(_ isLoading: Bool) {
        isLoading ? spinner.startAnimating() : spinner.stopAnimating()
        placeOrderButton.isEnabled = !isLoading && viewModel.isPlaceOrderEnabled
    }

    /// Shows the error in an alert, with "Try again" when the presenter allows a retry.
    ///
    /// - Parameters:
    ///   - message: The user-facing message.
    ///   - retryable: Whether "Try again" places the order again.
    func showError(_ message: String, retryable: Bool) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        if retryable {
            alert.addAction(UIAlertAction(title: "Try again", style: .default) { [weak self] _ in
                self?.presenter.didTapPlaceOrder()
            })
        }
        alert.addAction(UIAlertAction(title: "OK", style: .cancel))
        present(alert, animated: true)
    }
}

// MARK: - UITableViewDataSource

extension CheckoutViewController: UITableViewDataSource {
    func numberOfSections(in tableView: UITableView) -> Int {
        Section.allCases.count
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        switch Section(rawValue: section) {
        case .summary: return viewModel.rows.count
        case .address: return 1
        case .payment: return viewModel.paymentOptions.count
        case nil: return 0
        }
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        switch Section(rawValue: indexPath.section) {
        case .payment:
            let cell = tableView.dequeueReusableCell(withIdentifier: PaymentMethodCell.reuseIdentifier, for: indexPath)
            (cell as? PaymentMethodCell)?.configure(with: viewModel.paymentOptions[indexPath.row])
            return cell
        case .address:
            let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = viewModel.addressText
            content.image = UIImage(systemName: "shippingbox")
            cell.contentConfiguration = content
            cell.accessoryType = .disclosureIndicator
            return cell
        case .summary, nil:
            let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
            cell.contentConfiguration = summaryContent(for: viewModel.rows[indexPath.row], in: cell)
            cell.selectionStyle = .none
            return cell
        }
    }

    private func summaryContent(for row: CheckoutViewModel.Row, in cell: UITableViewCell) -> UIListContentConfiguration {
        var content = UIListContentConfiguration.valueCell()
        content.text = row.title
        content.secondaryText = row.detail.map { "\(row.amount)  (\($0))" } ?? row.amount
        if row.style == .total {
            content.textProperties.font = .preferredFont(forTextStyle: .headline)
            content.secondaryTextProperties.font = .preferredFont(forTextStyle: .headline)
        } else if row.style == .discount {
            content.secondaryTextProperties.color = .systemGreen
        }
        return content
    }
}

// MARK: - UITableViewDelegate

extension CheckoutViewController: UITableViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        switch Section(rawValue: indexPath.section) {
        case .address: presenter.didTapEditAddress()
        case .payment: presenter.didSelectPaymentMethod(at: indexPath.row)
        default: break
        }
    }
}

// MARK: - UITextFieldDelegate

extension CheckoutViewController: UITextFieldDelegate {
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        textField.resignFirstResponder()
        return true
    }
}
