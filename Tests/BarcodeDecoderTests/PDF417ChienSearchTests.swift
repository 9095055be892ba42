@testable import BarcodeDecoder
import RigCore
import Testing

/// PDF417's Chien search (`PDF417ReedSolomon.locatorRoots`: four codeword positions evaluated at a time) against its
/// definition, the locator evaluated at one position after another.
@Suite struct PDF417ChienSearchTests {
    /// The positions of `n` where `lambda` vanishes at 3^(i−(n−1)), a position at a time.
    static func searched(_ lambda: [Int], count n: Int) -> [Int] {
        var positions: [Int] = []
        var xInverse = PDF417ReedSolomon.power(-(n - 1))
        for i in 0..<n {
            var v = 0
            for c in lambda.reversed() { v = (v * xInverse + c) % 929 }
            if v == 0 { positions.append(i) }
            xInverse = xInverse * 3 % 929
        }
        return positions
    }

    /// Locators ∏(1 − X x) of chosen positions (so they have roots to find), and random ones, for codeword counts
    /// about multiples of four.
    @Test func theRootsAreThoseFoundAPositionAtATime() {
        var random = SeededGenerator(seed: 929)
        var roots = 0
        for trial in 0..<2000 {
            let n = [1, 2, 3, 4, 5, 7, 8, 9, 33, 90, 91, 92, 93, 500, 928][trial % 15]
            var lambda = [1]
            if trial % 3 == 0 {
                lambda = (0...Int.random(in: 0...20, using: &random)).map { _ in Int.random(in: 0...928, using: &random) }
            } else {
                for _ in 0..<Int.random(in: 0...min(n, 16), using: &random) {
                    let x = PDF417ReedSolomon.power(n - 1 - Int.random(in: 0..<n, using: &random))
                    var next = lambda + [0]
                    for d in stride(from: lambda.count, through: 1, by: -1) { next[d] = (next[d] + 929 - lambda[d - 1] * x % 929) % 929 }
                    lambda = next
                }
            }
            let expected = Self.searched(lambda, count: n)
            #expect(PDF417ReedSolomon.locatorRoots(lambda, count: n) == expected, "trial \(trial), n \(n)")
            roots += expected.count
        }
        #expect(roots >= 3000, "\(roots) roots")
    }
}
