/// Samples a 2D symbol's modules through a transform and thresholds each against its own neighbourhood of modules.
///
/// Thresholding sampled module values (not image pixels) keeps blurred light modules among dark ones light.
///
/// Readers sample many candidate grids per frame (each size estimate, each corner nudge), so the loops read the pixels
/// and the transform's coefficients directly rather than through `PreparedFrame.gray` and `PerspectiveTransform.apply`,
/// with the same arithmetic (the same values, bit for bit).
enum ModuleSampler {
    /// Samples every module, or with `corners` only those within `corners` modules of both a vertical and a horizontal
    /// edge (the four corner squares, e.g. a QR symbol's finders with their format and version information); the rest
    /// stay light. The corner squares are sampled and thresholded on their own, without a buffer for the whole grid.
    static func sample(_ frame: PreparedFrame, transform: PerspectiveTransform, width: Int, height: Int,
                       corners: Int? = nil) -> BitMatrix {
        let columns = corners.map { edgePositions(width, within: $0) } ?? Array(0..<width)
        let rows = corners.map { edgePositions(height, within: $0) } ?? Array(0..<height)
        let cw = columns.count, ch = rows.count
        guard cw > 0, ch > 0 else { return BitMatrix(width: width, height: height) }
        var lo = 255.0, hi = 0.0
        let h = transform.h
        let (h0, h1, h2, h3, h4, h5, h6, h7, h8) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8])
        let image = frame.image
        let imageWidth = image.width, imageHeight = image.height, stride = image.stride
        // Each column's and each row's terms of the transform, computed once (the same products, added in the same order).
        let xColumn = columns.map { h0 * (Double($0) + 0.5) }, yColumn = columns.map { h3 * (Double($0) + 0.5) }
        let wColumn = columns.map { h6 * (Double($0) + 0.5) }
        // Points inside the pixel centres (almost all) are read by `PreparedFrame.interior` with the bounds hoisted and
        // each pixel's value from a table rather than converted (converting the four bytes was about a sixth of a sample).
        let lastX = Double(imageWidth - 1), lastY = Double(imageHeight - 1)
        let right = Double(imageWidth), bottom = Double(imageHeight)
        // Every value is written by the loop below: the array is not zero-filled first.
        let gray = [Double](unsafeUninitializedCapacity: cw * ch) { g, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                PreparedFrame.pixelValues.withUnsafeBufferPointer { values in
                    xColumn.withUnsafeBufferPointer { xColumn in
                        yColumn.withUnsafeBufferPointer { yColumn in
                            wColumn.withUnsafeBufferPointer { wColumn in
                                let px = pixels.baseAddress!, table = values.baseAddress!
                                // The extremes of the modules read two at a time, lane by lane: the least and the greatest
                                // of the same values, in whatever order they are met (no value is a NaN or −0).
                                var lows = SIMD2(lo, lo), highs = SIMD2(hi, hi)
                                for j in 0..<ch {
                                    let py = Double(rows[j]) + 0.5
                                    let xRow = h1 * py, yRow = h4 * py, wRow = h7 * py
                                    let out = g.baseAddress! + j * cw
                                    /// Module `i` alone, and whether it lies on the image (a module off it reads light, 255,
                                    /// but is no part of the image's range).
                                    @inline(__always) func sample(_ i: Int) -> (value: Double, onImage: Bool) {
                                        let w = wColumn[i] + wRow + h8
                                        let x = (xColumn[i] + xRow + h2) / w, y = (yColumn[i] + yRow + h5) / w
                                        let fx = x - 0.5, fy = y - 0.5
                                        if fx >= 0 && fy >= 0 && fx < lastX && fy < lastY {
                                            return (PreparedFrame.interior(px, stride: stride, fx, fy, values: table), true)
                                        }
                                        return (PreparedFrame.bilinear(pixels, width: imageWidth, height: imageHeight, stride: stride, x, y),
                                                x >= 0 && y >= 0 && x < right && y < bottom)
                                    }
                                    // Two neighbouring modules at a time, one in each lane of `SIMD2<Double>` values, where
                                    // both lie inside the pixel centres: each lane's operations are `sample`'s, in the same
                                    // order (IEEE arithmetic lane by lane, nothing fused), so each value is the same to the
                                    // bit (`PreparedFrame.interior` at two points, as `GrayImage.interiorLine` reads a line).
                                    var i = 0
                                    while i &+ 2 <= cw {
                                        let w = SIMD2(wColumn[i], wColumn[i &+ 1]) + wRow + h8
                                        let x = (SIMD2(xColumn[i], xColumn[i &+ 1]) + xRow + h2) / w
                                        let y = (SIMD2(yColumn[i], yColumn[i &+ 1]) + yRow + h5) / w
                                        let fx = x - 0.5, fy = y - 0.5
                                        guard all(fx .>= 0 .& fy .>= 0 .& fx .< lastX .& fy .< lastY) else { break }
                                        let v = PreparedFrame.interior(px, stride: stride, fx, fy, values: table)
                                        UnsafeMutableRawPointer(out + i).storeBytes(of: v, as: SIMD2<Double>.self)
                                        lows = lows.replacing(with: v, where: v .< lows)
                                        highs = highs.replacing(with: v, where: v .> highs)
                                        i &+= 2
                                    }
                                    // The rest a module at a time: an odd last module, or all from the first pair with a
                                    // module outside the pixel centres on (a row's modules lie on a line, so those inside
                                    // are one stretch of it, and most rows have none outside).
                                    while i < cw {
                                        let (v, onImage) = sample(i)
                                        out[i] = v
                                        if onImage {
                                            lo = v < lo ? v : lo
                                            hi = v > hi ? v : hi
                                        }
                                        i &+= 1
                                    }
                                }
                                lo = min(lo, lows.min())
                                hi = max(hi, highs.max())
                            }
                        }
                    }
                }
            }
            initialized = cw * ch
        }
        let globalMid = (lo + hi) / 2
        let minimumContrast = (hi - lo) * 0.35
        // Neighbours are the sampled modules within two modules in the full grid: a gap between corner squares separates them.
        return threshold(gray, columns: columns, rows: rows, width: width, height: height, globalMid: globalMid,
                         minimumContrast: minimumContrast)
    }

    /// The positions `0..<count` less than `c` from either end, ascending, in an array of their own size (filtering the
    /// range grew the array several times, on every QR quick look).
    private static func edgePositions(_ count: Int, within c: Int) -> [Int] {
        let head = max(0, min(c, count)), tail = min(count, max(head, count - c))
        var positions = [Int]()
        positions.reserveCapacity(head + count - tail)
        positions.append(contentsOf: 0..<head)
        positions.append(contentsOf: tail..<count)
        return positions
    }

    /// Thresholds every module of a fully sampled grid against the midpoint of the darkest and lightest module within two
    /// modules (where they differ by `minimumContrast`), else against `globalMid`.
    static func threshold(_ gray: [Double], width: Int, height: Int, globalMid: Double, minimumContrast: Double) -> BitMatrix {
        threshold(gray, columns: Array(0..<width), rows: Array(0..<height), width: width, height: height, globalMid: globalMid,
                  minimumContrast: minimumContrast)
    }

    /// Thresholds the modules at `columns` × `rows` of a `width` × `height` grid, sampled into `gray` row by row, each
    /// against the midpoint of the darkest and lightest sampled module within two modules of it in the full grid. The
    /// rest of the grid stays light. The neighbourhood is a product of one range of sampled columns and one of sampled
    /// rows (both lists ascend), so the extremes are taken separably: along each row, then down each column.
    private static func threshold(_ gray: [Double], columns: [Int], rows: [Int], width: Int, height: Int, globalMid: Double,
                                  minimumContrast: Double) -> BitMatrix {
        let cw = columns.count, ch = rows.count
        precondition(gray.count >= cw * ch, "\(gray.count) grey values for \(cw) × \(ch) modules")
        guard cw > 0, ch > 0 else { return BitMatrix(width: width, height: height) }
        let down = neighbourRanges(rows)
        // The row extremes' plan, made once for all rows: a module whose neighbourhood is five consecutive positions
        // ("full") is taken four lanes at a time with its neighbours; the rest module by module over its range. Each
        // stretch of four or more full modules is covered by groups of four, the last group moved back to end on the
        // stretch's last module (its overlap is computed twice, to the same values), so a corner square's row of eleven
        // takes two groups and four single modules, not one group and seven. The groups' first modules, then each single
        // module with its range's first and last index, in one buffer (at most one group start and one single per module).
        let plan = UnsafeMutablePointer<Int>.allocate(capacity: 4 * cw)
        defer { plan.deallocate() }
        var groupCount = 0, singleCount = 0
        columns.withUnsafeBufferPointer { columns in
            let singles = plan + cw
            func isFull(_ i: Int) -> Bool { i >= 2 && i + 2 < cw && columns[i + 2] - columns[i - 2] == 4 }
            var start = 0
            while start < cw {
                let full = isFull(start)
                var end = start + 1
                while end < cw && isFull(end) == full { end += 1 }
                if full && end - start >= 4 {
                    var i = start
                    while i + 4 <= end {
                        plan[groupCount] = i
                        groupCount += 1
                        i += 4
                    }
                    if i < end {
                        plan[groupCount] = end - 4
                        groupCount += 1
                    }
                } else {
                    for i in start..<end {
                        let range = neighbourRange(columns, i)
                        singles[3 * singleCount] = i
                        singles[3 * singleCount + 1] = range.first
                        singles[3 * singleCount + 2] = range.last
                        singleCount += 1
                    }
                }
                start = end
            }
        }
        // Scratch for the row extremes (every sampled module) and one row's column extremes.
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: 2 * cw * ch + 2 * cw)
        defer { scratch.deallocate() }
        let rowLow = scratch, rowHigh = scratch + cw * ch, low = rowHigh + cw * ch, high = low + cw
        var grid = BitMatrix(width: width, height: height)
        gray.withUnsafeBufferPointer { g in
            let g = g.baseAddress!
            // Along each row: the groups of four full modules, then the single modules.
            for j in 0..<ch {
                let row = g + j * cw, rl = rowLow + j * cw, rh = rowHigh + j * cw
                for n in 0..<groupCount {
                    let i = plan[n]
                    var a = load4(row + i - 2), b = a
                    for k in -1...2 {
                        let v = load4(row + i + k)
                        a = a.replacing(with: v, where: v .< a)
                        b = b.replacing(with: v, where: v .> b)
                    }
                    store4(a, rl + i)
                    store4(b, rh + i)
                }
                var single = plan + cw
                for _ in 0..<singleCount {
                    let i = single[0], last = single[2]
                    var a = 255.0, b = 0.0
                    var ni = single[1]
                    while ni <= last {
                        let v = row[ni]
                        a = v < a ? v : a
                        b = v > b ? v : b
                        ni &+= 1
                    }
                    rl[i] = a
                    rh[i] = b
                    single += 3
                }
            }
            // Down the columns, four modules of a row at a time, then the threshold module by module.
            let lanes = cw - cw % 4
            grid.cells.withUnsafeMutableBufferPointer { cells in
                for j in 0..<ch {
                    // Started from the first neighbour row's extremes rather than from 255 and 0 (the same values:
                    // every sample lies in 0...255), which saves a pass.
                    let (first, last) = down[j]
                    low.update(from: rowLow + first * cw, count: cw)
                    high.update(from: rowHigh + first * cw, count: cw)
                    for nj in (first + 1)..<(last + 1) {
                        let rl = rowLow + nj * cw, rh = rowHigh + nj * cw
                        var i = 0
                        while i < lanes {
                            let l = load4(rl + i), u = load4(rh + i)
                            let a = load4(low + i), b = load4(high + i)
                            store4(a.replacing(with: l, where: l .< a), low + i)
                            store4(b.replacing(with: u, where: u .> b), high + i)
                            i += 4
                        }
                        while i < cw {
                            low[i] = rl[i] < low[i] ? rl[i] : low[i]
                            high[i] = rh[i] > high[i] ? rh[i] : high[i]
                            i += 1
                        }
                    }
                    // Every cell written, dark or light, without a branch on the data (half of all modules are dark, so a
                    // branch on each was a coin toss for the predictor); a full grid's cells are its modules in order.
                    let row = g + j * cw, out = cells.baseAddress! + rows[j] * width
                    if cw == width {
                        for i in 0..<cw {
                            let a = low[i], b = high[i]
                            let threshold = b - a >= minimumContrast ? (a + b) / 2 : globalMid
                            out[i] = row[i] < threshold ? 1 : 0
                        }
                    } else {
                        for i in 0..<cw {
                            let a = low[i], b = high[i]
                            let threshold = b - a >= minimumContrast ? (a + b) / 2 : globalMid
                            out[columns[i]] = row[i] < threshold ? 1 : 0
                        }
                    }
                }
            }
        }
        return grid
    }

    private static func load4(_ p: UnsafePointer<Double>) -> SIMD4<Double> { UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Double>.self) }
    private static func load4(_ p: UnsafeMutablePointer<Double>) -> SIMD4<Double> { load4(UnsafePointer(p)) }
    private static func store4(_ v: SIMD4<Double>, _ p: UnsafeMutablePointer<Double>) { UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Double>.self) }

    /// For each index into the ascending `positions`, the first and last index whose position is within two of its own.
    private static func neighbourRanges(_ positions: [Int]) -> [(first: Int, last: Int)] {
        positions.withUnsafeBufferPointer { positions in positions.indices.map { neighbourRange(positions, $0) } }
    }

    /// The first and last index into the ascending `positions` whose position is within two of index `i`'s.
    @inline(__always)
    private static func neighbourRange(_ positions: UnsafeBufferPointer<Int>, _ i: Int) -> (first: Int, last: Int) {
        var first = i, last = i
        while first > 0, i - first < 2, positions[i] - positions[first - 1] <= 2 { first -= 1 }
        while last < positions.count - 1, last - i < 2, positions[last + 1] - positions[i] <= 2 { last += 1 }
        return (first, last)
    }

    /// Every module's centre looked up in the frame's binary image: a second opinion where the module-relative threshold
    /// fails (strong perspective or curvature that puts a module's neighbourhood across light and shadow).
    ///
    /// Each column's terms of the transform are computed once, as `sample` computes them (the same products, added in the
    /// same order, so the same centres to the bit), and a module on the image takes its cell without a branch on the cell's colour.
    static func sampleBinary(_ frame: PreparedFrame, transform: PerspectiveTransform, width: Int, height: Int) -> BitMatrix {
        var grid = BitMatrix(width: width, height: height)
        let h = transform.h
        let (h0, h1, h2, h3, h4, h5, h6, h7, h8) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8])
        let bits = frame.binary
        let sourceWidth = bits.width
        let bw = Double(bits.width), bh = Double(bits.height)
        let xColumn = (0..<width).map { h0 * (Double($0) + 0.5) }, yColumn = (0..<width).map { h3 * (Double($0) + 0.5) }
        let wColumn = (0..<width).map { h6 * (Double($0) + 0.5) }
        bits.cells.withUnsafeBufferPointer { source in
            grid.cells.withUnsafeMutableBufferPointer { cells in
                xColumn.withUnsafeBufferPointer { xColumn in
                    yColumn.withUnsafeBufferPointer { yColumn in
                        wColumn.withUnsafeBufferPointer { wColumn in
                            for y in 0..<height {
                                let py = Double(y) + 0.5
                                let xRow = h1 * py, yRow = h4 * py, wRow = h7 * py
                                let out = cells.baseAddress! + y &* width
                                for x in 0..<width {
                                    let w = wColumn[x] + wRow + h8
                                    let ix = (xColumn[x] + xRow + h2) / w, iy = (yColumn[x] + yRow + h5) / w
                                    guard ix >= 0, iy >= 0, ix < bw, iy < bh else { continue }
                                    out[x] = source[Int(iy) &* sourceWidth &+ Int(ix)] != 0 ? 1 : 0
                                }
                            }
                        }
                    }
                }
            }
        }
        return grid
    }
}
