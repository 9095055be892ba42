@testable import BarcodeDecoder
import Foundation
import RigCore
import Testing

@Suite struct DarkComponentsTests {
    /// A `width` × `height` matrix whose cells are each dark with probability `density`, drawn row by row.
    static func randomBits(width: Int, height: Int, density: Double, using random: inout SeededGenerator) -> BitMatrix {
        var bits = BitMatrix(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width where Double.random(in: 0..<1, using: &random) < density { bits[x, y] = true }
        }
        return bits
    }

    /// The run-based labelling finds what a 4-connected flood fill from each unlabelled dark cell in raster order finds:
    /// the same components, in the same order, with the same boxes, areas and outlines.
    @Test(arguments: [0.05, 0.3, 0.5, 0.7, 0.95])
    func matchesAFloodFill(density: Double) {
        var random = SeededGenerator(seed: UInt64(density * 100))
        for trial in 0..<20 {
            let w = 1 + trial * 7 % 61, h = 1 + trial * 11 % 53
            // Blobs and noise, so components of every shape (spirals, combs, single cells) occur.
            let bits = DarkComponentsTests.randomBits(width: w, height: h, density: density, using: &random)
            for minimumSide in [1, 3, 12] {
                for maximumCount in [2, 400] {
                    Self.expectTheFloodFillsComponents(bits, minimumSide: minimumSide, maximumCount: maximumCount)
                }
            }
        }
    }

    /// Every 4 × 4 and 5 × 3 matrix: the joins of runs in every arrangement two to four rows allow (a run meeting
    /// several runs above, of one component or of several, the earlier root or the later one found first), each
    /// component's box and area kept at its root as they join, give the flood fill's components.
    @Test func matchesAFloodFillOnEverySmallMatrix() {
        for (w, h) in [(4, 4), (5, 3)] {
            for pattern in 0..<(1 << (w * h)) {
                var bits = BitMatrix(width: w, height: h)
                for k in 0..<(w * h) where pattern >> k & 1 == 1 { bits[k % w, k / w] = true }
                Self.expectTheFloodFillsComponents(bits, minimumSide: 1, "\(w) × \(h) pattern \(pattern)")
                if pattern % 7 == 0 { Self.expectTheFloodFillsComponents(bits, minimumSide: 2, maximumCount: 1) }
            }
        }
    }

    /// Wide rows of many runs outgrow the run buffers' first room (96 runs a row) several times over: the buffers grow
    /// before the rows that need it, and the components are still the flood fill's.
    @Test func matchesAFloodFillWhenTheRunBuffersGrow() {
        var random = SeededGenerator(seed: 7)
        let w = 1500, h = 24
        var bits = BitMatrix(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w where x % 2 == 0 || Double.random(in: 0..<1, using: &random) < 0.2 { bits[x, y] = true }
        }
        Self.expectTheFloodFillsComponents(bits, minimumSide: 3)
    }

    /// Kept components (combs, a frame) whose rows are shared with many specks too small to keep: the specks' runs, written
    /// to rows of their own, leave the kept components' outlines as the flood fill has them.
    @Test func specksBesideKeptComponentsLeaveTheirOutlines() {
        var random = SeededGenerator(seed: 5)
        for trial in 0..<6 {
            let w = 90 + 13 * trial, h = 40 + 7 * trial
            var bits = BitMatrix(width: w, height: h)
            // A comb: a spine on row 2 and a tooth every fourth column down to row h − 3.
            for x in 2..<(w / 2) { bits[x, 2] = true }
            for x in stride(from: 2, to: w / 2, by: 4) { for y in 2..<(h - 2) { bits[x, y] = true } }
            // A hollow frame on the right.
            for x in (w / 2 + 3)..<(w - 2) { bits[x, 4] = true; bits[x, h - 4] = true }
            for y in 4...(h - 4) { bits[w / 2 + 3, y] = true; bits[w - 3, y] = true }
            // Single specks between the teeth and inside the frame, none touching a kept component.
            for y in 4..<(h - 5) where y % 2 == 0 {
                for x in stride(from: 4, to: w / 2 - 2, by: 4) where Double.random(in: 0..<1, using: &random) < 0.8 { bits[x, y] = true }
                for x in stride(from: w / 2 + 5, to: w - 4, by: 2) where Double.random(in: 0..<1, using: &random) < 0.5 { bits[x, y] = true }
            }
            for minimumSide in [3, 12] {
                Self.expectTheFloodFillsComponents(bits, minimumSide: minimumSide)
            }
        }
    }

    /// A run below that touches several runs above, the last of them reaching past its end, and runs after it that touch
    /// only that last one: each later run is still joined to it (the search for the next run's runs above starts at the
    /// last one touched, not after it). Combs pointing up, joined only at their last row, merge components whose runs
    /// above then point at a root two steps away.
    @Test func runsAboveReachingPastARunAreJoinedToTheNextRuns() {
        for shift in 0..<4 {
            let w = 40 + shift, h = 12
            var bits = BitMatrix(width: w, height: h)
            // Row 0: two short runs and a long one; row 1: a run touching all three, then runs touching the long one only.
            for x in [0, 1, 3, 4] { bits[x + shift, 0] = true }
            for x in 6..<(w - 2) { bits[x, 0] = true }
            for x in 0...(7 + shift) { bits[x, 1] = true }
            for x in stride(from: 10 + shift, to: w - 3, by: 3) { bits[x, 1] = true }
            // Teeth pointing up from row 10, every third column, joined by a spine on row 10 (the last).
            for x in stride(from: shift, to: w, by: 3) { for y in 3..<10 { bits[x, y] = true } }
            for x in 0..<w { bits[x, 10] = true }
            for minimumSide in [1, 2] {
                Self.expectTheFloodFillsComponents(bits, minimumSide: minimumSide, "shift \(shift)")
            }
        }
    }

    /// Rows read from their colour changes, 64 cells a word: widths around a word's end, runs across word boundaries
    /// and at both ends of a row still give the flood fill's components.
    @Test func matchesAFloodFillAcrossWords() {
        var random = SeededGenerator(seed: 13)
        for w in [63, 64, 65, 66, 127, 128, 129, 200] {
            for density in [0.1, 0.5, 0.9] {
                let h = 1 + Int.random(in: 0..<30, using: &random)
                let bits = DarkComponentsTests.randomBits(width: w, height: h, density: density, using: &random)
                for minimumSide in [1, 3] {
                    Self.expectTheFloodFillsComponents(bits, minimumSide: minimumSide, "width \(w), density \(density)")
                }
            }
        }
    }

    /// Dark runs walked as pairs of colour changes: runs that begin in one 64-cell word and end in the next, runs that
    /// span one or more whole words (a word with no change while a run is open), runs open at a row's end, rows that
    /// begin dark, and rows all dark, still give the flood fill's components.
    @Test func matchesAFloodFillWithRunsAcrossWholeWords() {
        var random = SeededGenerator(seed: 29)
        for w in [64, 128, 129, 191, 256, 300] {
            for trial in 0..<6 {
                let h = 3 + Int.random(in: 0..<20, using: &random)
                var bits = BitMatrix(width: w, height: h)
                for y in 0..<h {
                    if (y + trial) % 7 == 0 { for x in 0..<w { bits[x, y] = true }; continue }
                    var x = trial % 2 == 0 ? 0 : Int.random(in: 0..<8, using: &random)
                    while x < w {
                        // A long dark run (up to three words), then a short light gap.
                        let length = 1 + Int.random(in: 0..<(trial < 3 ? 200 : 70), using: &random)
                        for k in x..<Swift.min(w, x + length) { bits[k, y] = true }
                        x += length + 1 + Int.random(in: 0..<3, using: &random)
                    }
                }
                for minimumSide in [1, 3] {
                    Self.expectTheFloodFillsComponents(bits, minimumSide: minimumSide, "width \(w), trial \(trial)")
                }
            }
        }
    }

    /// A block's colour changes gathered eight cells at a time are the cells that differ from the one before them, for
    /// every block length and either colour before it.
    @Test func blockChangesAreTheCellsUnlikeTheOneBefore() {
        var random = SeededGenerator(seed: 17)
        for count in 1...64 {
            for density in [0.1, 0.5, 0.9] {
                let cells = (0..<count).map { _ in UInt8(Double.random(in: 0..<1, using: &random) < density ? 1 : 0) }
                for before in [UInt8(0), 1] {
                    var expected: UInt64 = 0
                    for k in 0..<count where cells[k] != (k == 0 ? before : cells[k - 1]) { expected |= 1 << UInt64(k) }
                    let found = cells.withUnsafeBufferPointer { DarkComponents.changes($0.baseAddress!, count: count, after: UInt64(before)) }
                    #expect(found == expected, "\(cells) after \(before)")
                }
            }
        }
    }

    /// `DarkComponents.find` gives the flood fill's components (`floodFill`): as many, in the same order, with the same
    /// boxes, areas and outlines.
    static func expectTheFloodFillsComponents(_ bits: BitMatrix, minimumSide: Int, maximumCount: Int = 400, _ comment: Comment? = nil,
                                              sourceLocation: SourceLocation = #_sourceLocation) {
        let found = DarkComponents.find(bits, minimumSide: minimumSide, maximumCount: maximumCount)
        let expected = floodFill(bits, minimumSide: minimumSide, maximumCount: maximumCount)
        #expect(found.count == expected.count, comment, sourceLocation: sourceLocation)
        for (f, e) in zip(found, expected) {
            #expect(f.minX == e.minX && f.maxX == e.maxX && f.minY == e.minY && f.maxY == e.maxY && f.area == e.area, comment,
                    sourceLocation: sourceLocation)
            #expect(f.outline == e.outline, comment, sourceLocation: sourceLocation)
        }
    }

    /// The reference: a flood fill started at each unlabelled dark cell in raster order.
    static func floodFill(_ bits: BitMatrix, minimumSide: Int, maximumCount: Int) -> [DarkComponent] {
        let w = bits.width, h = bits.height
        var label = [Bool](repeating: false, count: w * h)
        var out: [DarkComponent] = []
        for start in 0..<(w * h) where bits[start % w, start / w] && !label[start] {
            label[start] = true
            var stack = [start], cells: [Int] = []
            while let i = stack.popLast() {
                cells.append(i)
                let x = i % w, y = i / w
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where bits[nx, ny] && !label[ny * w + nx] {
                    label[ny * w + nx] = true
                    stack.append(ny * w + nx)
                }
            }
            let xs = cells.map { $0 % w }, ys = cells.map { $0 / w }
            var c = DarkComponent(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!, area: cells.count, outline: [])
            guard c.maxX - c.minX + 1 >= minimumSide, c.maxY - c.minY + 1 >= minimumSide else { continue }
            for y in c.minY...c.maxY {
                let row = zip(xs, ys).filter { $0.1 == y }.map(\.0)
                c.outline += [Point(Double(row.min()!) + 0.5, Double(y) + 0.5), Point(Double(row.max()!) + 0.5, Double(y) + 0.5)]
            }
            out.append(c)
            if out.count >= maximumCount { break }
        }
        return out
    }
}

extension DarkComponentsTests {
    /// Components kept by a test inside the search (`keeping`, the Data Matrix shape test and a box test) are those the
    /// search returns filtered afterwards by the same test, outlines and all; the rejected still count towards the cap.
    @Test func keepingInsideTheSearchIsFilteringAfterIt() {
        var random = SeededGenerator(seed: 77)
        var kept = 0, dropped = 0
        for trial in 0..<30 {
            let w = 20 + trial * 17 % 90, h = 20 + trial * 13 % 70
            let density = [0.3, 0.5, 0.65][trial % 3]
            let bits = DarkComponentsTests.randomBits(width: w, height: h, density: density, using: &random)
            let tests: [(DarkComponent) -> Bool] = [DataMatrixDetector.isShapedLikeASymbol, { $0.minX % 2 == 0 }]
            for isKept in tests {
                for minimumSide in [1, 3, 8] {
                    for maximumCount in [1, 3, 400] {
                        let inside = DarkComponents.find(bits, minimumSide: minimumSide, maximumCount: maximumCount, keeping: isKept)
                        let all = DarkComponents.find(bits, minimumSide: minimumSide, maximumCount: maximumCount)
                        let after = all.filter(isKept)
                        kept += after.count
                        dropped += all.count - after.count
                        #expect(inside.count == after.count)
                        for (f, e) in zip(inside, after) {
                            #expect(f.minX == e.minX && f.maxX == e.maxX && f.minY == e.minY && f.maxY == e.maxY && f.area == e.area)
                            #expect(f.outline == e.outline)
                        }
                    }
                }
            }
        }
        #expect(kept > 50 && dropped > 50)
    }

    /// The outlines are made only down to the last kept component's last row: kept components above many dropped ones
    /// (those kept starting in the frame's top half, or only the first one), each ending on its own last row or on the
    /// frame's, have the flood fill's outlines, every row of them to the last.
    @Test func outlinesStopAtTheLastKeptRow() {
        var random = SeededGenerator(seed: 78)
        var kept = 0, endedAbove = 0
        for trial in 0..<40 {
            let w = 12 + trial * 19 % 80, h = 12 + trial * 11 % 60
            let density = [0.3, 0.5, 0.6, 0.7][trial % 4]
            let bits = DarkComponentsTests.randomBits(width: w, height: h, density: density, using: &random)
            let all = Self.floodFill(bits, minimumSide: 2, maximumCount: 400)
            let first = all.first.map { ($0.minX, $0.minY) }
            let tests: [(DarkComponent) -> Bool] = [{ $0.minY < h / 2 }, { ($0.minX, $0.minY) == first ?? (-1, -1) }, { $0.maxY == h - 1 }]
            for isKept in tests {
                let found = DarkComponents.find(bits, minimumSide: 2, keeping: isKept)
                let expected = all.filter(isKept)
                kept += expected.count
                if let last = expected.map(\.maxY).max(), all.contains(where: { $0.maxY > last }) { endedAbove += 1 }
                #expect(found.count == expected.count)
                for (f, e) in zip(found, expected) {
                    #expect(f.minX == e.minX && f.maxX == e.maxX && f.minY == e.minY && f.maxY == e.maxY && f.area == e.area)
                    #expect(f.outline == e.outline)
                }
            }
        }
        #expect(kept > 100 && endedAbove > 40, "\(kept) kept, \(endedAbove) searches with components below the last kept one")
    }
}

@Suite struct ConvexHullTests {
    /// The hull of a component's outline taken in its row order is the sorting hull, vertex for vertex: Data Matrix
    /// candidates depend on the hull's first vertex and direction.
    @Test(arguments: [0.2, 0.5, 0.8])
    func theRowOrderedHullIsTheSortingHull(density: Double) {
        var random = SeededGenerator(seed: UInt64(density * 1000))
        var compared = 0
        for trial in 0..<40 {
            let w = 2 + trial * 13 % 71, h = 2 + trial * 7 % 59
            let bits = DarkComponentsTests.randomBits(width: w, height: h, density: density, using: &random)
            for component in DarkComponents.find(bits, minimumSide: 1) {
                Self.expectTheSortingHull(component)
                compared += 1
            }
        }
        // Lines, single cells and points in a column: the degenerate outlines.
        for outline in [[Point(0.5, 0.5), Point(0.5, 0.5), Point(0.5, 1.5), Point(0.5, 1.5), Point(0.5, 2.5), Point(0.5, 2.5)],
                        [Point(0.5, 0.5), Point(4.5, 0.5)], [Point(1.5, 0.5), Point(3.5, 0.5), Point(2.5, 1.5), Point(2.5, 1.5)],
                        [Point(0.5, 0.5), Point(2.5, 0.5), Point(1.5, 1.5), Point(3.5, 1.5), Point(2.5, 2.5), Point(4.5, 2.5)]] {
            #expect(ConvexHull.hull(rowOrdered: outline) == ConvexHull.hull(outline))
        }
        #expect(compared > 100)
    }

    /// Solid shapes (ellipses, turned rectangles and triangles, with flat sides, several rows at the farthest reach
    /// and notches), whose outlines of many rows have most of their middle points passed over by the sweeps
    /// (`ConvexHull.sweepPoints`): the row-ordered hull is still the sorting hull, vertex for vertex.
    @Test func theRowOrderedHullOfSolidShapesIsTheSortingHull() {
        var random = SeededGenerator(seed: 4242)
        var compared = 0
        for trial in 0..<300 {
            let w = 8 + trial * 17 % 90, h = 8 + trial * 11 % 80
            var bits = BitMatrix(width: w, height: h)
            let cx = Double.random(in: 0..<Double(w), using: &random), cy = Double.random(in: 0..<Double(h), using: &random)
            let rx = Double.random(in: 1..<Double(w), using: &random), ry = Double.random(in: 1..<Double(h), using: &random)
            let angle = Double.random(in: 0..<Double.pi, using: &random)
            let (c, s) = (cos(angle), sin(angle))
            let kind = trial % 4
            for y in 0..<h {
                for x in 0..<w {
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    let u = (dx * c + dy * s) / rx, v = (-dx * s + dy * c) / ry
                    let inside: Bool
                    switch kind {
                    case 0: inside = u * u + v * v <= 1
                    case 1: inside = abs(u) <= 1 && abs(v) <= 1
                    case 2: inside = v >= -1 && abs(u) <= (1 - v) / 2
                    default: inside = abs(dx) <= rx / 2 && abs(dy) <= ry / 2
                    }
                    // A few notches and specks, so some rows fall short of the side and others stick out.
                    let notch = Double.random(in: 0..<1, using: &random) < 0.02
                    if inside != notch { bits[x, y] = true }
                }
            }
            for component in DarkComponents.find(bits, minimumSide: 1) {
                Self.expectTheSortingHull(component)
                compared += 1
            }
        }
        #expect(compared > 300)
    }

    /// The row-ordered hull of a component's outline is the sorting hull without bounds, with its box's bounds (where
    /// the sweeps stop at the first and last rows reaching them) and with bounds beyond it (which no point reaches).
    static func expectTheSortingHull(_ component: DarkComponent, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = ConvexHull.hull(component.outline)
        let least = Double(component.minX) + 0.5, most = Double(component.maxX) + 0.5
        #expect(ConvexHull.hull(rowOrdered: component.outline) == expected, sourceLocation: sourceLocation)
        #expect(ConvexHull.hull(rowOrdered: component.outline, least: least, most: most) == expected, sourceLocation: sourceLocation)
        #expect(ConvexHull.hull(rowOrdered: component.outline, least: least - 2, most: most + 1) == expected,
                sourceLocation: sourceLocation)
    }
}
