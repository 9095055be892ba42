/// Which runs of a row are near the length of the next one, and the places of a row whose neighbouring runs are all so,
/// visited eight places at a time.
///
/// The Aztec and MaxiCode bull's-eye searches test every dark (light) run of every second row, first whether the run
/// next to it is within three times its length. On a textured frame that test, and the full test behind it, go either
/// way at random, and as branches they were mispredicted (about 53 k times a frame in each search on
/// `falsepositives-1/15`, most of their clock). Their full tests ask more of the runs: each ring's run within half and
/// one and a half times the rings' mean, so any two adjacent ring runs are within three times each other's length.
/// Those pairs are marked here once for the whole table, a byte a run and no branch; a search visits only the places
/// whose pairs are all marked, and makes its own tests there as before. The places it skips are places where its tests
/// fail, so it finds the same candidates in the same order.
///
/// Why a ring run of the full test is within three times its neighbour's length: with `m` the mean the test computes
/// and `a`, `b` two ring runs (whole pixels), `a >= m * 0.5` (an exact product) and `b <= fl(m * 1.5) <= 1.5 m (1 + 2⁻⁵³)`,
/// so `b <= 3a (1 + 2⁻⁵³)`; a whole `b` above `3a` would need `3a >= 2⁵³`.
enum NeighbourRuns {
    /// The zero bytes after the last run's byte. A search's places end at least four runs before its row's last, and its
    /// marks reach at most three runs past a place: `visit` then reads at most 3 + 7 bytes past its end, within the row's
    /// bytes and these.
    static let padding = 16

    /// Writes for each of `count` runs 1 where the next run is within three times its length and it within three times
    /// the next one's (`3a >= b` and `a <= 3b`, as the searches' own first tests read), else 0; the last run's byte and
    /// `padding` more are 0.
    static func markNearNext(_ runs: UnsafePointer<BinaryRowRunTable.Run>, count: Int, into bytes: UnsafeMutablePointer<UInt8>) {
        var k = 0
        while k &+ 1 < count {
            let a = runs[k].length, b = runs[k &+ 1].length
            // Lengths are from 1 to a row's width: three times one less the other cannot overflow. Both differences are
            // at least 0 exactly when their OR is, so the byte is its sign bit flipped.
            bytes[k] = UInt8(truncatingIfNeeded: UInt64(bitPattern: Int64(~((3 &* a &- b) | (3 &* b &- a)))) >> 63)
            k &+= 1
        }
        (bytes + max(0, count - 1)).initialize(repeating: 0, count: padding + (count > 0 ? 1 : 0))
    }

    /// The eight bytes from `bytes + offset`, byte j (from the lowest) standing for `bytes[offset + j]`.
    @inline(__always)
    static func word(_ bytes: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
    }

    /// Visits in order the places `first`, `first + 2`, … below `end` whose marks hold, as the loop
    /// `var i = first; while i < end { if marks hold at i { visit(i) }; i += 2 }` does. `marks` is handed the byte of a
    /// place `p` (`bytes + p`) and gives the AND of the `word`s of the bytes the places need (each 0 or 1), at offsets from
    /// -`first` at least: its byte j is 1 where place `p + j` is to be visited. Places at and past `end` are never
    /// visited, whatever their bytes hold.
    @inline(__always)
    static func visit(from first: Int, below end: Int, bytes: UnsafePointer<UInt8>, marks: (UnsafePointer<UInt8>) -> UInt64,
                      _ visit: (Int) -> Void) {
        var base = first
        while base < end {
            // Places base, base + 2, base + 4 and base + 6: the bytes of even j.
            var word = marks(bytes + base) & 0x00FF_00FF_00FF_00FF
            let left = end &- base
            if left < 8 { word &= (1 &<< UInt64(8 &* left)) &- 1 }
            while word != 0 {
                visit(base &+ word.trailingZeroBitCount >> 3)
                word &= word &- 1
            }
            base &+= 8
        }
    }
}
