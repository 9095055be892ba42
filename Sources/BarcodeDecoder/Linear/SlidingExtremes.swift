/// Minimum and maximum of every window of a sequence, in linear time (monotonic queues).
enum SlidingExtremes {
    /// For each index k, the minimum and maximum of `values[k - radius ... k + radius]` (clipped to the sequence).
    static func compute(_ values: [Double], radius: Int) -> (low: [Double], high: [Double]) {
        let n = values.count
        var low = [Double](repeating: 0, count: n), high = [Double](repeating: 0, count: n)
        guard n > 0 else { return (low, high) }
        var minQueue = [Int](repeating: 0, count: n), maxQueue = [Int](repeating: 0, count: n)
        var minHead = 0, minTail = 0, maxHead = 0, maxTail = 0
        var next = 0
        values.withUnsafeBufferPointer { v in
            for k in 0..<n {
                let right = min(n - 1, k + radius)
                while next <= right {
                    while minTail > minHead && v[minQueue[minTail - 1]] >= v[next] { minTail -= 1 }
                    minQueue[minTail] = next; minTail += 1
                    while maxTail > maxHead && v[maxQueue[maxTail - 1]] <= v[next] { maxTail -= 1 }
                    maxQueue[maxTail] = next; maxTail += 1
                    next += 1
                }
                let left = k - radius
                while minQueue[minHead] < left { minHead += 1 }
                while maxQueue[maxHead] < left { maxHead += 1 }
                low[k] = v[minQueue[minHead]]
                high[k] = v[maxQueue[maxHead]]
            }
        }
        return (low, high)
    }
}
