/// The sum of any span of a line's run widths, from one pass of running totals: a cheap first look at every bar for
/// decoders whose guards scale with the sum of a fixed span (DataBar's 45 elements, DataBar Limited's 44).
///
/// Those decoders sum the span in order at every bar, each addition waiting for the one before (about 180 cycles a bar
/// on lines of texture, where nearly every bar fails its guards). A difference of running totals is the same sum up to
/// rounding, within `bounds(from:count:)`; a guard that fails for every total within those bounds fails on the in-order
/// sum too, so the decoder sums and tests exactly only where the bounds let a guard pass: the same reads.
struct RunSpanSums {
    /// `totals[k]` is the sum of the first `k` widths.
    private let totals: UnsafeMutableBufferPointer<Double>
    /// How far a difference of totals may lie from any in-order sum of its span, for n widths of sum S: each total is
    /// within n·2⁻⁵³·S of its exact value, their difference adds one rounding (2⁻⁵³·S), and an in-order sum of a span is
    /// within its length times 2⁻⁵³·S of the exact one — (3n + 1)·2⁻⁵³·S in all, taken as (4n + 16)·2⁻⁵³·S, and at
    /// least the smallest normal step.
    private let slack: Double

    /// Calls `body` with the sums of `runs` (all non-negative), kept on the stack for the call.
    @inline(__always)
    static func with<Result>(_ runs: [Double], _ body: (RunSpanSums) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: runs.count + 1) { totals in
            var running = 0.0
            totals[0] = 0
            for k in runs.indices {
                running += runs[k]
                totals[k + 1] = running
            }
            let slack = Double(2 * runs.count + 8) * 0x1p-52 * running + Double.leastNormalMagnitude
            return body(RunSpanSums(totals: totals, slack: slack))
        }
    }

    /// A lower and an upper bound of the sum of `count` widths from `start`, however it is added up in order, widened
    /// by a billionth as well, so that a guard's own rounding (a product or quotient of the sum) stays inside them.
    @inline(__always)
    func bounds(from start: Int, count: Int) -> (lower: Double, upper: Double) {
        let sum = totals[start &+ count] - totals[start]
        return ((sum - slack) * (1 - 1e-9), (sum + slack) * (1 + 1e-9))
    }
}
