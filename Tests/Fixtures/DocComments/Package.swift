// swift-tools-version:6.0
import PackageDescription

/// Tricky doc comments, one function per construct. It builds on Linux so that `scripts/compare-with-docc` can
/// compare the parts DocSheet reads from each comment with what Swift-DocC renders (docc-parts.json).
/// It is not part of the DocSheet package (no DocSheet target's path includes this folder).
let package = Package(
    name: "DocComments",
    products: [.library(name: "DocComments", targets: ["DocComments"])],
    targets: [.target(name: "DocComments")]
)
