@testable import BarcodeDecoder
import Testing

/// A Data Matrix L drawn through a keystone (the right edge 70 % as tall as the left, as a camera turned about the
/// vertical axis sees it): the arms' widths along their length give the depths, and the depths the free corner, modules
/// off the parallelogram of the L's three corners.
@Suite struct DataMatrixLPerspectiveTests {
    /// A 24 × 24 symbol.
    static let modules = 24.0
    static let corners = KeystoneDrawing.corners

    /// The L (left column and bottom row) and alternate modules inside it along both arms (a data pattern of single
    /// modules, so that some runs across each arm are one module), drawn by mapping each pixel's centre back to modules.
    static func drawn() -> BitMatrix {
        let n = Int(modules)
        return KeystoneDrawing.drawn(modules: modules) { u, v in
            let inL = u == 0 || v == n - 1
            let beside = (u == 2 && v % 3 == 0) || (v == n - 3 && u % 3 == 0)
            return inL || beside
        }
    }

    @Test func depthsPutTheFreeCornerWhereTheKeystoneDoes() throws {
        let bits = Self.drawn()
        let (a, b, c) = (Self.corners[0], Self.corners[2], Self.corners[3])
        let perspective = try #require(DataMatrixLPerspective(bits, a: a, b: b, c: c, thickness: 200.0 / Self.modules))
        // The left arm keeps its depth; the bottom arm's far end is 1 / 0.7 as deep.
        #expect(abs(perspective.depthA - 1) < 0.08)
        #expect(abs(perspective.depthB - 1 / 0.7) < 0.15)
        #expect(perspective.isNoticeable && perspective.isPlausible)
        // The true corner (220, 50) is 30 px (3.6 of the near modules, 8.3 px) off the parallelogram's (220, 20); the
        // estimate is within two modules of it, where the free-corner search (±3 modules) finds it.
        let corner = perspective.freeCorner(a: a, b: b, c: c)
        #expect((a + b - c).distance(to: Self.corners[1]) > 29)
        #expect(corner.distance(to: Self.corners[1]) < 2 * 200 / Self.modules)
    }

    @Test func freeCornerIsTheHomographysFourthCorner() throws {
        let map = try #require(PerspectiveTransform(from: [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)], to: Self.corners))
        // The depths of the unit square's corners under `map` (its denominators) relative to the L's corner, (0, 1).
        func depth(_ p: Point) -> Double { map.h[6] * p.x + map.h[7] * p.y + map.h[8] }
        let perspective = DataMatrixLPerspective(depthA: depth(Point(0, 0)) / depth(Point(0, 1)),
                                                 depthB: depth(Point(1, 1)) / depth(Point(0, 1)))
        let corner = perspective.freeCorner(a: Self.corners[0], b: Self.corners[2], c: Self.corners[3])
        #expect(corner.distance(to: Self.corners[1]) < 1e-6)
    }
}
