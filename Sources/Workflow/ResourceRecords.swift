import FileSupport
import Foundation
import Inventory
import ProjectResources
import SwiftExtraction

/// What a scan found besides the records of Swift declarations: the messages of the strings tables with their uses
/// in code, the error types, and the entities of the data models, with a warning per file that could not be read
/// and per key used but not defined or defined but not used (Documentation/Resources.md).
struct ResourceRecords {
    /// One record per table and key, every root's.
    var messages: [MessageRecord] = []
    /// The error types.
    var errors: [ErrorRecord] = []
    /// The Core Data entities and SwiftData `@Model` classes of every root.
    var entities: [EntityRecord] = []
    /// The storyboard scenes, xib controllers, view-controller classes and SwiftUI views.
    var screens: [ScreenRecord] = []
    /// The storyboard segues and the SwiftUI transitions found in code.
    var transitions: [TransitionRecord] = []
    /// One warning per unreadable resource file and per key used but not defined or defined but not used, paths
    /// relative to the root (with the root's prefix).
    var diagnostics: [ExtractionDiagnostic] = []
}

extension SourceScan {
    /// The resource files under a discovered root that the run's `--exclude` globs keep.
    ///
    /// - Parameters:
    ///   - root: The discovered root folder.
    ///   - options: The root's discovery options.
    /// - Returns: The paths relative to `root`, sorted.
    static func resourcePaths(under root: URL, options: DiscoveryOptions) -> [String] {
        let excludes = options.excludes.map(GlobPattern.init)
        return ResourceScan.resourcePaths(under: root) { path in
            !excludes.contains { $0.matches(options.globBase + path) }
        }
    }

    /// The stamps of a root's resource files (for an `.xcdatamodeld`, of every file inside it), as text for
    /// ``inputsDescription(of:)``; `nil` when a file cannot be examined.
    static func resourceStamps(root: URL, paths: [String]) -> String? {
        var text = ""
        for path in paths {
            let url = root.appendingPathComponent(path)
            var files = [url]
            if FilePaths.isFolder(url), let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) {
                files = enumerator.compactMap { $0 as? URL }.filter { !FilePaths.isFolder($0) }
                    .sorted { $0.path < $1.path }
            }
            for file in files {
                guard let stamp = FilePaths.stamp(ofFileAt: file.path) else { return nil }
                text += "resource \(file.path)\u{0}\(stamp)\n"
            }
        }
        return text
    }

    /// Reads the strings tables and Core Data models of every root of `plan`, and the error types, `@Model` classes
    /// and localized-string uses of its Swift files (`AppCodeReader`); links each message to its uses. File paths get
    /// each root's prefix.
    ///
    /// - Parameters:
    ///   - plan: What `discover(environment:)` found.
    ///   - extracted: The records `extract(_:)` made of the plan's Swift files.
    /// - Returns: The messages, errors and entities, and the warnings; nothing when the scan does not read them
    ///   (``readsAppRecords``).
    func readAppRecords(_ plan: ScanPlan, extracted: ExtractionResult) -> ResourceRecords {
        guard readsAppRecords else { return ResourceRecords() }
        let start = ContinuousClock.now
        defer { metrics?.record("app records", since: start) }
        var records = readResources(plan)
        let files = plan.discoveries.enumerated().flatMap { index, entry in
            let prefix = plan.roots.count > 1 ? plan.prefixes[index] : ""
            return entry.discovered.files.map { file in
                var file = file
                file.relativePath = prefix + file.relativePath
                return file
            }
        }
        // The first root's cache folder keeps the findings (their keys hold each file's path and text).
        let cache = useCache ? plan.discoveries.first?.cache.map { DiskAppCodeCache(folder: $0.folder.appendingPathComponent("app-code")) } : nil
        defer { cache?.prune() }
        let code = AppCodeReader.read(files: files, types: extracted.types, properties: extracted.properties,
                                      findUses: !records.messages.isEmpty, jobs: extraction.jobs, cache: cache)
        records.errors = code.errors
        records.entities += code.entities
        records.screens += code.screens
        records.transitions += code.transitions
        records.diagnostics += MessageLinking.link(&records.messages, uses: code.uses)
        return records
    }

    /// Reads the strings tables and Core Data models of every root of `plan`; file paths get each root's prefix.
    ///
    /// - Parameter plan: What `discover(environment:)` found.
    /// - Returns: The messages, the entities, and a warning per file that could not be read.
    func readResources(_ plan: ScanPlan) -> ResourceRecords {
        var records = ResourceRecords()
        for (index, (discovered, _)) in plan.discoveries.enumerated() {
            let prefix = plan.roots.count > 1 ? plan.prefixes[index] : ""
            let scan = ResourceScan.read(root: discovered.root, paths: plan.resourcePaths[index])
            if prefix.isEmpty {
                // One root: the paths stay as they are (rewriting every translation's path copied every record).
                records.messages += scan.messages
            } else {
                records.messages += scan.messages.map { message in
                    var message = message
                    message.file = prefix + message.file
                    for translation in message.translations.indices { message.translations[translation].file = prefix + message.translations[translation].file }
                    return message
                }
            }
            records.entities += scan.entities.map { entity in
                var entity = entity
                entity.file = prefix + entity.file
                return entity
            }
            records.screens += scan.screens.map { screen in
                var screen = screen
                screen.file = prefix + screen.file
                return screen
            }
            records.transitions += scan.transitions.map { transition in
                var transition = transition
                transition.file = prefix + transition.file
                return transition
            }
            records.diagnostics += scan.problems.map { problem in
                ExtractionDiagnostic(file: prefix + problem.path, line: problem.line ?? 1, column: 1, severity: .warning, message: problem.reason)
            }
        }
        if plan.roots.count > 1 {
            records.messages = Self.mergingTables(records.messages)
        }
        return records
    }

    /// Messages of several roots merged per table and key (a table split over two roots is one table).
    static func mergingTables(_ messages: [MessageRecord]) -> [MessageRecord] {
        var merged: [String: MessageRecord] = [:]
        for message in messages {
            let id = message.table + "\u{0}" + message.key
            guard var existing = merged[id] else {
                merged[id] = message
                continue
            }
            existing.translations = (existing.translations + message.translations)
                .sorted { ($0.language, $0.file) < ($1.language, $1.file) }
            if message.file < existing.file { (existing.file, existing.line) = (message.file, message.line) }
            existing.comment = existing.comment ?? message.comment
            existing.extractionState = existing.extractionState ?? message.extractionState
            merged[id] = existing
        }
        return Array(merged.values)
    }
}

/// Puts the uses of localized strings found in code on the message records they name, and reports the keys used but
/// not defined and defined but not used.
enum MessageLinking {
    /// The default table of `NSLocalizedString`, `String(localized:)` and SwiftUI.
    static let defaultTable = "Localizable"
    /// Tables that the system reads, not the code (`InfoPlist.strings`), never reported as unused.
    static let systemTables: Set<String> = ["InfoPlist", "AppShortcuts"]

    /// A key with every format specifier (`%@`, `%lld`, `%1$@`, `%.2f`) replaced by `%@`, so that a literal with an
    /// interpolation (`"items \(count)"`, read as `items %@`) finds the catalog's `items %lld`.
    static func normalized(_ key: String) -> String {
        guard key.contains("%") else { return key }
        return formatSpecifier.stringByReplacingMatches(in: key, range: NSRange(key.startIndex..., in: key), withTemplate: "%@")
    }

    private static let formatSpecifier = try! NSRegularExpression(
        pattern: "%(?:[0-9]+\\$)?[-+ #0']*[0-9]*(?:\\.[0-9]+)?(?:hh|h|ll|l|q|L|z|t|j)?[@dDiuUxXoOfFeEgGcCsSpaA]")

    /// The check rule a warning of ``link(_:uses:)`` breaks: ``undefinedRule`` or ``unusedRule``; `nil` for another
    /// diagnostic.
    static func rule(of diagnostic: ExtractionDiagnostic) -> String? {
        if diagnostic.message.hasPrefix("the localized key ") { return undefinedRule }
        if diagnostic.message.hasPrefix("the key "), diagnostic.message.contains(" is used nowhere ") { return unusedRule }
        return nil
    }

    /// A key as a warning shows it on one line: line breaks and tabs escaped.
    static func shown(_ key: String) -> String {
        key.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\t", with: "\\t")
    }

    /// The check rule of a key used but not defined (`check.require: [messages]`).
    static let undefinedRule = "message-undefined"
    /// The check rule of a key defined but not used.
    static let unusedRule = "message-unused"

    /// Adds each use to its message; returns a warning per use whose table exists but lacks the key, and per key of
    /// a table the code uses that no code uses.
    /// ``rule(of:)`` tells the two kinds apart.
    ///
    /// - Parameters:
    ///   - messages: The message records; their `uses` are filled.
    ///   - uses: The uses found in code.
    /// - Returns: The warnings, in use order then message order.
    static func link(_ messages: inout [MessageRecord], uses: [LocalizedStringUse]) -> [ExtractionDiagnostic] {
        var index: [String: Int] = [:]
        for (position, message) in messages.enumerated() {
            index[message.table + "\u{0}" + normalized(message.key)] = index[message.table + "\u{0}" + normalized(message.key)] ?? position
        }
        let tables = Set(messages.map(\.table))
        var usedTables: Set<String> = []
        var diagnostics: [ExtractionDiagnostic] = []
        for use in uses {
            let table = use.table ?? defaultTable
            usedTables.insert(table)
            if let position = index[table + "\u{0}" + normalized(use.key)] {
                messages[position].uses.append(MessageRecord.Use(file: use.file, line: use.line, form: use.form))
            } else if tables.contains(table) {
                diagnostics.append(ExtractionDiagnostic(
                    file: use.file, line: use.line, column: use.column, severity: .warning,
                    message: "the localized key \"\(shown(use.key))\" (\(use.form)) is in no \(table) strings table or String Catalog; add it there, or fix the key"))
            }
        }
        for message in messages where message.uses.isEmpty && usedTables.contains(message.table) && !systemTables.contains(message.table) {
            diagnostics.append(ExtractionDiagnostic(
                file: message.file, line: message.line, column: 1, severity: .warning,
                message: "the key \"\(shown(message.key))\" of the \(message.table) table is used nowhere in the Swift code; remove it if it is left over"))
        }
        return diagnostics
    }
}
