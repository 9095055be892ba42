@testable import BarcodeDecoder
import RigCore
import Testing

/// The alignment pattern's coarse search visits its offsets in rings around the guess; it must settle where a scan in
/// row order settles: the best score of at least 20, the first in row order among equal ones (the fine search after it
/// is unchanged).
@Suite struct QRAlignmentSearchTests {
    /// The coarse search as a row-order scan (how it was written before the rings).
    static func rowOrder(guess: Point, radius: Double, coarse: Double, score: (Point, Int) -> Int) -> Point? {
        var best = 0, center = guess
        var oy = -radius
        while oy <= radius {
            var ox = -radius
            while ox <= radius {
                let c = guess + Point(ox, oy)
                let s = score(c, max(best + 1, 20))
                if s > best { best = s; center = c }
                ox += coarse
            }
            oy += coarse
        }
        return best >= 20 ? center : nil
    }

    /// Scores drawn per position (many ties at 20–25); below what is needed, any lower value, as the template's scoring
    /// gives up early.
    @Test(arguments: 0..<300)
    func ringsSettleWhereTheRowOrderScanDoes(_ seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let module = Double.random(in: 1.5...9, using: &random)
        let radius = module * [2.5, 5, 10].randomElement(using: &random)!, coarse = max(1, module / 2)
        let guess = Point(Double.random(in: 40...60, using: &random), Double.random(in: 40...60, using: &random))
        let salt = UInt64.random(in: 0...UInt64.max, using: &random)
        let peak = Int.random(in: 17...25, using: &random)
        func truth(_ p: Point) -> Int {
            var h = salt ^ UInt64(bitPattern: Int64((p.x * 1024).rounded())) &* 0x9E37_79B9_7F4A_7C15
            h ^= UInt64(bitPattern: Int64((p.y * 1024).rounded())) &* 0xC2B2_AE3D_27D4_EB4F
            h ^= h >> 29
            return Int(h % UInt64(peak + 1))
        }
        var lower = SeededGenerator(seed: UInt64(seed) &+ 1_000)
        func score(_ p: Point, _ needed: Int) -> Int {
            let s = truth(p)
            return s >= needed ? s : Int.random(in: 0...min(s, needed - 1), using: &lower)
        }
        let expected = Self.rowOrder(guess: guess, radius: radius, coarse: coarse, score: score)
        let found = QRDetector.coarseCenter(guess: guess, radius: radius, coarse: coarse, score: score)
        #expect(found == expected, "module \(module), radius \(radius), peak \(peak)")
    }
}
