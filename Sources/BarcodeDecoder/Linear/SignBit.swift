/// Comparisons of doubles as 1 or 0 without a branch: the sign bit of a difference.
///
/// A decoder's cheap tests at every bar or sample go either way at random on a line of texture, and as branches they were
/// mispredicted; as integers they are combined with `&` and `|` and the compiler has no branch to make of them. Exact for
/// values that are never NaN, never −0 and not both infinite (run widths, their sums and multiples, gray values, gradient
/// strengths, fractions): the difference of two different doubles is never zero (it does not round across zero), and that
/// of two equal ones is +0.
enum SignBit {
    /// 1 where `x > y`, else 0: the sign bit of `y − x`.
    @inline(__always) static func greater(_ x: Double, _ y: Double) -> UInt64 { (y - x).bitPattern >> 63 }

    /// 1 where `x >= y`, else 0: the sign bit of `x − y`, flipped.
    @inline(__always) static func atLeast(_ x: Double, _ y: Double) -> UInt64 { 1 ^ ((x - y).bitPattern >> 63) }
}
