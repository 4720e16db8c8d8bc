// swift-tools-version:6.0
import PackageDescription

/// DocSheet's libFuzzer targets (Documentation/Testing.md, "Fuzzing"). Their checks are the root package's
/// `FuzzChecks` library, which `make test` also runs on the committed regressions and a sample of the seeds
/// (`FuzzReplayTests`). Built by `scripts/fuzz` only, with
/// `--sanitize=fuzzer` (plus `address` for `--asan`) and `-parse-as-library`, into their own scratch folders
/// (`.build/fuzz`, `.build/fuzz-asan`); the root package's build never sees them.
let package = Package(
    name: "DocSheetFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "DocSheet", path: ".."),
    ],
    targets: [
        // libFuzzer's driver entry point (`LLVMFuzzerRunDriver`), declared for Swift; the runtime that defines it is
        // linked by `-sanitize=fuzzer`.
        .systemLibrary(name: "CFuzzerDriver", path: "Sources/CFuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzerDriver", .product(name: "FuzzChecks", package: "DocSheet"),
                .product(name: "DocSheetKit", package: "DocSheet"),
            ]
        ),
        .executableTarget(name: "FuzzExtraction", dependencies: ["FuzzSupport", .product(name: "FuzzChecks", package: "DocSheet")]),
        // Extraction and the JSON round trip only, no documents: the fast target (FuzzExtraction writes every document).
        .executableTarget(name: "FuzzRecords", dependencies: ["FuzzSupport", .product(name: "FuzzChecks", package: "DocSheet")]),
        // The resource readers (`.strings`, `.stringsdict`, `.xcstrings`, Core Data XML): a selector byte, then the file.
        .executableTarget(name: "FuzzResources", dependencies: ["FuzzSupport", .product(name: "FuzzChecks", package: "DocSheet")]),
        // An Objective-C file (`.h`, `.m` or `.mm` by a selector byte) through clang: no crash, a warning naming the file.
        .executableTarget(name: "FuzzObjC", dependencies: ["FuzzSupport", .product(name: "FuzzChecks", package: "DocSheet")]),
        .executableTarget(name: "FuzzDocAndTemplates", dependencies: ["FuzzSupport", .product(name: "FuzzChecks", package: "DocSheet")]),
    ]
)
