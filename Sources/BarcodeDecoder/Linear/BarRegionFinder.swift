import Foundation

/// Finds areas where the image is striped in one direction (linear barcodes), and that direction, from block structure tensors.
///
/// Each block sums the gradient's outer product; strong, coherent blocks with similar orientation grow into regions.
enum BarRegionFinder {
    struct Region: Sendable {
        /// Unit vector across the bars (the scan direction).
        var direction: Point
        var center: Point
        /// Half extents along `direction` and across it, in pixels.
        var halfLength: Double
        var halfWidth: Double
    }

    /// The block size the readers use at `effort`: smaller blocks at effort 3 find smaller symbols.
    static func blockSize(effort: Int) -> Int { effort >= 3 ? 12 : 16 }

    static func find(_ frame: PreparedFrame, blockSize: Int, minimumBlocks: Int) -> [Region] {
        let image = frame.image
        let bw = image.width / blockSize, bh = image.height / blockSize
        guard bw > 0, bh > 0 else { return [] }
        var angle = [Double](repeating: .nan, count: bw * bh)
        image.pixels.withUnsafeBufferPointer { p in
            let stride = image.stride, base = p.baseAddress!
            for by in 0..<bh {
                for bx in 0..<bw {
                    let x0 = max(1, bx * blockSize), x1 = min(image.width - 1, (bx + 1) * blockSize)
                    let y0 = max(1, by * blockSize), y1 = min(image.height - 1, (by + 1) * blockSize)
                    let (sumXX, sumYY, sumXY, count) = gradientSums(base, stride: stride, x: x0..<x1, y: y0..<y1)
                    guard count > 0 else { continue }
                    let (jxx, jyy, jxy, n) = (Double(sumXX), Double(sumYY), Double(sumXY), Double(count))
                    let energy = (jxx + jyy) / n
                    guard energy > 900 else { continue }
                    let coherence = ((jxx - jyy) * (jxx - jyy) + 4 * jxy * jxy).squareRoot() / (jxx + jyy)
                    guard coherence > 0.55 else { continue }
                    angle[by * bw + bx] = 0.5 * atan2(2 * jxy, jxx - jyy)
                }
            }
        }
        var seen = [Bool](repeating: false, count: bw * bh)
        var regions: [Region] = []
        for start in 0..<(bw * bh) where !angle[start].isNaN && !seen[start] {
            seen[start] = true
            var queue = [start]
            var members: [Int] = []
            var sumCos = 0.0, sumSin = 0.0
            while let i = queue.popLast() {
                members.append(i)
                sumCos += cos(2 * angle[i]); sumSin += sin(2 * angle[i])
                let x = i % bw, y = i / bw
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < bw, ny < bh else { continue }
                        let j = ny * bw + nx
                        guard !seen[j], !angle[j].isNaN else { continue }
                        var difference = abs(angle[j] - angle[i])
                        if difference > .pi / 2 { difference = .pi - difference }
                        guard difference < 0.35 else { continue }
                        seen[j] = true
                        queue.append(j)
                    }
                }
            }
            guard members.count >= minimumBlocks else { continue }
            let theta = 0.5 * atan2(sumSin, sumCos)
            let d = Point(cos(theta), sin(theta)), n = Point(-d.y, d.x)
            var cx = 0.0, cy = 0.0
            for i in members { cx += Double(i % bw) + 0.5; cy += Double(i / bw) + 0.5 }
            let center = Point(cx / Double(members.count) * Double(blockSize), cy / Double(members.count) * Double(blockSize))
            var along = 0.0, across = 0.0
            for i in members {
                let p = Point((Double(i % bw) + 0.5) * Double(blockSize), (Double(i / bw) + 0.5) * Double(blockSize)) - center
                along = max(along, abs(p.x * d.x + p.y * d.y))
                across = max(across, abs(p.x * n.x + p.y * n.y))
            }
            let half = Double(blockSize) * 0.75
            regions.append(Region(direction: d, center: center, halfLength: along + half, halfWidth: across + half))
        }
        return regions
    }

    /// The sums of gx², gy² and gx·gy over the pixels (x, y) of `xs` × `ys` at every second column and row from their
    /// first, and how many there are: gx and gy the differences of the pixels either side, across and down (the pixels of
    /// `pixels` a row `stride` bytes apart; every pixel sampled has a neighbour on each side).
    ///
    /// Sums of products of byte differences, in integers: at most 64 terms of at most 255² in a block, exact in a Double
    /// as well, so the sums are the ones Doubles gave. Eight columns at a time where a row has eight samples: the 16-bit
    /// lanes of 16 bytes loaded at the first sample hold the samples in their low halves and their right neighbours in
    /// their high halves, and loaded a byte earlier, the left neighbours in their low halves; squares fit 16 bits
    /// unsigned, and the products of the two differences are formed in 32 bits, all summed in 32-bit lanes. A pixel at a
    /// time (17 instructions) was nearly all of the finder's instructions (0.44 M of 0.57 M on a 432 × 251 photo).
    @inline(__always)
    static func gradientSums(_ pixels: UnsafePointer<UInt8>, stride: Int, x xs: Range<Int>, y ys: Range<Int>)
        -> (xx: Int, yy: Int, xy: Int, count: Int) {
        var sumXX = 0, sumYY = 0, sumXY = 0, count = 0
        let x0 = xs.lowerBound, x1 = xs.upperBound
        // Eight samples a row, read from x0 − 1 through x0 + 15 (the last sample's right neighbour). Index arithmetic
        // without overflow checks (the indices stay inside the image): the checks were a third of the plain loop's
        // instructions.
        let wide = (x1 &- x0 &+ 1) / 2 == 8
        var squaresX = SIMD4<UInt32>(), squaresY = SIMD4<UInt32>(), products = SIMD4<Int32>()
        let low = SIMD8<UInt16>(repeating: 0xFF)
        var y = ys.lowerBound
        // The test whether rows have eight samples is made once, not at every row: inside the row loop it kept the
        // loop's pointers in memory and read them back at every row (57 instructions a row of eight samples, now 39).
        if wide {
            // The first sample of each row, two rows a step.
            var sample = UnsafeRawPointer(pixels + (y &* stride &+ x0))
            let step = 2 &* stride
            while y < ys.upperBound {
                let right = sample.loadUnaligned(as: SIMD8<UInt16>.self) &>> 8
                let left = sample.loadUnaligned(fromByteOffset: -1, as: SIMD8<UInt16>.self) & low
                let below = sample.loadUnaligned(fromByteOffset: stride, as: SIMD8<UInt16>.self) & low
                let above = sample.loadUnaligned(fromByteOffset: 0 &- stride, as: SIMD8<UInt16>.self) & low
                let gx = right &- left, gy = below &- above
                let xx = gx &* gx, yy = gy &* gy
                squaresX &+= SIMD4<UInt32>(truncatingIfNeeded: xx.lowHalf) &+ SIMD4<UInt32>(truncatingIfNeeded: xx.highHalf)
                squaresY &+= SIMD4<UInt32>(truncatingIfNeeded: yy.lowHalf) &+ SIMD4<UInt32>(truncatingIfNeeded: yy.highHalf)
                let sx = SIMD8<Int16>(truncatingIfNeeded: gx), sy = SIMD8<Int16>(truncatingIfNeeded: gy)
                products &+= SIMD4<Int32>(truncatingIfNeeded: sx.lowHalf) &* SIMD4<Int32>(truncatingIfNeeded: sy.lowHalf)
                    &+ SIMD4<Int32>(truncatingIfNeeded: sx.highHalf) &* SIMD4<Int32>(truncatingIfNeeded: sy.highHalf)
                count &+= 8
                sample += step
                y &+= 2
            }
        } else {
            while y < ys.upperBound {
                let row = pixels + y &* stride
                var x = x0
                while x < x1 {
                    let gx = Int(row[x &+ 1]) &- Int(row[x &- 1])
                    let gy = Int(row[x &+ stride]) &- Int(row[x &- stride])
                    sumXX &+= gx &* gx; sumYY &+= gy &* gy; sumXY &+= gx &* gy
                    count &+= 1
                    x &+= 2
                }
                y &+= 2
            }
        }
        sumXX &+= Int(squaresX.wrappedSum()); sumYY &+= Int(squaresY.wrappedSum()); sumXY &+= Int(products.wrappedSum())
        return (sumXX, sumYY, sumXY, count)
    }
}
