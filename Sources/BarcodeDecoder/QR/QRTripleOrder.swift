/// Finder triples handed out lowest score first, ties in the order they were made: the order a stable sort by score
/// gives, found one triple at a time.
///
/// A frame's reader looks at a few of its triples (at most `effort · 8` looks, fewer where a triple is turned away early),
/// while a textured frame makes thousands: sorting them all was a third of the triple search. A binary heap is built in
/// one pass and each triple taken costs a walk down it. Its order is total (score, then the index made), and `<` on
/// scores that are never NaN is the sort's own comparison, so the triples come out as `sorted { $0.3 < $1.3 }` has them.
struct QRTripleOrder: Sequence, IteratorProtocol {
    /// The triples in the order they were made.
    private let triples: [(Int, Int, Int, Double)]
    /// Indices into `triples`, a binary min-heap by (score, index) in `heap[..<size]`.
    private var heap: [Int32]
    private var size: Int

    init(_ triples: [(Int, Int, Int, Double)]) {
        self.triples = triples
        heap = (0..<Int32(truncatingIfNeeded: triples.count)).map { $0 }
        size = triples.count
        // Floyd's construction: every parent from the last one up, sifted down.
        var parent = size / 2 - 1
        while parent >= 0 {
            siftDown(from: parent)
            parent -= 1
        }
    }

    /// Whether triple `a` comes before triple `b`: a lower score, or the same score and made first.
    @inline(__always)
    private func before(_ a: Int32, _ b: Int32) -> Bool {
        let sa = triples[Int(a)].3, sb = triples[Int(b)].3
        return sa < sb || (sa == sb && a < b)
    }

    private mutating func siftDown(from start: Int) {
        var i = start
        let moving = heap[i]
        while true {
            var child = 2 * i + 1
            guard child < size else { break }
            if child + 1 < size, before(heap[child + 1], heap[child]) { child += 1 }
            guard before(heap[child], moving) else { break }
            heap[i] = heap[child]
            i = child
        }
        heap[i] = moving
    }

    mutating func next() -> (Int, Int, Int, Double)? {
        guard size > 0 else { return nil }
        let first = heap[0]
        size -= 1
        if size > 0 {
            heap[0] = heap[size]
            siftDown(from: 0)
        }
        return triples[Int(first)]
    }
}
