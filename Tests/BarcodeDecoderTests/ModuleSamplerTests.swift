@testable import BarcodeDecoder
import RigCore
import Testing

/// The module grids every 2D reader decodes, against the sampler's definition written out one module at a time.
@Suite struct ModuleSamplerTests {
    /// Each module's grey value through the transform; each sampled module (every module, or with `corners` only those
    /// within `corners` of a vertical and a horizontal edge) dark when under the midpoint of the darkest and lightest
    /// sampled module within two modules of it (where they differ by 35 % of the grid's range), else under the grid's
    /// midpoint. The grid's range is that of the modules on the image (one off it samples as white).
    static func plain(_ frame: PreparedFrame, transform: PerspectiveTransform, width: Int, height: Int, corners: Int?) -> BitMatrix {
        func sampled(_ x: Int, _ y: Int) -> Bool {
            guard let c = corners else { return true }
            return (x < c || x >= width - c) && (y < c || y >= height - c)
        }
        var gray = [[Double]](repeating: [Double](repeating: 0, count: width), count: height)
        var lo = 255.0, hi = 0.0
        for y in 0..<height {
            for x in 0..<width where sampled(x, y) {
                let p = transform.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                gray[y][x] = frame.gray(p.x, p.y)
                guard p.x >= 0, p.y >= 0, p.x < Double(frame.image.width), p.y < Double(frame.image.height) else { continue }
                lo = min(lo, gray[y][x])
                hi = max(hi, gray[y][x])
            }
        }
        var grid = BitMatrix(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width where sampled(x, y) {
                var a = 255.0, b = 0.0
                for ny in max(0, y - 2)...min(height - 1, y + 2) {
                    for nx in max(0, x - 2)...min(width - 1, x + 2) where sampled(nx, ny) {
                        a = min(a, gray[ny][nx])
                        b = max(b, gray[ny][nx])
                    }
                }
                let threshold = b - a >= (hi - lo) * 0.35 ? (a + b) / 2 : (lo + hi) / 2
                grid[x, y] = gray[y][x] < threshold
            }
        }
        return grid
    }

    /// Blocks of 3×3 pixels, each a random grey, under a shading gradient: every module's neighbourhood has its own extremes.
    static func frame(seed: UInt64) throws -> PreparedFrame {
        var random = SeededGenerator(seed: seed)
        let side = 160
        let blocks = (0..<(side / 3 + 1) * (side / 3 + 1)).map { _ in Int.random(in: 0...255, using: &random) }
        let pixels = (0..<(side * side)).map { i -> UInt8 in
            let x = i % side, y = i / side
            return UInt8(max(0, min(255, blocks[(y / 3) * (side / 3 + 1) + x / 3] - x / 4 + y / 5)))
        }
        return PreparedFrame(try GrayImage(width: side, height: side, pixels: pixels), binarize: false)
    }

    @Test(arguments: [(21, 21, nil), (25, 25, nil), (33, 33, nil), (26, 12, nil), (7, 5, nil), (3, 9, nil),
                      (21, 21, 11), (25, 25, 11), (45, 45, 11), (23, 23, 11), (24, 30, 11), (9, 9, 3)] as [(Int, Int, Int?)])
    func gridsMatchTheirDefinition(_ width: Int, _ height: Int, _ corners: Int?) throws {
        let frame = try Self.frame(seed: UInt64(width * 100 + height))
        let w = Double(width), h = Double(height)
        // Tilted and foreshortened, reaching past the image's right edge (modules there sample as white).
        let quad = [Point(12, 20), Point(170, 8), Point(150, 140), Point(25, 150)]
        let transform = try #require(PerspectiveTransform(from: [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)], to: quad))
        let grid = ModuleSampler.sample(frame, transform: transform, width: width, height: height, corners: corners)
        #expect(grid == Self.plain(frame, transform: transform, width: width, height: height, corners: corners))
    }

    /// Each module dark where its centre, through the transform, lands on a dark cell of the frame's binary image
    /// (off the image light).
    static func plainBinary(_ frame: PreparedFrame, transform: PerspectiveTransform, width: Int, height: Int) -> BitMatrix {
        var grid = BitMatrix(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let p = transform.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard p.x >= 0, p.y >= 0, p.x < Double(frame.binary.width), p.y < Double(frame.binary.height) else { continue }
                grid[x, y] = frame.binary[Int(p.x), Int(p.y)]
            }
        }
        return grid
    }

    @Test(arguments: [(21, 21), (33, 33), (26, 12), (1, 1), (57, 57)])
    func binaryGridsMatchTheirDefinition(_ width: Int, _ height: Int) throws {
        let gray = try Self.frame(seed: UInt64(width * 100 + height))
        let frame = PreparedFrame(gray.image, binarize: true)
        let w = Double(width), h = Double(height)
        // Tilted and foreshortened, reaching past the image's right edge (modules there read light).
        let quad = [Point(12, 20), Point(170, 8), Point(150, 140), Point(25, 150)]
        let transform = try #require(PerspectiveTransform(from: [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)], to: quad))
        let grid = ModuleSampler.sampleBinary(frame, transform: transform, width: width, height: height)
        #expect(grid == Self.plainBinary(frame, transform: transform, width: width, height: height))
        #expect(grid.cells.contains(1) && grid.cells.contains(0) || width * height == 1)
    }

    @Test func aFaintGridReachingPastTheImageReadsItsModules() throws {
        // A checkerboard of 4-pixel modules, 120 and 165 (a third of a print's contrast), sampled as a 12 × 12 grid whose
        // last two rows and columns lie off the 40 × 40 image. Counted in the range, their white (255) would put the
        // neighbourhoods' contrast (45) under 35 % of it and every module on the image under the grid's midpoint: dark.
        // (Modules within two of the edge have that white among their neighbours, and their midpoints move with it.)
        let side = 40
        let pixels = (0..<(side * side)).map { i -> UInt8 in ((i % side) / 4 + (i / side) / 4) % 2 == 0 ? 120 : 165 }
        let frame = PreparedFrame(try GrayImage(width: side, height: side, pixels: pixels), binarize: false)
        let transform = try #require(PerspectiveTransform(from: [Point(0, 0), Point(12, 0), Point(12, 12), Point(0, 12)],
                                                          to: [Point(0, 0), Point(48, 0), Point(48, 48), Point(0, 48)]))
        for corners in [nil, 5] as [Int?] {
            let grid = ModuleSampler.sample(frame, transform: transform, width: 12, height: 12, corners: corners)
            for y in 0..<8 {
                for x in 0..<8 where corners == nil || ((x < 5 || x >= 7) && (y < 5 || y >= 7)) {
                    #expect(grid[x, y] == ((x + y) % 2 == 0), "corners \(String(describing: corners)) at (\(x), \(y))")
                }
            }
        }
    }

    /// A grid wholly inside the image (its modules sampled two at a time) over flat patches: the flat modules, whose
    /// neighbourhoods span no contrast, fall to the grid's midpoint, so the grid's darkest and lightest modules decide
    /// them, and both lie among the paired modules.
    @Test(arguments: [(20, 20), (16, 21), (9, 14)])
    func aGridInsideTheImageTakesItsRangeFromEveryModule(_ width: Int, _ height: Int) throws {
        let side = 120
        let pixels = (0..<(side * side)).map { i -> UInt8 in
            let x = i % side, y = i / side
            return (30..<50).contains(x) && (40..<60).contains(y) ? 30 : (70..<95).contains(x) && (65..<90).contains(y) ? 250 : 200
        }
        let frame = PreparedFrame(try GrayImage(width: side, height: side, pixels: pixels), binarize: false)
        let w = Double(width), h = Double(height)
        let transform = try #require(PerspectiveTransform(from: [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)],
                                                          to: [Point(12, 15), Point(108, 9), Point(104, 110), Point(8, 106)]))
        let grid = ModuleSampler.sample(frame, transform: transform, width: width, height: height)
        #expect(grid == Self.plain(frame, transform: transform, width: width, height: height, corners: nil))
        #expect(grid.cells.contains(1) && grid.cells.contains(0))
    }

    @Test func wholeGridThresholdMatchesItsDefinition() {
        var random = SeededGenerator(seed: 41)
        for (width, height) in [(1, 1), (4, 3), (9, 9), (17, 6), (30, 31)] {
            let gray = (0..<(width * height)).map { _ in Double(Int.random(in: 0...255, using: &random)) + 0.25 }
            let lo = gray.min()!, hi = gray.max()!
            let grid = ModuleSampler.threshold(gray, width: width, height: height, globalMid: (lo + hi) / 2,
                                               minimumContrast: (hi - lo) * 0.35)
            for y in 0..<height {
                for x in 0..<width {
                    var a = 255.0, b = 0.0
                    for ny in max(0, y - 2)...min(height - 1, y + 2) {
                        for nx in max(0, x - 2)...min(width - 1, x + 2) {
                            a = min(a, gray[ny * width + nx])
                            b = max(b, gray[ny * width + nx])
                        }
                    }
                    let threshold = b - a >= (hi - lo) * 0.35 ? (a + b) / 2 : (lo + hi) / 2
                    #expect(grid[x, y] == (gray[y * width + x] < threshold), "\(width)×\(height) at (\(x), \(y))")
                }
            }
        }
    }
}
