// swift-tools-version:6.0
import PackageDescription

/// One case per extraction rule of Documentation/Extraction.md. It builds on Linux so that
/// `scripts/compare-with-compiler` can compare DocSheet's records with the compiler's symbol graph.
/// It is not part of the DocSheet package (no DocSheet target's path includes this folder).
let package = Package(
    name: "RulesPackage",
    products: [.library(name: "Rules", targets: ["Rules"])],
    targets: [
        .target(name: "RulesSupport"),
        .target(name: "Rules", dependencies: ["RulesSupport"]),
    ]
)
