import Foundation
import Inventory
import Parallelism

/// A place in Swift code that names a localized string's key: `String(localized: "key")`, `NSLocalizedString("key",
/// …)`, `Text("key")` and the SwiftUI views and modifiers whose title is a `LocalizedStringKey`,
/// `LocalizedStringKey("key")`, or a SwiftGen `L10n` accessor (Documentation/Resources.md, "Uses in code").
public struct LocalizedStringUse: Codable, Hashable, Sendable {
    /// The table the code names (`tableName:`, `table:`, the SwiftGen accessor's table), or `nil` for the default
    /// table, `Localizable`.
    public var table: String?
    /// The key as the code spells it; an interpolation in a literal is `%@`, as a placeholder to match any format
    /// specifier (`"items \(count)"` is the key `items %lld`).
    public var key: String
    /// The Swift file, relative to the root.
    public var file: String
    /// The 1-based line of the literal or accessor.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// How the code names the key: `NSLocalizedString`, `String(localized:)`, `Text`, `LocalizedStringKey`, a view
    /// or modifier name (`Button`, `navigationTitle`), or `L10n`.
    public var form: String

    /// Creates a use.
    ///
    /// - Parameters:
    ///   - table: The table named, or `nil` for the default one.
    ///   - key: The key.
    ///   - file: The file, relative to the root.
    ///   - line: The line.
    ///   - column: The column.
    ///   - form: How the code names the key.
    public init(table: String?, key: String, file: String, line: Int, column: Int, form: String) {
        self.table = table
        self.key = key
        self.file = file
        self.line = line
        self.column = column
        self.form = form
    }
}

/// A store of what ``AppCodeReader`` found in a file, keyed by a hash of the file's path and text and DocSheet's
/// version. Implementations must be thread-safe.
public protocol AppCodeCache: Sendable {
    /// The stored findings for `key`, or `nil`.
    ///
    /// - Parameter key: The key.
    /// - Returns: The bytes stored under `key`, or `nil` when there are none.
    func cachedFindings(forKey key: String) -> Data?
    /// Stores findings under `key`.
    ///
    /// - Parameters:
    ///   - data: The encoded findings.
    ///   - key: The key.
    func storeFindings(_ data: Data, forKey key: String)
}

/// What ``AppCodeReader`` found in the Swift code besides declarations.
public struct AppCodeScan: Sendable {
    /// The error types, sorted by file and line.
    public var errors: [ErrorRecord] = []
    /// The SwiftData `@Model` classes as entities, sorted by file and line.
    public var entities: [EntityRecord] = []
    /// The uses of localized strings, sorted by file, line, column (empty unless asked for).
    public var uses: [LocalizedStringUse] = []
    /// The view-controller classes and SwiftUI views, sorted by file and line.
    public var screens: [ScreenRecord] = []
    /// The SwiftUI transitions found in code (`isDeclared` false), sorted by file and line.
    public var transitions: [TransitionRecord] = []

    /// Creates an empty scan.
    public init() {}
}

/// Reads what the app's Swift code says about its errors, its SwiftData model and its localized strings: the files
/// that can hold them (found by a text search) are parsed again with their function bodies, after the declarations
/// were extracted (Documentation/Resources.md).
public enum AppCodeReader {
    /// The version of the cached findings' form; a change makes earlier entries misses.
    static let cacheFormat = 1

    /// The texts that mark a file as holding SwiftUI transitions.
    static let transitionMarkers = ["NavigationLink", "navigationDestination", ".sheet", "fullScreenCover", ".popover"]
    /// The texts that mark a file as holding uses of localized strings.
    static let useMarkers = ["NSLocalizedString", "localized:", "Text(", "LocalizedStringKey", "L10n.", "Title(", "Button(", "Label(",
                             "Toggle(", "TextField(", "Section(", "Picker(", "Menu("]

    /// Reads the error types, the `@Model` classes, the screens and SwiftUI transitions, and (when `findUses`) the
    /// localized-string uses of the files.
    ///
    /// - Parameters:
    ///   - files: The Swift files (paths relative to the root and their location), as discovery found them.
    ///   - types: The type records extracted from them.
    ///   - properties: The property and enum-case records extracted from them.
    ///   - findUses: Whether to look for uses of localized strings (only worth it when the project has strings tables).
    ///   - jobs: The number of files parsed at once; `nil` means one per core.
    ///   - cache: Where the findings of a file (a function of its text) are kept between runs, or `nil`.
    /// - Returns: The error records, the SwiftData entities, the screens and transitions, and the uses.
    public static func read(files: [SourceFile], types: [TypeRecord], properties: [PropertyRecord], findUses: Bool,
                            jobs: Int? = nil, cache: (any AppCodeCache)? = nil) -> AppCodeScan {
        let errorTypes = ErrorTypeFinder.errorTypes(in: types)
        let errorFiles = Set(types.filter { errorTypes.conformances[$0.name] != nil }.map(\.file))
        let viewNames = ScreenFinder.viewNames(in: types)
        let found = parallelMap(files, jobs: jobs, threads: .largeStack) { file -> AppCodeVisitor.Findings? in
            guard let data = FileManager.default.contents(atPath: file.url.path) else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            let wanted = errorFiles.contains(file.relativePath) || text.contains("@Model")
                || (findUses && useMarkers.contains { text.contains($0) })
                || (!viewNames.isEmpty && transitionMarkers.contains { text.contains($0) })
            let aliases = text.contains("typealias") ? ScreenFinder.typeAliases(in: text).map { AppCodeVisitor.Alias(name: $0.0, target: $0.1) } : []
            guard wanted else { return aliases.isEmpty ? nil : AppCodeVisitor.Findings(file: file.relativePath, aliases: aliases) }
            // What a file holds depends on its text alone: the cache keeps it under a hash of the text.
            var hasher = ContentHasher()
            hasher.add(text)
            let key = "appcode-\(cacheFormat)-\(DocSheetVersion.current)-\(file.relativePath)-\(hasher.hexDigest)"
            var findings: AppCodeVisitor.Findings
            if let stored = cache?.cachedFindings(forKey: key), let decoded = try? JSONDecoder().decode(AppCodeVisitor.Findings.self, from: stored) {
                findings = decoded
            } else {
                let (tree, _, _) = DeepNestingGuard.parse(text)
                let visitor = AppCodeVisitor(tree: tree, file: file.relativePath)
                visitor.walk(tree)
                findings = visitor.findings
                findings.aliases = aliases
                if let cache, let encoded = try? JSONEncoder().encode(findings) { cache.storeFindings(encoded, forKey: key) }
            }
            if !findUses { findings.uses = [] }
            findings.file = file.relativePath
            return findings
        }.compactMap { $0 }
        var scan = AppCodeScan()
        scan.screens = ScreenFinder.screens(in: types, aliases: Dictionary(found.flatMap(\.aliases).map { ($0.name, $0.target) },
                                                                           uniquingKeysWith: { first, _ in first }))
        scan.transitions = found.flatMap { findings in
            findings.transitions.compactMap { pending -> TransitionRecord? in
                guard let destination = pending.candidates.first(where: viewNames.contains) else { return nil }
                return TransitionRecord(source: pending.source, destination: destination, kind: pending.kind, file: findings.file,
                                        line: pending.line, isDeclared: false)
            }
        }.sorted { ($0.file, $0.line, $0.destination) < ($1.file, $1.line, $1.destination) }
        let errorTexts = found.flatMap(\.errorTexts).filter { text in
            errorTypes.conformances[text.typeName] != nil || errorTypes.conformances.keys.contains { $0 == text.typeName || $0.hasSuffix("." + text.typeName) || text.typeName.hasSuffix("." + $0) }
        }
        scan.errors = ErrorTypeFinder.records(errorTypes, types: types, properties: properties, texts: errorTexts)
        let modelClasses = Set(found.flatMap(\.modelClasses))
        scan.entities = SwiftDataModels.entities(modelClasses: modelClasses, types: types, properties: properties)
        if findUses {
            let accessors = Dictionary(found.flatMap(\.accessors).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            scan.uses = found.flatMap(\.uses).compactMap { use in
                guard use.form == "L10n" else { return use }
                guard let accessor = accessors[use.key] else { return nil }
                var resolved = use
                resolved.table = accessor.table
                resolved.key = accessor.key
                return resolved
            }.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        }
        return scan
    }
}
