//
//  RecipeError.swift
//  RecipeBox
//

import Foundation

/// What can go wrong while editing or importing a recipe. Shown to the user in an alert.
enum RecipeError: LocalizedError, Equatable {
    /// The recipe was deleted on another device while it was open.
    case notFound(id: UUID)
    /// Servings must be between 1 and 99.
    case invalidServings(Int)
    /// The recipe has no name.
    case missingName
    /// The shared file is not a RecipeBox export.
    ///
    /// - Note: Files from version 1 are still read.
    case unsupportedImport(fileName: String, version: Int)

    var errorDescription: String? {
        switch self {
        case .notFound:
            return NSLocalizedString("error.recipe.notFound", comment: "Alert title when a recipe no longer exists")
        case .invalidServings:
            return String(localized: "error.recipe.invalidServings")
        case .missingName:
            return "A recipe needs a name."
        case .unsupportedImport:
            return L10n.Error.unsupportedImport
        }
    }

    var failureReason: String? {
        switch self {
        case .notFound: return "The recipe was deleted."
        default: return nil
        }
    }
}
