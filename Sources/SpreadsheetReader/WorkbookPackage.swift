import Foundation
import ZIPFoundation

/// A relationship from one part to another (or to an external target), as listed in a `_rels/*.rels` part.
struct Relationship: Sendable {
    /// The id parts refer to it by (`rId3`).
    var id: String
    /// The last path component of the relationship type URI (`worksheet`, `styles`, `image`, `core-properties`),
    /// the same in transitional and strict OOXML.
    var kind: String
    /// The target part's path inside the archive (resolved against the source part), or the external URL.
    var target: String
    /// The target is outside the package (`TargetMode="External"`).
    var isExternal: Bool
}

/// The zip archive of an `.xlsx`: its parts by name, their content types and relationships.
struct WorkbookPackage {
    /// The largest part the reader unpacks (a form's sheet is far smaller; a zip bomb is not).
    static let partSizeLimit = 256 * 1_048_576

    /// The file, for messages.
    let source: String
    private let archive: Archive
    /// Entries by lower-cased part name (OPC part names are case-insensitive).
    private let entries: [String: Entry]
    /// The part names as stored, sorted.
    let partNames: [String]
    /// Content types: overrides by lower-cased part name, defaults by lower-cased extension.
    private(set) var overrideContentTypes: [String: String] = [:]
    private(set) var defaultContentTypes: [String: String] = [:]

    /// Opens the archive.
    ///
    /// - Throws: `notZipArchive` when the data is not a readable zip archive; errors reading `[Content_Types].xml`.
    init(archive: Archive, source: String) throws(SpreadsheetReaderError) {
        self.source = source
        self.archive = archive
        var entries: [String: Entry] = [:]
        var names: [String] = []
        for entry in archive where entry.type == .file {
            let name = WorkbookPackage.normalize(entry.path)
            entries[name.lowercased()] = entry
            names.append(name)
        }
        guard !entries.isEmpty else { throw .notZipArchive(path: source) }
        self.entries = entries
        partNames = names.sorted()
        if let types = try xml("[Content_Types].xml") {
            for element in types.children {
                if element.name == "Override", let part = element["PartName"], let type = element["ContentType"] {
                    overrideContentTypes[WorkbookPackage.normalize(part).lowercased()] = type
                } else if element.name == "Default", let ext = element["Extension"], let type = element["ContentType"] {
                    defaultContentTypes[ext.lowercased()] = type
                }
            }
        }
    }

    /// Whether the archive holds `part`.
    func contains(_ part: String) -> Bool { entries[part.lowercased()] != nil }

    /// The content type of `part` (its override, else its extension's default), or `nil`.
    func contentType(of part: String) -> String? {
        if let type = overrideContentTypes[part.lowercased()] { return type }
        guard let dot = part.lastIndex(of: ".") else { return nil }
        return defaultContentTypes[part[part.index(after: dot)...].lowercased()]
    }

    /// The bytes of `part`, or `nil` when the archive has no such part.
    ///
    /// - Throws: `partTooLarge` past ``partSizeLimit``; `malformedPart` when the entry cannot be unpacked.
    func data(_ part: String) throws(SpreadsheetReaderError) -> Data? {
        guard let entry = entries[part.lowercased()] else { return nil }
        let limit = WorkbookPackage.partSizeLimit
        guard entry.uncompressedSize <= UInt64(limit) else { throw .partTooLarge(path: source, part: part, limit: limit) }
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard data.count + chunk.count <= limit else { throw PartTooLarge() }
                data.append(chunk)
            }
        } catch is PartTooLarge {
            throw .partTooLarge(path: source, part: part, limit: limit)
        } catch {
            throw .malformedPart(path: source, part: part, reason: "it cannot be unpacked: \(error)")
        }
        return data
    }

    /// The bytes of `part`.
    ///
    /// - Throws: `missingPart` naming `referrer` when the archive lacks it; the errors of ``data(_:)``.
    func requiredData(_ part: String, referredToBy referrer: String) throws(SpreadsheetReaderError) -> Data {
        guard let data = try data(part) else { throw .missingPart(path: source, part: part, referredToBy: referrer) }
        return data
    }

    /// `part` parsed as XML, or `nil` when the archive has no such part.
    ///
    /// - Throws: `malformedPart` naming the part when it is not well-formed XML.
    func xml(_ part: String) throws(SpreadsheetReaderError) -> ParsedElement? {
        guard let data = try data(part) else { return nil }
        return try parse(data, part: part)
    }

    /// `part` parsed as XML.
    ///
    /// - Throws: `missingPart` naming `referrer` when the archive lacks it; `malformedPart` when it is not XML.
    func requiredXML(_ part: String, referredToBy referrer: String) throws(SpreadsheetReaderError) -> ParsedElement {
        try parse(try requiredData(part, referredToBy: referrer), part: part)
    }

    private func parse(_ data: Data, part: String) throws(SpreadsheetReaderError) -> ParsedElement {
        do {
            return try XMLTree.parse(data)
        } catch {
            throw .malformedPart(path: source, part: part, reason: "not well-formed XML: \(error.reason)")
        }
    }

    /// The relationships of `part` (from `folder/_rels/name.rels`); empty when it has none. Pass `""` for the
    /// package's own relationships (`_rels/.rels`).
    ///
    /// - Throws: `malformedPart` when the relationships part is not XML.
    func relationships(of part: String) throws(SpreadsheetReaderError) -> [Relationship] {
        let folder = WorkbookPackage.folder(of: part)
        let fileName = part.split(separator: "/").last.map(String.init) ?? ""
        let relsPart = (folder.isEmpty ? "" : folder + "/") + "_rels/" + fileName + ".rels"
        guard let root = try xml(relsPart) else { return [] }
        return root.children("Relationship").compactMap { element in
            guard let id = element["Id"], let type = element["Type"], let target = element["Target"] else { return nil }
            let kind = type.split(separator: "/").last.map(String.init) ?? type
            let isExternal = element["TargetMode"]?.lowercased() == "external"
            let resolved = isExternal ? target : WorkbookPackage.resolve(target, from: folder)
            return Relationship(id: id, kind: kind, target: resolved, isExternal: isExternal)
        }
    }

    /// The folder of a part name (`xl/worksheets` for `xl/worksheets/sheet1.xml`, "" for a top-level part).
    static func folder(of part: String) -> String {
        guard let slash = part.lastIndex(of: "/") else { return "" }
        return String(part[..<slash])
    }

    /// Resolves a relationship target against the folder of its source part: `../media/image1.png` from
    /// `xl/drawings` is `xl/media/image1.png`; a target starting with `/` is relative to the package root.
    static func resolve(_ target: String, from folder: String) -> String {
        let decoded = target.contains("%") ? (target.removingPercentEncoding ?? target) : target
        let cleaned = decoded.replacingOccurrences(of: "\\", with: "/")
        var components = cleaned.hasPrefix("/") ? [] : folder.split(separator: "/").map(String.init)
        for component in cleaned.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }

    /// A part name without a leading `/` and with forward slashes.
    static func normalize(_ name: String) -> String {
        let slashes = name.replacingOccurrences(of: "\\", with: "/")
        return slashes.hasPrefix("/") ? String(slashes.dropFirst()) : slashes
    }
}

/// Thrown inside the extraction callback when a part grows past the limit.
private struct PartTooLarge: Error {}
