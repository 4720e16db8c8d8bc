//
//  TaskDetailViewController.swift
//  TaskBoard
//

import Combine
import SwiftUI
import UIKit

/// Creates or edits one task. The form itself is a SwiftUI view hosted in UIKit.
final class TaskDetailViewController: BaseViewController {

    private let viewModel: TaskEditorViewModel
    private var cancellables: Set<AnyCancellable> = []

    /// Creates the screen.
    ///
    /// - Parameter viewModel: The draft to edit.
    init(viewModel: TaskEditorViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = viewModel.isEditing ? "Edit Task" : "New Task"
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .cancel, target: self, action: #selector(cancelTapped)
        )
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .save, target: self, action: #selector(saveTapped)
        )
        embedForm()
        viewModel.$issues
            .map(\.isEmpty)
            .sink { [weak self] isValid in
                self?.navigationItem.rightBarButtonItem?.tintColor = isValid ? nil : .systemRed
            }
            .store(in: &cancellables)
    }

    // MARK: - Actions

    @objc private func cancelTapped() {
        viewModel.discardChanges()
        close()
    }

    /// Saves the draft and closes the screen, or shows what is wrong with it.
    @objc private func saveTapped() {
        guard viewModel.save() != nil else {
            let message = viewModel.issues.map(\.description).joined(separator: "\n")
            showError(title: "Check the form", message: message)
            return
        }
        close()
    }

    // MARK: - Private

    private func embedForm() {
        let host = UIHostingController(rootView: TaskFormView(viewModel: viewModel))
        addChild(host)
        host.view.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(host.view)
        NSLayoutConstraint.activate([
            host.view.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            host.view.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            host.view.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            host.view.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        host.didMove(toParent: self)
    }

    private func close() {
        if let navigationController, navigationController.viewControllers.first !== self {
            navigationController.popViewController(animated: true)
        } else {
            dismiss(animated: true)
        }
    }
}
