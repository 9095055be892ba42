/// The gray values of scan lines sampled between pixel centres, kept by line for a second look at the same lines.
///
/// The stacked DataBar readers read a turned group of striped regions twice on the same lines when the first look finds
/// nothing (`ParallelScanLines.symbolsAlongRegions`): at midpoint thresholds, then at histogram thresholds. Both looks
/// sample each line with `LinearReader.grays` from the same origin, direction and length, bilinearly at every sample
/// (about 19,000 instructions for a 640-pixel line, a third of the first look's cost of a line): the second look takes
/// the first one's values instead, the same numbers. Lines along pixel rows or columns are their pixels and are not kept.
final class SampledLineGrays {
    /// Each line's values, by line index; nil where the first look did not sample the line.
    private var grays: [[Double]?]

    /// Room for lines 0..<`count`.
    init(count: Int) {
        grays = Array(repeating: nil, count: max(0, count))
    }

    /// The values kept for line `i`, if any.
    subscript(_ i: Int) -> [Double]? {
        grays.indices.contains(i) ? grays[i] : nil
    }

    /// Samples line `i` (`LinearReader.grays` from `origin` along `direction` for `length`), keeps its values and
    /// returns them.
    func sample(_ i: Int, of frame: PreparedFrame, origin: Point, direction: Point, length: Double) -> [Double] {
        let count = Int(length) + 1
        let values = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = LinearReader.grays(frame, origin: origin, direction: direction, length: length, into: buffer.baseAddress!)
        }
        if grays.indices.contains(i) { grays[i] = values }
        return values
    }
}
