/// Running totals of a row of 16-bit changes added to a row of 32-bit totals, eight places a step.
enum RunningTotals {
    /// `totals[x] &+= changes[0] + … + changes[x]` for every x in `0..<count` (the sums wrap as 32-bit unsigned numbers
    /// do), for changes of at most 8,191 in size.
    ///
    /// The plain loop carries one total from each place to the next: an add and a store a place, one after the other,
    /// and on `LocalBinarizer`'s window sums that chain was over two fifths of their moves' time (`upce-3/06`). Here the
    /// changes are totalled within each four of them in their 16-bit lanes (a four's total of such changes fits): the
    /// vector as two 64-bit lanes shifted by one change and added, then by two. The second four of a step then takes
    /// the first's last total, and only the carry from step to step waits for the step before: an add and a broadcast
    /// every eight places.
    @inline(__always)
    static func add(_ changes: UnsafePointer<Int16>, count: Int, to totals: UnsafeMutablePointer<UInt32>) {
        add(count: count, to: totals, eight: { x in UnsafeRawPointer(changes + x).loadUnaligned(as: SIMD8<Int16>.self) },
            one: { x in changes[x] })
    }

    /// `add(changes, count:to:)` for changes given eight at a time (`eight(x)`: places `x..<x + 8`) and one at a time
    /// (`one(x)`, for the last places), so a caller can work them out where they are added, not store them first.
    @inline(__always)
    static func add(count: Int, to totals: UnsafeMutablePointer<UInt32>, eight: (Int) -> SIMD8<Int16>, one: (Int) -> Int16) {
        @inline(__always) func shifted(_ v: SIMD8<Int16>, by places: UInt64) -> SIMD8<Int16> {
            unsafeBitCast(unsafeBitCast(v, to: SIMD2<UInt64>.self) &<< SIMD2(repeating: 16 &* places), to: SIMD8<Int16>.self)
        }
        var carry = SIMD4<UInt32>()
        var x = 0
        while x &+ 8 <= count {
            let v = eight(x)
            let pairs = v &+ shifted(v, by: 1)
            let fours = SIMD8<Int32>(truncatingIfNeeded: pairs &+ shifted(pairs, by: 2))
            let ownLow = SIMD4<UInt32>(truncatingIfNeeded: fours.lowHalf)
            let ownHigh = SIMD4<UInt32>(truncatingIfNeeded: fours.highHalf) &+ SIMD4(repeating: ownLow[3])
            let low = ownLow &+ carry, high = ownHigh &+ carry
            let first = UnsafeMutableRawPointer(totals + x), second = UnsafeMutableRawPointer(totals + (x &+ 4))
            first.storeBytes(of: first.loadUnaligned(as: SIMD4<UInt32>.self) &+ low, as: SIMD4<UInt32>.self)
            second.storeBytes(of: second.loadUnaligned(as: SIMD4<UInt32>.self) &+ high, as: SIMD4<UInt32>.self)
            carry = SIMD4(repeating: high[3])
            x &+= 8
        }
        var total = carry[0]
        while x < count {
            total &+= UInt32(bitPattern: Int32(one(x)))
            totals[x] &+= total
            x &+= 1
        }
    }
}
