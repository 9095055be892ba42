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
        // Whether the fraction is at least one half, without a branch (`SignBit`): a branch there went either way at
        // random over a line's elements, and was mispredicted about every other time.
        return whole &+ Int(truncatingIfNeeded: SignBit.atLeast(x - Double(whole), 0.5))
    }
}
