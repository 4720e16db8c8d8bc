import Foundation
import Inventory
import Testing
import TestSupport

@testable import SwiftExtraction

/// Extracts an inline Swift snippet as the file `Sources/App/File.swift` of module `App`; `parsingBodies` parses
/// function bodies too (`ExtractionOptions.parsesFunctionBodies`), for what happens inside them.
func extract(_ source: String, includeLocal: Bool = false, parsingBodies: Bool = false) -> FileExtraction {
    var options = ExtractionOptions(includeLocal: includeLocal)
    options.parsesFunctionBodies = parsingBodies
    return SwiftExtractor(options: options).extract(source: source, relativePath: "Sources/App/File.swift", module: "App")
}

/// The one function record whose full name is `name`; records an issue when there is not exactly one.
func function(
    _ name: String, in source: String, includeLocal: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) -> FunctionRecord? {
    let matches = extract(source, includeLocal: includeLocal).functions.filter { $0.name == name }
    #expect(matches.count == 1, "expected one record named \(name), found \(matches.count)", sourceLocation: sourceLocation)
    return matches.first
}

/// The one type record whose name is `name`.
func type(_ name: String, in source: String, sourceLocation: SourceLocation = #_sourceLocation) -> TypeRecord? {
    let matches = extract(source).types.filter { $0.name == name }
    #expect(matches.count == 1, "expected one type named \(name), found \(matches.count)", sourceLocation: sourceLocation)
    return matches.first
}

/// What extraction tests need of a temporary folder besides `TestSupport.TemporaryFolder`.
extension TemporaryFolder {
    /// A folder named `docsheet-extraction-UUID`.
    convenience init() throws {
        try self.init(prefix: "docsheet-extraction")
    }

    /// Writes a Swift file with one function to `path` (relative, `/` separated), creating folders.
    func write(_ path: String) throws {
        try write(path, "func f() {}\n")
    }

    /// Runs a command in the folder; returns its exit status.
    @discardableResult
    func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
