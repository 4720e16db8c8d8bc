// swiftlint:disable all
// Written in the shape SwiftGen's strings template generates (`swiftgen strings`), kept by hand in this sample.

import Foundation

/// Typed accessors for the `Localizable` table.
enum L10n {
    /// The recipe list.
    enum Recipes {
        /// Recipes
        static let title = L10n.tr("Localizable", "recipes.title", fallback: "Recipes")
        /// No recipes yet
        static let empty = L10n.tr("Localizable", "recipes.empty", fallback: "No recipes yet")
        /// Plural format key: "%#@recipes@"
        static func count(_ p1: Int) -> String {
            L10n.tr("Localizable", "recipes.count", p1, fallback: "%#@recipes@")
        }
    }

    /// Error alerts.
    enum Error {
        /// This file was not exported from RecipeBox.
        static let unsupportedImport = L10n.tr("Localizable", "error.recipe.unsupportedImport", fallback: "This file was not exported from RecipeBox.")
    }

    private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
        let format = Bundle.main.localizedString(forKey: key, value: value, table: table)
        return String(format: format, locale: Locale.current, arguments: args)
    }
}
