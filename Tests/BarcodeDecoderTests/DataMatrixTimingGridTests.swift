@testable import BarcodeDecoder
import Foundation
import RigCore
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
        #expect(attempts.count == 9)
        #expect((0..<9).map { attempts.fit($0)?.size.rows } == [12, 14, 16, 12, 14, 16, 12, 14, 16])
        #expect((0..<3).map { attempts.round($0).reading } == [.plain, .sturdy, .merged])
    }

    /// A top timing row of 26 modules whose light modules 1 and 13 blur shut (each dark with the dark modules beside it,
    /// as on `#794`): the usual hysteresis finds 22 extremes, and splitting the two that stand out as merged puts every
    /// centre back within a quarter of a module (the last one's plateau is cut at the profile's end, at its middle).
    @Test func mergedTimingModulesAreSplit() throws {
        let count = 26, per = DataMatrixTimingGrid.samplesPerModule
        let shut: Set<Int> = [1, 13]
        let values = Array((0..<count).flatMap { i in
            [Double](repeating: i % 2 == 0 || shut.contains(i) ? 50 : 200, count: per)
        }.prefix(count * per - per / 2))
        let (found, extremes) = DataMatrixTimingGrid.centres(values, count: count, firstDark: true, hysteresis: 30)
        #expect(found == nil)
        #expect(extremes == 22)
        let (merged, _) = DataMatrixTimingGrid.extremeCentres(values, count: count, firstDark: true, hysteresis: 30)
        let split = try #require(DataMatrixTimingGrid.splittingMerged(merged, count: count))
        #expect(split.count == count)
        for (i, centre) in split.enumerated() { #expect(abs(centre - (Double(i) + 0.5)) <= 0.25, "module \(i): \(centre)") }
        // Evenly spaced extremes two short (a 24-module row read as 26): none stands out as merged.
        let even = (0..<24).map { (Double($0) + 0.5) * 25.5 / 24 }
        #expect(DataMatrixTimingGrid.splittingMerged(even, count: count) == nil)
    }

    /// A label round a can, the symbol 55° either side of the middle: module i's centre, in the module coordinates of
    /// the transform between the symbol's ends, is where R·sin((s − n/2) / R) puts arc s = i + ½ (n/2 modules of arc span
    /// 55°). The smoothing follows it to a few hundredths of a module (a quadratic misses it by 0.4 modules on 12 and
    /// by 2 on 64: the squeeze is alike on both sides of the middle).
    @Test func smoothingFollowsALabelRoundACan() {
        for n in [12, 26, 36, 48, 64] {
            let radius = Double(n) / 2 / (55 * Double.pi / 180)
            func image(_ s: Double) -> Double { radius * sin((s - Double(n) / 2) / radius) }
            let centres = (0..<n).map { i in (image(Double(i) + 0.5) - image(0)) / (image(Double(n)) - image(0)) * Double(n) }
            let smoothed = DataMatrixTimingGrid.smoothed(centres)
            let worst = zip(smoothed, centres).map { abs($0 - $1) }.max()!
            #expect(worst < 0.05, "\(n) modules: \(worst)")
        }
    }

    /// The right timing column of six modules (light first, 8 px each, the last dark one running into the L's bottom row)
    /// with the light quiet zone below, read along a line whose far end lies 0.4 of a module beyond the symbol (a corner
    /// pushed out by blur or a squeezed far side): the profile ends at the middle of the last module, so the quiet zone
    /// adds no extreme.
    @Test func aProfileEndsAtItsLastModulesMiddle() throws {
        let width = 8, height = 80
        var image = GrayImage(width: width, height: height)
        for y in 0..<height {
            let module = y / 8
            let dark = module < 6 ? module % 2 == 1 : false
            for x in 0..<width { image.pixels[y * width + x] = dark ? 30 : 220 }
        }
        let frame = PreparedFrame(image, binarization: .none)
        let (values, range) = try #require(DataMatrixTimingGrid.profile(count: 6, frame: frame) { Point(4, $0 * 8 * 6.4 / 6) })
        let (found, extremes) = DataMatrixTimingGrid.centres(values, count: 6, firstDark: false, hysteresis: range * 0.2)
        #expect(extremes == 6)
        #expect(found?.count == 6)
    }

    /// The profile reads each point as `frame.gray` does (the same values to the bit), on seeded noise along lines inside
    /// the pixel centres, across the image's border (points on the centres' bounds and the image's own among them) and
    /// outside it.
    @Test func profileValuesAreTheFramesGray() throws {
        var random = SeededGenerator(seed: 36)
        let width = 30, height = 20
        var image = GrayImage(width: width, height: height)
        for i in image.pixels.indices { image.pixels[i] = UInt8.random(in: 0...255, using: &random) }
        let frame = PreparedFrame(image, binarization: .none)
        var profiles = 0
        for _ in 0..<400 {
            func coordinate(_ side: Int) -> Double {
                Bool.random(using: &random) ? Double.random(in: -3...Double(side) + 3, using: &random)
                    : [0, 0.5, 1, Double(side) - 1.5, Double(side) - 1, Double(side) - 0.5, Double(side)].randomElement(using: &random)!
            }
            let start = Point(coordinate(width), coordinate(height))
            let step = [Point(Double.random(in: -2...2, using: &random), Double.random(in: -2...2, using: &random)), Point(1, 0), Point(0, 1),
                        Point(-1, 0)].randomElement(using: &random)!
            let count = Int.random(in: 2...12, using: &random)
            let point = { (along: Double) in start + step * along }
            let n = count * DataMatrixTimingGrid.samplesPerModule - DataMatrixTimingGrid.samplesPerModule / 2
            let expected = (0..<n).map { k in
                let p = point((Double(k) + 0.5) / Double(DataMatrixTimingGrid.samplesPerModule))
                return frame.gray(p.x, p.y)
            }
            let range = expected.max()! - expected.min()!
            let made = DataMatrixTimingGrid.profile(count: count, frame: frame, point: point)
            #expect(made?.0 == (range * 0.2 > 4 ? expected : nil))
            if let made { #expect(made.1 == range); profiles += 1 }
        }
        #expect(profiles > 200)
    }

    /// Attempts at the outline's free corner follow the search's: the same picks, plain then sturdy, each through the
    /// transform whose free corner is the outline's; none where the outline's corner lies within a quarter of a module of
    /// the search's.
    @Test func unevenAttemptsAtTheOutlinesCorner() throws {
        let a = Point(0, 0), c = Point(0, 10), b = Point(10, 10)
        let searched = try #require(PerspectiveTransform(rectangleWidth: 10, height: 10, to: [a, Point(10, 0), b, c]))
        let size = try #require(DataMatrixSize.with(rows: 10, columns: 10))
        let fits = [(score: 0.7, transform: searched, size: size, rank: 0)]
        let off = DataMatrixDetector.UnevenAttempts(fits, columns: 10, rows: 10, outline: (a, c, b, Point(12, -1)))
        #expect(off.picks == 1)
        #expect(off.count == 6)
        for k in [1, 4] {
            #expect(try #require(off.fit(k)).transform.apply(Point(10, 0)).distance(to: Point(10, 0)) < 1e-9)
        }
        for k in [2, 3, 5] {
            #expect(try #require(off.fit(k)).transform.apply(Point(10, 0)).distance(to: Point(12, -1)) < 1e-9)
        }
        let near = DataMatrixDetector.UnevenAttempts(fits, columns: 10, rows: 10, outline: (a, c, b, Point(10.2, 0)))
        #expect(near.fit(2) == nil)
    }
}
