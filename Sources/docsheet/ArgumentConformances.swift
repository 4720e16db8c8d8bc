import ArgumentParser
import DesignDocument
import Inventory
import SwiftExtraction

extension AccessLevel: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension DocumentLocale: ExpressibleByArgument {}
extension ApplePlatform: ExpressibleByArgument {}
import Foundation
import Workflow

extension CheckReporter: ExpressibleByArgument {}
extension HookKind: ExpressibleByArgument {}

/// Shell completion of `--template`: the built-in names, then the YAML and `.xlsx` files and the folders that start
/// with the word typed so far.
enum TemplateCompletion {
    /// The candidates for the word being completed.
    ///
    /// - Parameters:
    ///   - arguments: The command line's words (unused).
    ///   - index: The index of the word being completed (unused).
    ///   - prefix: What is typed of the word so far.
    /// - Returns: The matching built-in names, files and folders (folders end in `/`).
    @Sendable static func candidates(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        let builtins = Template.builtinNames.filter { $0.hasPrefix(prefix) }
        let folder = prefix.contains("/") ? String(prefix[...prefix.lastIndex(of: "/")!]) : ""
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        let files = names.sorted().compactMap { name -> String? in
            let path = folder + name
            guard path.hasPrefix(prefix), !name.hasPrefix(".") else { return nil }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            if isFolder.boolValue { return path + "/" }
            return ["yml", "yaml", "xlsx"].contains((name as NSString).pathExtension.lowercased()) ? path : nil
        }
        return builtins + files
    }
}
