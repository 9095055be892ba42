@testable import BarcodeDecoder
import RigCore
import Testing

/// The alignment pattern's coarse search visits its offsets in rings around the guess; it must settle where a scan in
/// row order settles: the best score of at least 20, the first in row order among equal ones.
@Suite struct QRAlignmentSearchTests {
    /// The search as a row-order scan (how it was written before the rings), with the same fine step.
    static func rowOrder(guess: Point, radius: Double, module: Double, score: (Point, Int) -> Int) -> Point? {
        var best = 0, sum = Point(0, 0), hits = 0
        let coarse = max(1, module / 2)
        var center = guess
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
        guard best >= 20 else { return nil }
        best = 0
        let reach = Int(coarse.rounded(.up))
        for fy in -reach...reach {
            for fx in -reach...reach {
                let c = center + Point(Double(fx), Double(fy))
                let s = score(c, max(best, 22))
                if s > best { best = s; sum = c; hits = 1 } else if s == best { sum = sum + c; hits += 1 }
            }
        }
        guard best >= 22 else { return nil }
        return sum * (1 / Double(hits))
    }

    /// Scores drawn per position (many ties at 20–25); below what is needed, any lower value, as the template's scoring
    /// gives up early.
    @Test(arguments: 0..<300)
    func ringsSettleWhereTheRowOrderScanDoes(_ seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let module = Double.random(in: 1.5...9, using: &random)
        let radius = module * [2.5, 5, 10].randomElement(using: &random)!
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
        let expected = Self.rowOrder(guess: guess, radius: radius, module: module, score: score)
        let found = QRDetector.search(guess: guess, radius: radius, module: module, score: score)
        #expect(found == expected, "module \(module), radius \(radius), peak \(peak)")
    }
}
