import Foundation
import Inventory
import SwiftExtraction

/// The `FuzzRecords` target's work on one input: the bytes are a Swift source file, extracted in memory (UTF-8,
/// invalid bytes replaced) and its records written as JSON and read back — no file, no workbook, so that a campaign
/// reaches millions of inputs. `FuzzExtraction` runs the same source through every document format, far more slowly.
///
/// Checks: every record lies inside the file and has a name (``ExtractionPipeline/checkRecords(_:byteCount:)``); the
/// JSON decodes to the same inventory; encoding what was decoded gives the same bytes.
public enum RecordsPipeline {
    /// Runs one input.
    ///
    /// - Parameter bytes: The Swift source file's bytes. The first byte's lowest bit asks for local functions, the next
    ///   one for parsed function bodies, so that a mutation reaches each combination of options.
    /// - Throws: `CheckFailure` when a record is misplaced or the JSON does not round-trip.
    public static func run(_ bytes: UnsafeRawBufferPointer) throws(CheckFailure) {
        let choice = Int(bytes.first ?? 0)
        var options = ExtractionOptions(includeLocal: choice & 1 == 1, jobs: 1)
        options.parsesFunctionBodies = choice & 2 == 2
        let source = SourceText(
            relativePath: "Sources/Fuzz/Input.swift", module: "Fuzz", text: String(decoding: bytes, as: UTF8.self),
            moduleKind: .packageLibrary)
        let result = SwiftExtractor(options: options).extract(sources: [source], cache: nil)
        try ExtractionPipeline.checkRecords(result, byteCount: bytes.count)
        let inventory = Inventory(
            project: ProjectInfo(name: "Fuzz", root: "."), types: result.types, functions: result.functions,
            modules: [ModuleRecord(name: "Fuzz", kind: .packageLibrary)])
        try checkRoundTrip(inventory)
    }

    /// The inventory's JSON decodes to the same inventory, and encoding that again writes the same bytes.
    ///
    /// - Parameter inventory: An inventory.
    /// - Throws: `CheckFailure` when the JSON does not decode, decodes to another inventory or is not stable.
    public static func checkRoundTrip(_ inventory: Inventory) throws(CheckFailure) {
        let json = InventoryCoding.encode(inventory)
        let decoded: Inventory
        do { decoded = try InventoryCoding.decodeInventory(json, source: "the fuzzed inventory") } catch {
            throw CheckFailure("the JSON written does not decode: \(error)")
        }
        guard decoded == inventory else {
            throw CheckFailure("the JSON decodes to another inventory: " + DocumentChecks.difference(inventory, decoded))
        }
        let again = InventoryCoding.encode(decoded)
        guard again == json else {
            throw CheckFailure("the JSON of the decoded inventory differs from the JSON it was read from: "
                + "\(json.count) bytes, then \(again.count) bytes")
        }
    }
}
