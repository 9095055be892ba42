/// The means of whole windows (none clipped: every one `area` pixels) four blocks at a time, with their photographic
/// negative's: what `LocalBinarizer.WindowSums.blockMeans` works out for most blocks of a frame when it keeps the negative.
///
/// A window's sum is the difference of two running totals `block` places apart from one window to the next; the four
/// sums are divided together, each quotient a multiply and a shift in a 64-bit lane (`ExactDivision`, two lanes a
/// vector). The negative's mean, 255 less the mean rounded up, divides the sum plus `area − 1` the same way
/// (⌈s / a⌉ = ⌊(s + a − 1) / a⌋), where the block at a time compared the quotient times the area with the sum: no product
/// to test. On `qrcode-1/8` (319×271, QR only) the whole windows' blocks were nearly half of `blockMeans`' time, itself a
/// fifth of the decode's: 1.446 → 1.433 M instructions, best of 1000 0.0855 → 0.0828 ms.
///
/// The clipped windows two at a time in double precision (each sum divided by its pixels, the quotient's whole part and
/// whether it has a fraction those of the exact quotient, as a mean is at most 255 and a window under 2³¹ pixels) were
/// tried: 1.432 → 1.441 M on `qrcode-1/8`, its best of 1000 the same (the two divisions' latency), and dropped.
struct WholeWindowMeans {
    /// Divides every sum (at most 255 · area) and every sum plus `area − 1` (under 256 · area).
    let divide: ExactDivision
    let roundingUp: UInt32

    /// Nil where the sums need more than 31 bits (`ExactDivision`), or `area` is 0.
    init?(area: UInt32) {
        guard let divide = ExactDivision(by: area, upTo: 256 &* UInt64(area)) else { return nil }
        self.divide = divide
        roundingUp = area &- 1
    }

    /// For `count` windows from `first` (`count` a multiple of four), window k's sum `totals[right + block·k] −
    /// totals[left + block·k]`: its mean into `means[k]` and its negative's, 255 less the mean rounded up, into
    /// `negative[k]`.
    @inline(__always)
    func store(count: Int, totals: UnsafePointer<UInt32>, right: Int, left: Int, block: Int,
               means: UnsafeMutablePointer<UInt16>, negative: UnsafeMutablePointer<UInt16>) {
        let m = SIMD4<UInt64>(repeating: divide.multiplier), shift = SIMD4<UInt64>(repeating: divide.shift)
        let up = SIMD4<UInt32>(repeating: roundingUp), white = SIMD4<UInt16>(repeating: 255)
        @inline(__always) func quotients(_ x: SIMD4<UInt32>) -> SIMD4<UInt16> {
            SIMD4<UInt16>(truncatingIfNeeded: (SIMD4<UInt64>(truncatingIfNeeded: x) &* m) &>> shift)
        }
        var k = 0, r = totals + right, l = totals + left
        let step = 4 &* block
        while k < count {
            let sums = SIMD4(r[0], r[block], r[2 &* block], r[3 &* block]) &- SIMD4(l[0], l[block], l[2 &* block], l[3 &* block])
            UnsafeMutableRawPointer(means + k).storeBytes(of: quotients(sums), as: SIMD4<UInt16>.self)
            UnsafeMutableRawPointer(negative + k).storeBytes(of: white &- quotients(sums &+ up), as: SIMD4<UInt16>.self)
            r += step
            l += step
            k &+= 4
        }
    }
}
