//
//  SettingsViewController.swift
//  RecipeBox
//

import RecipeBoxKit
import SwiftUI
import UIKit

/// The second tab: units and the shopping list, which is a SwiftUI screen of RecipeBoxKit.
final class SettingsViewController: UITableViewController {

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("settings.title", comment: "Settings tab title")
    }

    @IBAction private func showShoppingList(_ sender: Any) {
        let shoppingList = UIHostingController(rootView: ShoppingListView())
        navigationController?.pushViewController(shoppingList, animated: true)
    }
}
