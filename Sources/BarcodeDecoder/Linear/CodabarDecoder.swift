/// Reads Codabar between start/stop characters A–D; the text keeps the start and stop characters.
struct CodabarDecoder: RowDecoder {
    let symbologies: Set<Symbology> = [.codabar]
    /// The 20 characters, in table order.
    static let alphabet = Array("0123456789-$:/.+ABCD")
    /// Seven elements per character (bar first), a set bit marks a wide element, most significant bit first.
    static let patterns: [Int] = [
        0x003, 0x006, 0x009, 0x060, 0x012, 0x042, 0x021, 0x024, 0x030, 0x048,
        0x00C, 0x018, 0x045, 0x051, 0x054, 0x015, 0x01A, 0x029, 0x00B, 0x00E,
    ]

    static func character(_ runs: [Double], _ at: Int) -> Int? {
        var best: (index: Int, ratio: Double)?
        for wide in 2...3 {
            guard let (bits, ratio) = RunPattern.widest(runs, at, 7, wide: wide, minimumRatio: 1.25),
                  let index = patterns.firstIndex(of: bits) else { continue }
            if best == nil || ratio > best!.ratio { best = (index, ratio) }
        }
        return best?.index
    }

    /// Whether `character(runs, at)` may be a start or stop character (A–D, 16…19): those have three wide elements
    /// (`startStopHaveThreeWide`), and a reading with two wide ones marks exactly two, so only the reading with three can
    /// give one. One reading instead of `character`'s two, and no search of the table: on a frame without a code
    /// nearly every place that passes the quiet zone fails here.
    @inline(__always)
    static func mayBeStartStop(_ runs: [Double], _ at: Int) -> Bool {
        RunPattern.hasWide(runs, at, 7, pattern: patterns[16], minimumRatio: 1.25)
            || RunPattern.hasWide(runs, at, 7, pattern: patterns[17], minimumRatio: 1.25)
            || RunPattern.hasWide(runs, at, 7, pattern: patterns[18], minimumRatio: 1.25)
            || RunPattern.hasWide(runs, at, 7, pattern: patterns[19], minimumRatio: 1.25)
    }

    /// Whether every start and stop pattern has three wide elements, which `mayBeStartStop` needs.
    static let startStopHaveThreeWide = patterns[16...19].allSatisfy { $0.nonzeroBitCount == 3 }

    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit] {
        var hits: [RowHit] = []
        // The test at every bar reads the widths without a bounds test each (the loop's condition keeps it inside).
        runs.withUnsafeBufferPointer { widths in
            var i = 1
            while i &+ 16 < widths.count {
                defer { i &+= 2 }
                // The quiet zone first: it is cheaper than matching the character and rejects most places. The seven
                // widths summed in order from 0, as `reduce` over their slice did.
                var width = 0.0
                for k in i..<(i + 7) { width += widths[k] }
                guard widths[i &- 1] >= width / 2, Self.mayBeStartStop(runs, i), let c = Self.character(runs, i), c >= 16 else { continue }
                if let hit = decodeFrom(runs, i, width: width, options: options) { hits.append(hit); i = hit.lastRun }
            }
        }
        return hits
    }

    private func decodeFrom(_ runs: [Double], _ s: Int, width: Double, options: DecoderOptions) -> RowHit? {
        var chars: [Int] = [Self.character(runs, s)!]
        var at = s + 8
        while at + 7 < runs.count {
            let charWidth = runs[at..<at + 7].reduce(0, +)
            // The gap between characters is under a third of a character: blur takes light from the narrow bars either
            // side of it (the blurred copy of `codabar-1/12` leaves 6 px after a character of 24, where a quarter was
            // asked until the twenty-fifth session). The quiet zone after the stop asks half a character.
            guard charWidth > width * 0.6, charWidth < width * 1.6, runs[at - 1] < charWidth / 3 else { return nil }
            guard let c = Self.character(runs, at) else { return nil }
            chars.append(c)
            if c >= 16 {
                guard runs[at + 7] >= charWidth / 2, chars.count - 2 >= options.minimumCodabarLength else { return nil }
                let bytes = chars.map { Self.alphabet[$0].asciiValue! }
                return RowHit(symbology: .codabar, text: Latin1.string(bytes), bytes: bytes, firstRun: s, lastRun: at + 6)
            }
            at += 8
            if chars.count > 80 { return nil }
        }
        return nil
    }
}
