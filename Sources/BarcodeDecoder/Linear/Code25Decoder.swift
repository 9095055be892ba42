/// Reads Standard (Industrial) 2 of 5 and Matrix 2 of 5: digits as five elements of which two are wide (the 2-of-5 table
/// of Interleaved 2 of 5). Standard 2 of 5 puts them in five bars with narrow spaces between (start: wide, wide, narrow
/// bar; stop: wide, narrow, wide); Matrix 2 of 5 in bar, space, bar, space, bar and a narrow space (start and stop: a
/// 4-module bar and two narrow bars). Both are weak: no built-in check, so a read must have at least
/// `DecoderOptions.minimumCode25Length` digits, and with `code25CheckDigit` its modulo-10 check digit must hold.
struct Code25Decoder: RowDecoder {
    let symbologies: Set<Symbology> = [.code25, .matrix2of5]

    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit] {
        var hits: [RowHit] = []
        // Looked up once a line, not at every bar.
        let (readsStandard, readsMatrix) = (options.searched.contains(.code25), options.searched.contains(.matrix2of5))
        guard readsStandard || readsMatrix else { return hits }
        // The start patterns' tests inline, before the calls: on a frame without a code nearly every place fails them,
        // and the two calls cost more than the tests (`falsepositives-1/11`: 54,000 places a decode). They read the
        // widths without a bounds test each (the loop's end keeps them inside), a third of their instructions. Both
        // tests begin with a quiet zone of which `mayStart` is a necessary condition: that is taken at every bar first,
        // without a branch (`RunCandidates`, about 14 instructions a bar where the two quiet zones' sums, quotients and
        // branches took about 50), and the tests only at the bars that pass it, in the same order. The first bar, whose
        // quiet zone is not tested, passes (`firstPasses`).
        runs.withUnsafeBufferPointer { widths in
            RunCandidates.visit(from: 1, below: widths.count &- 10, firstPasses: true, test: { i in Self.startTest(widths, i) }) { i in
                let hit = readsStandard && Self.mayStartStandard(widths, i) ? standard(runs, i, options) : nil
                guard let hit = hit ?? (readsMatrix && Self.mayStartMatrix(widths, i) ? matrix(runs, i, options) : nil) else {
                    return i &+ 2
                }
                hits.append(hit)
                return hit.lastRun &+ 2
            }
        }
        return hits
    }

    /// The digit whose five elements (the runs at `at`, `at + every`, …) have two wide ones, judged against `threshold`.
    static func digit(_ runs: [Double], _ at: Int, every: Int, threshold: Double) -> Int? {
        var bits = 0
        for k in 0..<5 { bits = bits << 1 | (runs[at + every * k] > threshold ? 1 : 0) }
        let digit = Code25Tables.digitOfPattern[bits]
        return digit >= 0 ? digit : nil
    }

    static func finish(_ digits: [Int], _ symbology: Symbology, _ options: DecoderOptions, first: Int, last: Int) -> RowHit? {
        guard digits.count >= options.minimumCode25Length else { return nil }
        var data = digits
        if options.code25CheckDigit {
            guard data.count >= 2, EANUPCTables.checkDigit(Array(data.dropLast())) == data.last else { return nil }
            data.removeLast()
        }
        let text = data.map(String.init).joined()
        return RowHit(symbology: symbology, text: text, bytes: Array(text.utf8), firstRun: first, lastRun: last)
    }

    /// Whether the space before run `s` may be the quiet zone of either start pattern: the first run, or one at least
    /// 0.99 times the sum of runs `s + 1`, `s + 3` and `s + 4`. Both quiet zones ask more (`mayStartStandard`: 5 times
    /// their mean, 5/3 of that sum; `mayStartMatrix`: 5 times the mean of runs `s + 1` to `s + 5`, which hold those
    /// three), and their few roundings of non-negative widths stay far inside the 0.99: where this fails, so do both.
    static func mayStart(_ runs: UnsafeBufferPointer<Double>, _ s: Int) -> Bool {
        s == 1 || runs[s &- 1] >= 0.99 * (runs[s + 1] + runs[s + 3] + runs[s + 4])
    }

    /// `mayStart` at a place after the first (`s` ≥ 3) as 1 or 0, without a branch (`SignBit`).
    @inline(__always)
    static func startTest(_ runs: UnsafeBufferPointer<Double>, _ s: Int) -> UInt64 {
        SignBit.atLeast(runs[s &- 1], 0.99 * (runs[s &+ 1] + runs[s &+ 3] + runs[s &+ 4]))
    }

    /// Whether Standard 2 of 5's start pattern (wide, wide, narrow bar, narrow spaces) and quiet zone fit at run `s`.
    @inline(__always)
    static func mayStartStandard(_ runs: UnsafeBufferPointer<Double>, _ s: Int) -> Bool {
        guard s + 5 < runs.count else { return false }
        // The quiet zone first: few places on a frame without a code pass it (the tests are one conjunction).
        let narrow = (runs[s + 4] + runs[s + 1] + runs[s + 3]) / 3
        guard runs[s &- 1] >= 5 * narrow || s == 1 else { return false }
        let wide = (runs[s] + runs[s + 2]) / 2
        return wide > 1.8 * narrow && wide < 4.5 * narrow && runs[s + 4] < 1.5 * narrow
    }

    /// Standard 2 of 5 from the start pattern's first bar at run `s`.
    func standard(_ runs: [Double], _ s: Int, _ options: DecoderOptions) -> RowHit? {
        guard runs.withUnsafeBufferPointer({ Self.mayStartStandard($0, s) }) else { return nil }
        let narrow = (runs[s + 4] + runs[s + 1] + runs[s + 3]) / 3, wide = (runs[s] + runs[s + 2]) / 2
        let threshold = (narrow + wide) / 2
        var digits: [Int] = []
        var at = s + 6
        while at + 4 < runs.count {
            // The stop pattern: wide, narrow, wide bar, then the quiet zone.
            if at + 4 < runs.count, runs[at] > threshold, runs[at + 2] < threshold, runs[at + 4] > threshold,
               at + 5 >= runs.count || runs[at + 5] >= 5 * narrow {
                return Self.finish(digits, .code25, options, first: s, last: at + 4)
            }
            guard at + 9 < runs.count else { return nil }
            // Spaces between the bars stay narrow.
            for k in stride(from: 1, through: 9, by: 2) where runs[at + k] > threshold { return nil }
            guard let d = Self.digit(runs, at, every: 2, threshold: threshold) else { return nil }
            digits.append(d)
            at += 10
        }
        return nil
    }

    /// Whether Matrix 2 of 5's start pattern (a 4-module bar and five narrow elements) and quiet zone fit at run `s`.
    @inline(__always)
    static func mayStartMatrix(_ runs: UnsafeBufferPointer<Double>, _ s: Int) -> Bool {
        guard s + 6 < runs.count else { return false }
        let narrow = (runs[s + 1] + runs[s + 2] + runs[s + 3] + runs[s + 4] + runs[s + 5]) / 5
        // The quiet zone first, as for Standard 2 of 5.
        guard runs[s &- 1] >= 5 * narrow || s == 1 else { return false }
        let narrowLimit = 1.6 * narrow
        return runs[s] > 3 * narrow && runs[s] < 5.5 * narrow
            && runs[s + 1] < narrowLimit && runs[s + 2] < narrowLimit && runs[s + 3] < narrowLimit && runs[s + 4] < narrowLimit
            && runs[s + 5] < narrowLimit
    }

    /// Matrix 2 of 5 from the start pattern's first bar at run `s`.
    func matrix(_ runs: [Double], _ s: Int, _ options: DecoderOptions) -> RowHit? {
        guard runs.withUnsafeBufferPointer({ Self.mayStartMatrix($0, s) }) else { return nil }
        let narrow = (runs[s + 1] + runs[s + 2] + runs[s + 3] + runs[s + 4] + runs[s + 5]) / 5
        let threshold = 2 * narrow
        var digits: [Int] = []
        var at = s + 6
        while at + 4 < runs.count {
            // The stop pattern: the 4-module bar and two narrow bars, then the quiet zone.
            if runs[at] > 3 * narrow, (at + 1...at + 4).allSatisfy({ runs[$0] < 1.6 * narrow }),
               at + 5 >= runs.count || runs[at + 5] >= 5 * narrow {
                return Self.finish(digits, .matrix2of5, options, first: s, last: at + 4)
            }
            guard at + 5 < runs.count, runs[at + 5] < threshold,
                  let d = Self.digit(runs, at, every: 1, threshold: threshold) else { return nil }
            digits.append(d)
            at += 6
        }
        return nil
    }
}

/// The 2-of-5 digit table shared by the Code 25 family: five elements, two wide (1), most significant first.
enum Code25Tables {
    static let patterns: [Int] = [0b00110, 0b10001, 0b01001, 0b11000, 0b00101, 0b10100, 0b01100, 0b00011, 0b10010, 0b01010]
    /// The digit of each five-bit pattern, −1 where the pattern is not one.
    static let digitOfPattern: [Int] = (0..<32).map { patterns.firstIndex(of: $0) ?? -1 }
}
