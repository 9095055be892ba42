@testable import BarcodeDecoder
import Foundation
import RigCore
import Testing

/// The hull helpers the Data Matrix detector calls per candidate give what the straightforward forms they replaced give.
@Suite struct ConvexHullShortcutTests {
    /// Points on a coarse grid, so that ties (equal distances, repeated points, collinear vertices) are common.
    static func points(_ count: Int, using random: inout SeededGenerator) -> [Point] {
        (0..<count).map { _ in Point(Double(Int.random(in: 0..<12, using: &random)) + 0.5, Double(Int.random(in: 0..<12, using: &random)) + 0.5) }
    }

    /// The first nearest point, as `indices.min` by distance picks it.
    @Test func nearestIndexIsTheFirstMinimum() {
        var random = SeededGenerator(seed: 11)
        for count in [1, 2, 5, 30] {
            for _ in 0..<50 {
                let points = Self.points(count, using: &random)
                let target = Point(Double.random(in: -2..<14, using: &random), Double.random(in: -2..<14, using: &random))
                let expected = points.indices.min { points[$0].distance(to: target) < points[$1].distance(to: target) }
                #expect(ConvexHull.nearestIndex(points, to: target) == expected)
            }
        }
        #expect(ConvexHull.nearestIndex([], to: Point(0, 0)) == nil)
    }

    /// The rectangle whose corners are made once at the end is the one made at each improvement, to the bit.
    @Test func minimumRectangleMatchesCornersMadeAtEachImprovement() {
        var random = SeededGenerator(seed: 12)
        for count in [3, 4, 8, 40] {
            for _ in 0..<50 {
                let hull = ConvexHull.hull(Self.points(count, using: &random))
                #expect(ConvexHull.minimumRectangle(hull) == Self.minimumRectangleReference(hull))
            }
        }
    }

    /// The rectangle found with sides given up once the points so far span the best area is the one found reading every
    /// point: on hulls of many vertices (so that sides are given up after 8, 16, … points), round ones and long thin
    /// ones, and on grid hulls where sides tie with the best area exactly (a tie keeps the earlier side).
    @Test func minimumRectangleGivingUpBeatenSidesIsTheFullSearch() {
        var random = SeededGenerator(seed: 14)
        var gaveUp = 0
        for count in [9, 17, 30, 64, 200] {
            for trial in 0..<40 {
                let stretch = trial % 2 == 0 ? 1.0 : Double.random(in: 2...8, using: &random)
                let round = (0..<count).map { _ in
                    let angle = Double.random(in: 0..<(2 * Double.pi), using: &random), radius = Double.random(in: 30...31, using: &random)
                    return Point(100 + radius * stretch * cos(angle), 100 + radius * sin(angle))
                }
                // Integer points of a square and a slanted square: equal areas on many sides.
                let side = 3 + trial % 20
                let grid = (0..<count).map { k in Point(Double(k % side), Double((k / side) % side)) }
                let slanted = grid.map { Point($0.x + $0.y, $0.y - $0.x) }
                for points in [round, grid, slanted] {
                    let hull = ConvexHull.hull(points)
                    #expect(ConvexHull.minimumRectangle(hull) == Self.minimumRectangleReference(hull), "\(hull)")
                    if hull.count > 8 { gaveUp += 1 }
                }
            }
        }
        #expect(gaveUp > 150, "\(gaveUp) hulls over eight vertices")
    }

    /// The spanning quadrilateral with its start tested without a set and a sort is the one tested with them.
    @Test func largestQuadrilateralMatchesTheSetAndSortTests() {
        var random = SeededGenerator(seed: 13)
        for count in [4, 8, 40] {
            for _ in 0..<50 {
                let hull = ConvexHull.hull(Self.points(count, using: &random))
                let corners = ConvexHull.minimumRectangle(hull) ?? Self.points(4, using: &random)
                for start in [corners, Self.points(4, using: &random)] {
                    #expect(ConvexHull.largestQuadrilateral(hull, startingFrom: start) == Self.largestQuadrilateralReference(hull, startingFrom: start))
                }
            }
        }
    }

    /// `ConvexHull.minimumRectangle` as it was: the corners made at each better rectangle.
    static func minimumRectangleReference(_ hull: [Point]) -> [Point]? {
        guard hull.count >= 3 else { return nil }
        var best: (area: Double, corners: [Point])?
        for i in 0..<hull.count {
            let a = hull[i], b = hull[(i + 1) % hull.count]
            let len = a.distance(to: b)
            guard len > 1e-9 else { continue }
            let u = (b - a) * (1 / len), v = Point(-u.y, u.x)
            var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
            for p in hull {
                let d = p - a
                let pu = d.x * u.x + d.y * u.y, pv = d.x * v.x + d.y * v.y
                minU = min(minU, pu); maxU = max(maxU, pu); minV = min(minV, pv); maxV = max(maxV, pv)
            }
            let area = (maxU - minU) * (maxV - minV)
            if best == nil || area < best!.area {
                best = (area, [(minU, minV), (maxU, minV), (maxU, maxV), (minU, maxV)].map { a + u * $0.0 + v * $0.1 })
            }
        }
        return best?.corners
    }

    /// `ConvexHull.largestQuadrilateral` as it was: nearest vertices by `min`, distinct by a set, in order by a sort.
    static func largestQuadrilateralReference(_ hull: [Point], startingFrom corners: [Point]) -> [Point]? {
        let n = hull.count
        guard n >= 4, corners.count == 4 else { return nil }
        var index = corners.map { c in hull.indices.min { hull[$0].distance(to: c) < hull[$1].distance(to: c) }! }
        guard Set(index).count == 4 else { return nil }
        let start = index[0]
        guard index.map({ ($0 - start + n) % n }) == index.map({ ($0 - start + n) % n }).sorted() else { return nil }
        func twiceArea(_ a: Point, _ b: Point, _ c: Point) -> Double { abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) }
        for _ in 0..<8 {
            var moved = false
            for k in 0..<4 {
                let prev = index[(k + 3) % 4], next = index[(k + 1) % 4]
                var best = index[k], bestArea = twiceArea(hull[prev], hull[index[k]], hull[next])
                var v = (prev + 1) % n
                while v != next {
                    let area = twiceArea(hull[prev], hull[v], hull[next])
                    if area > bestArea + 1e-9 { best = v; bestArea = area }
                    v = (v + 1) % n
                }
                if best != index[k] { index[k] = best; moved = true }
            }
            if !moved { break }
        }
        return index.map { hull[$0] }
    }
}
