import Foundation
import Inventory
import Testing
import TestSupport

@testable import SwiftExtraction

/// The syntactic manifest reader, one construct at a time: what it follows, and what it names instead of running.
@Suite struct SyntacticManifestTests {
    private func read(_ body: String) -> SyntacticManifest.Reading {
        SyntacticManifest.read("// swift-tools-version:5.9\nimport PackageDescription\n" + body)
    }

    private func names(_ reading: SyntacticManifest.Reading) -> [String] { reading.targets.map(\.name) }

    @Test func literalTargetsOfEveryKindWithTheirFolders() {
        let reading = read("""
            let package = Package(name: "P", targets: [
                .target(name: "Core", dependencies: ["Base", .product(name: "Algorithms", package: "swift-algorithms")],
                        path: "Code/Core", exclude: ["Old", "README.md"], sources: ["A.swift", "More"]),
                .executableTarget(name: "tool", dependencies: [.target(name: "Core")]),
                .testTarget(name: "CoreTests", dependencies: [.byName(name: "Core")]),
                .macro(name: "Macros"),
                .plugin(name: "Gen", capability: .buildTool()),
                .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
                .binaryTarget(name: "Blob", path: "Blob.xcframework"),
            ])
            """)
        #expect(reading.targets.map { "\($0.name) \($0.kind.rawValue)" }
            == ["Core packageLibrary", "tool executable", "CoreTests unitTests", "Macros macro", "Gen plugin"])
        let core = reading.targets[0]
        #expect(core.path == "Code/Core" && core.exclude == ["Old", "README.md"] && core.sources == ["A.swift", "More"])
        #expect(core.dependencies == ["Base", "Algorithms"])
        #expect(reading.targets[1].dependencies == ["Core"] && reading.targets[2].dependencies == ["Core"])
        #expect(reading.targets[1].path == "\u{0}", "no path: SwiftPM's default folder, resolved later")
        #expect(reading.notes.isEmpty)
    }

    @Test func products() {
        let reading = read("""
            let package = Package(
                name: "P",
                products: [
                    .library(name: "Core", targets: ["Core"]),
                    .library(name: "CoreDynamic", type: .dynamic, targets: ["Core", "Extras"]),
                    .executable(name: "tool", targets: ["tool"]),
                    .plugin(name: "GenPlugin", targets: ["Gen"]),
                ],
                targets: [.target(name: "Core")]
            )
            """)
        #expect(reading.products.map { "\($0.kind) \($0.name) \($0.targets)" } == [
            "library Core [\"Core\"]", "library CoreDynamic [\"Core\", \"Extras\"]", "executable tool [\"tool\"]",
            "plugin GenPlugin [\"Gen\"]",
        ])
        #expect(names(reading) == ["Core"])
    }

    @Test func letConstantsOfStringsAndArraysOfStrings() {
        let reading = read("""
            let name = "Core"
            let legacy = ["Old", "Older"]
            let root = "Sources/"
            let package = Package(name: "P", targets: [.target(name: name, path: root + name, exclude: legacy + ["Tmp"])])
            """)
        #expect(names(reading) == ["Core"])
        #expect(reading.targets.first?.path == "Sources/Core")
        #expect(reading.targets.first?.exclude == ["Old", "Older", "Tmp"])
        #expect(reading.notes.isEmpty)
    }

    @Test func stringInterpolationOfConstants() {
        let reading = read("""
            let prefix = "Acme"
            let package = Package(name: "P", targets: [.target(name: "\\(prefix)Core", path: "Sources/\\(prefix)")])
            """)
        #expect(names(reading) == ["AcmeCore"])
        #expect(reading.targets.first?.path == "Sources/Acme")
    }

    @Test func targetArraysJoinedWithPlus() {
        let reading = read("""
            let common: [Target] = [.target(name: "Core")]
            let package = Package(name: "P", targets: common + [.target(name: "UI")] + [.testTarget(name: "CoreTests")])
            """)
        #expect(names(reading) == ["Core", "UI", "CoreTests"])
    }

    @Test func packageTargetsAppendedAfterThePackage() {
        let reading = read("""
            let package = Package(name: "P", targets: [.target(name: "Core")])
            package.targets.append(.target(name: "One"))
            package.targets.append(contentsOf: [.target(name: "Two"), .target(name: "Three")])
            package.targets += [.testTarget(name: "CoreTests")]
            package.products.append(.library(name: "Core", targets: ["Core"]))
            """)
        #expect(names(reading) == ["Core", "One", "Two", "Three", "CoreTests"])
        #expect(reading.products.map(\.name) == ["Core"])
        #expect(reading.notes.isEmpty)
    }

    @Test func aVariableArrayOfTargetsBuiltBeforeThePackage() {
        let reading = read("""
            var targets: [Target] = [.target(name: "Core")]
            targets.append(.target(name: "UI"))
            targets += [.target(name: "Net")]
            let package = Package(name: "P", targets: targets)
            """)
        #expect(names(reading) == ["Core", "UI", "Net"])
    }

    @Test func anIfOnABooleanConstantTakesItsBranch() {
        let reading = read("""
            let buildTests = false
            let withUI = true
            var targets: [Target] = [.target(name: "Core")]
            if buildTests {
                targets.append(.testTarget(name: "SlowTests"))
            } else if withUI && !buildTests {
                targets.append(.target(name: "UI"))
            } else {
                targets.append(.target(name: "Never"))
            }
            let package = Package(name: "P", targets: targets)
            """)
        #expect(names(reading) == ["Core", "UI"])
        #expect(reading.notes.isEmpty)
    }

    @Test func environmentVariablesReadAsUnset() {
        let reading = read("""
            var package = Package(name: "P", targets: [.target(name: "Core")])
            if ProcessInfo.processInfo.environment["TEST_SERVER"] == nil {
                package.targets.append(.target(name: "Client"))
            }
            if ProcessInfo.processInfo.environment["SPI_BUILDER"] == "1" {
                package.targets.append(.target(name: "Docs"))
            }
            """)
        #expect(names(reading) == ["Core", "Client"])
        #expect(reading.notes.isEmpty)
    }

    @Test func castsAndFlatMapOfKnownArrays() {
        let reading = read("""
            let package = Package(name: "P", targets: ([
                [.target(name: "Core")],
                [.target(name: "UI"), .target(name: "Net")],
            ] as [[Target]]).flatMap(\\.self))
            """)
        #expect(names(reading) == ["Core", "UI", "Net"])
    }

    @Test func aHelperFunctionIsNotRunButNamedWithItsLine() {
        let reading = read("""
            extension Target {
                static func feature(_ name: String) -> Target { .target(name: name) }
            }
            let package = Package(name: "P", targets: [
                .target(name: "Core"),
                .feature("Search"),
            ])
            """)
        #expect(names(reading) == ["Core"])
        #expect(reading.notes.map(\.line) == [8])
        #expect(reading.notes.first?.message.contains("`.feature(…)`") == true)
        #expect(reading.notes.first?.message.contains("--evaluate-manifests") == true)
    }

    @Test func aComputedNameIsNamed() {
        let reading = read("""
            let package = Package(name: "P", targets: [
                .target(name: ["A", "B"].joined()),
                .target(name: "Core"),
            ])
            """)
        #expect(names(reading) == ["Core"])
        #expect(reading.notes.map(\.line) == [4])
        #expect(reading.notes.first?.message.contains("name is computed") == true)
    }

    @Test func aComputedExcludeKeepsTheTargetAndIsNamed() {
        let reading = read("""
            func legacyFiles() -> [String] { ["Old"] }
            let package = Package(name: "P", targets: [.target(name: "Core", exclude: legacyFiles())])
            """)
        #expect(names(reading) == ["Core"])
        #expect(reading.targets.first?.exclude == [])
        #expect(reading.notes.map(\.line) == [4])
        #expect(reading.notes.first?.message.hasPrefix("the `exclude` of target `Core` only running the manifest gives") == true)
    }

    @Test func aLoopThatAddsTargetsIsNamedOneThatSetsSettingsIsNot() {
        let reading = read("""
            var targets: [Target] = [.target(name: "Core")]
            for name in ["A", "B"] {
                targets.append(.target(name: name))
            }
            let package = Package(name: "P", targets: targets)
            for target in package.targets where target.type != .system {
                target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
            }
            """)
        #expect(names(reading) == ["Core"])
        #expect(reading.notes.map(\.line) == [4])
        #expect(reading.notes.first?.message.hasPrefix("a `for` loop changes the targets") == true)
    }

    @Test func anIfOnAValueOnlyEvaluationKnowsIsNamed() {
        let reading = read("""
            func wantsUI() -> Bool { true }
            var package = Package(name: "P", targets: [.target(name: "Core")])
            if wantsUI() {
                package.targets.append(.target(name: "UI"))
            }
            """)
        #expect(names(reading) == ["Core"])
        #expect(reading.notes.map(\.line) == [5])
    }

    @Test func aManifestWithoutALiteralPackageIsNamed() {
        let reading = read("let package = makePackage()\n")
        #expect(reading.targets.isEmpty)
        #expect(reading.notes.count == 1)
    }

    @Test func theNotesReachDiscoveryAsWarningsAtTheirLines() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "Core")] + Target.generated())
            """)
        try folder.write("Sources/Core/A.swift")
        var options = DiscoveryOptions(respectGitIgnore: false)
        options.manifests = ManifestReading()
        let found = try SourceDiscovery.scan(root: folder.url, options: options)
        #expect(found.files.map(\.module) == ["Core"])
        #expect(found.diagnostics.map { "\($0.file):\($0.line) \($0.severity)" } == ["Package.swift:3 warning"])
    }
}
