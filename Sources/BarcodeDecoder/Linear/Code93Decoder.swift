/// Reads Code 93 between start/stop characters; both modulo-47 check characters must hold (they are removed), and the
/// shift characters are read as Full ASCII. At least one data character.
struct Code93Decoder: RowDecoder {
    let symbologies: Set<Symbology> = [.code93]

    /// The character whose six elements start at run `at`, by module counts rounded on the cumulative edges over 9 modules.
    static func character(_ runs: [Double], _ at: Int) -> Int? {
        modules(runs, at).flatMap { Code93Tables.patterns.firstIndex(of: $0) }
    }

    /// Whether the six elements at `at` read as the start/stop character: `character(runs, at) == startStop` without the
    /// search of the table (the patterns are distinct), at every place whose first and fifth elements look like it.
    @inline(__always)
    static func isStartStop(_ runs: [Double], _ at: Int) -> Bool {
        modules(runs, at) == Code93Tables.patterns[Code93Tables.startStop]
    }

    /// The nine modules of the six elements at `at` as bits (1 for a bar), most significant first; nil where an element
    /// rounds to fewer than 1 or more than 4 modules.
    @inline(__always)
    static func modules(_ runs: [Double], _ at: Int) -> Int? {
        guard at + 6 <= runs.count else { return nil }
        var total = 0.0
        for i in 0..<6 { total += runs[at + i] }
        guard total > 0 else { return nil }
        // Every element read before the verdict, without a branch on its width: an early exit at the first bad element,
        // and a loop of one to four shifts, went either way at random on a textured line. A width outside 1…4 only marks
        // the character `invalid`; the bits it leaves are not returned.
        var bits = 0, edge = 0.0, previous = 0, invalid = 0
        @inline(__always) func element(_ i: Int, bar: Bool) {
            edge += runs[at + i]
            let boundary = NearestWhole.of(edge / total * 9)
            let width = boundary &- previous
            invalid |= UInt(bitPattern: width &- 1) < 4 ? 0 : 1
            let shift = width & 7
            bits = bits &<< shift | (bar ? (1 &<< shift) &- 1 : 0)
            previous = boundary
        }
        element(0, bar: true); element(1, bar: false); element(2, bar: true)
        element(3, bar: false); element(4, bar: true); element(5, bar: false)
        return invalid == 0 ? bits : nil
    }

    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit] {
        var hits: [RowHit] = []
        // The test at every bar reads the widths without a bounds test each (the loop's end keeps it inside). The start
        // character's fifth element is 4 modules wide among 1-module ones: that cheap test first, at every bar before
        // any is visited (`RunCandidates`). There the quiet zone, a sum and a comparison, before the character's six
        // module counts (about 220 instructions): of the places the first test passes on a frame without a code, the
        // quiet zone rejects more than half.
        runs.withUnsafeBufferPointer { widths in
            RunCandidates.visit(from: 1, below: widths.count &- 12, test: { i in
                let fifth = widths[i &+ 4]
                return SignBit.greater(fifth, 2.5 * widths[i]) & SignBit.greater(fifth, 2.5 * widths[i &+ 2])
            }) { i in
                // The six widths summed in order from 0, as `reduce` over their slice did.
                var width = 0.0
                for k in i..<(i &+ 6) { width += widths[k] }
                guard widths[i &- 1] >= width / 2 || i == 1, Self.isStartStop(runs, i),
                      let hit = decodeFrom(runs, i, width: width) else { return i + 2 }
                hits.append(hit)
                return hit.lastRun + 2
            }
        }
        return hits
    }

    private func decodeFrom(_ runs: [Double], _ s: Int, width: Double) -> RowHit? {
        var values: [Int] = []
        var at = s + 6
        while at + 6 < runs.count {
            let w = runs[at..<at + 6].reduce(0, +)
            guard w > width * 0.7, w < width * 1.3, let c = Self.character(runs, at) else { return nil }
            if c == Code93Tables.startStop {
                // The stop character is followed by a one-module termination bar and the quiet zone.
                guard at + 7 < runs.count, runs[at + 6] < width / 9 * 2, runs[at + 7] >= width / 2 || at + 7 == runs.count - 1 else { return nil }
                guard values.count >= 3 else { return nil }
                let data = Array(values.dropLast(2))
                guard Code93Tables.check(data, maximumWeight: 20) == values[values.count - 2],
                      Code93Tables.check(data + [values[values.count - 2]], maximumWeight: 15) == values[values.count - 1],
                      let bytes = Code93Tables.text(data) else { return nil }
                return RowHit(symbology: .code93, text: Latin1.string(bytes), bytes: bytes, firstRun: s, lastRun: at + 6)
            }
            values.append(c)
            at += 6
        }
        return nil
    }
}
