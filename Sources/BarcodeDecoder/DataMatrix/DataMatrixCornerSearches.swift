/// The free-corner searches of one candidate, kept for its mirrored look.
///
/// A candidate that reads nothing is located a second time as seen from behind (`DataMatrixReader`): the same L corners,
/// with the two ends of the L swapped. For a square size that is, in exact arithmetic, the same search: the timing edges
/// are the same two sides with the same colours at their ends (the top row of one is the right column of the other,
/// reversed), so a corner scored in full scores the same. The search was half of such a frame's instructions and was
/// made twice; the second look takes the first's result. Only searches made without a leader to beat are kept and reused
/// (with a leader, a corner's count may stop early at a point that depends on which edge is read first).
///
/// The kept result is not always what a fresh mirrored search would find. Without a leader a count still stops early
/// (`DataMatrixDetector.timingScore`) once it cannot reach what is needed: the search's own floor and best so far, and,
/// for a size the timing edges did not count, 0.85 of its timing modules. Where no corner of such a size reaches that,
/// its scores (the centre's floor among them) are counts stopped part way, which depend on which edge is read first,
/// and the corner taken depends on the look. The two looks' sample positions also come from different transforms (the
/// ends swapped), whose roundings can put a sample lying on a pixel's edge in different pixels; and the counts read
/// along the timing edges, which decide which sizes are counted, are read the other way round. The quads looked at are
/// kept too, those that showed an L (`quadsWithL`).
final class DataMatrixCornerSearches {
    private struct Search {
        let corner: Point, ends: (Point, Point), guess: Point, size: DataMatrixSize
        let best: (score: Int, d: Point)?
    }
    private var searches: [Search] = []

    /// The best free corner found for `size` at the L corner `corner` with ends `a` and `b` (either way round), if searched.
    func result(corner: Point, a: Point, b: Point, guess: Point, size: DataMatrixSize) -> (score: Int, d: Point)?? {
        for search in searches where search.corner == corner && search.guess == guess && search.size == size
            && ((search.ends.0 == a && search.ends.1 == b) || (search.ends.0 == b && search.ends.1 == a)) {
            return .some(search.best)
        }
        return nil
    }

    func keep(corner: Point, a: Point, b: Point, guess: Point, size: DataMatrixSize, best: (score: Int, d: Point)?) {
        searches.append(Search(corner: corner, ends: (a, b), guess: guess, size: size, best: best))
    }

    /// The quads of the candidate's first look that showed an L, in the order looked at (`DataMatrixDetector.locate`):
    /// the mirrored look looks at these alone. Nil until a first look has ended.
    var quadsWithL: [DataMatrixDetector.Quad]?

    /// The timing sides swung about the arms' ends (`DataMatrixBorderLines.swing`): the mirrored look swings the same
    /// sides about the same ends, the top one of one look being the right one of the other.
    private var swings: [(pivot: Point, base: Point, reach: Double, line: DataMatrixBorderLines.Line?)] = []

    /// The side swung about `pivot` from `base` over `reach`, swung once.
    func swing(_ bits: BitMatrix, pivot: Point, base: Point, inside: Point, reach: Double, module: Double) -> DataMatrixBorderLines.Line? {
        if let kept = swings.first(where: { $0.pivot == pivot && $0.base == base && $0.reach == reach }) { return kept.line }
        let line = DataMatrixBorderLines.swing(bits, pivot: pivot, base: base, inside: inside, reach: reach, module: module)
        swings.append((pivot, base, reach, line))
        return line
    }
}
