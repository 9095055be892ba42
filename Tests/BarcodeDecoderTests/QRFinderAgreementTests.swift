@testable import BarcodeDecoder
import RigCore
import Testing

@Suite struct QRFinderAgreementTests {
    /// The agreement as defined: each finder's 9×9 cells (the finder and its separator ring) that lie in the grid, as
    /// the symbol draws them, over all of them.
    static func agreement(_ grid: BitMatrix) -> Double {
        let n = grid.width
        guard n >= 21, grid.height == n else { return 0 }
        var matching = 0, total = 0
        for (ox, oy) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for y in -1...7 {
                for x in -1...7 {
                    let cx = ox + x, cy = oy + y
                    guard cx >= 0, cy >= 0, cx < n, cy < n else { continue }
                    let d = max(abs(x - 3), abs(y - 3))
                    total += 1
                    if grid[cx, cy] == (d != 2 && d != 4) { matching += 1 }
                }
            }
        }
        return Double(matching) / Double(total)
    }

    /// Grids of noise, drawn finders and finders with noise agree as the definition says, at every size from 17 (too
    /// small) to 61.
    @Test func matchesTheDefinition() {
        var random = SeededGenerator(seed: 5)
        for n in 17...61 {
            for density in [0.0, 0.3, 0.5, 1.0] {
                var grid = BitMatrix(width: n, height: n)
                for y in 0..<n {
                    for x in 0..<n where Double.random(in: 0..<1, using: &random) < density { grid[x, y] = true }
                }
                #expect(QRFunctionPatterns.finderAgreement(grid) == Self.agreement(grid), "\(n) \(density)")
                if n >= 21 {
                    let version = QRVersion(dimension: n - (n - 17) % 4)
                    if let version, version.dimension == n {
                        QRFunctionPatterns.draw(version, into: &grid)
                        #expect(QRFunctionPatterns.finderAgreement(grid) == Self.agreement(grid), "drawn \(n) \(density)")
                    }
                }
            }
        }
        #expect(QRFunctionPatterns.finderAgreement(BitMatrix(width: 25, height: 24)) == 0)
    }
}
