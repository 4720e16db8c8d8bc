import ArgumentParser
import SwiftExtraction
import Workflow

/// The options every scanning command shares: which files, how to extract, the cache and the configuration.
struct ScanOptionGroup: ParsableArguments {
    @Option(name: .customLong("include"), help: ArgumentHelp("Only scan files matching this glob (relative to the root, ** allowed; repeatable).", valueName: "glob"))
    var includes: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Leave out files or folders matching this glob (repeatable).", valueName: "glob"))
    var excludes: [String] = []

    @Flag(help: "Also list local functions (inside bodies, closures and property initialisers).")
    var includeLocal = false

    @Option(help: ArgumentHelp("Parse at most this many files at once (default: one per core).", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Do not read or write the on-disk extraction cache.")
    var noCache = false

    @Option(help: ArgumentHelp("Use this configuration file instead of the nearest .docsheet.yml.", valueName: "file"), completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @Flag(help: "Leave out unit-test and UI-test targets.")
    var excludeTests = false

    @Option(name: .customLong("target"), help: ArgumentHelp("Document only this target (module or Xcode target name; repeatable).", valueName: "name"))
    var targets: [String] = []

    @Flag(help: "Keep .swift files that no target compiles, under a module named after their folder.")
    var includeUnowned = false

    @Option(help: ArgumentHelp("The Apple platform whose view of Package.swift's #if os(...) counts: ios (default), macos, tvos, watchos, visionos.", valueName: "platform"))
    var platform: ApplePlatform?

    /// The options as the Workflow module takes them.
    var settings: ScanSettings {
        var settings = ScanSettings()
        settings.include = includes
        settings.exclude = excludes
        settings.includeLocal = includeLocal ? true : nil
        settings.jobs = jobs
        settings.useCache = !noCache
        settings.configurationFile = config
        settings.excludeTests = excludeTests ? true : nil
        settings.targets = targets
        settings.includeUnowned = includeUnowned ? true : nil
        settings.platform = platform
        return settings
    }

    /// Rejects a `--jobs` below 1.
    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }
}
