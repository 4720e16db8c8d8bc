import Foundation

/// Turns the bytes of a text resource into a string: UTF-8 (with or without a byte-order mark) or UTF-16 (a
/// byte-order mark, or, without one, the zero bytes of mostly-ASCII text say which byte order), as Xcode writes
/// `.strings` files (UTF-16 was its default until Xcode 8).
enum TextDecoding {
    /// The text of `bytes`, or `nil` when they are neither UTF-8 nor UTF-16.
    ///
    /// - Parameter bytes: The file's contents.
    /// - Returns: The text without a byte-order mark.
    static func text(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return validUTF8(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        if bytes.isEmpty { return "" }
        // Without a byte-order mark, UTF-16 text has a zero byte in most code units (ASCII punctuation at least).
        if bytes.count.isMultiple(of: 2) && bytes.count >= 2 {
            let pairs = bytes.count / 2
            var evenZeros = 0, oddZeros = 0
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0 { evenZeros += 1 }
                if bytes[index + 1] == 0 { oddZeros += 1 }
                index += 2
            }
            if oddZeros * 2 > pairs && evenZeros == 0 { return utf16(bytes[...], bigEndian: false) }
            if evenZeros * 2 > pairs && oddZeros == 0 { return utf16(bytes[...], bigEndian: true) }
        }
        if bytes.contains(0) { return nil }
        return validUTF8(bytes[...])
    }

    private static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String? {
        guard bytes.count.isMultiple(of: 2) else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return String(validating: units, as: UTF16.self)
    }
}
