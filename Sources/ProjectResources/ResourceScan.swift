import FileSupport
import Foundation
import Inventory

/// The project resources DocSheet reads besides Swift code: the strings tables and the Core Data models under a
/// root, turned into message and entity records. A file that cannot be read is one ``ResourceError`` in
/// ``problems``; the others are still read.
public struct ResourceScan: Sendable {
    /// One message record per table and key, sorted by table and key.
    public var messages: [MessageRecord] = []
    /// The entities of the current version of each Core Data model, in path and file order.
    public var entities: [EntityRecord] = []
    /// The scenes of the storyboards and the controllers of the xibs, in path and file order.
    public var screens: [ScreenRecord] = []
    /// The segues of the storyboards, in path and file order.
    public var transitions: [TransitionRecord] = []
    /// The files that could not be read, one error each, in path order.
    public var problems: [ResourceError] = []

    /// Creates an empty scan.
    public init() {}

    /// Folders never looked into: build output, dependencies, and bundles whose files are not resources of the app.
    static let skippedFolders: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules", "build"]
    /// Folder extensions never looked into.
    static let skippedFolderExtensions: Set<String> = ["xcodeproj", "xcworkspace", "xcassets", "git", "framework", "xcframework"]

    /// The resource files under `root`, relative to it with `/` separators, sorted: `.strings`, `.stringsdict`,
    /// `.xcstrings`, `.storyboard` and `.xib` files, `.xcdatamodeld` folders, and `.xcdatamodel` folders not inside an
    /// `.xcdatamodeld`.
    ///
    /// - Parameters:
    ///   - root: The scanned folder.
    ///   - keep: Says whether a relative path is kept (the run's `--exclude` globs); folders it rejects are not
    ///     entered.
    /// - Returns: The relative paths.
    public static func resourcePaths(under root: URL, keep: (String) -> Bool = { _ in true }) -> [String] {
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        var paths: [String] = []
        collectResourcePaths(folder: base == "/" ? "" : base, relativePath: "", keep: keep, into: &paths)
        return paths.sorted()
    }

    /// The extensions of the resource files ``resourcePaths(under:keep:)`` lists.
    static let resourceFileExtensions: Set<String> = ["strings", "stringsdict", "xcstrings", "storyboard", "xib"]

    /// Adds the resource files and model folders of `folder` (an absolute path, empty for `/`) and of the folders below
    /// it to `paths`. Listed with ``FolderEntries`` (`readdir`): hidden entries are left out, a symbolic link counts as
    /// a file (it is never followed), and only an entry whose type the folder does not record is asked about with
    /// `lstat`. Foundation's enumerator asked for each entry's resource values, a visible share of a large app's run.
    private static func collectResourcePaths(folder: String, relativePath: String, keep: (String) -> Bool,
                                             into paths: inout [String]) {
        guard let listed = FolderEntries.list(folder.isEmpty ? "/" : folder) else { return }
        let entries = listed.filter { !$0.name.hasPrefix(".") }.map { entry in
            (name: entry.name,
             isFolder: (entry.kind ?? FileKind.of(path: folder + "/" + entry.name, followingLinks: false)) == .directory)
        }
        for (name, isFolder) in entries {
            let relative = relativePath.isEmpty ? name : relativePath + "/" + name
            let pathExtension = Self.pathExtension(of: name)
            if isFolder {
                if skippedFolders.contains(name) || skippedFolderExtensions.contains(pathExtension) || !keep(relative) {
                    continue
                } else if pathExtension == "xcdatamodeld" || pathExtension == "xcdatamodel" {
                    paths.append(relative)
                } else {
                    collectResourcePaths(folder: folder + "/" + name, relativePath: relative, keep: keep, into: &paths)
                }
            } else if resourceFileExtensions.contains(pathExtension), keep(relative) {
                paths.append(relative)
            }
        }
    }

    /// The extension of a file name, as `URL.pathExtension` gives it: what follows the last `.`, empty when there is
    /// none or the name starts with it.
    static func pathExtension(of name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// Reads the resource files at `paths` (relative to `root`, as ``resourcePaths(under:keep:)`` lists them).
    ///
    /// - Parameters:
    ///   - root: The folder the paths are relative to.
    ///   - paths: The files and model folders to read.
    /// - Returns: The messages, entities and problems.
    public static func read(root: URL, paths: [String]) -> ResourceScan {
        var scan = ResourceScan()
        var tables = MessageTables()
        for path in paths {
            let url = root.appendingPathComponent(path)
            do throws(ResourceError) {
                switch url.pathExtension {
                case "strings":
                    let entries = try StringsFileReader.entries(of: try bytes(of: url, path: path), path: path)
                    tables.add(entries, file: path)
                case "stringsdict":
                    let entries = try StringsDictReader.entries(of: Data(try bytes(of: url, path: path)), path: path)
                    tables.add(entries, file: path)
                case "xcstrings":
                    let catalog = try StringCatalogReader.catalog(of: Data(try bytes(of: url, path: path)), path: path)
                    tables.add(catalog, file: path)
                case "xcdatamodeld":
                    scan.entities += try readVersionedModel(at: url, path: path, problems: &scan.problems)
                case "xcdatamodel":
                    scan.entities += try readModel(at: url, path: path)
                case "storyboard", "xib":
                    let document = try InterfaceBuilderReader.document(of: Data(try bytes(of: url, path: path)), path: path)
                    scan.add(document, file: path, source: url.pathExtension == "xib" ? .xib : .storyboard)
                default:
                    break
                }
            } catch {
                scan.problems.append(error)
            }
        }
        scan.messages = tables.records()
        return scan
    }

    /// Adds a storyboard's scenes and segues, or a xib's controllers.
    private mutating func add(_ document: InterfaceBuilderDocument, file: String, source: ScreenSource) {
        screens += document.controllers.map { controller in
            ScreenRecord(name: controller.name, source: source, kind: controller.element, file: file, line: controller.line,
                         module: controller.customModule, className: controller.customClass,
                         storyboardIdentifier: controller.storyboardIdentifier, isInitial: controller.id == document.initialID)
        }
        transitions += document.segues.compactMap { segue in
            guard let from = document.controller(withID: segue.sourceID), let to = document.controller(withID: segue.destinationID) else {
                return nil
            }
            return TransitionRecord(source: from.name, destination: to.name, kind: segue.kind, identifier: segue.identifier,
                                    file: file, line: segue.line, isDeclared: true)
        }
    }

    private static func bytes(of url: URL, path: String) throws(ResourceError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw .unreadableFile(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    /// The entities of the current version of an `.xcdatamodeld`: the one `.xccurrentversion` names, or the only one
    /// when it names none; otherwise (no `.xccurrentversion`, or a name the folder does not hold) the last version by
    /// name, with a problem that says so.
    private static func readVersionedModel(at url: URL, path: String, problems: inout [ResourceError]) throws(ResourceError) -> [EntityRecord] {
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
            .filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        let file = try? Data(contentsOf: url.appendingPathComponent(".xccurrentversion"))
        let current = file.flatMap(CoreDataModelReader.currentVersionName(of:))
        if let current, versions.contains(current) {
            return try readModel(at: url.appendingPathComponent(current), path: path + "/" + current)
        }
        // Xcode writes an `.xccurrentversion` without a name for a model that was never versioned: its one version
        // is the current one.
        if file != nil, current == nil, versions.count == 1 {
            return try readModel(at: url.appendingPathComponent(versions[0]), path: path + "/" + versions[0])
        }
        problems.append(.missingCurrentVersion(path: path, chosen: versions.last))
        guard let last = versions.last else { return [] }
        return try readModel(at: url.appendingPathComponent(last), path: path + "/" + last)
    }

    /// The entities of one `.xcdatamodel` folder (its `contents` file).
    private static func readModel(at url: URL, path: String) throws(ResourceError) -> [EntityRecord] {
        let contentsPath = path + "/contents"
        let model = try CoreDataModelReader.model(of: Data(try bytes(of: url.appendingPathComponent("contents"), path: contentsPath)),
                                                  path: contentsPath)
        let version = (url.lastPathComponent as NSString).deletingPathExtension
        return model.entities.map { entity in
            let unique = Set(entity.uniquenessConstraints.filter { $0.count == 1 }.map { $0[0] })
            return EntityRecord(
                name: entity.name, framework: .coreData, file: contentsPath, line: entity.line, modelVersion: version,
                className: entity.className, isAbstract: entity.isAbstract, parent: entity.parent,
                attributes: entity.attributes.map {
                    EntityRecord.Attribute(name: $0.name, type: $0.type, isOptional: $0.isOptional, defaultValue: $0.defaultValue,
                                           isTransient: $0.isTransient, isUnique: unique.contains($0.name))
                },
                relationships: entity.relationships.map {
                    EntityRecord.Relationship(name: $0.name, destination: $0.destination, isToMany: $0.isToMany,
                                              isOptional: $0.isOptional, deleteRule: $0.deleteRule, inverse: $0.inverse)
                },
                fetchIndexes: entity.fetchIndexes,
                uniquenessConstraints: entity.uniquenessConstraints.filter { $0.count > 1 }.map { $0.joined(separator: ", ") })
        }
    }
}

/// Collects the translations of every file into one record per table and key.
struct MessageTables {
    private var byKey: [String: MessageRecord] = [:]

    /// The table a file belongs to (its name without extension) and its language (its `.lproj` folder's name, or
    /// empty outside one).
    static func tableAndLanguage(of file: String) -> (table: String, language: String) {
        let components = file.split(separator: "/")
        let table = ((components.last.map(String.init) ?? file) as NSString).deletingPathExtension
        let folder = components.count > 1 ? String(components[components.count - 2]) : ""
        let language = folder.hasSuffix(".lproj") ? String(folder.dropLast(".lproj".count)) : ""
        return (table, language)
    }

    private mutating func add(table: String, key: String, file: String, line: Int, comment: String?, extractionState: String?,
                              translation: MessageRecord.Translation) {
        let id = table + "\u{0}" + key
        // Changed in place: a copy taken out of the dictionary and stored back copied its translations at every append.
        Self.merge(into: &byKey[id, default: MessageRecord(table: table, key: key, file: file, line: line)],
                   file: file, line: line, comment: comment, extractionState: extractionState, translation: translation)
    }

    private static func merge(into record: inout MessageRecord, file: String, line: Int, comment: String?, extractionState: String?,
                              translation: MessageRecord.Translation) {
        if file < record.file { (record.file, record.line) = (file, line) }
        if record.comment == nil { record.comment = comment }
        if record.extractionState == nil { record.extractionState = extractionState }
        record.translations.append(translation)
    }

    /// Adds a `.strings` file's entries (a repeated key: the last one wins, as at run time).
    mutating func add(_ entries: [StringsEntry], file: String) {
        let (table, language) = Self.tableAndLanguage(of: file)
        var last: [String: StringsEntry] = [:]
        for entry in entries { last[entry.key] = entry }
        for entry in last.values {
            add(table: table, key: entry.key, file: file, line: entry.line, comment: entry.comment, extractionState: nil,
                translation: MessageRecord.Translation(language: language, text: entry.value, file: file, line: entry.line, format: .strings))
        }
    }

    /// Adds a `.stringsdict` file's entries.
    mutating func add(_ entries: [StringsDictEntry], file: String) {
        let (table, language) = Self.tableAndLanguage(of: file)
        for entry in entries {
            add(table: table, key: entry.key, file: file, line: entry.line, comment: nil, extractionState: nil,
                translation: MessageRecord.Translation(
                    language: language, text: entry.format,
                    variations: entry.variations.map { MessageRecord.Variation(path: $0.path, text: $0.text) },
                    file: file, line: entry.line, format: .stringsdict))
        }
    }

    /// Adds a String Catalog's keys; a key with no localization gets its source language's text: the key itself.
    mutating func add(_ catalog: StringCatalog, file: String) {
        let table = Self.tableAndLanguage(of: file).table
        for entry in catalog.entries {
            var localizations = entry.localizations
            if !localizations.contains(where: { $0.language == catalog.sourceLanguage }) {
                localizations.append(StringCatalog.Localization(language: catalog.sourceLanguage, text: entry.key, state: nil, variations: []))
            }
            for localization in localizations {
                add(table: table, key: entry.key, file: file, line: entry.line, comment: entry.comment,
                    extractionState: entry.extractionState,
                    translation: MessageRecord.Translation(
                        language: localization.language, text: localization.text, state: localization.state,
                        variations: localization.variations.map { MessageRecord.Variation(path: $0.path, text: $0.text) },
                        file: file, line: entry.line, format: .stringCatalog))
            }
        }
    }

    /// The records, sorted by table and key, each record's translations by language then file; the tables are left
    /// empty (each record is moved out, so its translations are sorted in place rather than copied first).
    mutating func records() -> [MessageRecord] {
        var records = Array(byKey.values)
        byKey = [:]
        for index in records.indices {
            records[index].translations.sort { ($0.language, $0.file, $0.format.rawValue) < ($1.language, $1.file, $1.format.rawValue) }
        }
        records.sort { ($0.table, $0.key) < ($1.table, $1.key) }
        return records
    }
}
