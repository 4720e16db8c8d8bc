//
//  RecipeListViewController.swift
//  RecipeBox
//

import CoreData
import UIKit

/// The first tab: every recipe, newest first. Tapping one shows its details (segue `showRecipeDetail`).
final class RecipeListViewController: UITableViewController {

    /// Set by the scene delegate before the view loads.
    var dataStack: CoreDataStack?
    private var recipes: [NSManagedObject] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = L10n.Recipes.title
        tableView.register(UINib(nibName: "RecipeCell", bundle: nil), forCellReuseIdentifier: RecipeCell.reuseIdentifier)
        tableView.accessibilityHint = NSLocalizedString("onboarding.hint", comment: "VoiceOver hint of the recipe list")
        reload()
    }

    private func reload() {
        let request = NSFetchRequest<NSManagedObject>(entityName: "Recipe")
        request.sortDescriptors = [NSSortDescriptor(key: "createdAt", ascending: false)]
        recipes = (try? dataStack?.container.viewContext.fetch(request)) ?? []
        navigationItem.prompt = recipes.isEmpty ? L10n.Recipes.empty : L10n.Recipes.count(recipes.count)
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        recipes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: RecipeCell.reuseIdentifier, for: indexPath) as! RecipeCell
        cell.configure(name: recipes[indexPath.row].value(forKey: "name") as? String ?? "",
                       servings: recipes[indexPath.row].value(forKey: "servings") as? Int ?? 0)
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        performSegue(withIdentifier: "showRecipeDetail", sender: recipes[indexPath.row])
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == "showRecipeDetail", let detail = segue.destination as? RecipeDetailViewController {
            detail.recipe = sender as? NSManagedObject
        }
    }
}
