import Foundation
import Inventory

/// Finds the screens declared in code: classes that descend from a view-controller class of UIKit, AppKit or another
/// Apple framework (through the project's own base classes), and types that conform to SwiftUI's `View`.
enum ScreenFinder {
    /// The framework view-controller classes a screen class can descend from.
    static let controllerClasses: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UISplitViewController", "UIPageViewController", "UIHostingController", "UISearchController",
        "UIAlertController", "UIInputViewController", "UIDocumentBrowserViewController", "UIImagePickerController",
        "UIActivityViewController", "UIReferenceLibraryViewController", "NSViewController", "NSTabViewController",
        "NSSplitViewController", "NSPageController", "NSHostingController", "NSCollectionViewItem",
        "SFSafariViewController", "AVPlayerViewController", "QLPreviewController", "MFMailComposeViewController",
        "PHPickerViewController", "WKInterfaceController",
    ]

    /// The code screens among `types`, in their order.
    static func screens(in types: [TypeRecord]) -> [ScreenRecord] {
        var declarations: [String: TypeRecord] = [:]
        var bySimpleName: [String: String] = [:]
        for type in types where type.kind != .extension && declarations[type.name] == nil {
            declarations[type.name] = type
            bySimpleName[String(type.name.split(separator: ".").last ?? "")] = bySimpleName[String(type.name.split(separator: ".").last ?? "")] ?? type.name
        }
        func base(_ written: String) -> String {
            String(written.prefix { $0 != "<" }).trimmingCharacters(in: .whitespaces)
        }
        /// The framework controller class `name` descends from, following project classes.
        func controllerClass(of name: String) -> String? {
            var current = name
            var seen: Set<String> = []
            while seen.insert(current).inserted, let type = declarations[current] ?? bySimpleName[current].flatMap({ declarations[$0] }) {
                guard let parent = (type.superclass ?? type.unknownInheritedTypes.first ?? type.inheritedTypes.first).map(base) else { return nil }
                let simple = String(parent.split(separator: ".").last ?? "")
                if controllerClasses.contains(simple) { return simple }
                current = parent
            }
            return nil
        }
        var screens: [ScreenRecord] = []
        for type in declarations.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            var kind: String?
            if type.kind == .class { kind = controllerClass(of: type.name) }
            if kind == nil, type.kind != .protocol, type.conformances.contains(where: { base($0) == "View" || base($0) == "SwiftUI.View" }) {
                kind = "View"
            }
            guard let kind else { continue }
            screens.append(ScreenRecord(name: type.name, source: .code, kind: kind, file: type.file, line: type.line, module: type.module,
                                        className: type.name, summary: type.doc?.summary))
        }
        return screens
    }
}
