//
//  PersistenceError.swift
//  RecipeBox
//

import Foundation

/// Errors of the Core Data stack, bridged to `NSError` with a stable domain for crash reports.
enum PersistenceError: Error, CustomNSError {
    /// The model file is missing from the bundle.
    case modelNotFound(name: String)
    /// The store could not be opened or migrated.
    case storeFailed(underlying: Error)
    case saveFailed

    static var errorDomain: String { "com.example.RecipeBox.persistence" }

    var errorCode: Int {
        switch self {
        case .modelNotFound: return 1
        case .storeFailed: return 2
        case .saveFailed: return 3
        }
    }
}

/// A failed import, with the line of the file it stopped at.
struct ImportFailure: Error {
    /// The line of the imported file, 1-based.
    var line: Int
    /// What was wrong with it.
    var reason: String
}
