// swift-tools-version: 5.9
import PackageDescription

// The outer package. Its targets use the default folders (Sources/<name>, Tests/<name>), so the nested packages under
// Packages/ are not inside any of its targets.
let package = Package(
    name: "NestedPackages",
    products: [.library(name: "Outer", targets: ["Outer"])],
    dependencies: [.package(path: "Packages/A"), .package(path: "Packages/B")],
    targets: [
        .target(name: "Outer", dependencies: [.product(name: "Alpha", package: "A")]),
        .executableTarget(name: "OuterTool", dependencies: ["Outer"]),
        .testTarget(name: "OuterTests", dependencies: ["Outer"]),
    ]
)
