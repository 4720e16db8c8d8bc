//
//  RecipeDetailViewController.swift
//  RecipeBox
//

import CoreData
import UIKit

/// One recipe: its name, servings and ingredients; the Delete button asks first.
final class RecipeDetailViewController: BaseViewController {

    @IBOutlet private weak var nameLabel: UILabel!
    @IBOutlet private weak var servingsLabel: UILabel!

    /// The recipe shown, set by the list before the segue.
    var recipe: NSManagedObject?

    override func viewDidLoad() {
        super.viewDidLoad()
        guard let recipe, let name = recipe.value(forKey: "name") as? String else {
            present(RecipeError.missingName)
            return
        }
        nameLabel.text = name
        let servings = recipe.value(forKey: "servings") as? Int ?? 0
        servingsLabel.text = String.localizedStringWithFormat(NSLocalizedString("servings.count", comment: "Servings, plural"), servings)
    }

    @IBAction private func deleteTapped(_ sender: UIBarButtonItem) {
        let name = recipe?.value(forKey: "name") as? String ?? ""
        let title = String(format: NSLocalizedString("recipe.delete.confirm", comment: "Asks before deleting; %@ is the recipe name"), name)
        let alert = UIAlertController(title: title, message: nil, preferredStyle: .actionSheet)
        alert.addAction(UIAlertAction(title: NSLocalizedString("recipe.delete", comment: "Destructive button"), style: .destructive) { _ in
            self.performSegue(withIdentifier: "unwindToRecipes", sender: self)
        })
        alert.addAction(UIAlertAction(title: NSLocalizedString("common.cancel", comment: "Cancel button"), style: .cancel))
        present(alert, animated: true)
    }
}
