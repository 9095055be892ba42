/// Lines read as one event byte a sample (which bits a sample sets says what it can do to the line's colour), searched
/// for the next sample that sets a bit eight bytes at a time: the second pass of the two-pass thresholdings
/// (`MidpointColourChanges`, `PDF417Reader.thresholdChanges`), whose first pass makes the bytes without a branch.
enum EventBytes {
    /// The first index from `start` on whose byte in `events` (`count` bytes) has `bit` set, or an index at or past
    /// `count` where none has. Eight bytes a word are tested while eight are left (a word read unaligned, within the
    /// `count` bytes), the rest one at a time.
    @inline(__always)
    static func next(_ bit: UInt8, in events: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var k = start
        let wanted = UInt64(bit) &* 0x0101_0101_0101_0101
        while k &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(events + k).loadUnaligned(as: UInt64.self)) & wanted
            if word != 0 { return k &+ word.trailingZeroBitCount >> 3 }
            k &+= 8
        }
        while k < count && events[k] & bit == 0 { k &+= 1 }
        return k
    }
}
