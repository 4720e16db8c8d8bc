//
//  AppDelegate.swift
//  RecipeBox
//

import UIKit

/// The application delegate: loads the Core Data store before the first scene connects.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    /// The persistent store shared by every screen.
    let dataStack = CoreDataStack(modelName: "RecipeBox")

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        do {
            try dataStack.load()
        } catch {
            // The list screen shows the error again; launching must not fail.
            print("RecipeBox: \(error.localizedDescription)")
        }
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
}
