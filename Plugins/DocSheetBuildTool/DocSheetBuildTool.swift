import Foundation
import PackagePlugin

/// A build-tool plugin: in every build of a target that uses it, `docsheet check --warn-only --reporter xcode` on
/// that target, so undocumented public API shows as warnings in `swift build` and in Xcode's issue navigator, as
/// SwiftLint's build-tool plugin shows lint. It never fails a build for missing documentation (only for a broken
/// configuration). Documentation/Plugins.md.
@main struct DocSheetBuildTool: BuildToolPlugin {
    /// The check of one target's folder, as a build command that runs when the target's sources, the package
    /// manifest, the configuration or the tool change. The nearest `.docsheet.yml` above the target's folder applies.
    ///
    /// - Parameters:
    ///   - context: The package and the built `docsheet` tool.
    ///   - target: The target being built.
    /// - Returns: One build command, or none for a target without sources.
    /// - Throws: When the `docsheet` tool cannot be found.
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let docsheet = try context.tool(named: "docsheet").url
        let package = context.package.directoryURL
        // The build system runs a command only for the outputs it declares; the check writes a one-line Swift file
        // when it has run (an output that is not Swift would become a resource of the target).
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("DocSheetCheck-\(target.name).swift")
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard let folder = Self.commonFolder(of: sources) else { return [] }
        var inputs = sources + [docsheet, package.appendingPathComponent("Package.swift")]
        let configuration = package.appendingPathComponent(".docsheet.yml")
        if FileManager.default.fileExists(atPath: configuration.path) { inputs.append(configuration) }
        return [
            .buildCommand(
                displayName: "DocSheet: checking the documentation of \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", #"cd "$1" && "$0" check "$2" --target "$3" --warn-only --reporter xcode && echo "// docsheet check: $3" > "$4""#,
                    docsheet.path, package.path, folder.path, target.name, stamp.path,
                ],
                environment: ["DOCSHEET_CACHE_DIR": context.pluginWorkDirectoryURL.appendingPathComponent("cache").path],
                inputFiles: inputs,
                outputFiles: [stamp])
        ]
    }

    /// The deepest folder that holds all `files` (the target's folder, or a folder inside it when all its sources are
    /// there; `Target.directoryURL` needs PackageDescription 6.1), or `nil` for no files.
    ///
    /// - Parameter files: The target's Swift files.
    /// - Returns: Their common folder.
    static func commonFolder(of files: [URL]) -> URL? {
        guard var common = files.first?.deletingLastPathComponent().pathComponents else { return nil }
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().pathComponents
            common = Array(zip(common, components).prefix { $0.0 == $0.1 }.map(\.0))
        }
        return URL(fileURLWithPath: common.joined(separator: "/").replacingOccurrences(of: "//", with: "/"))
    }
}
