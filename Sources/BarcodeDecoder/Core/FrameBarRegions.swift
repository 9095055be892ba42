import Synchronization

/// The striped regions of a frame (`BarRegionFinder`), found once for the readers that use them: the linear reader scans
/// across each at its own angle, and the stacked DataBar readers read along those turned from level (their own first
/// pass reads pixel rows only). Shared by the copies of one `PreparedFrame`, behind a lock, as `FrameScanLines` is.
final class FrameBarRegions: Sendable {
    private struct Key: Equatable {
        var blockSize: Int
        var minimumBlocks: Int
    }

    private let state = Mutex<[(key: Key, regions: [BarRegionFinder.Region])]>([])

    init() {}

    /// `BarRegionFinder.find(frame, blockSize:minimumBlocks:)`, the first time it is asked for with these parameters.
    func regions(of frame: PreparedFrame, blockSize: Int, minimumBlocks: Int) -> [BarRegionFinder.Region] {
        let key = Key(blockSize: blockSize, minimumBlocks: minimumBlocks)
        return state.withLock { found in
            if let known = found.first(where: { $0.key == key }) { return known.regions }
            let regions = BarRegionFinder.find(frame, blockSize: blockSize, minimumBlocks: minimumBlocks)
            found.append((key, regions))
            return regions
        }
    }
}
