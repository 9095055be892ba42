/// A word's eight bytes as flags, without a branch: which bytes are not zero, bytes of 0 or 1 gathered into eight
/// bits, and the bytes added. The word-at-a-time scans of binary rows (`BitMatrix.forEachColourChange`, the PDF417 edge
/// rows and columns, the dark components' runs, where the histogram look writes its changes) read cells eight at a time
/// this way.
enum ByteFlags {
    /// 1 in each byte of `word` that is not zero, 0 in the others: a byte's low seven bits plus 0x7F, or'd with the
    /// byte, set its top bit exactly where the byte is not zero (no carry leaves a byte), which is then shifted down.
    @inline(__always)
    static func nonzero(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ((((word & low7) &+ low7) | word) & 0x8080_8080_8080_8080) >> 7
    }

    /// The bytes of `flags`, each 0 or 1, as bits 0–7 (byte k's as bit k): byte k's bit lands on bit 56 + k of the
    /// product, and no two of the products' terms share a bit, so nothing carries.
    @inline(__always)
    static func gathered(_ flags: UInt64) -> UInt64 {
        (flags &* 0x0102_0408_1020_4080) >> 56
    }

    /// The bytes of `word` added, where their total is under 256 (bytes of 0 or 1, or sums of up to 31 such words): the
    /// top byte of the product with 0x0101…01 holds the sum of all eight, and no partial sum carries out of a byte.
    @inline(__always)
    static func sum(_ word: UInt64) -> Int {
        Int(truncatingIfNeeded: (word &* 0x0101_0101_0101_0101) >> 56)
    }
}
