/// Reads Code 39 between `*` start and stop characters, with optional modulo-43 check character and Full ASCII.
struct Code39Decoder: RowDecoder {
    let symbologies: Set<Symbology> = [.code39]

    /// The character index for the nine runs at `at`, or nil when they are not three wide of nine: the three widest
    /// of the nine (`characterTogether`), or else bars and spaces measured apart (`characterApart`).
    static func character(_ runs: [Double], _ at: Int) -> Int? {
        characterTogether(runs, at) ?? characterApart(runs, at)
    }

    /// The character index for the nine runs at `at` whose three widest are its wide elements, at least 1.25 times the
    /// widest narrow one. The start character is tested so only (`isStartStop`, at every place).
    static func characterTogether(_ runs: [Double], _ at: Int) -> Int? {
        guard let (bits, _) = RunPattern.widest(runs, at, 9, wide: 3, minimumRatio: 1.25) else { return nil }
        return Code39Tables.patterns.firstIndex(of: bits)
    }

    /// The character index for the nine runs at `at` with its five bars and four spaces measured apart: two wide bars
    /// and one wide space, or three wide spaces and bars all alike (every character is one or the other), each wide
    /// element at least 1.25 times the widest narrow one of its colour. Ink spread, exposure and whole pixels widen one
    /// colour and narrow the other, so a narrow space can come out as wide as a wide bar: the 70 % nearest-neighbour
    /// copy of `code39-1/4` shows its 1 as bars of 4, 1, 1, 1, 3 px and spaces of 2, 5, 2, 3, whose three widest of
    /// nine are not its three wide elements. Only where the nine together do not read (`character`), after a start.
    static func characterApart(_ runs: [Double], _ at: Int) -> Int? {
        guard at >= 0, at + 9 <= runs.count else { return nil }
        let barBits: Int, spaceBits: Int
        if let b = widestOfColour(runs, at, count: 5, wide: 2), let w = widestOfColour(runs, at + 1, count: 4, wide: 1) {
            (barBits, spaceBits) = (b, w)
        } else if widestOfColour(runs, at, count: 5, wide: 0) != nil, let w = widestOfColour(runs, at + 1, count: 4, wide: 3) {
            (barBits, spaceBits) = (0, w)
        } else {
            return nil
        }
        // Element 0 is the most significant of the nine bits, as it is of each colour's.
        var bits = 0
        for k in 0..<9 {
            let wide = k % 2 == 0 ? barBits >> (4 - k / 2) & 1 : spaceBits >> (3 - k / 2) & 1
            bits = bits << 1 | wide
        }
        return Code39Tables.patterns.firstIndex(of: bits)
    }

    /// The `wide` widest of the `count` runs at `at`, `at + 2`, … (one colour) as bits, the first run the most
    /// significant, where the narrowest of them is at least 1.25 times the widest of the others (`RunPattern.widest`);
    /// for `wide` 0, 0 where the widest is under 1.25 times the narrowest (all alike).
    static func widestOfColour(_ runs: [Double], _ at: Int, count: Int, wide: Int) -> Int? {
        guard wide == 0 else { return RunPattern.widest(runs, at, count, wide: wide, minimumRatio: 1.25, step: 2)?.bits }
        var narrowest = Double.infinity, widest = -Double.infinity
        for i in 0..<count {
            narrowest = min(narrowest, runs[at + 2 * i])
            widest = max(widest, runs[at + 2 * i])
        }
        return widest < narrowest * 1.25 ? 0 : nil
    }

    /// Whether the nine runs at `at` read as the start/stop `*`: `characterTogether(runs, at) == 43` without the search
    /// of the table for the other 43 (the patterns are distinct), at every place that passes the quiet zone.
    @inline(__always)
    static func isStartStop(_ runs: [Double], _ at: Int) -> Bool {
        RunPattern.hasWide(runs, at, 9, pattern: Code39Tables.patterns[43], minimumRatio: 1.25)
    }

    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit] {
        var hits: [RowHit] = []
        // The test at every bar reads the widths without a bounds test each (the loop's condition keeps it inside).
        runs.withUnsafeBufferPointer { widths in
            var i = 1
            while i &+ 20 < widths.count {
                defer { i &+= 2 }
                // The quiet zone first: it is cheaper than matching the character and rejects most places. The nine
                // widths summed in order from 0, as `reduce` over their slice did.
                var width = 0.0
                for k in i..<(i + 9) { width += widths[k] }
                // A bound without the quotient first (`quietZoneBound`): most places fail it, and the branch on the
                // quiet zone, which a textured line takes either way at random, then waits for a product, not a division.
                guard widths[i &- 1] >= Self.quietZoneBound * width, widths[i &- 1] >= width / 13 * 4,
                      Self.isStartStop(runs, i) else { continue }
                if let hit = decodeFrom(runs, i, width: width, options: options) { hits.append(hit); i = hit.lastRun }
            }
        }
        return hits
    }

    /// A fraction of a character's width that the quiet zone before a start (4/13 of it, `width / 13 * 4`) is always at
    /// least: its two roundings stay far inside the margin.
    static let quietZoneBound = 0.3

    private func decodeFrom(_ runs: [Double], _ s: Int, width: Double, options: DecoderOptions) -> RowHit? {
        var chars: [Int] = []
        var at = s + 10
        // Each character is compared with the one before it, not with the start character: seen in perspective, the
        // characters shrink (or grow) steadily along the line.
        var previousWidth = width
        while at + 9 < runs.count {
            let charWidth = runs[at..<at + 9].reduce(0, +)
            guard charWidth > previousWidth * 0.75, charWidth < previousWidth / 0.75, runs[at - 1] < charWidth / 3 else { return nil }
            previousWidth = charWidth
            guard let c = Self.character(runs, at) else { return nil }
            if c == 43 {
                guard at + 9 < runs.count, runs[at + 9] >= charWidth / 13 * 4 else { return nil }
                return finish(chars, s, at + 8, options)
            }
            chars.append(c)
            at += 10
            if chars.count > 80 { return nil }
        }
        return nil
    }

    /// Code 32: six base-32 characters holding nine digits, the last a check digit over the first eight; `A` and the digits.
    static func code32(_ raw: [Character]) -> String? {
        let alphabet = Array("0123456789BCDFGHJKLMNPQRSTUVWXYZ")
        guard raw.count == 6 else { return nil }
        var value = 0
        for c in raw {
            guard let digit = alphabet.firstIndex(of: c) else { return nil }
            value = value * 32 + digit
        }
        guard value < 1_000_000_000 else { return nil }
        let digits = String(value).leftPadded(to: 9).compactMap(\.wholeNumberValue)
        var sum = 0
        for (k, d) in digits.prefix(8).enumerated() { sum += k % 2 == 0 ? d : (2 * d) / 10 + (2 * d) % 10 }
        guard sum % 10 == digits[8] else { return nil }
        return "A" + digits.map(String.init).joined()
    }

    private func finish(_ chars: [Int], _ s: Int, _ last: Int, _ options: DecoderOptions) -> RowHit? {
        var data = chars
        guard !data.isEmpty else { return nil }
        if options.code39CheckDigit {
            guard data.count >= 2, data.dropLast().reduce(0, +) % 43 == data.last! else { return nil }
            data.removeLast()
        }
        let raw = data.map { Code39Tables.alphabet[$0] }
        if options.code32, let text = Self.code32(raw) {
            return RowHit(symbology: .code39, text: text, bytes: Array(text.utf8), firstRun: s, lastRun: last)
        }
        var bytes: [UInt8] = []
        if options.code39FullASCII {
            var k = 0
            while k < raw.count {
                if "$%/+".contains(raw[k]) {
                    guard k + 1 < raw.count, let b = Code39Tables.decodePair(raw[k], raw[k + 1]) else { return nil }
                    bytes.append(b); k += 2
                } else {
                    bytes.append(raw[k].asciiValue!); k += 1
                }
            }
        } else {
            bytes = raw.map { $0.asciiValue! }
        }
        return RowHit(symbology: .code39, text: Latin1.string(bytes), bytes: bytes, firstRun: s, lastRun: last)
    }
}

extension String {
    /// The string with leading zeros up to `count` characters.
    func leftPadded(to count: Int) -> String { String(repeating: "0", count: max(0, count - self.count)) + self }
}
