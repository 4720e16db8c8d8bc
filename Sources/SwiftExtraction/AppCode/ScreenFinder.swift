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

    /// The names (dotted and simple) of the types that conform to SwiftUI's `View`.
    static func viewNames(in types: [TypeRecord]) -> Set<String> {
        Set(types.filter { $0.kind != .extension && $0.kind != .protocol && conformsToView($0) }
            .flatMap { [$0.name, String($0.name.split(separator: ".").last ?? "")] })
    }

    static func conformsToView(_ type: TypeRecord) -> Bool {
        type.conformances.contains { written in
            let name = String(written.prefix { $0 != "<" }).trimmingCharacters(in: .whitespaces)
            return name == "View" || name == "SwiftUI.View"
        }
    }

    /// The type aliases a file declares, as `(name, aliased type)`: `typealias OSViewController = UIViewController`
    /// (both branches of an `#if` are kept; the first one wins when the map is made).
    static func typeAliases(in text: String) -> [(String, String)] {
        text.split(separator: "\n").compactMap { line -> (String, String)? in
            guard let keyword = line.range(of: "typealias ") else { return nil }
            let rest = line[keyword.upperBound...]
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
            let target = rest[rest.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                .prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !target.isEmpty else { return nil }
            return (name, String(target))
        }
    }

    /// The code screens among `types`, in their order.
    ///
    /// - Parameters:
    ///   - types: The type records.
    ///   - aliases: The project's type aliases, followed when a superclass is one (`OSViewController`).
    /// - Returns: The screens.
    static func screens(in types: [TypeRecord], aliases: [String: String] = [:]) -> [ScreenRecord] {
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
                var simple = String(parent.split(separator: ".").last ?? "")
                if let aliased = aliases[simple] { simple = String(aliased.split(separator: ".").last ?? "") }
                if controllerClasses.contains(simple) { return simple }
                current = aliases[parent] ?? parent
            }
            return nil
        }
        var screens: [ScreenRecord] = []
        for type in declarations.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            var kind: String?
            if type.kind == .class { kind = controllerClass(of: type.name) }
            if kind == nil, type.kind != .protocol, conformsToView(type) {
                kind = "View"
            }
            guard let kind else { continue }
            screens.append(ScreenRecord(name: type.name, source: .code, kind: kind, file: type.file, line: type.line, module: type.module,
                                        className: type.name, summary: type.doc?.summary))
        }
        return screens
    }
}
