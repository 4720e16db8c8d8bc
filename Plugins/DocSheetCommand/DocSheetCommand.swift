import Foundation
import PackagePlugin

/// `swift package docsheet <command> [options]`: runs any `docsheet` command in the package folder with the
/// arguments as given — `swift package docsheet check --reporter json`, `swift package docsheet diff main` — as
/// SwiftLint's and swift-format's command plugins do. It asks for no write permission: checks and reports write
/// nothing into the package (the extraction cache goes to the plugin's work folder); on macOS, a command that writes
/// there (`generate`, `check --write-baseline`) needs `swift package --disable-sandbox docsheet …`, or use
/// `swift package generate-design-doc`. Documentation/Plugins.md.
@main struct DocSheetCommand: CommandPlugin {
    /// Runs `docsheet` with `arguments` in the package folder.
    ///
    /// - Parameters:
    ///   - context: The package and the built `docsheet` tool.
    ///   - arguments: The arguments after the verb, given to `docsheet` unchanged.
    /// - Throws: When `docsheet` ends with a non-zero status (a failed gate, an input error); its own message is on
    ///   standard error.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "docsheet").url
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        var environment = ProcessInfo.processInfo.environment
        environment["DOCSHEET_CACHE_DIR"] = context.pluginWorkDirectoryURL.appendingPathComponent("cache").path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailure(description: "docsheet \(arguments.first ?? "") ended with exit status \(process.terminationStatus)")
        }
    }
}

/// A failure the plugin reports to SwiftPM, which prints its description.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong, for the user.
    let description: String
}
