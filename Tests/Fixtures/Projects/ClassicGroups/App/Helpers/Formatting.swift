import Foundation

/// Formats an amount of cents as a currency string, e.g. 1234 -> "12.34".
func formatCents(_ cents: Int) -> String {
    String(format: "%d.%02d", cents / 100, abs(cents % 100))
}

/// Pads a label to the given width with trailing spaces.
func pad(_ label: String, to width: Int) -> String {
    label.count >= width ? label : label + String(repeating: " ", count: width - label.count)
}
