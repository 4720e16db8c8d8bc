/// Two independent, stable 64-bit hashes (FNV-1a and a multiply–rotate hash) plus a byte count, for cache
/// keys. Stable across runs and platforms, unlike `Hasher`; Foundation on Linux has no CryptoKit.
struct ContentHasher {
    private var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
    private var mixed: UInt64 = 0x9e37_79b9_7f4a_7c15
    private var length: UInt64 = 0

    /// Adds the UTF-8 bytes of `text`.
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { add(byte) }
        }
    }

    @inline(__always)
    private mutating func add(_ byte: UInt8) {
        fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        mixed = ((mixed ^ UInt64(byte)) &* 0xff51_afd7_ed55_8ccd)
        mixed = (mixed << 29) | (mixed >> 35)
        length &+= 1
    }

    /// The two hashes and the length in hexadecimal: `<16 hex><16 hex>-<length hex>`.
    var hexDigest: String {
        var final = mixed ^ length
        final ^= final >> 33
        final = final &* 0xc4ce_b9fe_1a85_ec53
        final ^= final >> 33
        return hex(fnv) + hex(final) + "-" + String(length, radix: 16)
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
