// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "JournalKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "JournalStorage", targets: ["JournalStorage"]),
        .library(name: "JournalInsights", targets: ["JournalInsights"]),
    ],
    targets: [
        .target(name: "JournalStorage"),
        .target(name: "JournalInsights"),
        .testTarget(name: "JournalInsightsTests", dependencies: ["JournalInsights"]),
    ]
)
