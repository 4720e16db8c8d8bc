import Foundation
import Inventory
import TestSupport
@testable import DesignDocument

/// A small, realistic inventory of an iOS-style app (built in Swift: the extractor is tested elsewhere).
enum Fixtures {
    static let context = DocumentContext(
        projectName: "TaskBoard", version: "1.2.0", commit: "3f2a9c1d5e7b", generatedAt: Date(timeIntervalSince1970: 1_767_225_600),
        author: "Mobile Team", sourceURLPattern: "https://github.com/example/taskboard/blob/{commit}/{file}#L{line}")

    static func doc(_ summary: String, parameters: [(String, String)] = [], returns: String? = nil, throws: String? = nil) -> DocComment {
        DocComment(raw: summary, summary: summary, parameters: parameters.map { .init(name: $0.0, description: $0.1) },
                   returns: returns, throws: `throws`)
    }

    static let types: [TypeRecord] = [
        TypeRecord(name: "TaskStore", kind: .class, module: "TaskKit", file: "Sources/TaskKit/TaskStore.swift", line: 4, column: 14,
                   accessLevel: .public, effectiveAccess: .public, inheritedTypes: ["ObservableObject"],
                   doc: doc("Keeps the tasks and persists them."), conformances: ["ObservableObject", "Sequence"],
                   composition: [.init(property: "tasks", type: "TaskItem", isCollection: true)]),
        TypeRecord(name: "TaskStore", kind: .extension, module: "TaskKit", file: "Sources/TaskKit/TaskStore.swift", line: 40, column: 11,
                   inheritedTypes: ["Sequence"], conformances: ["Sequence"]),
        TypeRecord(name: "TaskItem", kind: .struct, module: "TaskKit", file: "Sources/TaskKit/TaskItem.swift", line: 2, column: 15,
                   accessLevel: .public, effectiveAccess: .public, inheritedTypes: ["Codable", "Hashable"],
                   doc: doc("One task on the board."), conformances: ["Codable", "Hashable"]),
        TypeRecord(name: "TaskListViewModel", kind: .class, module: "TaskBoardApp", file: "Sources/TaskBoardApp/TaskListViewModel.swift",
                   line: 6, column: 13, accessLevel: .internal, effectiveAccess: .internal, inheritedTypes: []),
    ]

    static let functions: [FunctionRecord] = [
        FunctionRecord(file: "Sources/TaskKit/TaskStore.swift", line: 10, column: 12, module: "TaskKit", kind: .initializer,
                       name: "init(fileURL:)", baseName: "init", signature: "public init(fileURL: URL)", enclosingType: "TaskStore",
                       enclosingKind: .class, accessLevel: .public, effectiveAccess: .public,
                       parameters: [.init(label: "fileURL", name: "fileURL", type: "URL")], section: "Lifecycle",
                       doc: doc("Creates a store backed by a JSON file.", parameters: [("fileURL", "Where the tasks are saved.")])),
        FunctionRecord(file: "Sources/TaskKit/TaskStore.swift", line: 18, column: 17, module: "TaskKit", kind: .method,
                       name: "add(_:)", baseName: "add", signature: "public func add(_ task: TaskItem) throws -> Int",
                       enclosingType: "TaskStore", enclosingKind: .class, accessLevel: .public, effectiveAccess: .public,
                       throws: "throws", parameters: [.init(label: nil, name: "task", type: "TaskItem")], returnType: "Int",
                       section: "Editing",
                       doc: doc("Adds a task.", parameters: [("task", "The task to add.")], returns: "The new count.",
                                throws: "`StoreError.full` when the board is full.")),
        FunctionRecord(file: "Sources/TaskKit/TaskStore.swift", line: 27, column: 10, module: "TaskKit", kind: .method,
                       name: "save()", baseName: "save", signature: "func save() async throws", enclosingType: "TaskStore",
                       enclosingKind: .class, accessLevel: .internal, effectiveAccess: .internal, isAsync: true, throws: "throws",
                       section: "Editing"),
        FunctionRecord(file: "Sources/TaskKit/TaskStore.swift", line: 44, column: 17, module: "TaskKit", kind: .method,
                       name: "makeIterator()", baseName: "makeIterator", signature: "public func makeIterator() -> IndexingIterator<[TaskItem]>",
                       enclosingType: "TaskStore", enclosingKind: .extension, accessLevel: .public, effectiveAccess: .public,
                       returnType: "IndexingIterator<[TaskItem]>", section: "Sequence",
                       doc: DocComment(raw: "<#Description#>", summary: "<#Description#>", isPlaceholder: true)),
        FunctionRecord(file: "Sources/TaskKit/TaskItem.swift", line: 12, column: 24, module: "TaskKit", kind: .operator,
                       name: "==(_:_:)", baseName: "==", signature: "public static func == (lhs: TaskItem, rhs: TaskItem) -> Bool",
                       enclosingType: "TaskItem", enclosingKind: .struct, accessLevel: .public, effectiveAccess: .public,
                       modifiers: ["static"], parameters: [.init(label: nil, name: "lhs", type: "TaskItem"), .init(label: nil, name: "rhs", type: "TaskItem")],
                       returnType: "Bool", doc: doc("Compares two tasks by identifier.")),
        FunctionRecord(file: "Sources/TaskBoardApp/TaskListViewModel.swift", line: 15, column: 10, module: "TaskBoardApp", kind: .method,
                       name: "load()", baseName: "load", signature: "@MainActor func load()", enclosingType: "TaskListViewModel",
                       enclosingKind: .class, attributes: ["@MainActor"], condition: "os(iOS)",
                       doc: doc("Loads the tasks into the list.")),
        FunctionRecord(file: "Sources/TaskBoardApp/helpers.swift", line: 3, column: 6, module: "TaskBoardApp", kind: .function,
                       name: "formatDue(_:)", baseName: "formatDue", signature: "func formatDue(_ date: Date) -> String",
                       parameters: [.init(label: nil, name: "date", type: "Date")], returnType: "String"),
    ]

    /// The inventory: TaskKit's records carry their module kind, the app's kind comes from the module list.
    static let inventory = Inventory(
        project: ProjectInfo(name: "TaskBoard", root: ".", commit: "3f2a9c1d5e7b"),
        types: types.map { var type = $0; if type.module == "TaskKit" { type.moduleKind = .packageLibrary }; return type },
        functions: functions.map { var function = $0; if function.module == "TaskKit" { function.moduleKind = .packageLibrary }; return function },
        modules: [ModuleRecord(name: "TaskBoardApp", kind: .app, project: "TaskBoard.xcodeproj")])

    static var diff: InventoryDiff {
        var changed = functions[1]
        changed.signature = "public func add(_ task: TaskItem, at index: Int) throws -> Int"
        return InventoryDiff(base: "v1.1.0", head: "HEAD", added: [functions[5]], removed: [functions[6]],
                             changed: [.init(old: functions[1], new: changed, changes: [.signature])])
    }

    /// A fresh folder for a test's output.
    static func folder() throws -> URL { try TestArtifacts.temporaryFolder("docsheet-dd") }
}

/// Loads `yaml` as the template file `custom.yml` and returns the error message, or `nil` when it loads.
func templateLoadError(_ yaml: String) -> String? {
    do {
        _ = try TemplateLoader.load(yaml: yaml, path: "custom.yml", baseFolder: nil)
        return nil
    } catch {
        return error.description
    }
}
