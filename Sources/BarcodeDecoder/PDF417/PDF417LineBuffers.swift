/// The working storage for reading a symbol's scan lines one after another (`PDF417Reader.readLine`): each line's gray
/// values, their window extremes, and the runs' begins and widths, grown to the longest line met and reused.
///
/// A symbol reads dozens of lines of a thousand samples or more (two or three a module), and fresh arrays for each (five
/// a line, two of them zero-filled first) cost a sixth of a line's work. One instance serves one `PDF417Reader.decode`
/// call; the values a line leaves are overwritten by the next.
final class PDF417LineBuffers {
    /// Values each per-sample buffer holds.
    private(set) var capacity = 0
    /// The line's gray values, their window minima and maxima, the runs' begins (one more than the runs) and widths.
    private(set) var gray, low, high, begins, widths: UnsafeMutablePointer<Double>
    /// Rounds of the window extremes.
    private(set) var scratch: UnsafeMutablePointer<Double>
    private var scratchCapacity = 0

    init() {
        (gray, low, high, begins, widths, scratch) = (.allocate(capacity: 1), .allocate(capacity: 1), .allocate(capacity: 1),
                                                      .allocate(capacity: 1), .allocate(capacity: 1), .allocate(capacity: 1))
    }

    deinit {
        for buffer in [gray, low, high, begins, widths, scratch] { buffer.deallocate() }
    }

    /// Makes every per-sample buffer hold at least `count` values (`begins` two more), and the scratch enough for window
    /// extremes of radius up to `radius` over them.
    func reserve(_ count: Int, radius: Int) {
        if count + 2 > capacity {
            // Room to spare, so a slightly longer line later does not reallocate.
            let grown = max(count + 2, capacity * 3 / 2)
            for buffer in [gray, low, high, begins, widths] { buffer.deallocate() }
            func make() -> UnsafeMutablePointer<Double> { .allocate(capacity: grown) }
            (gray, low, high, begins, widths) = (make(), make(), make(), make(), make())
            capacity = grown
        }
        let needed = SlidingExtremes.scratchCount(count, radius: radius)
        if needed > scratchCapacity {
            scratch.deallocate()
            scratch = .allocate(capacity: needed)
            scratchCapacity = needed
        }
    }
}
