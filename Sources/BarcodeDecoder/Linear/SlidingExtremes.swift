/// Minimum and maximum of every window of a sequence, in linear time (monotonic queues).
enum SlidingExtremes {
    /// For each index k, the minimum and maximum of `values[k - radius ... k + radius]` (clipped to the sequence).
    static func compute(_ values: [Double], radius: Int) -> (low: [Double], high: [Double]) {
        let n = values.count
        var low = [Double](repeating: 0, count: n), high = [Double](repeating: 0, count: n)
        guard n > 0 else { return (low, high) }
        let minQueue = UnsafeMutablePointer<Int>.allocate(capacity: n), maxQueue = UnsafeMutablePointer<Int>.allocate(capacity: n)
        defer { minQueue.deallocate(); maxQueue.deallocate() }
        var minHead = 0, minTail = 0, maxHead = 0, maxTail = 0
        var next = 0
        values.withUnsafeBufferPointer { v in
            low.withUnsafeMutableBufferPointer { lo in
                high.withUnsafeMutableBufferPointer { hi in
                    for k in 0..<n {
                        let right = min(n - 1, k + radius)
                        while next <= right {
                            let value = v[next]
                            while minTail > minHead && v[minQueue[minTail - 1]] >= value { minTail -= 1 }
                            minQueue[minTail] = next; minTail += 1
                            while maxTail > maxHead && v[maxQueue[maxTail - 1]] <= value { maxTail -= 1 }
                            maxQueue[maxTail] = next; maxTail += 1
                            next += 1
                        }
                        let left = k - radius
                        while minQueue[minHead] < left { minHead += 1 }
                        while maxQueue[maxHead] < left { maxHead += 1 }
                        lo[k] = v[minQueue[minHead]]
                        hi[k] = v[maxQueue[maxHead]]
                    }
                }
            }
        }
        return (low, high)
    }

    /// The median of values in 0…255 to a quarter, by histogram (values outside are clamped).
    static func median(byteRange values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        var histogram = [Int](repeating: 0, count: 1021)
        for v in values { histogram[Int((max(0, min(255, v)) * 4).rounded())] += 1 }
        var seen = 0
        let half = values.count / 2
        for (value, count) in histogram.enumerated() {
            seen += count
            if seen > half { return Double(value) / 4 }
        }
        return 255
    }
}
