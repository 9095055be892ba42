@testable import BarcodeDecoder
import RigCore
import Testing

/// The local-mean binarizer's running totals, eight places a step, against the plain loop.
@Suite struct RunningTotalsTests {
    /// `totals[x] &+= changes[0] + … + changes[x]`, one place after another.
    static func plain(_ changes: [Int16], to totals: [UInt32]) -> [UInt32] {
        var out = totals, total: UInt32 = 0
        for x in changes.indices {
            total &+= UInt32(bitPattern: Int32(changes[x]))
            out[x] &+= total
        }
        return out
    }

    /// Lengths with every remainder past the steps of eight, and none; changes up to the largest size a four of them
    /// totals in 16 bits (8,191), at both ends, and totals that wrap.
    @Test(arguments: [1, 3, 7, 8, 9, 15, 16, 17, 23, 64, 240, 241])
    func totalsMatchThePlainLoop(_ count: Int) {
        var random = SeededGenerator(seed: UInt64(count) + 7)
        for kind in 0..<4 {
            let changes: [Int16] = (0..<count).map { _ in
                switch kind {
                case 0: Int16.random(in: -1_020...1_020, using: &random)
                case 1: Int16.random(in: -8_191...8_191, using: &random)
                case 2: Bool.random(using: &random) ? 8_191 : -8_191
                default: 8_191
                }
            }
            let totals: [UInt32] = (0..<count).map { _ in kind == 3 ? UInt32.max - 5 : UInt32.random(in: 0...UInt32.max, using: &random) }
            var fast = totals
            changes.withUnsafeBufferPointer { c in
                fast.withUnsafeMutableBufferPointer { t in RunningTotals.add(c.baseAddress!, count: count, to: t.baseAddress!) }
            }
            #expect(fast == Self.plain(changes, to: totals), "count \(count), kind \(kind)")
        }
    }
}
