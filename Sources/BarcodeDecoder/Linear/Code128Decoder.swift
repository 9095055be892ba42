/// Reads Code 128 (sets A, B, C, shifts, FNC1 → GS1, FNC4 extended characters) and checks the modulo-103 check symbol.
struct Code128Decoder: RowDecoder {
    let symbologies: Set<Symbology> = [.code128]
    static let maxDistance = 0.3
    /// The first six elements of every pattern (the stop pattern has seven), six values a symbol in one flat table.
    static let firstSix: [Double] = Code128Tables.patterns.flatMap { $0.prefix(6).map(Double.init) }
    /// The same table by element: element `e` of every symbol value in turn, at `e * 107 + value`.
    static let firstSixByElement: [Double] = (0..<6).flatMap { e in (0..<107).map { Double(Code128Tables.patterns[$0][e]) } }

    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit] {
        var hits: [RowHit] = []
        // The test at every bar reads the widths without a bounds test each (the loop's condition keeps it inside).
        runs.withUnsafeBufferPointer { widths in
            var i = 1
            while i &+ (6 * 3 + 7) < widths.count {
                defer { i &+= 2 }
                // The quiet zone first: the cheaper test, and most bars on a line have none before them. A bound without
                // the quotient before it (`quietZoneBound`): most places fail it, and the branch on the quiet zone, which a
                // textured line takes either way at random, then waits for a product, not a division.
                let width = widths[i] + widths[i + 1] + widths[i + 2] + widths[i + 3] + widths[i + 4] + widths[i + 5]
                guard widths[i &- 1] >= Self.quietZoneBound * width else { continue }
                let module = width / 11
                // Then the start symbols' common first elements, as `elementsFit` tests them: where one is off, no start
                // symbol's elements fit, and the nearest of them need not be found.
                guard widths[i &- 1] >= module * 4, Self.startPrefixFits(widths, i, module: module),
                      let start = Self.symbol(runs, i, candidates: 103...105),
                      Self.elementsFit(runs, i, start, module: module) else { continue }
                if let hit = decodeFrom(runs, i, start: start) { hits.append(hit); i = hit.lastRun }
            }
        }
        return hits
    }

    /// A fraction of the start symbol's six runs together that the quiet zone before it (4 modules of 11, `module * 4`)
    /// is always at least: its two roundings stay far inside the margin.
    static let quietZoneBound = 0.36

    /// Whether each of the six runs at `at` lies within `startElementTolerance` of its element of symbol `value`'s pattern,
    /// in modules of `module` (their sum over 11).
    static func elementsFit(_ runs: [Double], _ at: Int, _ value: Int, module: Double) -> Bool {
        let pattern = Code128Tables.patterns[value]
        for k in 0..<6 where abs(runs[at + k] / module - Double(pattern[k])) > startElementTolerance { return false }
        return true
    }

    /// The first elements every start symbol shares (Start A, B and C begin 2, 1, 1 modules).
    static let startPrefix: [Double] = [2, 1, 1]

    /// Whether the runs at `at` fit `startPrefix` within `startElementTolerance`, with `elementsFit`'s arithmetic: where
    /// they do not, `elementsFit` fails for every start symbol.
    @inline(__always)
    static func startPrefixFits(_ runs: UnsafeBufferPointer<Double>, _ at: Int, module: Double) -> Bool {
        for k in 0..<3 where abs(runs[at + k] / module - startPrefix[k]) > startElementTolerance { return false }
        return true
    }

    /// How far, in modules, any element of a start symbol may lie from its pattern. The nearest-symbol test bounds only the
    /// mean difference (`maxDistance`, 0.3 of a module), so one element can be far off where the others fit: both false
    /// Code 128 reads that every symbology gave on the transformed dev photos began at such a start. Inside an EAN-13 upside
    /// down (`ean13-1/25` turned 90° and 180°), six runs 0.28 from Start B on average, the first 1.2 modules short of its 2,
    /// began "WB$"; across a blurred DataBar Expanded symbol (`rssexpanded-3/33`), the first 1.5 modules over, "<#". Each
    /// passed its check symbol by chance. A module of tolerance loses no read of the dev photos or their transformed
    /// copies (every symbology enabled) and reads the synthetic corpus whole.
    static let startElementTolerance = 1.0

    /// The symbol value among `candidates` whose pattern is closest to the six runs at `at` (`RunPattern.distance`,
    /// with the runs measured in modules once rather than once a candidate: this runs at every bar of every line).
    ///
    /// All 107 values (every symbol after the start) go to `allSymbols`. Among a few (the start symbols), a candidate is
    /// given up once the sum of its first two or four differences reaches the closest distance so far or
    /// `acceptedDistance`: the sum only grows (the same additions in the same order as the full distance), so it could
    /// neither be strictly closer nor pass the final test; the first closest candidate wins, as without the cut.
    static func symbol(_ runs: [Double], _ at: Int, candidates: ClosedRange<Int>) -> Int? {
        guard at + 6 <= runs.count else { return nil }
        let total = runs[at] + runs[at + 1] + runs[at + 2] + runs[at + 3] + runs[at + 4] + runs[at + 5]
        guard total > 0 else { return nil }
        let perModule = 11 / total
        let m0 = runs[at] * perModule, m1 = runs[at + 1] * perModule, m2 = runs[at + 2] * perModule
        let m3 = runs[at + 3] * perModule, m4 = runs[at + 4] * perModule, m5 = runs[at + 5] * perModule
        if candidates == 0...106 { return allSymbols(m0, m1, m2, m3, m4, m5) }
        var best = Double.infinity, value = -1
        var bound = acceptedDistance
        Self.firstSix.withUnsafeBufferPointer { table in
            for v in candidates {
                let p = 6 * v
                var d = abs(m0 - table[p]) + abs(m1 - table[p + 1])
                guard d < bound else { continue }
                d = d + abs(m2 - table[p + 2]) + abs(m3 - table[p + 3])
                guard d < bound else { continue }
                d = d + abs(m4 - table[p + 4]) + abs(m5 - table[p + 5])
                if d < bound { best = d; value = v; bound = d }
            }
        }
        return best / 11 < Self.maxDistance ? value : nil
    }

    /// `symbol` over every value (a symbol after the start), from the six runs in modules: every candidate's whole
    /// distance, then the first closest.
    ///
    /// The distances are added in the same order as the definition's, in a plain loop over the values that the compiler
    /// runs two values at a time; the cut of `symbol`'s loop made a data-dependent branch a candidate, mispredicted
    /// throughout on the textured lines of a frame without a code. The first closest of all is the first closest under
    /// `acceptedDistance` whenever one is, and fails the final test otherwise.
    static func allSymbols(_ m0: Double, _ m1: Double, _ m2: Double, _ m3: Double, _ m4: Double, _ m5: Double) -> Int? {
        let count = 107
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { distance in
            Self.firstSixByElement.withUnsafeBufferPointer { table in
                let t = table.baseAddress!
                for v in 0..<count {
                    distance[v] = abs(m0 - t[v]) + abs(m1 - t[count + v]) + abs(m2 - t[2 * count + v])
                        + abs(m3 - t[3 * count + v]) + abs(m4 - t[4 * count + v]) + abs(m5 - t[5 * count + v])
                }
            }
            var best = distance[0], value = 0
            for v in 1..<count where distance[v] < best { best = distance[v]; value = v }
            return best / 11 < Self.maxDistance ? value : nil
        }
    }

    /// A distance at or above which `best / 11 < maxDistance` fails: 11 · `maxDistance` and a margin over its rounding.
    static let acceptedDistance = 11 * maxDistance + 1e-6

    /// `symbol` by its definition: every candidate's whole distance, the first closest kept, accepted under
    /// `maxDistance` a module (for tests).
    static func symbolByDefinition(_ runs: [Double], _ at: Int, candidates: ClosedRange<Int>) -> Int? {
        guard at + 6 <= runs.count else { return nil }
        let total = runs[at] + runs[at + 1] + runs[at + 2] + runs[at + 3] + runs[at + 4] + runs[at + 5]
        guard total > 0 else { return nil }
        let perModule = 11 / total
        let m = (0..<6).map { runs[at + $0] * perModule }
        var best = Double.infinity, value = -1
        for v in candidates {
            let t = (0..<6).map { firstSix[6 * v + $0] }
            let d = abs(m[0] - t[0]) + abs(m[1] - t[1]) + abs(m[2] - t[2]) + abs(m[3] - t[3]) + abs(m[4] - t[4]) + abs(m[5] - t[5])
            if d < best { best = d; value = v }
        }
        return best / 11 < maxDistance ? value : nil
    }

    /// Whether the seven runs at `at` fit the stop pattern and a quiet zone follows them: the test a stop symbol read
    /// there must pass.
    static func stopFits(_ runs: [Double], _ at: Int) -> Bool {
        guard at + 7 < runs.count else { return false }
        // The quiet zone first: the cheaper test, and on a line without a code it mostly fails.
        let module = runs[at..<at + 7].reduce(0, +) / 13
        return runs[at + 7] >= module * 4 && RunPattern.distance(runs, at, Code128Tables.patterns[106], modules: 13) < Self.maxDistance
    }

    /// The last place at which a symbol that starts at run `s` could end: the last `s + 6k`, k ≥ 2 (a start, at least
    /// the check symbol, the stop), where `stopFits`; nil where there is none, so nothing read from `s` can end.
    ///
    /// `decodeFrom` reads a symbol value at every place before giving up, each one a distance to all 107 patterns
    /// (about 2,400 instructions); on the textured lines of a frame without a code a start pattern after a wide run is
    /// met often and read on for about four values (`falsepositives-1/11`: 1,724 starts, 7,416 values, 9 M instructions
    /// a decode). This test costs some 15 instructions a place and ends most of them at once.
    static func lastStop(_ runs: [Double], from s: Int) -> Int? {
        var at = s + 12
        guard at + 7 < runs.count else { return nil }
        at += (runs.count - 8 - at) / 6 * 6
        while at >= s + 12 {
            if stopFits(runs, at) { return at }
            at -= 6
        }
        return nil
    }

    private func decodeFrom(_ runs: [Double], _ s: Int, start: Int) -> RowHit? {
        // Past the last place a stop fits, every value read leads only to a failure.
        guard let lastStop = Self.lastStop(runs, from: s) else { return nil }
        var values = [start]
        var at = s + 6
        // Each symbol (and the stop's first six elements) is 11 modules: within a quarter of the width of the one before
        // it (Code 39's and Codabar's neighbour bound; perspective changes it by a few per cent). Each is matched to its
        // pattern in its own width, so without this, runs of another symbology's bars merged by blur could spell a short
        // symbol of symbols of any widths (with every symbology enabled, ")`" across the UPC-A of `upca-5/31` under a
        // 5-px motion blur, on two neighbouring rows, its check symbol one chance in 103).
        var previousWidth = runs[s..<s + 6].reduce(0, +)
        while true {
            guard at <= lastStop else { return nil }
            let width = runs[at..<at + 6].reduce(0, +)
            guard width > previousWidth * 0.75, width < previousWidth / 0.75,
                  let v = Self.symbol(runs, at, candidates: 0...106) else { return nil }
            previousWidth = width
            if v == Code128Tables.stop {
                guard Self.stopFits(runs, at) else { return nil }
                break
            }
            guard v < 103 else { return nil }
            values.append(v)
            at += 6
            if values.count > 200 { return nil }
        }
        guard values.count >= 2 else { return nil }
        var sum = values[0]
        for (k, v) in values.dropFirst().dropLast().enumerated() { sum += (k + 1) * v }
        guard sum % 103 == values.last! else { return nil }
        guard let (bytes, gs1) = Self.interpret(Array(values.dropLast())) else { return nil }
        let text = Latin1.string(bytes)
        return RowHit(symbology: .code128, text: text, bytes: bytes, firstRun: s, lastRun: at + 6, isGS1: gs1)
    }

    /// The data bytes of a value sequence that starts with a start symbol (without the check symbol), and whether it is GS1.
    static func interpret(_ values: [Int]) -> ([UInt8], Bool)? {
        enum CodeSet { case a, b, c }
        var set: CodeSet = values[0] == 103 ? .a : values[0] == 104 ? .b : .c
        var bytes: [UInt8] = []
        var gs1 = false
        var fnc4Latch = false
        var shiftNext = false
        var fnc4Next = false
        for (index, v) in values.dropFirst().enumerated() {
            let current: CodeSet = shiftNext ? (set == .a ? .b : .a) : set
            shiftNext = false
            switch current {
            case .c:
                if v < 100 {
                    bytes.append(UInt8(48 + v / 10)); bytes.append(UInt8(48 + v % 10))
                } else if v == 100 { set = .b } else if v == 101 { set = .a } else if v == 102 {
                    if index == 0 { gs1 = true } else { bytes.append(0x1D) }
                } else { return nil }
            case .a, .b:
                if v < 96 {
                    var byte: Int = current == .a ? (v < 64 ? v + 32 : v - 64) : v + 32
                    if fnc4Next != fnc4Latch { byte += 128 }
                    fnc4Next = false
                    bytes.append(UInt8(byte))
                } else if v == Code128Tables.fnc1 {
                    if index == 0 { gs1 = true } else { bytes.append(0x1D) }
                } else if v == Code128Tables.fnc2 || v == Code128Tables.fnc3 {
                    continue
                } else if v == Code128Tables.shift {
                    shiftNext = true
                } else if v == Code128Tables.codeC {
                    set = .c
                } else if (v == 100 && current == .b) || (v == 101 && current == .a) {
                    if fnc4Next { fnc4Latch.toggle(); fnc4Next = false } else { fnc4Next = true }
                } else if v == 100 {
                    set = .b
                } else if v == 101 {
                    set = .a
                } else { return nil }
            }
        }
        return (bytes, gs1)
    }
}
