/// The stacked DataBar readers' look at a frame's striped regions (`PreparedFrame.barRegions`), after their pixel rows.
extension ParallelScanLines {
    /// The symbols `read` finds on lines along the striped regions that none of `found` (nor a known symbol of
    /// `symbologies`) covers, a group of regions at about one angle at a time: a symbol turned from level (a quarter turn,
    /// or tilted further than its rows stay crossed on pixel rows) read along that angle, then, where that reads nothing
    /// (and for the regions held level, which the pixel rows read already), the same lines at their histogram threshold,
    /// for blurred bars. Lines reach `margin` beyond the regions; `read` reads nothing from a line of fewer than `fewestRuns`
    /// runs. Only symbols whose text `found` does not hold yet.
    static func symbolsAlongRegions(of frame: PreparedFrame, options: DecoderOptions, symbologies: Set<Symbology>, found: [DecodedSymbol],
                                    margin: Double, fewestRuns: Int, read: (ParallelScanLines) -> [DecodedSymbol]) -> [DecodedSymbol] {
        var found = found, added: [DecodedSymbol] = []
        for group in regionGroups(frame, options: options) {
            let unread = group.filter { region in
                !found.contains { LinearReader.contains($0.corners, region.center) } && !frame.isKnown(region.center, among: symbologies)
            }
            guard !unread.isEmpty else { continue }
            var lines = along(unread, of: frame, margin: margin, fewestRuns: fewestRuns)
            var symbols: [DecodedSymbol] = []
            if isTurned(unread[0]) {
                // Both looks sample the same lines: the histogram look takes the values the first one sampled.
                lines.sampledGrays = SampledLineGrays(count: lines.count)
                symbols = read(lines)
            }
            if symbols.isEmpty {
                lines.histogram = HistogramLineThreshold(longestLine: lines.longestLine)
                symbols = read(lines)
            }
            for symbol in symbols where !found.contains(where: { $0.text == symbol.text }) {
                found.append(symbol)
                added.append(symbol)
            }
        }
        return added
    }

    /// Whether `region` is turned more than about 6° from level: pixel rows cross a symbol tilted less than that along
    /// its rows.
    static func isTurned(_ region: BarRegionFinder.Region) -> Bool { abs(region.direction.y) > 0.1 }

    /// The striped regions long enough to hold a symbol, the largest as the linear reader takes them, in groups at about
    /// one angle (within 3°: the rows of a stacked symbol are regions of their own), largest first.
    static func regionGroups(_ frame: PreparedFrame, options: DecoderOptions) -> [[BarRegionFinder.Region]] {
        let largest = LinearReader.longEnough(frame.barRegions(effort: options.effort), effort: options.effort)
            .sorted { $0.halfLength * $0.halfWidth > $1.halfLength * $1.halfWidth }.prefix(options.effort * 6)
        var groups: [[BarRegionFinder.Region]] = []
        for region in largest {
            let d = region.direction
            if let i = groups.firstIndex(where: { abs($0[0].direction.x * d.y - $0[0].direction.y * d.x) < 0.05 }) {
                groups[i].append(region)
            } else {
                groups.append([region])
            }
        }
        return groups
    }
}
