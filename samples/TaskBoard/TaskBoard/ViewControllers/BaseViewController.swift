//
//  BaseViewController.swift
//  TaskBoard
//

import UIKit

/// The superclass of every screen: a loading overlay, error alerts and keyboard handling.
///
/// Declared `open` because the white-label builds in other modules subclass it.
open class BaseViewController: UIViewController {

    private lazy var activityIndicator: UIActivityIndicatorView = {
        let indicator = UIActivityIndicatorView(style: .large)
        indicator.translatesAutoresizingMaskIntoConstraints = false
        indicator.hidesWhenStopped = true
        return indicator
    }()

    /// Whether the loading overlay is visible.
    public var isLoading: Bool = false {
        didSet { isLoading ? activityIndicator.startAnimating() : activityIndicator.stopAnimating() }
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.addSubview(activityIndicator)
        NSLayoutConstraint.activate([
            activityIndicator.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            activityIndicator.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
        let tap = UITapGestureRecognizer(target: self, action: #selector(dismissKeyboard))
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
    }

    /// Shows an alert with a single OK button.
    ///
    /// - Parameters:
    ///   - title: The alert title.
    ///   - message: The explanation under the title.
    ///   - completion: Runs after the user dismisses the alert; does nothing by default.
    open func showError(title: String = "Something went wrong", message: String, completion: (() -> Void)? = nil) {
        let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in completion?() })
        present(alert, animated: true)
    }

    /// Runs asynchronous work with the loading overlay shown, and reports its error in an alert.
    ///
    /// - Parameter work: The work to run on the main actor.
    public final func performWithLoading(_ work: @escaping @MainActor () async throws -> Void) {
        isLoading = true
        Task {
            defer { isLoading = false }
            do {
                try await work()
            } catch {
                showError(message: error.localizedDescription)
            }
        }
    }

    /// Override point: called when the app returns to the foreground while this screen is visible.
    ///
    /// The default implementation does nothing.
    open func refreshAfterForeground() {}

    @objc private func dismissKeyboard() {
        view.endEditing(true)
    }
}
