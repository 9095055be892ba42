@testable import BarcodeDecoder
import Testing

/// `PDF417Reader.reachInside`: how far a stop-less symbol's outline may run before it leaves the image.
@Suite struct PDF417ReachInsideTests {
    @Test func theReachEndsAtTheNearestBorderAhead() {
        let image = GrayImage(width: 200, height: 100)
        #expect(PDF417Reader.reachInside(image, from: Point(50, 50), along: Point(1, 0)) == 150)
        #expect(PDF417Reader.reachInside(image, from: Point(50, 50), along: Point(-1, 0)) == 50)
        #expect(PDF417Reader.reachInside(image, from: Point(50, 50), along: Point(0, 1)) == 50)
        // Turned 45°: the bottom border (50 px down) comes before the right one (150 px across).
        let d = Point(1, 1) * (1 / 2.0.squareRoot())
        #expect(abs(PDF417Reader.reachInside(image, from: Point(50, 50), along: d) - 50 * 2.0.squareRoot()) < 1e-9)
    }
}
