import SwiftUI
import JournalStorage

/// The app's entry point: one window with the list of entries.
@main
struct JournalApp: App {
    @StateObject private var environment = AppEnvironment.live()

    var body: some Scene {
        WindowGroup {
            EntryListView(viewModel: environment.makeListViewModel())
        }
    }
}
