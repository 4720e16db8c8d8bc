//
//  BaseViewController.swift
//  RecipeBox
//

import UIKit

/// The superclass of the app's plain screens: shows errors in an alert.
class BaseViewController: UIViewController {

    /// Shows `error` in an alert with an OK button.
    ///
    /// - Parameter error: The error; a `LocalizedError` shows its description and failure reason.
    func present(_ error: Error) {
        let alert = UIAlertController(title: error.localizedDescription,
                                      message: (error as? LocalizedError)?.failureReason, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: NSLocalizedString("common.ok", comment: "OK button"), style: .default))
        present(alert, animated: true)
    }
}
