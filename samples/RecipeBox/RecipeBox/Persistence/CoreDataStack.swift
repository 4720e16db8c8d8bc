//
//  CoreDataStack.swift
//  RecipeBox
//

import CoreData

/// The Core Data stack of the recipe store (`RecipeBox.xcdatamodeld`, lightweight migration from version 1).
final class CoreDataStack {

    /// The container; its view context is used on the main queue only.
    let container: NSPersistentContainer

    /// Creates the stack for the model named `modelName` in the main bundle.
    ///
    /// - Parameter modelName: The name of the `.xcdatamodeld`, without extension.
    init(modelName: String) {
        container = NSPersistentContainer(name: modelName)
    }

    /// Opens the store, migrating it when the model version changed.
    ///
    /// - Throws: `PersistenceError.storeFailed` when the store cannot be opened.
    func load() throws {
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw PersistenceError.storeFailed(underlying: loadError) }
        container.viewContext.automaticallyMergesChangesFromParent = true
    }

    /// Saves the view context if it has changes.
    ///
    /// - Throws: `PersistenceError.saveFailed`.
    func saveIfNeeded() throws {
        guard container.viewContext.hasChanges else { return }
        do {
            try container.viewContext.save()
        } catch {
            throw PersistenceError.saveFailed
        }
    }
}
