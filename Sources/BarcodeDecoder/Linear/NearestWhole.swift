/// Rounding of a non-negative width or position to the nearest whole number of modules, halves away from zero, without
/// a call into the C library.
///
/// `Double.rounded()` is a call to libm's `round` on the baseline x86-64 target (no SSE4.1 `roundsd`): about 20
/// instructions and a call for every element of every candidate character (`falsepositives-1/11`: 31,000 calls a decode
/// from DataBar's module counts alone). Truncation is one instruction, and for 0 ≤ x < 2⁵³ the fraction x − ⌊x⌋ is exact
/// (Sterbenz: ⌊x⌋ ≤ x < 2⌊x⌋ once ⌊x⌋ ≥ 1), so comparing it with one half gives `Int(x.rounded())` exactly.
enum NearestWhole {
    /// `Int(x.rounded())` for every x below 2⁵³ (traps on NaN and infinities, as that does). Widths are never negative;
    /// a negative x (truncated towards zero, not down) takes the library's rounding all the same.
    @inline(__always)
    static func of(_ x: Double) -> Int {
        guard x >= 0 else { return Int(x.rounded()) }
        let whole = Int(x)
        return whole &+ Int(truncatingIfNeeded: Self.isHalfOrMore(x - Double(whole)))
    }

    /// 1 where the fraction `f` (0 ≤ f < 1) is at least one half, else 0, without a branch: the sign bit of `f − 0.5`,
    /// which is clear exactly then (the difference is +0 at one half and never rounds across zero). A branch there went
    /// either way at random over a line's elements, and was mispredicted about every other time.
    @inline(__always)
    static func isHalfOrMore(_ f: Double) -> UInt64 { 1 ^ ((f - 0.5).bitPattern >> 63) }
}
