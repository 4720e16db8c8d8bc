import Foundation
import JournalStorage

/// The composition root: owns the store and builds view models.
@MainActor
final class AppEnvironment: ObservableObject {
    let store: any EntryStore

    init(store: any EntryStore) {
        self.store = store
    }

    /// The environment the app runs with: entries in the app's documents folder.
    static func live() -> AppEnvironment {
        let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return AppEnvironment(store: FileEntryStore(folder: folder))
    }

    /// A view model for the list screen.
    func makeListViewModel() -> EntryListViewModel {
        EntryListViewModel(store: store)
    }
}
