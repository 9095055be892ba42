/// A window's move by four rows in and four rows out (`LocalBinarizer.WindowSums.move`), its columns' changes worked
/// out eight columns at a time where they are added to the running totals.
enum RowChanges {
    /// `RunningTotals.add` of the changes `e0[x] + e1[x] + e2[x] + e3[x] − l0[x] − l1[x] − l2[x] − l3[x]` for every x in
    /// `0..<count` (each at most 1,020 in size, in 16 bits), to `totals`.
    ///
    /// Stored to a row of changes in one pass and added in another, the changes were written and read again: here the
    /// eight rows' bytes are widened and summed in the vector that the running total then takes.
    @inline(__always)
    static func add(entering e0: UnsafePointer<UInt8>, _ e1: UnsafePointer<UInt8>, _ e2: UnsafePointer<UInt8>, _ e3: UnsafePointer<UInt8>,
                    leaving l0: UnsafePointer<UInt8>, _ l1: UnsafePointer<UInt8>, _ l2: UnsafePointer<UInt8>, _ l3: UnsafePointer<UInt8>,
                    count: Int, to totals: UnsafeMutablePointer<UInt32>) {
        RunningTotals.add(count: count, to: totals, eight: { x in
            let sum = (bytes(e0, x) &+ bytes(e1, x)) &+ (bytes(e2, x) &+ bytes(e3, x))
                &- (bytes(l0, x) &+ bytes(l1, x)) &- (bytes(l2, x) &+ bytes(l3, x))
            return SIMD8<Int16>(truncatingIfNeeded: sum)
        }, one: { x in
            Int16(bitPattern: UInt16(e0[x]) &+ UInt16(e1[x]) &+ UInt16(e2[x]) &+ UInt16(e3[x])
                  &- UInt16(l0[x]) &- UInt16(l1[x]) &- UInt16(l2[x]) &- UInt16(l3[x]))
        })
    }

    /// `RunningTotals.add` of `r0[x] + r1[x] + r2[x] + r3[x]` (rows that only enter) for every x in `0..<count`.
    @inline(__always)
    static func add(entering r0: UnsafePointer<UInt8>, _ r1: UnsafePointer<UInt8>, _ r2: UnsafePointer<UInt8>, _ r3: UnsafePointer<UInt8>,
                    count: Int, to totals: UnsafeMutablePointer<UInt32>) {
        RunningTotals.add(count: count, to: totals, eight: { x in
            SIMD8<Int16>(truncatingIfNeeded: (bytes(r0, x) &+ bytes(r1, x)) &+ (bytes(r2, x) &+ bytes(r3, x)))
        }, one: { x in
            Int16(bitPattern: UInt16(r0[x]) &+ UInt16(r1[x]) &+ UInt16(r2[x]) &+ UInt16(r3[x]))
        })
    }

    /// `RunningTotals.add` of `−(r0[x] + r1[x] + r2[x] + r3[x])` (rows that only leave) for every x in `0..<count`.
    @inline(__always)
    static func add(leaving r0: UnsafePointer<UInt8>, _ r1: UnsafePointer<UInt8>, _ r2: UnsafePointer<UInt8>, _ r3: UnsafePointer<UInt8>,
                    count: Int, to totals: UnsafeMutablePointer<UInt32>) {
        RunningTotals.add(count: count, to: totals, eight: { x in
            SIMD8<Int16>(truncatingIfNeeded: SIMD8<UInt16>() &- (bytes(r0, x) &+ bytes(r1, x)) &- (bytes(r2, x) &+ bytes(r3, x)))
        }, one: { x in
            Int16(bitPattern: 0 &- UInt16(r0[x]) &- UInt16(r1[x]) &- UInt16(r2[x]) &- UInt16(r3[x]))
        })
    }

    /// Bytes `x..<x + 8` of `row`, widened to 16 bits. (Widened by `SIMD8<UInt16>(truncatingIfNeeded:)`, a generic
    /// conversion, each vector was a call: `qrcode-1/8` 1.433 → 1.611 M instructions.)
    @inline(__always)
    private static func bytes(_ row: UnsafePointer<UInt8>, _ x: Int) -> SIMD8<UInt16> {
        let p = row + x
        return SIMD8(UInt16(p[0]), UInt16(p[1]), UInt16(p[2]), UInt16(p[3]), UInt16(p[4]), UInt16(p[5]), UInt16(p[6]), UInt16(p[7]))
    }
}
