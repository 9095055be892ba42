/// A set–reset flip-flop run over 64 steps at once, a step a bit: the direction of a line's last gradient peak follows
/// one, and the bound that skips a line before its edges are placed counts how often it turns (`LinearReader.mayHaveEdges`).
///
/// Read step by step, each step waited on the state the one before left (a chain of a few operations a sample); here a
/// word's 64 states come from one subtraction. Between two resets (or from bit 0 up to the first) the state is clear
/// up to the first set step and set from there on: the stretch's clear part runs from its start to the first bit of
/// `set | reset` at or above it, and subtracting a 1 at the start from those bits borrows exactly through that part (the
/// stretches are apart, so their borrows do not meet; the last one, with nothing above it, borrows out of the word, as
/// it should).
enum FlipFlopBits {
    /// The state after each step of a word (bit k after step k) of a flip-flop that step k sets where bit k of `set` is,
    /// clears where bit k of `reset` is (never both) and else keeps; `carry` (0 or 1) is its state before step 0.
    @inline(__always)
    static func states(set: UInt64, reset: UInt64, carry: UInt64) -> UInt64 {
        // The carried state is a set before step 0: it holds through step 0 unless step 0 clears it.
        let seeds = set | (carry & ~reset & 1)
        let stops = seeds | reset
        // Each stretch starts at bit 0 or just past a reset.
        let starts = (reset << 1) | 1
        let clearBeforeSet = ((stops &- starts) ^ stops) & ~stops
        return ~(clearBeforeSet | reset)
    }

    /// How many of a word's steps change the state (`states`), and the state after its last step.
    @inline(__always)
    static func changes(set: UInt64, reset: UInt64, carry: UInt64) -> (count: Int, carry: UInt64) {
        let after = states(set: set, reset: reset, carry: carry)
        let before = (after << 1) | carry
        return ((after ^ before).nonzeroBitCount, after >> 63)
    }

    /// Whether a flip-flop run over `steps`, from state `carry`, changes state at least `times` (at least 1) times: the
    /// steps 64 at a time, `events(start, count, bytes)` writing step start + j's byte j for j < count (bit 0 sets, bit 1
    /// clears, never both), in a plain loop the compiler vectorizes; then the block's changes (`changes`). The count only
    /// grows, so it reaches `times` exactly when it does at the end of some block. The bounds that skip a line before its
    /// runs or edges are made count so (`LinearReader.mayChangeColour(halves:minimumContrast:times:)`,
    /// `LinearReader.mayHaveEdges`).
    @inline(__always)
    static func changesReach(_ times: Int, over steps: Range<Int>, carry: UInt64,
                             events: (_ start: Int, _ count: Int, _ bytes: UnsafeMutablePointer<UInt8>) -> Void) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            let bytes = buffer.baseAddress!
            var changes = 0, state = carry, start = steps.lowerBound
            while start < steps.upperBound {
                let count = Swift.min(64, steps.upperBound &- start)
                events(start, count, bytes)
                for j in count..<64 { bytes[j] = 0 }
                let (set, reset) = gathered(bytes)
                let block = Self.changes(set: set, reset: reset, carry: state)
                changes &+= block.count
                state = block.carry
                if changes >= times { return true }
                start &+= 64
            }
            return false
        }
    }

    /// The low bits of the bytes `bytes[0 ..< 64]` as the bits of a word (byte k's as bit k), and their next bits as
    /// another: eight bytes at a time (`ByteFlags.gathered`).
    @inline(__always)
    static func gathered(_ bytes: UnsafePointer<UInt8>) -> (low: UInt64, high: UInt64) {
        let raw = UnsafeRawPointer(bytes)
        var low: UInt64 = 0, high: UInt64 = 0
        for w in 0..<8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: w &* 8, as: UInt64.self))
            low |= ByteFlags.gathered(word & 0x0101_0101_0101_0101) << UInt64(w &* 8)
            high |= ByteFlags.gathered((word >> 1) & 0x0101_0101_0101_0101) << UInt64(w &* 8)
        }
        return (low, high)
    }
}
