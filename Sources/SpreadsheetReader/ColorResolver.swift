import Foundation
import Workbook

/// Turns a SpreadsheetML `<color>` (or `<fgColor>`, `<tabColor>`, …) into an RGB ``Workbook/Color``: `rgb` (ARGB),
/// `theme` plus `tint`, `indexed` (the default palette or the workbook's `<indexedColors>`); `auto` and the system
/// colours (indexed 64 and 65) are `nil`, Excel's automatic colour.
struct ColorResolver: Sendable {
    /// The theme's colours in Excel's theme index order: 0 lt1, 1 dk1, 2 lt2, 3 dk2, 4–9 accent1–6, 10 hlink,
    /// 11 folHlink (the theme part lists dk1 before lt1; Excel's indexes swap each dark/light pair).
    var themeColors: [UInt32]
    /// The indexed palette (64 entries unless the workbook overrides it).
    var indexedColors: [UInt32]

    /// A resolver with the default Office theme and palette.
    init(themeColors: [UInt32] = ColorResolver.officeThemeColors, indexedColors: [UInt32] = ColorResolver.defaultIndexedColors) {
        self.themeColors = themeColors
        self.indexedColors = indexedColors
    }

    /// The colour `element` describes, or `nil` for automatic or a colour the resolver cannot place.
    func color(_ element: ParsedElement?) -> Color? {
        guard let element else { return nil }
        if let auto = element["auto"], XMLValue.bool(auto) == true { return nil }
        var base: UInt32?
        if let rgb = element["rgb"] {
            base = ColorResolver.parseHex(rgb)
        } else if let theme = element["theme"].flatMap({ Int($0) }) {
            base = themeColors.indices.contains(theme) ? themeColors[theme] : nil
        } else if let indexed = element["indexed"].flatMap({ Int($0) }) {
            base = indexedColors.indices.contains(indexed) ? indexedColors[indexed] : nil
        }
        guard let base else { return nil }
        let tint = element["tint"].flatMap { Double($0) } ?? 0
        return Color(rgb: tint == 0 || !tint.isFinite ? base : ColorResolver.apply(tint: tint, to: base))
    }

    /// `RRGGBB` or `AARRGGBB` (alpha ignored, as Excel does) → `0xRRGGBB`.
    static func parseHex(_ text: String) -> UInt32? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        return value & 0xFFFFFF
    }

    /// Applies an Excel tint the way Excel does: in HSL, a negative tint darkens (`L × (1 + tint)`), a positive one
    /// lightens (`L × (1 − tint) + tint`), hue and saturation unchanged.
    static func apply(tint: Double, to rgb: UInt32) -> UInt32 {
        let clampedTint = max(-1, min(1, tint))
        let red = Double((rgb >> 16) & 0xFF) / 255, green = Double((rgb >> 8) & 0xFF) / 255, blue = Double(rgb & 0xFF) / 255
        let maximum = max(red, green, blue), minimum = min(red, green, blue)
        var lightness = (maximum + minimum) / 2
        var hue = 0.0, saturation = 0.0
        let delta = maximum - minimum
        if delta > 0 {
            saturation = lightness <= 0.5 ? delta / (maximum + minimum) : delta / (2 - maximum - minimum)
            if maximum == red {
                hue = (green - blue) / delta + (green < blue ? 6 : 0)
            } else if maximum == green {
                hue = (blue - red) / delta + 2
            } else {
                hue = (red - green) / delta + 4
            }
            hue /= 6
        }
        lightness = clampedTint < 0 ? lightness * (1 + clampedTint) : lightness * (1 - clampedTint) + clampedTint
        let (r, g, b) = hslToRGB(hue: hue, saturation: saturation, lightness: lightness)
        func byte(_ value: Double) -> UInt32 { UInt32(max(0, min(255, (value * 255).rounded()))) }
        return byte(r) << 16 | byte(g) << 8 | byte(b)
    }

    private static func hslToRGB(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        guard saturation > 0 else { return (lightness, lightness, lightness) }
        let q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation
        let p = 2 * lightness - q
        func channel(_ t: Double) -> Double {
            var t = t
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return (channel(hue + 1.0 / 3), channel(hue), channel(hue - 1.0 / 3))
    }

    /// Reads a theme part's `a:clrScheme` into Excel's theme index order; `nil` when it has no colour scheme.
    static func themeColors(from theme: ParsedElement) -> [UInt32]? {
        guard let scheme = theme.descendants("clrScheme").first else { return nil }
        let order = ["lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6", "hlink", "folHlink"]
        var colors = officeThemeColors
        for (index, name) in order.enumerated() {
            guard let slot = scheme.child(name), let value = slot.children.first else { continue }
            switch value.name {
            case "srgbClr":
                if let rgb = value["val"].flatMap(parseHex) { colors[index] = rgb }
            case "sysClr":
                if let rgb = value["lastClr"].flatMap(parseHex) {
                    colors[index] = rgb
                } else if value["val"] == "windowText" {
                    colors[index] = 0x000000
                } else if value["val"] == "window" {
                    colors[index] = 0xFFFFFF
                }
            default:
                continue
            }
        }
        return colors
    }

    /// The Office 2007–2010 theme's colours in Excel's index order (used when a workbook has no theme part).
    static let officeThemeColors: [UInt32] = [
        0xFFFFFF, 0x000000, 0xEEECE1, 0x1F497D, 0x4F81BD, 0xC0504D, 0x9BBB59, 0x8064A2, 0x4BACC6, 0xF79646, 0x0000FF, 0x800080,
    ]

    /// Excel's default indexed palette (indexes 0–63; 64 and 65 are the system foreground and background).
    static let defaultIndexedColors: [UInt32] = [
        0x000000, 0xFFFFFF, 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00, 0xFF00FF, 0x00FFFF,
        0x000000, 0xFFFFFF, 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00, 0xFF00FF, 0x00FFFF,
        0x800000, 0x008000, 0x000080, 0x808000, 0x800080, 0x008080, 0xC0C0C0, 0x808080,
        0x9999FF, 0x993366, 0xFFFFCC, 0xCCFFFF, 0x660066, 0xFF8080, 0x0066CC, 0xCCCCFF,
        0x000080, 0xFF00FF, 0xFFFF00, 0x00FFFF, 0x800080, 0x800000, 0x008080, 0x0000FF,
        0x00CCFF, 0xCCFFFF, 0xCCFFCC, 0xFFFF99, 0x99CCFF, 0xFF99CC, 0xCC99FF, 0xFFCC99,
        0x3366FF, 0x33CCCC, 0x99CC00, 0xFFCC00, 0xFF9900, 0xFF6600, 0x666699, 0x969696,
        0x003366, 0x339966, 0x003300, 0x333300, 0x993300, 0x993366, 0x333399, 0x333333,
    ]
}

/// Parsing of XML Schema values as OOXML writers spell them.
enum XMLValue {
    /// `1`/`true` → true, `0`/`false` → false, anything else → `nil`.
    static func bool(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "1", "true", "on": return true
        case "0", "false", "off": return false
        default: return nil
        }
    }

    /// A finite decimal number, or `nil`.
    static func double(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
    }

    /// An integer (a decimal with a zero fraction is accepted, as LibreOffice writes `1.0` at times), or `nil`
    /// when it is not a number or does not fit.
    static func integer(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let value = Int(trimmed) { return value }
        guard let value = Double(trimmed), value.isFinite, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }
}
