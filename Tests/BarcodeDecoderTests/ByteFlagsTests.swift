@testable import BarcodeDecoder
import RigCore
import Testing

@Suite struct ByteFlagsTests {
    /// The bytes added by one product, against adding them one by one: words of 0/1 bytes, and sums of up to 31 of them.
    @Test func sumAddsTheBytes() {
        var random = SeededGenerator(seed: 31)
        for words in [1, 8, 31] {
            for _ in 0..<2_000 {
                var total: UInt64 = 0
                for _ in 0..<words { total &+= UInt64.random(in: 0...UInt64.max, using: &random) & 0x0101_0101_0101_0101 }
                var plain = 0
                for k in 0..<8 { plain += Int((total >> UInt64(8 * k)) & 0xFF) }
                #expect(ByteFlags.sum(total) == plain, "\(words) words: \(String(total, radix: 16))")
            }
        }
    }

    /// Bytes of 0 or 1 gathered into bits: byte k's as bit k.
    @Test func gatheredPutsByteKOnBitK() {
        var random = SeededGenerator(seed: 32)
        for _ in 0..<2_000 {
            let flags = UInt64.random(in: 0...UInt64.max, using: &random) & 0x0101_0101_0101_0101
            var plain: UInt64 = 0
            for k in 0..<8 { plain |= ((flags >> UInt64(8 * k)) & 1) << UInt64(k) }
            #expect(ByteFlags.gathered(flags) == plain)
        }
    }
}
