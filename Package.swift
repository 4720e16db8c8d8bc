// swift-tools-version:6.0
import PackageDescription

/// DocSheet: Swift source → function inventory → design-document workbook.
///
/// Modules, with dependencies pointing one way (see Documentation/Architecture.md):
/// FileSupport → CFileSupport (atomic writes, the temporary-file registry, the process runner);
/// Inventory ← SwiftExtraction → FileSupport;  Inventory ← DesignDocument → (SpreadsheetReader →) Workbook → CXLSXWriter;
/// Workbook and DesignDocument → FileSupport;  Workflow → (Inventory, SwiftExtraction, DesignDocument, FileSupport);
/// docsheet → all, and it alone installs signal handlers.
let package = Package(
    name: "DocSheet",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "docsheet", targets: ["docsheet"]),
        .library(name: "DocSheetKit", targets: ["FileSupport", "Inventory", "SwiftExtraction", "Workbook", "SpreadsheetReader", "DesignDocument", "Workflow"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "603.0.1"),
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
        .target(name: "FileSupport", dependencies: ["CFileSupport"]),
        .target(name: "Inventory"),
        .target(
            name: "SwiftExtraction",
            dependencies: [
                "Inventory", "FileSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(name: "Workbook", dependencies: ["CXLSXWriter", "FileSupport"]),
        .target(
            name: "SpreadsheetReader",
            dependencies: ["Workbook", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        .target(
            name: "DesignDocument",
            dependencies: ["Inventory", "Workbook", "SpreadsheetReader", "FileSupport", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "Workflow",
            dependencies: ["Inventory", "SwiftExtraction", "DesignDocument", "FileSupport", .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "docsheet",
            dependencies: [
                "Inventory", "SwiftExtraction", "DesignDocument", "Workflow", "FileSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
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
        .testTarget(name: "FileSupportTests", dependencies: ["FileSupport", "TestSupport"]),
        .testTarget(name: "InventoryTests", dependencies: ["Inventory"]),
        .testTarget(name: "SwiftExtractionTests", dependencies: ["SwiftExtraction", "Inventory"]),
        .testTarget(name: "WorkbookTests", dependencies: ["Workbook", "TestSupport"]),
        .testTarget(name: "SpreadsheetReaderTests", dependencies: ["SpreadsheetReader", "Workbook", "TestSupport"]),
        .testTarget(name: "DesignDocumentTests", dependencies: ["DesignDocument", "Inventory", "Workbook", "FileSupport", "TestSupport"]),
        .testTarget(name: "WorkflowTests", dependencies: ["Workflow", "Inventory", "SwiftExtraction", "DesignDocument", "FileSupport", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["docsheet", "Inventory", "Workflow", "FileSupport", "TestSupport"]),
    ]
)
