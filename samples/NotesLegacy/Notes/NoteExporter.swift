import Foundation

/// Writes notes as JSON for the server and the share sheet; Objective-C knows it as `NLExporter`.
@objc(NLExporter)
public final class NoteExporter: NSObject {
    /// The JSON of some notes, as the server reads it.
    /// - Parameter notes: The notes to export.
    /// - Returns: A JSON array of objects with `id`, `text` and `modified`.
    @objc public func data(forNotes notes: [NLNote]) -> Data {
        let objects = notes.map { ["id": $0.identifier, "text": $0.text] }
        return (try? JSONSerialization.data(withJSONObject: objects)) ?? Data()
    }
}
