//
//  SceneDelegate.swift
//  TaskBoard
//

import UIKit

/// The composition root: builds the services once and hands them to the first screen.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?

    /// The dependencies every screen may need, created once per scene.
    struct Dependencies {
        let apiClient: APIClientProtocol
        let taskService: TaskServiceProtocol

        /// The production wiring.
        ///
        /// - Returns: `nil` when the cache folder cannot be located (a broken sandbox).
        static func live() -> Dependencies? {
            guard let store = TaskStore.makeDefault(),
                  let baseURL = URL(string: "https://api.example.com/v1")
            else { return nil }
            let client = APIClient(baseURL: baseURL, tokenProvider: { await SessionTokenVault.shared.currentToken() })
            return Dependencies(apiClient: client, taskService: RemoteTaskService(client: client, store: store))
        }
    }

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene, let dependencies = Dependencies.live() else { return }
        let board = Board(name: "Sprint 14")
        let viewModel = BoardViewModel(board: board, service: dependencies.taskService)
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: BoardViewController(viewModel: viewModel))
        window.makeKeyAndVisible()
        self.window = window
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        let navigation = window?.rootViewController as? UINavigationController
        (navigation?.topViewController as? BaseViewController)?.refreshAfterForeground()
    }
}

/// Holds the signed-in user's access token in memory.
///
/// - Important: The token is never written to disk by this type; the Keychain copy is managed by the sign-in flow.
actor SessionTokenVault {
    /// The app-wide vault.
    static let shared = SessionTokenVault()

    private var token: String?
    private var expiry: Date?

    private init() {}

    /// The current token, or `nil` when signed out or expired.
    func currentToken(now: Date = Date()) -> String? {
        guard let token, let expiry, expiry > now else { return nil }
        return token
    }

    /// Keeps a new token.
    ///
    /// - Parameters:
    ///   - token: The access token from the sign-in response.
    ///   - seconds: Its lifetime, from the response's `expires_in`.
    func store(token: String, expiresIn seconds: TimeInterval) {
        self.token = token
        self.expiry = Date().addingTimeInterval(seconds)
    }

    /// Forgets the token, e.g. on sign-out.
    func clear() {
        token = nil
        expiry = nil
    }
}
