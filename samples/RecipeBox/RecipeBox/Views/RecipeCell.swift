//
//  RecipeCell.swift
//  RecipeBox
//

import UIKit

/// A recipe row, laid out in `RecipeCell.xib`.
final class RecipeCell: UITableViewCell {

    /// The identifier the list registers the nib under.
    static let reuseIdentifier = "RecipeCell"

    @IBOutlet private weak var nameLabel: UILabel!
    @IBOutlet private weak var servingsLabel: UILabel!

    /// Shows a recipe's name and servings.
    ///
    /// - Parameters:
    ///   - name: The recipe's name.
    ///   - servings: How many people it serves.
    func configure(name: String, servings: Int) {
        nameLabel.text = name
        servingsLabel.text = String.localizedStringWithFormat(NSLocalizedString("servings.count", comment: "Servings, plural"), servings)
    }
}
