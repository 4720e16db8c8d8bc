import Foundation

/// The characters of SpreadsheetML text: a shared string `si`, an inline string `is` or a comment's `text`.
enum RichText {
    /// The text of `element` with rich-text runs flattened: its own `t` and every run's `t`, in order; phonetic
    /// runs (`rPh`) are skipped.
    static func flatten(_ element: ParsedElement) -> String {
        var text = ""
        for child in element.children {
            switch child.name {
            case "t": text += characters(of: child)
            case "r": for run in child.children("t") { text += characters(of: run) }
            default: continue
            }
        }
        return text
    }

    /// A `t` element's text as Excel shows it: without `xml:space="preserve"` the leading and trailing white space
    /// of text that has other characters is dropped (Excel trims it; white space alone is kept, as Excel shows a
    /// lone `<t> </t>` run between two runs); `_xHHHH_` escapes are decoded.
    static func characters(of t: ParsedElement) -> String {
        var text = t.text
        if t.attribute("space", in: [Namespace.xml]) != "preserve" {
            let whitespace: Set<Character> = [" ", "\t", "\n", "\r", "\r\n"]
            let trimmed = text.drop { whitespace.contains($0) }.reversed().drop { whitespace.contains($0) }
            if !trimmed.isEmpty { text = String(trimmed.reversed()) }
        }
        return decodeEscapes(text)
    }

    /// Decodes OOXML's `_xHHHH_` escapes (control characters, and `_x005F_` for a literal underscore).
    static func decodeEscapes(_ text: String) -> String {
        guard text.contains("_x") else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "_", index + 6 < scalars.count, scalars[index + 1] == "x", scalars[index + 6] == "_" {
                let hex = String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)]))
                if hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                    output.append(scalar)
                    index += 7
                    continue
                }
            }
            output.append(scalars[index])
            index += 1
        }
        return String(output)
    }
}
