import SwiftUI

/// The first screen: the list of ledger entries.
struct ContentView: View {
    var body: some View {
        Text(caption(count: 0))
    }

    /// Caption under the list, e.g. "3 entries".
    func caption(count: Int) -> String {
        count == 1 ? "1 entry" : "\(count) entries"
    }
}
