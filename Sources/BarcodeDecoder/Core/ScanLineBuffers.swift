/// The working storage for reading scan lines one after another: each line's gray values, a second line (sharpened, or
/// sampled at half-pixel steps), their window extremes and gradients, grown to the longest line met and reused.
///
/// A frame that reads nothing reads hundreds of lines, and fresh arrays for each (about ten a line, most zero-filled
/// first) cost more than a short line's arithmetic. One instance serves one `LinearReader.read` call (or one PDF417
/// symbol's scan lines, `PDF417Reader.readLine`: gray values, window extremes, run begins and widths) on one thread;
/// the values a line leaves are overwritten by the next.
///
/// The buffers' pointers are read without the runtime's exclusivity checks: they are only reassigned by `reserve`, between
/// lines, and the checks on every read cost about 0.7 % of a missed frame (`ean13-1/36`).
final class ScanLineBuffers {
    /// Values each per-sample buffer holds.
    @exclusivity(unchecked) private(set) var capacity: Int
    /// The line's gray values.
    @exclusivity(unchecked) private(set) var gray: UnsafeMutablePointer<Double>
    /// A second reading of the line: sharpened, or sampled at half-pixel steps.
    @exclusivity(unchecked) private(set) var second: UnsafeMutablePointer<Double>
    /// Window extremes (local, then wide) of the line being thresholded.
    @exclusivity(unchecked) private(set) var low, high, wideLow, wideHigh: UnsafeMutablePointer<Double>
    /// Signed and absolute gradients and their window maxima, for the edges.
    @exclusivity(unchecked) private(set) var slope, strength, strongest: UnsafeMutablePointer<Double>
    /// A line's runs as they are found (widths and starts, two more than the line's values), and its edges (positions and
    /// slopes), before they become the exact-size arrays of a `RunRow`: appending to arrays grown as they fill cost
    /// a reallocation or two on most lines.
    @exclusivity(unchecked) private(set) var runWidths, runStarts, edgePositions, edgeSlopes: UnsafeMutablePointer<Double>
    /// Rounds of the window extremes.
    @exclusivity(unchecked) private(set) var scratch: UnsafeMutablePointer<Double>
    /// Twice the values of the line `LinearReader.thresholdRuns` read last, as whole numbers, where they are halves of
    /// whole numbers within ±`LinearReader.largestWholeBoundValue` halves; `wholeLine` names that line (its values'
    /// place and count), nil where its values are not such halves. The edge bound of the same line reads them
    /// (`LinearReader.lineGradient`).
    @exclusivity(unchecked) private(set) var twice: UnsafeMutablePointer<Int16>
    @exclusivity(unchecked) var wholeLine: (values: UnsafePointer<Double>, count: Int)?
    /// The widths a line's runs are decoded from, read forwards (its border runs made quiet zones) and backwards
    /// (`LinearReader.decode`): two arrays filled anew for each line instead of two made and freed (the decoders take
    /// arrays).
    @exclusivity(unchecked) private(set) var forwardWidths: [Double] = [], backwardWidths: [Double] = []
    private var scratchCapacity: Int

    /// `forwardWidths` set to `widths` with the first run (`quietStart`) and the last (`quietEnd`) made 10⁶ wide, and
    /// `backwardWidths` to the same read from the other end, both written in one loop over the arrays kept from the line
    /// before (their storage kept, their counts trimmed or extended to the line's). Emptied and appended to, the reversed
    /// copy went element by element through the generic append, and the two arrays cost about 370 instructions a decoded
    /// line (a hundredth of `upce-3/06`, UPC-E, where every second look runs).
    func setWidths(_ widths: [Double], quietStart: Bool, quietEnd: Bool) {
        let count = widths.count
        let had = forwardWidths.count
        if count < had {
            forwardWidths.removeLast(had - count)
            backwardWidths.removeLast(had - count)
        } else if count > had {
            forwardWidths.append(contentsOf: repeatElement(0, count: count - had))
            backwardWidths.append(contentsOf: repeatElement(0, count: count - had))
        }
        guard count > 0 else { return }
        let last = count - 1
        widths.withUnsafeBufferPointer { source in
            forwardWidths.withUnsafeMutableBufferPointer { forward in
                backwardWidths.withUnsafeMutableBufferPointer { backward in
                    for i in 0..<count {
                        forward[i] = source[i]
                        backward[last &- i] = source[i]
                    }
                    if quietStart { (forward[0], backward[last]) = (1e6, 1e6) }
                    if quietEnd { (forward[last], backward[0]) = (1e6, 1e6) }
                }
            }
        }
    }

    /// Room for lines of `capacity` values to start with.
    init(capacity: Int = 512) {
        self.capacity = max(1, capacity)
        func make() -> UnsafeMutablePointer<Double> { .allocate(capacity: max(1, capacity)) }
        (gray, second, low, high, wideLow, wideHigh) = (make(), make(), make(), make(), make(), make())
        (slope, strength, strongest) = (make(), make(), make())
        func makeRuns() -> UnsafeMutablePointer<Double> { .allocate(capacity: max(1, capacity) + 2) }
        (runWidths, runStarts, edgePositions, edgeSlopes) = (makeRuns(), makeRuns(), makeRuns(), makeRuns())
        scratchCapacity = 1
        scratch = .allocate(capacity: 1)
        twice = .allocate(capacity: max(1, capacity))
    }

    deinit {
        for buffer in [gray, second, low, high, wideLow, wideHigh, slope, strength, strongest, runWidths, runStarts, edgePositions, edgeSlopes, scratch] {
            buffer.deallocate()
        }
        twice.deallocate()
    }

    /// `twice` where it holds the whole numbers of the line whose values are `values` (`wholeLine`), else nil.
    func wholeValues(of values: UnsafeBufferPointer<Double>) -> UnsafePointer<Int16>? {
        guard let line = wholeLine, line.values == values.baseAddress, line.count == values.count else { return nil }
        return UnsafePointer(twice)
    }

    /// Makes every per-sample buffer hold at least `count` values, and the scratch enough for window extremes of radius up
    /// to `radius` over them.
    func reserve(_ count: Int, radius: Int) {
        if count > capacity {
            // Room to spare, so a slightly longer line later does not reallocate.
            let grown = max(count, capacity * 3 / 2)
            for buffer in [gray, second, low, high, wideLow, wideHigh, slope, strength, strongest, runWidths, runStarts, edgePositions, edgeSlopes] {
                buffer.deallocate()
            }
            func make() -> UnsafeMutablePointer<Double> { .allocate(capacity: grown) }
            (gray, second, low, high, wideLow, wideHigh) = (make(), make(), make(), make(), make(), make())
            (slope, strength, strongest) = (make(), make(), make())
            func makeRuns() -> UnsafeMutablePointer<Double> { .allocate(capacity: grown + 2) }
            (runWidths, runStarts, edgePositions, edgeSlopes) = (makeRuns(), makeRuns(), makeRuns(), makeRuns())
            twice.deallocate()
            twice = .allocate(capacity: grown)
            wholeLine = nil
            capacity = grown
        }
        let needed = SlidingExtremes.scratchCount(capacity, radius: radius)
        if needed > scratchCapacity {
            scratch.deallocate()
            scratch = .allocate(capacity: needed)
            scratchCapacity = needed
        }
    }
}
