/// The places along a line's runs where a decoder's cheap first test holds, found without a branch a place.
///
/// A row decoder tries its character at every other run (every bar) and first takes a cheap test of a few widths, which
/// nearly every place of a line without its symbol fails. Taken place by place, that test is a branch that a textured
/// line mispredicts at random. Here the test is made for every place first, with no branch (`SignBit`), a byte each, in
/// a plain loop; then the places that passed are visited in order, found eight at a time. The decoder visits the same
/// places in the same order as its loop did.
enum RunCandidates {
    /// Visits in order the places `first`, `first + 2`, … below `end` whose `test` is 1, as the loop
    /// `var i = first; while i < end { i = test(i) == 1 ? visit(i) : i + 2 }` does: `visit` returns the next place to look
    /// at (after its own). A place of the other parity (after a symbol of an even number of runs) is looked at by that
    /// loop itself from there on. `test` gives 0 or 1, and is made for every place below `end` first.
    ///
    /// The bytes are padded with zeros to whole words and read a word at a time from the word holding the next place
    /// (the bytes before it masked off): lines hold a few dozen places, and a byte-by-byte tail cost a mispredicted loop
    /// exit or two at every line.
    ///
    /// With `firstPasses`, the place `first` is visited whatever its `test` (a decoder whose cheap test holds at the
    /// line's first bar by definition, having no quiet zone before it to test: a test of the place at every place cost
    /// six instructions of the vector loop's 33 a pair).
    @inline(__always)
    static func visit(from first: Int, below end: Int, firstPasses: Bool = false, test: (Int) -> UInt64,
                      _ visit: (Int) -> Int) {
        guard end > first else { return }
        let places = (end &- first &+ 1) / 2, words = (places &+ 7) / 8
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { buffer in
            let wordsStart = buffer.baseAddress!
            wordsStart[words &- 1] = 0
            let bytes = UnsafeMutableRawPointer(wordsStart).assumingMemoryBound(to: UInt8.self)
            for j in 0..<places { bytes[j] = UInt8(truncatingIfNeeded: test(first &+ 2 &* j)) }
            if firstPasses { bytes[0] = 1 }
            var i = first
            while i < end {
                guard (i &- first) & 1 == 0 else {
                    i = test(i) == 1 ? visit(i) : i &+ 2
                    continue
                }
                let j = (i &- first) >> 1
                var w = j >> 3
                var word = UInt64(littleEndian: wordsStart[w]) & (~0 &<< UInt64((j & 7) &* 8))
                while word == 0 {
                    w &+= 1
                    guard w < words else { return }
                    word = UInt64(littleEndian: wordsStart[w])
                }
                i = visit(first &+ 2 &* (w &* 8 &+ word.trailingZeroBitCount >> 3))
            }
        }
    }
}
