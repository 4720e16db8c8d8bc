import UIKit

/// The list of notes: pinned notes first, a search field on top.
final class NotesListViewController: UITableViewController, NLNoteStoreDelegate {
    private let store = NLNoteStore.shared()
    private var shown: [NLNote] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        store.delegate = self
        reload(query: "")
    }

    /// Shows the notes that match a query (all of them for an empty query).
    /// - Parameter query: The search field's text.
    func reload(query: String) {
        shown = query.nl_isBlank() ? store.notes : store.notes(matching: query)
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        shown.count
    }

    // MARK: NLNoteStoreDelegate

    func noteStore(_ store: NLNoteStore, didSave note: NLNote) {
        reload(query: "")
    }
}
