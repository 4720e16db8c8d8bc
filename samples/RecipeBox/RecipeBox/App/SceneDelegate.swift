//
//  SceneDelegate.swift
//  RecipeBox
//

import UIKit

/// Hands the data stack to the storyboard's first screens.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let tabBarController = window?.rootViewController as? UITabBarController,
              let appDelegate = UIApplication.shared.delegate as? AppDelegate else { return }
        for case let navigation as UINavigationController in tabBarController.viewControllers ?? [] {
            (navigation.topViewController as? RecipeListViewController)?.dataStack = appDelegate.dataStack
        }
        tabBarController.tabBar.items?.first?.title = L10n.Recipes.title
    }
}
