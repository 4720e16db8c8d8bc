import Foundation
import SpreadsheetModel
import Workbook
import YAMLReading
import Yams

/// The template's own value types: localized text with placeholders, colours, cell references, links and sheet names.
extension TemplateLoader {
    /// Text or `{en: …, vi: …, ja: …}`, checking that every placeholder is one of `placeholders` (`nil`: not checked
    /// here).
    func text(_ node: Node, _ what: String, placeholders: [String]?) throws(YAMLNodeError) -> LocalizedText {
        let result: LocalizedText
        switch node {
        case .scalar(let scalar):
            result = LocalizedText(scalar.string)
        case .mapping:
            var values: [DocumentLocale: String] = [:]
            for (key, value) in try reader.mapping(node, "'\(what)'", allowed: DocumentLocale.allCases.map(\.rawValue)).ordered {
                guard let locale = DocumentLocale(rawValue: key) else { continue }
                values[locale] = try reader.string(value, what)
            }
            result = LocalizedText(values: values)
        default:
            throw fail(node, "'\(what)' must be text or a mapping of locales (en, vi, ja) to text")
        }
        // `nil`: the caller checks the markers (a form sheet's, by the rules of a client's form).
        guard let placeholders else { return result }
        for value in Set(result.values.values) {
            for name in Placeholders.names(in: value) where !placeholders.contains(name) {
                throw fail(node, "unknown placeholder '{{\(name)}}' in '\(what)'; valid placeholders: \(placeholders.joined(separator: ", "))")
            }
        }
        return result
    }

    /// A `#RRGGBB` colour.
    func color(_ node: Node, _ what: String) throws(YAMLNodeError) -> Color {
        let value = try reader.string(node, what)
        guard let color = Color(hex: value) else { throw fail(node, "'\(what)' must be a colour like \"#1F4E78\", not '\(value)'") }
        return color
    }

    /// A cell reference like `B2`.
    func cellReference(_ node: Node) throws(YAMLNodeError) -> CellReference {
        let value = try reader.string(node, "cell")
        guard let reference = CellReference(value) else { throw fail(node, "'\(value)' is not a cell reference like B2") }
        return reference
    }

    /// A range like `B2:F2`.
    func cellRange(_ node: Node) throws(YAMLNodeError) -> CellRange {
        let value = try reader.string(node, "merge")
        guard value.contains(":"), let range = CellRange(value) else { throw fail(node, "'\(value)' is not a range like B2:F2") }
        return range
    }

    /// Checks a sheet name in every locale (only the literal characters when it holds placeholders).
    func validateSheetName(_ name: LocalizedText, node: Node) throws(YAMLNodeError) {
        for locale in DocumentLocale.allCases {
            let text = name.text(locale)
            if text.contains("{{") {
                // Expanded when written (and made valid then); only the literal characters can be checked now.
                let literal = Placeholders.expand(text, [:])
                if let bad = SheetName.firstForbidden(in: literal) {
                    throw fail(node, "sheet name '\(text)' contains '\(bad)'; Excel refuses any of [ ] : * ? / \\")
                }
                continue
            }
            if let problem = SheetName.problem(with: text) {
                throw fail(node, "sheet name '\(text)' is not valid in Excel: \(problem)")
            }
        }
    }

    /// Reads a free cell's link: text or a mapping of locales, each a URL, `sheet:NAME` or `sheet-kind:KIND`.
    func linkTarget(_ node: Node) throws(YAMLNodeError) -> LocalizedText {
        let target = try text(node, "link", placeholders: Placeholders.global)
        for locale in DocumentLocale.allCases {
            let value = target.text(locale)
            if value.trimmingCharacters(in: .whitespaces).isEmpty { throw fail(node, "'link' is empty; give a URL, sheet:NAME or sheet-kind:KIND") }
            if case .kind(let kind)? = SheetLinkTarget(value) {
                guard SheetKind(rawValue: kind) != nil else {
                    throw fail(node, "unknown sheet kind '\(kind)' in link '\(value)'; valid kinds: \(SheetKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
        }
        return target
    }

    /// Rejects `sheet:NAME` links to a name no sheet has, and `sheet-kind:KIND` links to a kind the template lacks.
    func checkSheetLinks(_ sheets: [SheetSpec]) throws(YAMLNodeError) {
        for sheet in sheets {
            for cell in sheet.cells {
                guard let link = cell.link else { continue }
                for locale in DocumentLocale.allCases {
                    let value = link.text(locale)
                    switch SheetLinkTarget(value) {
                    case .name(let name)?:
                        guard sheets.contains(where: { $0.name.matches(name) }) else {
                            let names = sheets.map { $0.name.text(.en) }.joined(separator: ", ")
                            throw reader.fail(line: cell.line, "no sheet named '\(name)'; sheets: \(names) (or link to a kind: sheet-kind:contents)")
                        }
                    case .kind(let kind)?:
                        guard sheets.contains(where: { $0.kind.rawValue == kind }) else {
                            let kinds = sheets.map(\.kind.rawValue).uniqued()
                            throw reader.fail(line: cell.line, "no \(kind) sheet for link '\(value)'; the template's kinds: \(kinds.joined(separator: ", "))")
                        }
                    case nil:
                        break  // a URL
                    }
                }
            }
        }
    }

    /// Rejects two sheets whose names differ only in letter case, per locale.
    func checkUniqueSheetNames(_ sheets: [SheetSpec]) throws(YAMLNodeError) {
        for locale in DocumentLocale.allCases {
            var seen: [String: Int] = [:]
            for sheet in sheets {
                let name = sheet.name.text(locale)
                guard !name.contains("{{") else { continue }
                if let first = seen[name.lowercased()] {
                    throw reader.fail(line: sheet.line, "sheet name '\(name)' is already used at line \(first) (Excel ignores letter case); give each sheet its own name")
                }
                seen[name.lowercased()] = sheet.line
            }
        }
    }
}
