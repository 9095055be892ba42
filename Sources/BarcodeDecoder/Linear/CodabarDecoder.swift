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

    /// The mean narrow and mean wide element of the character at `at` read as `pattern`.
    static func elementWidths(_ runs: [Double], _ at: Int, pattern: Int) -> (narrow: Double, wide: Double) {
        var narrow = 0.0, wide = 0.0
        for k in 0..<7 {
            if pattern >> (6 - k) & 1 == 1 { wide += runs[at + k] } else { narrow += runs[at + k] }
        }
        let wideCount = Double(pattern.nonzeroBitCount)
        return (narrow / (7 - wideCount), wide / wideCount)
    }

    /// The width of a character of `pattern` made of `elements`' narrow and wide widths.
    static func predictedWidth(_ pattern: Int, _ elements: (narrow: Double, wide: Double)) -> Double {
        let wideCount = Double(pattern.nonzeroBitCount)
        return (7 - wideCount) * elements.narrow + wideCount * elements.wide
    }

    private func decodeFrom(_ runs: [Double], _ s: Int, width: Double, options: DecoderOptions) -> RowHit? {
        var chars: [Int] = [Self.character(runs, s)!]
        var previous = Self.elementWidths(runs, s, pattern: Self.patterns[chars[0]])
        var previousWidth = width
        var at = s + 8
        while at + 7 < runs.count {
            let charWidth = runs[at..<at + 7].reduce(0, +)
            // Each character is measured against the one before it, not the start: a symbol seen in perspective shrinks
            // along the line (until the twenty-sixth session within 0.6–1.6 of the start, which a keystone's far end
            // leaves). The gap between characters is under a third of a character: blur takes light from the narrow
            // bars either side of it (the blurred copy of `codabar-1/12` leaves 6 px after a character of 24, where a
            // quarter was asked until the twenty-fifth session). The quiet zone after the stop asks half a character.
            guard charWidth > previousWidth * 0.6, charWidth < previousWidth * 1.6, runs[at - 1] < charWidth / 3 else { return nil }
            guard let c = Self.character(runs, at) else { return nil }
            // Its width must be what the character before it predicts for its pattern, from that character's narrow and
            // wide elements, within a quarter (Code 39's neighbour test): Codabar has no check character, and where a
            // small copy merges narrow elements the runs that remain can still spell characters (`A294/-A` off
            // `A294/586B` turned away from the camera, on the third-size layer: a "-" 1.5 times the width the "/" before
            // it predicts).
            let predicted = Self.predictedWidth(Self.patterns[c], previous)
            guard charWidth > predicted * 0.75, charWidth < predicted / 0.75 else { return nil }
            previous = Self.elementWidths(runs, at, pattern: Self.patterns[c])
            previousWidth = charWidth
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
