@testable import BarcodeDecoder
import Testing

/// A symbol's three finders drawn through a keystone (the right edge 70 % as tall as the left, as a camera turned about
/// the vertical axis sees it): the module sizes measured along the sides give the module count between the centres and
/// the fourth corner the homography puts where a parallelogram does not.
@Suite struct QRSidePerspectiveTests {
    /// Version 3: 29 modules a side, the finder centres at 3.5 and 25.5.
    static let dimension = 29.0

    /// Module coordinates to image pixels.
    static let toImage = PerspectiveTransform(from: [Point(0, 0), Point(dimension, 0), Point(dimension, dimension), Point(0, dimension)],
                                              to: KeystoneDrawing.corners)!

    /// The three finder patterns (and nothing else) drawn by mapping each pixel's centre back to module coordinates.
    static func drawn() -> BitMatrix {
        let n = Int(dimension)
        return KeystoneDrawing.drawn(modules: dimension) { u, v in
            // Each finder's own 7 × 7 cells: dark but for the ring one module in.
            [(0, 0), (n - 7, 0), (0, n - 7)].contains { x0, y0 in
                u >= x0 && u < x0 + 7 && v >= y0 && v < y0 + 7 && max(abs(u - x0 - 3), abs(v - y0 - 3)) != 2
            }
        }
    }

    static func finder(_ u: Double, _ v: Double) -> QRFinderPattern {
        QRFinderPattern(center: toImage.apply(Point(u, v)), moduleSize: 6, count: 3)
    }

    /// The module step along (`du`, `dv`) at (`u`, `v`), in pixels, by a small difference.
    static func step(_ u: Double, _ v: Double, _ du: Double, _ dv: Double) -> Double {
        let e = 1e-4
        return toImage.apply(Point(u + du * e, v + dv * e)).distance(to: toImage.apply(Point(u, v))) / e
    }

    @Test func theSidesCountTheModulesBetweenTheCentres() throws {
        let far = Self.dimension - 3.5
        let p = try #require(QRSidePerspective(Self.drawn(), tl: Self.finder(3.5, 3.5), tr: Self.finder(far, 3.5), bl: Self.finder(3.5, far)))
        #expect(abs(p.modulesAcross - 22) < 0.7)
        #expect(abs(p.modulesDown - 22) < 0.7)
        #expect(p.isSquare)
        #expect(p.isNoticeable)
        // The depth along the top side is √(s_tl / s_tr), the square root of the module steps' ratio there.
        let depth = (Self.step(3.5, 3.5, 1, 0) / Self.step(far, 3.5, 1, 0)).squareRoot()
        #expect(abs(p.rightDepth - depth) < 0.05 * depth)
        #expect(abs(p.bottomDepth - 1) < 0.05)
    }

    @Test func theFourthCentreIsTheHomographysNotTheParallelograms() throws {
        let far = Self.dimension - 3.5
        let tl = Self.finder(3.5, 3.5), tr = Self.finder(far, 3.5), bl = Self.finder(3.5, far)
        let p = try #require(QRSidePerspective(Self.drawn(), tl: tl, tr: tr, bl: bl))
        let truth = Self.toImage.apply(Point(far, far))
        let fourth = p.fourthCenter(tl: tl.center, tr: tr.center, bl: bl.center)
        #expect(fourth.distance(to: truth) < 3)
        #expect((tr.center + bl.center - tl.center).distance(to: truth) > 20)
        // The finders are foreshortened as the homography has it.
        #expect(p.crossWidthsAgree(Self.drawn(), tl: tl, tr: tr, bl: bl))
    }

    /// Exact depths give the exact corner: the homography's weights at the three centres.
    @Test func exactDepthsGiveTheExactCorner() {
        let far = Self.dimension - 3.5
        let depthRight = (Self.step(3.5, 3.5, 1, 0) / Self.step(far, 3.5, 1, 0)).squareRoot()
        let depthDown = (Self.step(3.5, 3.5, 0, 1) / Self.step(3.5, far, 0, 1)).squareRoot()
        let p = QRSidePerspective(rightDepth: depthRight, bottomDepth: depthDown, modulesAcross: 22, modulesDown: 22)
        let corner = p.fourthCenter(tl: Self.toImage.apply(Point(3.5, 3.5)), tr: Self.toImage.apply(Point(far, 3.5)),
                                    bl: Self.toImage.apply(Point(3.5, far)))
        #expect(corner.distance(to: Self.toImage.apply(Point(far, far))) < 0.01)
    }

    /// A finder drawn square on measures 7 modules along a row and √2 · 7 along a diagonal.
    @Test func patternWidthAlongALine() throws {
        var bits = BitMatrix(width: 40, height: 40)
        for y in 0..<28 { for x in 0..<28 { bits[x + 6, y + 6] = max(abs(x / 4 - 3), abs(y / 4 - 3)) != 2 } }
        let finder = QRFinderPattern(center: Point(20, 20), moduleSize: 4, count: 1)
        #expect(try #require(QRSidePerspective.patternWidth(bits, finder, along: Point(1, 0))) == 28)
        let diagonal = try #require(QRSidePerspective.patternWidth(bits, finder, along: Point(0.5.squareRoot(), 0.5.squareRoot())))
        #expect(abs(diagonal - 28 * 2.0.squareRoot()) < 2)
        // Not a finder: a plain dark square.
        var plain = BitMatrix(width: 40, height: 40)
        for y in 6..<34 { for x in 6..<34 { plain[x, y] = true } }
        #expect(QRSidePerspective.patternWidth(plain, finder, along: Point(1, 0)) == nil)
    }
}
