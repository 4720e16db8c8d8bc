// swift-tools-version: 5.9
import PackageDescription

let buildTests = false

var targets: [Target] = [
    // path: and exclude: (a folder)
    .target(name: "Alpha", path: "Code", exclude: ["Legacy"]),
    // sources: a file and a folder; Selected/NotPicked.swift is not compiled
    .target(name: "AlphaSelected", path: "Selected", sources: ["Picked.swift", "Chosen"]),
    .testTarget(name: "AlphaTests", dependencies: ["Alpha"]),
]

// Never true: AlphaSlowTests is not a target.
if buildTests {
    targets.append(.testTarget(name: "AlphaSlowTests", dependencies: ["Alpha"]))
}

let package = Package(
    name: "A",
    products: [.library(name: "Alpha", targets: ["Alpha", "AlphaSelected"])],
    targets: targets
)
