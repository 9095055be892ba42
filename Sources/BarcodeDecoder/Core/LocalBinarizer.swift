/// Binarizes a grayscale image against the mean of a window around each pixel, so uneven light and glare gradients do not matter.
public enum LocalBinarizer {
    /// The window half-size used for an image of this size: large against a module, small against a light gradient.
    public static func radius(width: Int, height: Int) -> Int {
        max(12, min(60, min(width, height) / 8))
    }

    /// Dark cells where a pixel is darker than its neighbourhood mean by more than the noise margin.
    ///
    /// Thresholds are set per 4×4 block from the means of two square windows around its centre (half-size `radius` and
    /// three times that), clipped to the image. The window sums come from the running totals along the row of the
    /// columns' sums over the window's rows, kept up to date as the block rows move down (four rows in, four out: their
    /// changes summed across a row, which the compiler vectorizes, and their running total added, `WindowSums.move`):
    /// no summed-area table of the whole frame to fill and keep in memory.
    public static func binarize(_ image: GrayImage, radius: Int) -> BitMatrix {
        binarize(image, radius: radius, keepingNegative: false).binary
    }

    /// `binarize(image, radius:)`, and with `keepingNegative` the block limits of the image's photographic negative:
    /// its windows hold the same pixels, each 255 less its value, so their sums are 255 · count less these sums, and the
    /// negative's means are 255 less the means rounded up. `NegativeBlockLimits.binarize` then makes the negative's
    /// binarization without summing windows again (the same cells as `binarize(image.inverted(), radius:)`).
    static func binarize(_ image: GrayImage, radius: Int, keepingNegative: Bool) -> (binary: BitMatrix, negative: NegativeBlockLimits?) {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return (BitMatrix(width: w, height: h), nil) }
        let blockColumns = (w + block - 1) / block, blockRows = (h + block - 1) / block
        // Each pixel column's threshold in the current block row (`blockLimits`: a byte): the pixel loop is then one
        // branch-free comparison per pixel, which the compiler vectorizes. The two windows' means at the block centres
        // are worked out first, each window in its own plain loop. Every buffer is allocated once for the image and
        // read through its pointer: arrays held by the window sums cost a copy and a uniqueness test at each of their
        // uses, a tenth of the binarization's instructions on a 240-pixel frame.
        let limits = UnsafeMutablePointer<UInt8>.allocate(capacity: w + blockColumns)
        let blockLimit = limits + w
        let means = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * blockColumns)
        defer {
            limits.deallocate()
            means.deallocate()
        }
        let narrowMeans = means, wideMeans = means + blockColumns
        let narrowNegative = means + 2 * blockColumns, wideNegative = means + 3 * blockColumns
        let narrow = WindowSums(width: w, radius: radius, block: block), wide = WindowSums(width: w, radius: radius * 3, block: block)
        var negativeLimits = [UInt8](repeating: 0, count: keepingNegative ? blockRows * blockColumns : 0)
        // Each block row writes its rows whole, so every cell is written: the matrix is not zero-filled first.
        let binary = BitMatrix(width: w, height: h) { cells in
            image.pixels.withUnsafeBufferPointer { px in
                negativeLimits.withUnsafeMutableBufferPointer { negativeLimits in
                    var by = 0
                    while by < h {
                        let cy = min(h - 1, by + block / 2)
                        narrow.move(to: cy, height: h, pixels: px.baseAddress!, stride: image.stride)
                        wide.move(to: cy, height: h, pixels: px.baseAddress!, stride: image.stride)
                        narrow.blockMeans(into: narrowMeans, negative: keepingNegative ? narrowNegative : nil)
                        wide.blockMeans(into: wideMeans, negative: keepingNegative ? wideNegative : nil)
                        blockLimits(narrow: narrowMeans, wide: wideMeans, count: blockColumns, into: blockLimit)
                        if keepingNegative {
                            blockLimits(narrow: narrowNegative, wide: wideNegative, count: blockColumns,
                                        into: negativeLimits.baseAddress! + by / block * blockColumns)
                        }
                        writeRows(by..<min(h, by + block), of: px.baseAddress!, stride: image.stride, width: w, blockLimits: blockLimit,
                                  columnLimits: limits, into: cells.baseAddress!)
                        by += block
                    }
                }
            }
        }
        return (binary, keepingNegative ? NegativeBlockLimits(blockColumns: blockColumns, limits: negativeLimits) : nil)
    }

    /// Thresholds are set per `block`×`block` block.
    static let block = 4

    /// Each block's threshold from its windows' means, in a loop without branches or bounds tests (the compiler works on
    /// several blocks at once). Means lie in 0...255, kept in 16 bits so eight blocks go in one vector: the threshold fits
    /// Int16, `mean / 32` is a shift, and `wide * 3 / 5` is the high half of `wide * 3 * 13 108` (the same for every
    /// mean 0...255: `wideLimit(_:)`; one 16-bit multiply-high, no division, no 32-bit lanes).
    ///
    /// Stored as a byte: the wide limit is 0...153, so the larger of the two is 0...253, and the pixel loop compares
    /// sixteen pixels a vector, not eight widened to 16 bits.
    static func blockLimits(narrow: UnsafePointer<UInt16>, wide: UnsafePointer<UInt16>, count: Int, into blockLimit: UnsafeMutablePointer<UInt8>) {
        for column in 0..<count {
            let mean = Int16(bitPattern: narrow[column])
            let threshold = mean &- 2 &- mean >> 5
            let wideThreshold = wideLimit(wide[column])
            blockLimit[column] = UInt8(truncatingIfNeeded: threshold > wideThreshold ? threshold : wideThreshold)
        }
    }

    /// `mean * 3 / 5` for a window mean in 0...255, as the high half of a 16-bit product: 13 108 / 65 536 exceeds 1 / 5
    /// by 1.2 · 10⁻⁵, which times `mean * 3` (at most 765) is under 0.01, while a fifth of a whole number falls short of
    /// the next whole number by at least 0.2.
    @inline(__always)
    static func wideLimit(_ mean: UInt16) -> Int16 {
        Int16(truncatingIfNeeded: (UInt32(mean &* 3) &* 13_108) >> 16)
    }

    /// Rows `rows` (one block row) of a binarization: the blocks' limits spread to their columns, then each pixel dark
    /// where it is below its column's limit.
    @inline(__always)
    static func writeRows(_ rows: Range<Int>, of pixels: UnsafePointer<UInt8>, stride: Int, width w: Int,
                          blockLimits blockLimit: UnsafePointer<UInt8>, columnLimits limit: UnsafeMutablePointer<UInt8>,
                          into cells: UnsafeMutablePointer<UInt8>) {
        // A whole block's four limits in one 32-bit store; the last block may be narrower.
        let wholeBlocks = w / block
        for column in 0..<wholeBlocks {
            let four = UInt32(blockLimit[column]) &* 0x0101_0101
            UnsafeMutableRawPointer(limit + column &* block).storeBytes(of: four, as: UInt32.self)
        }
        for x in (wholeBlocks * block)..<w { limit[x] = blockLimit[wholeBlocks] }
        for y in rows {
            let row = pixels + y * stride, outRow = cells + y * w
            for x in 0..<w { outRow[x] = row[x] < limit[x] ? 1 : 0 }
        }
    }

    /// The block limits of an image's photographic negative, kept from the image's own binarization.
    struct NegativeBlockLimits: Sendable {
        let blockColumns: Int
        /// Row by row of blocks.
        let limits: [UInt8]

        /// The local-mean binarization of `negative`, the photographic negative of the image these limits were kept
        /// from: `LocalBinarizer.binarize(negative, radius:)` at that image's radius, cell for cell.
        func binarize(_ negative: GrayImage) -> BitMatrix {
            let w = negative.width, h = negative.height
            precondition(w > 0 && h > 0 && (w + LocalBinarizer.block - 1) / LocalBinarizer.block == blockColumns
                         && limits.count == blockColumns * ((h + LocalBinarizer.block - 1) / LocalBinarizer.block),
                         "negative block limits of another image's size")
            var columnLimits = [UInt8](repeating: 0, count: w)
            return BitMatrix(width: w, height: h) { cells in
                negative.pixels.withUnsafeBufferPointer { px in
                    limits.withUnsafeBufferPointer { limits in
                        columnLimits.withUnsafeMutableBufferPointer { columnLimits in
                            var by = 0
                            while by < h {
                                LocalBinarizer.writeRows(by..<min(h, by + LocalBinarizer.block), of: px.baseAddress!,
                                                         stride: negative.stride, width: w,
                                                         blockLimits: limits.baseAddress! + by / LocalBinarizer.block * blockColumns,
                                                         columnLimits: columnLimits.baseAddress!, into: cells.baseAddress!)
                                by += LocalBinarizer.block
                            }
                        }
                    }
                }
            }
        }
    }

    /// The same binarization; the summed-area table is no longer needed.
    @available(*, deprecated, message: "use binarize(_:radius:), which needs no summed-area table")
    public static func binarize(_ image: GrayImage, integral: IntegralImage, radius: Int) -> BitMatrix {
        binarize(image, radius: radius)
    }

    /// Sums of the pixels in a square window (half-size `radius`, clipped to the image) centred on any column of one row:
    /// the running total along the row of the columns' sums over the window's rows. Their means are taken at the
    /// centres of blocks `block` columns wide (`blockMeans`).
    final class WindowSums {
        let radius: Int
        let width: Int
        let block: Int
        /// Blocks across the row, the last one possibly narrower.
        let blocks: Int
        /// `totals[x]` is the sum of the pixels in rows `top..<bottom` and columns `0..<x` (`width + 1` of them).
        let totals: UnsafeMutablePointer<UInt32>
        /// A row of zeros, standing in for rows a move has fewer than four of.
        let zeros: UnsafeMutablePointer<UInt8>
        /// Scratch for one pass of a move: per column, the entering rows' sum less the leaving rows'.
        let change: UnsafeMutablePointer<Int16>
        private(set) var top = 0, bottom = 0
        /// Each block's window's first and last column but one (`x0`, `x1`: 2k and 2k + 1), clipped to the row: the same
        /// for every block row, worked out once (their clipping was a third of a clipped block's instructions, and most
        /// blocks of a small frame's wide window are clipped).
        private let bounds: UnsafeMutablePointer<Int>
        /// Each block's window's columns (`x1 − x0`) as a division for quotients up to 255 times them (`blocks` of
        /// them), where every block's gives one (`clipped` then divides by a window's rows and then by these).
        private let columnDivisions: UnsafeMutablePointer<ExactDivision>?
        /// The divisions by the window's rows (its clipped windows' first) and by a whole window's pixels, for windows of
        /// `divisionRows` rows (0 before the first): made again only when a move changes the window's rows, as on a
        /// frame's first and last block rows, not on those between. Made for every block row, they cost a 64-bit division
        /// each, four a block row: `qrcode-1/8` (QR only) 1.435 M instructions against 1.431 kept, best of 1000 about
        /// half a per cent slower.
        private var divisionRows: UInt32 = 0
        private var rowDivision: ExactDivision?
        private var wholeWindows: WholeWindowMeans?

        init(width: Int, radius: Int, block: Int) {
            self.radius = radius
            self.width = width
            self.block = block
            blocks = (width + block - 1) / block
            bounds = .allocate(capacity: 2 * blocks)
            for column in 0..<blocks {
                let cx = min(width - 1, column &* block &+ block / 2)
                bounds[2 &* column] = max(0, cx &- radius)
                bounds[2 &* column &+ 1] = min(width, cx &+ radius &+ 1)
            }
            let divisions = UnsafeMutablePointer<ExactDivision>.allocate(capacity: blocks)
            var columnsDivide = true
            for column in 0..<blocks {
                let columns = UInt32(bounds[2 &* column &+ 1] &- bounds[2 &* column])
                if let division = ExactDivision(by: columns, upTo: 255 &* UInt64(columns)) {
                    divisions.advanced(by: column).initialize(to: division)
                } else {
                    columnsDivide = false
                    break
                }
            }
            if columnsDivide {
                columnDivisions = divisions
            } else {
                divisions.deallocate()
                columnDivisions = nil
            }
            totals = .allocate(capacity: width + 1)
            totals.initialize(repeating: 0, count: width + 1)
            zeros = .allocate(capacity: width)
            zeros.initialize(repeating: 0, count: width)
            change = .allocate(capacity: width)
        }

        deinit {
            totals.deallocate()
            zeros.deallocate()
            change.deallocate()
            bounds.deallocate()
            columnDivisions?.deallocate()
        }

        /// The most rows that only enter a window summed into one pass's changes: 32 rows of 255 sum to 8,160, within the
        /// 8,191 `RunningTotals.add` takes.
        static let enteringRowsPerPass = 32

        /// Makes the window rows those around row `center` (rows `stride` apart in `pixels`), adding the rows that enter
        /// and taking away those that leave.
        ///
        /// Up to four entering and four leaving rows go in one pass over the columns, their difference summed in 16 bits
        /// (eight bytes fit; the compiler then works on eight columns at once), and a second pass adds its running total
        /// to the 32-bit totals: a block row's move is then two passes instead of eight. (Added to the sums in the same
        /// pass, the differences were worked out in 32-bit lanes, four columns a step: twice the instructions.) Fewer rows
        /// than four are made up with a row of zeros, so a pass of each kind is one plain loop.
        ///
        /// A pass of four rows or fewer (entering, leaving or both: every pass but a window's first) works its changes out
        /// eight columns at a time where the running total takes them (`RowChanges`), not stored in a row and read back:
        /// `qrcode-1/8` (QR only) 1.434 → 1.397 M instructions, best of 1000 0.0829 → 0.0822 ms. (The one-sided passes
        /// through the both-sided one, the missing rows the row of zeros, were 1.415 M.)
        ///
        /// The totals change by the running total of the columns' changes, so no column sums are kept: they were added
        /// to in one pass and their running total made in another, a chain from column to column
        /// (`RunningTotals.add` breaks it), and that pass was over two fifths of the moves' time (`upce-3/06`).
        func move(to center: Int, height: Int, pixels base: UnsafePointer<UInt8>, stride: Int) {
            let newTop = max(0, center - radius), newBottom = min(height, center + radius + 1)
            // A window clipped at both ends of a small image stays where it is: its sums hold.
            guard newTop != top || newBottom != bottom else { return }
            // Rows entering below, and rows leaving above (the window only moves down; when it jumps past its old
            // rows, all of them leave).
            var entering = max(bottom, newTop), leaving = top
            let enteringEnd = max(bottom, newBottom), leavingEnd = min(newTop, bottom)
            let width = width, delta = change, zero = UnsafePointer(zeros)
            func row(_ y: Int, before end: Int) -> UnsafePointer<UInt8> { y < end ? base + y * stride : zero }
            // Column `x`'s sum over four rows, in 16 bits (eight bytes fit).
            @inline(__always) func fourRows(_ r0: UnsafePointer<UInt8>, _ r1: UnsafePointer<UInt8>, _ r2: UnsafePointer<UInt8>,
                                            _ r3: UnsafePointer<UInt8>, _ x: Int) -> UInt16 {
                UInt16(r0[x]) &+ UInt16(r1[x]) &+ UInt16(r2[x]) &+ UInt16(r3[x])
            }
            while entering < enteringEnd || leaving < leavingEnd {
                let a0 = row(entering, before: enteringEnd), a1 = row(entering + 1, before: enteringEnd)
                let a2 = row(entering + 2, before: enteringEnd), a3 = row(entering + 3, before: enteringEnd)
                let l0 = row(leaving, before: leavingEnd), l1 = row(leaving + 1, before: leavingEnd)
                let l2 = row(leaving + 2, before: leavingEnd), l3 = row(leaving + 3, before: leavingEnd)
                // A pass where rows only enter (the window still reaching past the top) or only leave (past the bottom)
                // reads those four rows alone: the zeros it stood the others in by were most passes of a 240-pixel frame.
                var enteringStep = 4
                if entering < enteringEnd && leaving < leavingEnd {
                    RowChanges.add(entering: a0, a1, a2, a3, leaving: l0, l1, l2, l3, count: width, to: totals + 1)
                    entering = min(entering + 4, enteringEnd)
                    leaving = min(leaving + 4, leavingEnd)
                    continue
                } else if leaving < leavingEnd {
                    RowChanges.add(leaving: l0, l1, l2, l3, count: width, to: totals + 1)
                    leaving = min(leaving + 4, leavingEnd)
                    continue
                } else if enteringEnd &- entering <= 4 {
                    RowChanges.add(entering: a0, a1, a2, a3, count: width, to: totals + 1)
                    entering = enteringEnd
                    continue
                } else {
                    // More than four rows that only enter: a window's first move.
                    for x in 0..<width { delta[x] = Int16(bitPattern: fourRows(a0, a1, a2, a3, x)) }
                    // Up to `enteringRowsPerPass` rows that only enter go into one running total: a window's first move
                    // fills it from nothing, four rows a pass were 24 passes for the wide window of a 240-pixel frame
                    // (over a quarter of its passes), and each pass's running total costs more than its rows.
                    let passEnd = min(enteringEnd, entering + Self.enteringRowsPerPass)
                    while entering + enteringStep < passEnd {
                        let more = entering + enteringStep
                        let b0 = row(more, before: passEnd), b1 = row(more + 1, before: passEnd)
                        let b2 = row(more + 2, before: passEnd), b3 = row(more + 3, before: passEnd)
                        for x in 0..<width { delta[x] &+= Int16(bitPattern: fourRows(b0, b1, b2, b3, x)) }
                        enteringStep += 4
                    }
                }
                RunningTotals.add(delta, count: width, to: totals + 1)
                entering = min(entering + enteringStep, enteringEnd)
                leaving = min(leaving + 4, leavingEnd)
            }
            top = newTop
            bottom = newBottom
        }

        /// The mean over the window centred on each block's centre column (the last block's centre clipped to the
        /// image), into `means` (`blocks` of them). A window always holds its centre, so no count is
        /// zero; the division is 32-bit (sums of up to 2^32 / 255 pixels), several times cheaper than 64-bit on many
        /// CPUs. Blocks whose window lies within the row (most of them) share one count and need no clipping.
        ///
        /// Into `negative`, where given, the means of the same windows of the photographic negative: 255 less each mean
        /// rounded up (a window of n pixels summing to s there sums to 255·n − s). Without it (a binarization that keeps
        /// no negative limits: the linear reader's binarized look) they are not worked out: their test and store were
        /// five times the means' own instructions, a tenth of that binarization's.
        func blockMeans(into means: UnsafeMutablePointer<UInt16>, negative: UnsafeMutablePointer<UInt16>?) {
            if let negative {
                let total = UnsafePointer(totals), block = block, half = block / 2, radius = radius
                // The whole windows four at a time (`WholeWindowMeans`), the others one at a time.
                eachBlockMean({ column, q, sum, pixels in
                    means[column] = UInt16(truncatingIfNeeded: q)
                    negative[column] = UInt16(truncatingIfNeeded: 255 &- q &- (sum != q &* pixels ? 1 : 0))
                }, fours: { whole, first, count in
                    whole.store(count: count, totals: total, right: first &* block &+ half &+ radius &+ 1,
                                left: first &* block &+ half &- radius, block: block, means: means + first, negative: negative + first)
                })
            } else {
                eachBlockMean { column, q, _, _ in means[column] = UInt16(truncatingIfNeeded: q) }
            }
        }

        /// `store(column, mean, sum, pixels)` for each block: the mean of the window centred on the block's centre column
        /// (`blockMeans`), with its sum and its pixels.
        @inline(__always)
        private func eachBlockMean(_ store: (_ column: Int, _ mean: UInt32, _ sum: UInt32, _ pixels: UInt32) -> Void,
                                   fours: ((_ whole: WholeWindowMeans, _ first: Int, _ count: Int) -> Void)? = nil) {
            let width = width, rows = UInt32(truncatingIfNeeded: bottom - top), radius = radius
            let total = UnsafePointer(totals), block = block, half = block / 2, count = blocks
            // The clipped windows' columns from `bounds`. A clipped window's sum is divided by its rows and the quotient by
            // its columns (⌊⌊s / a⌋ / b⌋ is ⌊s / ab⌋ for whole numbers), each a multiply and a shift: the same means
            // without a division instruction per block, whose latency was half of `blockMeans`' time (most blocks of a
            // 240-pixel frame's wide window are clipped: `upce-3/06`). The sums are at most 255 per pixel, and a window
            // holds at most `min(width, 2 · radius + 1)` columns.
            let clip = UnsafePointer(bounds)
            let area = UInt32(truncatingIfNeeded: 2 * radius + 1) &* rows
            if rows != divisionRows {
                divisionRows = rows
                rowDivision = ExactDivision(by: rows, upTo: 255 &* UInt64(rows) &* UInt64(min(width, 2 &* radius &+ 1)))
                wholeWindows = WholeWindowMeans(area: area)
            }
            let byRows = rowDivision
            @inline(__always) func clipped(_ columns: Range<Int>) {
                if let byRows, let byColumns = columnDivisions {
                    for column in columns {
                        let x0 = clip[2 &* column], x1 = clip[2 &* column &+ 1]
                        let sum = total[x1] &- total[x0], pixels = UInt32(truncatingIfNeeded: x1 &- x0) &* rows
                        store(column, byColumns[column](byRows(sum)), sum, pixels)
                    }
                } else {
                    for column in columns {
                        let x0 = clip[2 &* column], x1 = clip[2 &* column &+ 1]
                        let sum = total[x1] &- total[x0], pixels = UInt32(truncatingIfNeeded: x1 &- x0) &* rows
                        store(column, sum / pixels, sum, pixels)
                    }
                }
            }
            // Blocks from `inside` to `outside` have centres at least `radius` from the left and `radius + 1`
            // from the right end of the row.
            let inside = min(count, max(0, (radius - half + block - 1) / block))
            let lastInside = width - radius - 1 - half
            let outside = lastInside < 0 ? inside : max(inside, min(count, lastInside / block + 1))
            clipped(0..<inside)
            // The whole windows' sums are at most 255 per pixel: divided by a multiply and a shift, the same
            // quotients without a division instruction per block (a slow one on most CPUs).
            if let whole = wholeWindows {
                // `fours`, where given, stores the blocks four at a time; the last few (up to three) are stored here.
                var first = inside
                if let fours {
                    let count = (outside &- inside) & ~3
                    fours(whole, inside, count)
                    first &+= count
                }
                let divide = whole.divide
                for column in first..<outside {
                    let cx = column &* block &+ half
                    let sum = total[cx &+ radius &+ 1] &- total[cx &- radius]
                    store(column, divide(sum), sum, area)
                }
            } else {
                for column in inside..<outside {
                    let cx = column &* block &+ half
                    let sum = total[cx &+ radius &+ 1] &- total[cx &- radius]
                    store(column, sum / area, sum, area)
                }
            }
            clipped(outside..<count)
        }
    }
}

/// `x / divisor` for every `x` up to a bound as a multiply and a shift. With `l` = ⌈log₂ divisor⌉ and `N` the bits of
/// the bound, m = ⌈2^(N+l) / divisor⌉ gives ⌊x / divisor⌋ = ⌊m·x / 2^(N+l)⌋ for every x < 2^N (Granlund and
/// Montgomery, "Division by invariant integers using multiplication", 1994, theorem 4.2: m·divisor − 2^(N+l) < 2^l).
/// The product stays under 2^(2N+1), so N is at most 31.
struct ExactDivision {
    let multiplier: UInt64
    let shift: UInt64

    /// Nil when `divisor` is 0 or `bound` needs more than 31 bits.
    init?(by divisor: UInt32, upTo bound: UInt64) {
        guard divisor > 0 else { return nil }
        let n = UInt64.bitWidth - bound.leadingZeroBitCount
        guard n <= 31 else { return nil }
        let l = divisor == 1 ? 0 : UInt32.bitWidth - (divisor - 1).leadingZeroBitCount
        shift = UInt64(n + l)
        multiplier = ((1 << shift) + UInt64(divisor) - 1) / UInt64(divisor)
    }

    @inline(__always)
    /// The shift is under 64 (N ≤ 31, l ≤ 32): a masking shift, without the test a smart shift makes for larger ones.
    func callAsFunction(_ x: UInt32) -> UInt32 { UInt32(truncatingIfNeeded: (UInt64(x) &* multiplier) &>> shift) }
}
