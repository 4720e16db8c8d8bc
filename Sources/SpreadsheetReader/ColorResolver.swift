import Foundation
import SpreadsheetModel

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

    /// Applies an Excel tint (ECMA-376 §18.8.19: in HSL, a negative tint scales the luminance down,
    /// `L × (1 + tint)`, a positive one lifts it, `L × (1 − tint) + tint`).
    ///
    /// Colours go through Windows' integer HLS conversion with `HLSMAX = 240` (the "ColorRGBToHLS" algorithm Excel
    /// uses, luminance truncated after the tint), which reproduces Excel's palette: accent 1 `4F81BD` lighter 40 % is
    /// `95B3D7`, darker 25 % `366092`. Greys (no hue) are tinted on the continuous scale and rounded, which gives
    /// Excel's `D9D9D9` for white darker 15 % and `595959` for black lighter 35 %.
    static func apply(tint: Double, to rgb: UInt32) -> UInt32 {
        let tint = max(-1, min(1, tint))
        let red = Int((rgb >> 16) & 0xFF), green = Int((rgb >> 8) & 0xFF), blue = Int(rgb & 0xFF)
        let highest = max(red, green, blue), lowest = min(red, green, blue)
        func grey(_ value: Int) -> UInt32 {
            let clamped = UInt32(max(0, min(255, value)))
            return clamped << 16 | clamped << 8 | clamped
        }
        guard highest != lowest else {
            let luminance = Double(highest) / 255
            let tinted = tint < 0 ? luminance * (1 + tint) : luminance * (1 - tint) + tint
            return grey(Int((tinted * 255).rounded()))
        }
        let hlsMax = 240, rgbMax = 255
        let sum = highest + lowest, spread = highest - lowest
        var luminance = (sum * hlsMax + rgbMax) / (2 * rgbMax)
        let saturation = luminance <= hlsMax / 2
            ? (spread * hlsMax + sum / 2) / sum
            : (spread * hlsMax + (2 * rgbMax - sum) / 2) / (2 * rgbMax - sum)
        func delta(_ channel: Int) -> Int { ((highest - channel) * (hlsMax / 6) + spread / 2) / spread }
        var hue: Int
        if red == highest {
            hue = delta(blue) - delta(green)
        } else if green == highest {
            hue = hlsMax / 3 + delta(red) - delta(blue)
        } else {
            hue = 2 * hlsMax / 3 + delta(green) - delta(red)
        }
        if hue < 0 { hue += hlsMax }
        if hue > hlsMax { hue -= hlsMax }

        let tinted = tint < 0 ? Double(luminance) * (1 + tint) : Double(luminance) * (1 - tint) + Double(hlsMax) * tint
        luminance = max(0, min(hlsMax, Int(tinted)))
        guard saturation > 0 else { return grey((luminance * rgbMax + hlsMax / 2) / hlsMax) }
        let magic2 = luminance <= hlsMax / 2
            ? (luminance * (hlsMax + saturation) + hlsMax / 2) / hlsMax
            : luminance + saturation - (luminance * saturation + hlsMax / 2) / hlsMax
        let magic1 = 2 * luminance - magic2
        func channel(_ hue: Int) -> UInt32 {
            var hue = hue
            if hue < 0 { hue += hlsMax }
            if hue > hlsMax { hue -= hlsMax }
            let value: Int
            if hue < hlsMax / 6 {
                value = magic1 + ((magic2 - magic1) * hue + hlsMax / 12) / (hlsMax / 6)
            } else if hue < hlsMax / 2 {
                value = magic2
            } else if hue < hlsMax * 2 / 3 {
                value = magic1 + ((magic2 - magic1) * (hlsMax * 2 / 3 - hue) + hlsMax / 12) / (hlsMax / 6)
            } else {
                value = magic1
            }
            return UInt32(max(0, min(255, (value * rgbMax + hlsMax / 2) / hlsMax)))
        }
        return channel(hue + hlsMax / 3) << 16 | channel(hue) << 8 | channel(hue - hlsMax / 3)
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
