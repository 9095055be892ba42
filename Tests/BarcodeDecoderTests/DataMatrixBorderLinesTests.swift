import Foundation
@testable import BarcodeDecoder
import RigCore
import Testing

/// A Data Matrix symbol's L and timing sides drawn through a keystone (the right edge 70 % as tall as the left): the lines
/// fitted to its four borders meet at its corners, the free one too, though its module is light and the top side
/// converges on the bottom arm it is traced along at first.
@Suite struct DataMatrixBorderLinesTests {
    /// A 24 × 24 symbol.
    static let modules = 24.0
    static let corners = KeystoneDrawing.corners

    /// The L (left column and bottom row), the timing sides (top row dark at even columns, right column dark at odd
    /// rows) and a fixed pseudo-random data pattern inside.
    static func drawn() -> BitMatrix {
        let n = Int(modules)
        return KeystoneDrawing.drawn(modules: modules) { u, v in
            if u == 0 || v == n - 1 { return true }
            if v == 0 { return u % 2 == 0 }
            if u == n - 1 { return v % 2 == 1 }
            return (u * 7 + v * 13 + u * v) % 5 < 2
        }
    }

    /// The quad's fourth corners the hull gives: a vertex beside the bottom arm's far end (far timing modules that touch
    /// nothing, the top side then traced along the bottom arm, turned 17° against it), and a vertex on the top side.
    static let guesses = [Point(221, 184), Point(140, 38)]

    @Test(arguments: guesses)
    func linesMeetAtTheSymbolsCorners(guess: Point) throws {
        let bits = Self.drawn()
        let (a, b, c) = (Self.corners[0], Self.corners[2], Self.corners[3])
        let module = 200.0 / Self.modules
        let arms = try #require(DataMatrixBorderLines.arms(bits, a: a, b: b, c: c, module: module))
        let lines = try #require(DataMatrixBorderLines(bits, arms: arms, a: a, b: b, c: c, guess: guess, module: module))
        // The free corner is 30 px (3.6 near modules) off the parallelogram's.
        #expect(lines.topRight.distance(to: Self.corners[1]) < 1.5)
        #expect(lines.topLeft.distance(to: a) < 1.5)
        #expect(lines.bottomRight.distance(to: b) < 1.5)
        #expect(lines.bottomLeft.distance(to: c) < 1.5)
    }

    @Test func timingSidesAreCountedAtTheirOwnModules() throws {
        let bits = Self.drawn()
        let (a, b, c) = (Self.corners[0], Self.corners[2], Self.corners[3])
        let module = 200.0 / Self.modules
        let arms = try #require(DataMatrixBorderLines.arms(bits, a: a, b: b, c: c, module: module))
        let lines = try #require(DataMatrixBorderLines(bits, arms: arms, a: a, b: b, c: c, guess: Self.guesses[0], module: module))
        let counted = try #require(lines.counts(bits, module: module))
        #expect(counted.columns == 24 && counted.rows == 24)
    }

    /// The L's ends as a hull can give them, a module and a half short of the arms' ends (blur or a keystone's far
    /// modules end the component early): the right side's trace, started there inside the symbol, finds no light before
    /// dark, but each timing side swung about the end of its traced arm meets the others at the symbol's corners.
    @Test func swungSidesMeetAtTheSymbolsCorners() throws {
        let bits = Self.drawn()
        let (a, b, c) = (Self.corners[0], Self.corners[2], Self.corners[3])
        let module = 200.0 / Self.modules
        let shortA = a + (c - a) * (1.5 / Self.modules), shortB = b + (c - b) * (1.5 / Self.modules)
        let arms = try #require(DataMatrixBorderLines.arms(bits, a: shortA, b: shortB, c: c, module: module))
        #expect(DataMatrixBorderLines(bits, arms: arms, a: shortA, b: shortB, c: c, guess: Self.guesses[0], module: module) == nil)
        let searches = DataMatrixCornerSearches()
        for _ in 0..<2 {
            let lines = try #require(DataMatrixBorderLines(swinging: bits, arms: arms, c: c, module: module, searches: searches))
            // The free corner within half a far module (5.8 px): the sides are swung in quarter degrees, and the
            // free-corner search refines it.
            #expect(lines.topRight.distance(to: Self.corners[1]) < 3)
            #expect(lines.topLeft.distance(to: a) < 1.5)
            #expect(lines.bottomRight.distance(to: b) < 1.5)
            #expect(lines.bottomLeft.distance(to: c) < 1.5)
        }
    }

    /// The swing's searches give a line up once the stations left cannot beat the best so far: the same line as counting
    /// every line to its end, on the drawn keystone (about the arms' true and short ends) and on seeded noise.
    @Test func givingUpEarlyFindsTheSameLine() throws {
        func same(_ x: DataMatrixBorderLines.Line?, _ y: DataMatrixBorderLines.Line?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return x.origin == y.origin && x.along == y.along && x.normal == y.normal && x.offset == y.offset
        }
        let bits = Self.drawn()
        let (a, b, c) = (Self.corners[0], Self.corners[2], Self.corners[3])
        let module = 200.0 / Self.modules
        var compared = 0
        for shortened in [0.0, 1.5] {
            let endA = a + (c - a) * (shortened / Self.modules), endB = b + (c - b) * (shortened / Self.modules)
            for (pivot, base, arm) in [(endA, b - c, b - c), (endB, a - c, a - c)] {
                let reach = (arm.x * arm.x + arm.y * arm.y).squareRoot()
                let early = DataMatrixBorderLines.swing(bits, pivot: pivot, base: base, inside: c - pivot, reach: reach, module: module)
                let full = DataMatrixBorderLines.swing(bits, pivot: pivot, base: base, inside: c - pivot, reach: reach, module: module,
                                                       givingUp: false)
                #expect(same(early, full))
                if early != nil { compared += 1 }
            }
        }
        #expect(compared >= 2)
        var random = SeededGenerator(seed: 27)
        for _ in 0..<20 {
            var noise = BitMatrix(width: 120, height: 120)
            for y in 0..<120 { for x in 0..<120 where Bool.random(using: &random) { noise[x, y] = true } }
            let pivot = Point(Double.random(in: 20...100, using: &random), Double.random(in: 20...100, using: &random))
            let base = Point(Double.random(in: -1...1, using: &random), Double.random(in: -1...1, using: &random))
            let inside = Point(-base.y, base.x)
            let early = DataMatrixBorderLines.swing(noise, pivot: pivot, base: base, inside: inside, reach: 60, module: 4)
            let full = DataMatrixBorderLines.swing(noise, pivot: pivot, base: base, inside: inside, reach: 60, module: 4, givingUp: false)
            #expect(same(early, full))
        }
    }

    /// The swing's station count that reads the cells without bounds tests, for lines whose first and last stations'
    /// cells lie inside the matrix, counts what reading every cell through the subscript counts: on seeded noise, for
    /// lines across the whole matrix, lines ending on or just past its edges (where the tested reading takes over), and
    /// every station or every other, with and without giving up.
    @Test func stationEdgesWithoutBoundsTestsMatchTheSubscript() {
        var random = SeededGenerator(seed: 36)
        let w = 40, h = 32
        var hoisted = 0
        for _ in 0..<40 {
            var noise = BitMatrix(width: w, height: h)
            for y in 0..<h { for x in 0..<w where Bool.random(using: &random) { noise[x, y] = true } }
            for _ in 0..<200 {
                // Origins anywhere from just outside to just inside, some on the edges themselves.
                func coordinate(_ side: Int) -> Double {
                    Bool.random(using: &random) ? Double.random(in: -2...Double(side) + 2, using: &random)
                        : [0, 1e-9, 1, Double(side) - 1, Double(side) - 1e-9, Double(side)].randomElement(using: &random)!
                }
                let angle = Double.random(in: 0..<(2 * Double.pi), using: &random)
                let along = [Point(cos(angle), sin(angle)), Point(1, 0), Point(0, -1), Point(-1, 0)].randomElement(using: &random)!
                let normal = Bool.random(using: &random) ? Point(-along.y, along.x) : Point(along.y, -along.x)
                let line = DataMatrixBorderLines.Line(origin: Point(coordinate(w), coordinate(h)), along: along, normal: normal,
                                                      offset: [-1, -0.5, 0, 0.5, 1.5].randomElement(using: &random)!)
                let first = Int.random(in: 0...8, using: &random), stations = first + Int.random(in: 1...90, using: &random)
                let every = Int.random(in: 1...2, using: &random)
                let outside = Double.random(in: 1...2, using: &random), depth = Double.random(in: 1...2.5, using: &random)
                let needed = Int.random(in: 0...40, using: &random), givingUp = Bool.random(using: &random)
                func count(hoisting: Bool) -> Int {
                    DataMatrixBorderLines.edges(noise, on: line, stations: first..<stations, every: every, outside: outside, depth: depth,
                                                needed: needed, givingUp: givingUp, hoisting: hoisting)
                }
                #expect(count(hoisting: true) == count(hoisting: false))
                // Lines whose every cell is inside (the reading without tests).
                let ends = [line.point(Double(first) * 0.5), line.point(Double(stations - 1) * 0.5)]
                let cells = ends.flatMap { [$0 - normal * outside, $0 + normal * depth] }
                if cells.allSatisfy({ $0.x >= 0 && $0.y >= 0 && $0.x < Double(w) && $0.y < Double(h) }) { hoisted += 1 }
            }
        }
        #expect(hoisted > 1000)
    }
}
