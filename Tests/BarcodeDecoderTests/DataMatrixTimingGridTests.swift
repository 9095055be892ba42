@testable import BarcodeDecoder
import Testing

@Suite struct DataMatrixTimingGridTests {
    /// A timing profile of six modules (dark first, 8 samples each) whose last light module rises only 20 levels off
    /// the dark ones (blur pulling an end module into the quiet zone's shoulder).
    static let shallowEnd: [Double] = [50, 200, 50, 200, 50, 70].flatMap { [Double](repeating: $0, count: DataMatrixTimingGrid.samplesPerModule) }

    /// The usual hysteresis (a fifth of the range) misses the shallow module by one extreme and says so; a tenth finds
    /// all six, each at its module's middle.
    @Test func aFinerHysteresisFindsAShallowEndModule() {
        let range = 150.0
        let usual = DataMatrixTimingGrid.centres(Self.shallowEnd, count: 6, firstDark: true, hysteresis: range * 0.2)
        #expect(usual.0 == nil)
        #expect(usual.1 == 5)
        let finer = DataMatrixTimingGrid.centres(Self.shallowEnd, count: 6, firstDark: true, hysteresis: range * 0.1)
        #expect(finer.0 == [0.5, 1.5, 2.5, 3.5, 4.5, 5.5])
        #expect(finer.1 == 6)
    }

    /// Extremes are counted until there are two more than the modules (the scan stops there: enough to tell a miss by
    /// one, which the sturdy attempt looks at, from a noisy edge).
    @Test func extremesAreCountedUpToTwoPastTheModules() {
        let twelve: [Double] = (0..<12).flatMap { [Double](repeating: $0 % 2 == 0 ? 50 : 200, count: DataMatrixTimingGrid.samplesPerModule) }
        for count in [12, 11, 10, 9] {
            let (found, extremes) = DataMatrixTimingGrid.centres(twelve, count: count, firstDark: true, hysteresis: 30)
            #expect((found != nil) == (count == 12))
            #expect(extremes == min(12, count + 2))
        }
    }

    /// The fallback's attempts are the counted sizes (at most four, best fit first), then the same again sturdy.
    @Test func unevenAttemptsPickTheCountedSizesPlainThenSturdy() throws {
        let t = try #require(PerspectiveTransform(rectangleWidth: 10, height: 10, to: [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)]))
        let sizes = DataMatrixSize.all.filter { $0.rows == $0.columns }.prefix(8)
        let fits = sizes.enumerated().map { (score: 0.8, transform: t, size: $0.element, rank: $0.offset) }
        let attempts = DataMatrixDetector.UnevenAttempts(fits, columns: 14, rows: 14)
        // 12×12, 14×14 and 16×16 lie within two modules of the count.
        #expect(attempts.picks == 3)
        #expect(attempts.count == 6)
        #expect((0..<6).map { attempts.fit($0).size.rows } == [12, 14, 16, 12, 14, 16])
    }
}
