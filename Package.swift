// swift-tools-version:6.0
import PackageDescription

/// DocSheet: Swift source → function inventory → design-document workbook.
///
/// Modules, with dependencies pointing one way (see Documentation/Architecture.md):
/// Parallelism (the one parallel map and `Locked`, no dependencies) ← Inventory, FileSupport, SwiftExtraction, DesignDocument, Workflow, docsheet;
/// FileSupport → CFileSupport (atomic writes, the temporary-file registry, the process runner, the signal handler);
/// Inventory ← SwiftExtraction → FileSupport;  Inventory ← ObjCExtraction → FileSupport (clang as a process, no SwiftSyntax);  Inventory ← ProjectResources (strings tables, Core Data models; no SwiftSyntax);  SpreadsheetModel ← Workbook → CXLSXWriter;  SpreadsheetModel ← SpreadsheetReader;
/// Inventory, Workbook, SpreadsheetReader, YAMLReading ← DesignDocument;  Workbook, SpreadsheetReader, DesignDocument → FileSupport;
/// Workflow → (Inventory, SwiftExtraction, ObjCExtraction, ProjectResources, DesignDocument, YAMLReading, FileSupport);
/// docsheet → all, and it alone installs signal handlers.
let package = Package(
    name: "DocSheet",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "docsheet", targets: ["docsheet"]),
        .library(name: "DocSheetKit", targets: ["Parallelism", "FileSupport", "Inventory", "SwiftExtraction", "ObjCExtraction", "ProjectResources", "SpreadsheetModel", "Workbook", "SpreadsheetReader", "YAMLReading", "DesignDocument", "Workflow"]),
        // SwiftPM plugins (Documentation/Plugins.md): `swift package generate-design-doc`, `swift package docsheet …`,
        // and the build-tool plugin that checks a target's documentation in every build.
        .plugin(name: "GenerateDesignDoc", targets: ["GenerateDesignDoc"]),
        .plugin(name: "DocSheetCommand", targets: ["DocSheetCommand"]),
        .plugin(name: "DocSheetBuildTool", targets: ["DocSheetBuildTool"]),
        // The fuzz targets' checks, for the libFuzzer package in Fuzz/ (a package can use another's targets only
        // through a product); not part of DocSheetKit.
        .library(name: "FuzzChecks", targets: ["FuzzChecks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.1"..<"604.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CXLSXWriter",
            pkgConfig: "xlsxwriter",
            providers: [.apt(["libxlsxwriter-dev"])]
        ),
        .target(name: "CFileSupport"),
        // The one parallel map and the `Locked` wrapper every module shares (Documentation/Architecture.md,
        // "Concurrency"); no dependencies.
        .target(name: "Parallelism"),
        .target(name: "FileSupport", dependencies: ["CFileSupport", "Parallelism"]),
        .target(name: "Inventory", dependencies: ["Parallelism"]),
        .target(
            name: "SwiftExtraction",
            dependencies: [
                "Inventory", "FileSupport", "Parallelism",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // Objective-C (`.h`, `.m`, `.mm`) through clang's JSON AST, one clang process per file; no SwiftSyntax
        // (Documentation/ObjectiveC.md).
        .target(name: "ObjCExtraction", dependencies: ["Inventory", "FileSupport", "Parallelism"]),
        // The project's resources besides Swift code: `.strings`, `.stringsdict` and `.xcstrings` tables, Core Data
        // models (XML through FoundationXML on Linux, JSON, property lists); no SwiftSyntax (Documentation/Resources.md).
        .target(name: "ProjectResources", dependencies: ["Inventory", "FileSupport"]),
        // A spreadsheet as values (cells, styles, sheet settings): what the reader reads and the writer writes; no C.
        .target(name: "SpreadsheetModel"),
        .target(name: "Workbook", dependencies: ["SpreadsheetModel", "CXLSXWriter", "FileSupport"]),
        .target(
            name: "SpreadsheetReader",
            dependencies: ["SpreadsheetModel", "FileSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // The YAML node reader the template loader and the configuration loader share.
        .target(name: "YAMLReading", dependencies: [.product(name: "Yams", package: "Yams")]),
        .target(
            name: "DesignDocument",
            dependencies: ["Inventory", "SpreadsheetModel", "Workbook", "SpreadsheetReader", "YAMLReading", "FileSupport", "Parallelism",
                           .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "Workflow",
            dependencies: ["Inventory", "SwiftExtraction", "ObjCExtraction", "ProjectResources", "DesignDocument", "YAMLReading", "FileSupport", "Parallelism",
                           .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "docsheet",
            dependencies: [
                "Inventory", "SwiftExtraction", "DesignDocument", "Workflow", "FileSupport", "CFileSupport", "Parallelism",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "GenerateDesignDoc",
            capability: .command(
                intent: .custom(
                    verb: "generate-design-doc",
                    description: "Write the design document (.xlsx) of the package's targets with docsheet generate"),
                permissions: [
                    .writeToPackageDirectory(reason: "docsheet generate writes the design document into the package folder")
                ]),
            dependencies: ["docsheet"]
        ),
        .plugin(
            name: "DocSheetCommand",
            capability: .command(
                // No write permission: checks and reports need none (the cache is in the plugin's work folder). On
                // macOS, commands that write into the package folder need `--disable-sandbox`; generate-design-doc
                // asks for the permission instead.
                intent: .custom(verb: "docsheet", description: "Run a docsheet command (check, diff, generate, …) in the package folder")),
            dependencies: ["docsheet"]
        ),
        .plugin(name: "DocSheetBuildTool", capability: .buildTool(), dependencies: ["docsheet"]),
        // A small sample target that uses the build-tool plugin: its undocumented function is a warning in the build
        // (Documentation/Plugins.md; Tests/CLITests/PluginTests.swift).
        .target(name: "PluginExample", path: "Tests/Fixtures/PluginExample", plugins: ["DocSheetBuildTool"]),
        // A measuring instrument for the benchmark (Benchmarks/README.md), not part of DocSheet.
        .executableTarget(
            name: "docsheet-parser-ceiling",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Benchmarks/ParserCeiling"
        ),
        .target(
            name: "TestSupport",
            dependencies: [.product(name: "ZIPFoundation", package: "ZIPFoundation")],
            path: "Tests/TestSupport"
        ),
        // What the fuzz targets check of one input (Fuzz/ links it into libFuzzer executables; FuzzReplayTests runs
        // the committed findings and a sample of the seeds through it in the normal build).
        .target(
            name: "FuzzChecks",
            dependencies: ["Inventory", "SwiftExtraction", "ObjCExtraction", "ProjectResources", "DesignDocument", "SpreadsheetModel", "SpreadsheetReader", "Workbook"],
            path: "Tests/FuzzChecks"
        ),
        .testTarget(name: "ParallelismTests", dependencies: ["Parallelism"]),
        .testTarget(name: "FileSupportTests", dependencies: ["FileSupport", "TestSupport"]),
        .testTarget(name: "InventoryTests", dependencies: ["Inventory"]),
        .testTarget(name: "ProjectResourcesTests", dependencies: ["ProjectResources", "Inventory"]),
        .testTarget(name: "ObjCExtractionTests", dependencies: ["ObjCExtraction", "Inventory"]),
        .testTarget(name: "SwiftExtractionTests", dependencies: ["SwiftExtraction", "Inventory", "TestSupport"]),
        .testTarget(name: "WorkbookTests", dependencies: ["Workbook", "SpreadsheetModel", "TestSupport"]),
        .testTarget(name: "SpreadsheetReaderTests", dependencies: ["SpreadsheetReader", "SpreadsheetModel", "Workbook", "TestSupport"]),
        .testTarget(name: "DesignDocumentTests", dependencies: ["DesignDocument", "Inventory", "SpreadsheetModel", "Workbook", "YAMLReading", "FileSupport", "TestSupport", "SwiftExtraction"]),
        // What the Workflow suites share: a temporary folder that may be a git repository, records with defaults.
        .target(name: "WorkflowTestSupport", dependencies: ["Workflow", "Inventory", "TestSupport"], path: "Tests/WorkflowTestSupport"),
        .testTarget(name: "WorkflowTests", dependencies: ["Workflow", "Inventory", "SwiftExtraction", "ObjCExtraction", "DesignDocument", "FileSupport", "TestSupport", "WorkflowTestSupport"]),
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzChecks", "TestSupport"]),
        // The suites that start other programs (git repositories, hooks, the Python referees), apart from the unit
        // targets so that `swift test --filter WorkflowTests` or `WorkbookTests` stays fast; CLITests starts the
        // docsheet binary.
        .testTarget(
            name: "ToolTests",
            dependencies: ["Workflow", "Inventory", "SwiftExtraction", "DesignDocument", "FileSupport", "TestSupport", "WorkflowTestSupport",
                           "Workbook", "SpreadsheetModel"]
        ),
        .testTarget(name: "CLITests", dependencies: ["docsheet", "Inventory", "Workflow", "FileSupport", "TestSupport"]),
    ]
)
