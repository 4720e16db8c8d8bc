import Foundation

/// Turns the bytes of a text resource into UTF-8: UTF-8 (with or without a byte-order mark) or UTF-16 (a byte-order
/// mark, or, without one, the zero bytes of mostly-ASCII text say which byte order), as Xcode writes `.strings` files
/// (UTF-16 was its default until Xcode 8).
enum TextDecoding {
    /// The text of `bytes`, or `nil` when they are neither UTF-8 nor UTF-16.
    ///
    /// - Parameter bytes: The file's contents.
    /// - Returns: The text without a byte-order mark.
    static func text(of bytes: [UInt8]) -> String? {
        utf8(of: bytes).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The text of `bytes` as valid UTF-8 bytes, or `nil` when they are neither UTF-8 nor UTF-16 (UTF-8 that does not
    /// validate, UTF-16 with an odd byte count or a surrogate without its other half).
    ///
    /// - Parameter bytes: The file's contents.
    /// - Returns: The text's UTF-8 bytes, without a byte-order mark.
    static func utf8(of bytes: [UInt8]) -> [UInt8]? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return validUTF8(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        if bytes.isEmpty { return [] }
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

    private static func validUTF8(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        String(validating: bytes, as: UTF8.self) == nil ? nil : Array(bytes)
    }

    /// UTF-16 code units transcoded to UTF-8 in one pass (the standard library's generic validation of UTF-16 was most
    /// of the time of reading a large app's strings tables); `nil` for an odd byte count or an unpaired surrogate,
    /// which `String(validating:as:)` rejects too.
    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8]? {
        guard bytes.count.isMultiple(of: 2) else { return nil }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count)
        let valid = bytes.withUnsafeBufferPointer { buffer -> Bool in
            let (high, low) = bigEndian ? (0, 1) : (1, 0)
            var index = 0
            while index < buffer.count {
                var value = UInt32(buffer[index + high]) << 8 | UInt32(buffer[index + low])
                index += 2
                if value < 0x80 {
                    utf8.append(UInt8(value))
                    continue
                }
                if value & 0xF800 == 0xD800 {
                    // A surrogate: a high one followed by a low one is one scalar; anything else is not UTF-16.
                    guard value < 0xDC00, index < buffer.count else { return false }
                    let next = UInt32(buffer[index + high]) << 8 | UInt32(buffer[index + low])
                    guard next & 0xFC00 == 0xDC00 else { return false }
                    index += 2
                    value = 0x10000 + ((value - 0xD800) << 10) + (next - 0xDC00)
                }
                if value < 0x800 {
                    utf8.append(UInt8(0xC0 | value >> 6))
                    utf8.append(UInt8(0x80 | value & 0x3F))
                } else if value < 0x10000 {
                    utf8.append(UInt8(0xE0 | value >> 12))
                    utf8.append(UInt8(0x80 | value >> 6 & 0x3F))
                    utf8.append(UInt8(0x80 | value & 0x3F))
                } else {
                    utf8.append(UInt8(0xF0 | value >> 18))
                    utf8.append(UInt8(0x80 | value >> 12 & 0x3F))
                    utf8.append(UInt8(0x80 | value >> 6 & 0x3F))
                    utf8.append(UInt8(0x80 | value & 0x3F))
                }
            }
            return true
        }
        return valid ? utf8 : nil
    }
}
