/// A line's runs read from the other end, for readers that look at both directions of every line and rarely find
/// anything: the widths turned round, and a run's start only where something was found.
extension RunRow {
    /// `reversed().widths`, without the starts that `reversed()` also makes (a second array and a pass over it, for
    /// every line the stacked DataBar readers look at).
    var backwardWidths: [Double] { Array(widths.reversed()) }

    /// `reversed().starts[k]`: the widths before run `k` of the turned runs, added in the same order from 0.
    func backwardStart(ofRun k: Int) -> Double {
        var position = 0.0
        for i in 0..<k { position += widths[widths.count - 1 - i] }
        return position
    }
}
