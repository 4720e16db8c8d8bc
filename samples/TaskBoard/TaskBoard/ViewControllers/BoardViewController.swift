//
//  BoardViewController.swift
//  TaskBoard
//

import Combine
import UIKit

/// The main screen: the board's columns as table sections, with search and swipe actions.
final class BoardViewController: BaseViewController {

    private let viewModel: BoardViewModel
    private var cancellables: Set<AnyCancellable> = []

    @IBOutlet private weak var tableView: UITableView!
    @IBOutlet private weak var addButton: UIBarButtonItem!
    private let searchController = UISearchController(searchResultsController: nil)
    private let emptyStateLabel: UILabel = {
        let label = UILabel()
        label.text = "No tasks yet. Tap + to add one."
        label.textColor = .secondaryLabel
        label.textAlignment = .center
        return label
    }()

    /// Creates the board screen.
    ///
    /// - Parameter viewModel: The state to display.
    init(viewModel: BoardViewModel) {
        self.viewModel = viewModel
        super.init(nibName: "BoardViewController", bundle: nil)
    }

    @available(*, unavailable, message: "Use init(viewModel:)")
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    deinit {
        Log.trace("BoardViewController released")
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = viewModel.board.name
        configureTableView()
        configureSearch()
        bindViewModel()
        NotificationCenter.default.publisher(for: UIApplication.willEnterForegroundNotification)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in self?.refreshAfterForeground() }
            .store(in: &cancellables)
        Task { await viewModel.load() }
    }

    override func refreshAfterForeground() {
        Task { await viewModel.load() }
    }

    // MARK: - Actions

    /// Opens the editor for a new task.
    @IBAction private func addTapped(_ sender: UIBarButtonItem) {
        let editor = TaskEditorViewModel { [weak self] task in
            Task { try? await self?.viewModel.addTask(title: task.title, priority: task.priority) }
        }
        let detail = TaskDetailViewController(viewModel: editor)
        present(UINavigationController(rootViewController: detail), animated: true)
    }

    @objc private func refreshPulled(_ sender: UIRefreshControl) {
        Task {
            await viewModel.load()
            sender.endRefreshing()
        }
    }

    // MARK: - Setup

    /// Registers the cell, sets the data source and delegate, and adds pull-to-refresh.
    private func configureTableView() {
        tableView.register(TaskCell.self, forCellReuseIdentifier: TaskCell.reuseIdentifier)
        tableView.dataSource = self
        tableView.delegate = self
        tableView.backgroundView = emptyStateLabel
        let refresh = UIRefreshControl()
        refresh.addTarget(self, action: #selector(refreshPulled(_:)), for: .valueChanged)
        tableView.refreshControl = refresh
    }

    private func configureSearch() {
        searchController.searchResultsUpdater = self
        searchController.obscuresBackgroundDuringPresentation = false
        searchController.searchBar.placeholder = "Filter: @name !high is:overdue"
        navigationItem.searchController = searchController
    }

    private func bindViewModel() {
        viewModel.$sections
            .receive(on: DispatchQueue.main)
            .sink { [weak self] sections in
                self?.emptyStateLabel.isHidden = sections.contains { !$0.tasks.isEmpty }
                self?.tableView.reloadData()
            }
            .store(in: &cancellables)

        viewModel.$state
            .receive(on: DispatchQueue.main)
            .sink { [weak self] state in
                self?.isLoading = state == .loading
                if case .failed(let message) = state {
                    self?.showError(message: message)
                }
            }
            .store(in: &cancellables)
    }
}

// MARK: - UITableViewDataSource

extension BoardViewController: UITableViewDataSource {
    func numberOfSections(in tableView: UITableView) -> Int {
        viewModel.sections.count
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        guard let section = viewModel.sections[safe: section] else { return nil }
        return section.isFull ? "\(section.title) (full)" : section.title
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        viewModel.sections[safe: section]?.tasks.count ?? 0
    }

    /// Dequeues a `TaskCell` and fills it with the task at the index path.
    ///
    /// - Parameters:
    ///   - tableView: The board table.
    ///   - indexPath: The position of the row.
    /// - Returns: A configured cell; an empty one for a stale index path.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: TaskCell.reuseIdentifier, for: indexPath)
        if let taskCell = cell as? TaskCell, let task = viewModel.task(section: indexPath.section, row: indexPath.row) {
            taskCell.configure(with: task)
        }
        return cell
    }
}

// MARK: - UITableViewDelegate

extension BoardViewController: UITableViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let task = viewModel.task(section: indexPath.section, row: indexPath.row),
              let editor = TaskEditorViewModel(editing: task, onSave: { _ in })
        else { return }
        navigationController?.pushViewController(TaskDetailViewController(viewModel: editor), animated: true)
    }

    /// Swipe right to advance a task to the next column.
    func tableView(
        _ tableView: UITableView,
        leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        guard let task = viewModel.task(section: indexPath.section, row: indexPath.row), task.status != .done else {
            return nil
        }
        let advance = UIContextualAction(style: .normal, title: "Advance") { [weak self] _, _, done in
            Task {
                let moved = await self?.viewModel.advanceTask(task.id) != nil
                done(moved)
            }
        }
        advance.backgroundColor = .systemBlue
        return UISwipeActionsConfiguration(actions: [advance])
    }

    func tableView(
        _ tableView: UITableView,
        trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        guard let task = viewModel.task(section: indexPath.section, row: indexPath.row) else { return nil }
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            Task {
                await self?.viewModel.deleteTask(task.id)
                done(true)
            }
        }
        return UISwipeActionsConfiguration(actions: [delete])
    }
}

// MARK: - UISearchResultsUpdating

extension BoardViewController: UISearchResultsUpdating {
    /// Forwards the search bar text to the view model, which debounces it.
    ///
    /// - Parameter searchController: The board's search controller.
    func updateSearchResults(for searchController: UISearchController) {
        viewModel.searchText = searchController.searchBar.text ?? ""
    }
}
