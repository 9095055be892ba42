@testable import BarcodeDecoder
import Testing

/// How much of a scan line lies clear of symbols already read: the linear reader skips lines with too little.
@Suite struct ScanLineStretchTests {
    let square = [Point(50, 40), Point(150, 40), Point(150, 60), Point(50, 60)]

    @Test func aLineAcrossAnOutlineKeepsItsLongerEnd() {
        #expect(LinearReader.longestStretch(origin: Point(0, 50), direction: Point(1, 0), length: 220, outside: [square]) == 70)
        // The same outline listed the other way round.
        #expect(LinearReader.longestStretch(origin: Point(0, 50), direction: Point(1, 0), length: 220, outside: [square.reversed()]) == 70)
    }

    @Test func aLineClearOfEveryOutlineIsWhole() {
        #expect(LinearReader.longestStretch(origin: Point(0, 70), direction: Point(1, 0), length: 220, outside: [square]) == 220)
        #expect(LinearReader.longestStretch(origin: Point(0, 50), direction: Point(1, 0), length: 220, outside: []) == 220)
    }

    @Test func aLineInsideOutlinesHasOnlyTheGapsBetween() {
        let right = [Point(160, 30), Point(230, 30), Point(230, 70), Point(160, 70)]
        // Clear: 0–50, 150–160; the line ends inside the second outline.
        #expect(LinearReader.longestStretch(origin: Point(0, 50), direction: Point(1, 0), length: 200, outside: [square, right]) == 50)
        #expect(LinearReader.longestStretch(origin: Point(55, 50), direction: Point(1, 0), length: 90, outside: [square]) == 0)
    }

    @Test func aTiltedLineEntersWhereItCrossesAnEdge() {
        // Down the diagonal of a 100 × 100 square from its top-left corner, 50 beyond it: 50·√2 clear.
        let box = [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)]
        let d = Point(1, 1) * (1 / 2.0.squareRoot())
        let stretch = LinearReader.longestStretch(origin: Point(0, 0), direction: d, length: 150 * 2.0.squareRoot(), outside: [box])
        #expect(abs(stretch - 50 * 2.0.squareRoot()) < 1e-9)
    }

    /// A read from pixel rows 7 px apart: a region whose centre lies 2 px below its outline is its bars, one 10 px below not.
    @Test func anOutlineFromRowsReachesARowSpacingUpAndDown() {
        let read = [Point(33, 74.5), Point(195, 74.5), Point(195, 81.5), Point(33, 81.5)]
        let widened = LinearReader.widenedAcross(read, by: 7.2)
        #expect(!LinearReader.contains(read, Point(110, 83.5)))
        #expect(LinearReader.contains(widened, Point(110, 83.5)))
        #expect(LinearReader.contains(widened, Point(110, 68)))
        #expect(!LinearReader.contains(widened, Point(110, 91.5)))
        #expect(!LinearReader.contains(widened, Point(20, 78)), "not along the rows")
        #expect(widened.map(\.x) == read.map(\.x))
    }
}
