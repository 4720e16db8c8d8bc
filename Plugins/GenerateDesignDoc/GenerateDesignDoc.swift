import Foundation
import PackagePlugin

/// `swift package generate-design-doc [--target NAME …] [docsheet generate options]`: writes the design document of
/// the package's targets (all of them, or those named with `--target`) with `docsheet generate`, run in the package
/// folder, so `.docsheet.yml` and its `output:` apply; the default output is `docsheet.xlsx` there. Every other
/// argument goes to `docsheet generate` as it is (`--output docs/design.xlsx --locale ja --template class-spec`).
/// Documentation/Plugins.md.
@main struct GenerateDesignDoc: CommandPlugin {
    /// Runs `docsheet generate` on the package.
    ///
    /// - Parameters:
    ///   - context: The package and the built `docsheet` tool.
    ///   - arguments: The arguments after the verb.
    /// - Throws: When a named target does not exist or `docsheet` fails (its message is on standard error).
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        // SwiftPM's own error for a name the package does not have.
        _ = try context.package.targets(named: names)
        let process = Process()
        process.executableURL = try context.tool(named: "docsheet").url
        process.arguments = ["generate", "."] + names.flatMap { ["--target", $0] } + extractor.remainingArguments
        process.currentDirectoryURL = context.package.directoryURL
        var environment = ProcessInfo.processInfo.environment
        // The extraction cache in the plugin's work folder, which the sandbox lets a plugin write.
        environment["DOCSHEET_CACHE_DIR"] = context.pluginWorkDirectoryURL.appendingPathComponent("cache").path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("docsheet generate ended with exit status \(process.terminationStatus)")
        }
    }
}

/// A failure the plugin reports to SwiftPM, which prints its description.
struct PluginFailure: Error, CustomStringConvertible {
    /// What went wrong, for the user.
    let description: String

    /// Creates the failure.
    ///
    /// - Parameter description: What went wrong.
    init(_ description: String) { self.description = description }
}
