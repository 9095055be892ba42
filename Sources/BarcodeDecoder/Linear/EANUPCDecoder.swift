/// Reads EAN-13, EAN-8, UPC-A and UPC-E from a run row, checking the check digit.
struct EANUPCDecoder: RowDecoder {
    let symbologies: Set<Symbology> = [.ean13, .ean8, .upcA, .upcE]
    static let maxDigitDistance = 0.28
    static let maxGuardDistance = 0.3
    /// The `guardSpread`, in modules, under which a symbol is read from its widths as measured, and under which one whose
    /// digits do not read with the spread taken off is read as measured too (`readingSpread`).
    static let spreadTaken = 0.1, spreadAlsoMeasured = 0.15
    /// The odd (L) and even (G) digit patterns' module widths as Doubles, four a digit in digit order.
    static let oddWidths: [Double] = EANUPCTables.odd.flatMap { $0.map(Double.init) }
    static let evenWidths: [Double] = EANUPCTables.even.flatMap { $0.map(Double.init) }

    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit] {
        var hits: [RowHit] = []
        // Looked up once a line, not at every start guard.
        let searched = options.searched
        let (reads13, reads8, readsE) = (searched.contains(.ean13) || searched.contains(.upcA), searched.contains(.ean8), searched.contains(.upcE))
        // The quiet zone's test at every bar reads the widths without a bounds test each (the loop's condition keeps it
        // inside).
        runs.withUnsafeBufferPointer { widths in
            var i = 1
            while i &+ 33 < widths.count {
                defer { i &+= 2 }
                // The quiet zone first: the cheaper test, and most bars on a line have none before them. A bound without
                // the quotient before it (`quietZoneBound`): most places fail it, and the branch on the quiet zone, which a
                // textured line takes either way at random, then waits for a product, not a division.
                let width = widths[i] + widths[i + 1] + widths[i + 2]
                guard widths[i &- 1] >= Self.quietZoneBound * width else { continue }
                let module = width / 3
                guard widths[i &- 1] >= module * 3 else { continue }
                guard RunPattern.distance(runs, i, [1, 1, 1], modules: 3) < Self.maxGuardDistance else {
                    // EAN-8 is read forward only (its left half as L digits), so its start guard is tested as its end
                    // guard is: each run may be half a pixel off (`RunPattern.quantizedDistance`). The light run after
                    // the symbol first (`decode8` asks 2.5 of its modules; here 1.5 of the guard's): on a frame without
                    // a code few places pass it.
                    if reads8, i &+ 43 < widths.count, widths[i &+ 43] >= module * 1.5,
                       RunPattern.quantizedDistance(runs, i, [1, 1, 1], modules: 3) < Self.maxGuardDistance,
                       let hit = decode8(runs, i) { hits.append(hit); i = hit.lastRun }
                    continue
                }
                if reads13, let hit = decode13(runs, i, options) { hits.append(hit); i = hit.lastRun; continue }
                if reads8, let hit = decode8(runs, i) { hits.append(hit); i = hit.lastRun; continue }
                if readsE, let hit = decodeE(runs, i) { hits.append(hit); i = hit.lastRun; continue }
            }
        }
        return hits
    }

    /// A fraction of the start guard's three runs together that the quiet zone before it (three times their mean,
    /// `module * 3`) is always at least: its two roundings stay far inside the margin.
    static let quietZoneBound = 0.99

    /// A quiet zone, the symbol's elements and the run after them, for the shortest symbology searched: UPC-E 33 elements,
    /// EAN-8 43, EAN-13 and UPC-A 59 (the guards of `decode`, `decodeE`, `decode8` and `decode13` from run 1).
    func fewestRuns(options: DecoderOptions) -> Int {
        let searched = options.searched
        if searched.contains(.upcE) { return 35 }
        if searched.contains(.ean8) { return 45 }
        if searched.contains(.ean13) || searched.contains(.upcA) { return 61 }
        return 35
    }

    /// The best digit for the four runs at `start`, and whether it has even parity (see `digitWithDistance`).
    private func digit(_ runs: [Double], _ start: Int, allowEven: Bool, module: inout Double, symbolModule: Double, spread: Double,
                       startsWithBar: Bool) -> (Int, Bool)? {
        digitWithDistance(runs, start, allowEven: allowEven, module: &module, symbolModule: symbolModule, spread: spread, startsWithBar: startsWithBar).map { ($0.0, $0.1) }
    }

    /// The best digit for the four runs at `start`, whether it has even parity, and its distance from the pattern.
    ///
    /// A digit is seven modules wide: one much wider or narrower than the symbol's modules say is not a digit, however
    /// well its four runs fit a pattern among themselves. It must be within 30 % of `symbolModule` (the symbol's mean
    /// module, or the start guard's) or, seen in perspective (modules shrinking along the line, so that the far end of a
    /// label turned away from the camera is further off the mean: twenty-sixth session), within 30 % of `module` (the
    /// digit's before it, or the start guard's for the first) and half of `symbolModule`. Not its neighbour's alone: on a
    /// crumpled label (`upca-3/11`) neighbouring digits are stretched apart more than that. On return `module` is this
    /// digit's, for the next.
    ///
    /// `spread` (`guardSpread`) is how much wider than a module the symbol's bars are drawn and narrower its spaces: it is
    /// taken off the digit's bars and given to its spaces before the patterns are compared, so that ink spread or blur
    /// under a dark exposure does not turn a digit into the one whose bars are a module wider (L2 into L8: both are 3
    /// modules from bar edge to bar edge).
    private func digitWithDistance(_ runs: [Double], _ start: Int, allowEven: Bool, module: inout Double, symbolModule: Double,
                                   spread: Double, startsWithBar: Bool) -> (Int, Bool, Double)? {
        let width = runs[start] + runs[start + 1] + runs[start + 2] + runs[start + 3]
        let nearMean = width > symbolModule * 7 * 0.7 && width < symbolModule * 7 * 1.3
        let nearNeighbour = width > module * 7 * 0.7 && width < module * 7 * 1.3 && width > symbolModule * 7 * 0.5
            && width < symbolModule * 7 * 1.5
        guard nearMean || nearNeighbour else { return nil }
        module = width / 7
        // `RunPattern.distance` against each of the twenty patterns, written out for four runs: their sum is taken once
        // (in the same order, so every distance is the same Double) and the widths are Doubles already.
        // A digit's runs alternate, from a space in the left half (and UPC-E) and from a bar in the right.
        let c = startsWithBar ? -spread : spread
        let r0 = runs[start] + c, r1 = runs[start + 1] - c, r2 = runs[start + 2] + c, r3 = runs[start + 3] - c
        var total = 0.0
        total += r0; total += r1; total += r2; total += r3
        guard total > 0 else { return nil }
        let unit = total / 7
        func distance(_ widths: [Double], _ d: Int) -> Double {
            let p = 4 * d
            var error = 0.0
            error += abs(r0 - widths[p] * unit)
            error += abs(r1 - widths[p + 1] * unit)
            error += abs(r2 - widths[p + 2] * unit)
            error += abs(r3 - widths[p + 3] * unit)
            return error / total
        }
        let (odd, evenWidths) = (Self.oddWidths, Self.evenWidths)
        var best = Double.infinity, value = -1, even = false
        for d in 0..<10 {
            let o = distance(odd, d)
            if o < best { best = o; value = d; even = false }
            if allowEven {
                let e = distance(evenWidths, d)
                if e < best { best = e; value = d; even = true }
            }
        }
        return best < Self.maxDigitDistance ? (value, even, best) : nil
    }

    /// The module of the start guard at `s` (three runs of one module).
    static func startGuardModule(_ runs: [Double], _ s: Int) -> Double { (runs[s] + runs[s + 1] + runs[s + 2]) / 3 }

    /// Half of how much wider the guards' bars are than their spaces (every guard run is a module): how much wider than
    /// its modules each bar of the symbol whose start guard's first bar is run `s` came out, and each space narrower, by
    /// ink spread or blur thresholded off its middle, in pixels (negative where the bars are thinner). The guards are the
    /// start guard's three runs and `others`.
    static func guardSpread(_ runs: [Double], _ s: Int, _ others: Range<Int>...) -> Double {
        var bars = runs[s] + runs[s + 2], spaces = runs[s + 1]
        var barCount = 2.0, spaceCount = 1.0
        for range in others {
            for i in range {
                // Runs alternate from the start guard's first bar.
                if (i - s) & 1 == 0 { bars += runs[i]; barCount += 1 } else { spaces += runs[i]; spaceCount += 1 }
            }
        }
        return (bars / barCount - spaces / spaceCount) / 2
    }

    /// `read`'s digits (given the spread to take off their runs) with the guards' `spread` taken off, or as measured.
    ///
    /// - Under a tenth of a module, as measured: a spread that small is within what the runs' edges are off by anyway
    ///   (correcting it turned a second line of a blurred UPC-E, the enlarged `upce-3/08`, into a misread the first
    ///   already made).
    /// - Otherwise taken off. This keeps a digit from being read as the one whose bars are a module wider (dark
    ///   exposures and ink spread). Without it, the darkened copy of `ean13-1/30` read 2075181072311 on six lines: it
    ///   passes the check digit. The photo `upce-3/11`, whose bars come out a third of a module narrower than its
    ///   spaces, reads only so.
    /// - Where the digits do not read with it taken off, and it is under 0.15 module, also as measured. A small symbol's
    ///   one-module guard runs can blur narrower than its wider elements (the 60 % copy of `upca-3/17`, whose two lines
    ///   read so). Not up to a quarter, which read three more copies as measured: a bit-flipped JPEG of a Codabar
    ///   symbol (`BitFlipTests`) then read EAN-8 99948894, one reading with 0.14 module taken off and one of 0.18 as
    ///   measured.
    @inline(__always)
    static func readingSpread<T>(_ spread: Double, module: Double, _ read: (Double) -> T?) -> T? {
        guard abs(spread) >= module * spreadTaken else { return read(0) }
        if let result = read(spread) { return result }
        guard abs(spread) < module * spreadAlsoMeasured else { return nil }
        return read(0)
    }

    /// The light run after the end guard: the specification asks 7 modules (9 for UPC-A), printed labels often leave
    /// less before a mark or border; 2.5 modules keep a symbol apart from bars that continue it.
    private func trailingQuietZone(_ runs: [Double], _ after: Int, module: Double) -> Bool {
        after < runs.count && runs[after] >= module * 2.5
    }

    private func decode13(_ runs: [Double], _ s: Int, _ options: DecoderOptions) -> RowHit? {
        guard s + 59 < runs.count else { return nil }
        // The guards and the quiet zone after the symbol first: each is a few runs, and every one must hold, so testing
        // them before the twelve digits rejects most starts on texture sooner with the same result.
        // The end guard's runs may each be half a pixel off for nothing (`RunPattern.quantizedDistance`): a guard of
        // three runs a few pixels wide is often a pixel off in two of them (`ean8-1/5` drawn at 3.7 px a module ends
        // 3, 5, 2 px), and a line read from the symbol's other end meets it first, as the start guard, where the plain
        // test sorts out the many bars of texture cheaply. (This reads six of the dev photos' transformed copies the plain
        // tests miss; both guards so tested read ten, but cost a frame without a code 0.9 % more instructions in the
        // decoding after the more start guards that pass.)
        // The symbol's module (its 59 runs summed) only once both guards hold.
        guard RunPattern.distance(runs, s + 27, [1, 1, 1, 1, 1], modules: 5) < Self.maxGuardDistance,
              RunPattern.quantizedDistance(runs, s + 56, [1, 1, 1], modules: 3) < Self.maxGuardDistance else { return nil }
        let module = runs[s..<s + 59].reduce(0, +) / 95
        guard trailingQuietZone(runs, s + 59, module: module) else { return nil }
        let spread = Self.guardSpread(runs, s, s + 27..<s + 32, s + 56..<s + 59)
        return Self.readingSpread(spread, module: module) { spread in digits13(runs, s, module: module, spread: spread, options) }
    }

    /// The digits of `decode13`'s symbol at `s`, its guards tested, read with `spread` taken off.
    private func digits13(_ runs: [Double], _ s: Int, module: Double, spread: Double, _ options: DecoderOptions) -> RowHit? {
        var digits: [Int] = []
        var parity: [Bool] = []
        var previous = Self.startGuardModule(runs, s)
        for k in 0..<6 {
            guard let (d, e) = digit(runs, s + 3 + 4 * k, allowEven: true, module: &previous, symbolModule: module, spread: spread,
                                     startsWithBar: false) else { return nil }
            digits.append(d); parity.append(e)
        }
        for k in 0..<6 {
            guard let (d, _) = digit(runs, s + 32 + 4 * k, allowEven: false, module: &previous, symbolModule: module, spread: spread,
                                     startsWithBar: true) else { return nil }
            digits.append(d)
        }
        guard let first = EANUPCTables.leadingDigitParity.firstIndex(of: parity) else { return nil }
        let all = [first] + digits
        guard EANUPCTables.checkDigit(Array(all.dropLast())) == all.last else { return nil }
        if first == 0 && options.searched.contains(.upcA) {
            let text = all.dropFirst().map(String.init).joined()
            return RowHit(symbology: .upcA, text: text, bytes: Array(text.utf8), firstRun: s, lastRun: s + 58)
        }
        guard options.searched.contains(.ean13) else { return nil }
        let text = all.map(String.init).joined()
        return RowHit(symbology: .ean13, text: text, bytes: Array(text.utf8), firstRun: s, lastRun: s + 58)
    }

    private func decode8(_ runs: [Double], _ s: Int) -> RowHit? {
        guard s + 43 < runs.count else { return nil }
        // The guards and the trailing quiet zone before the digits, as in `decode13`.
        guard RunPattern.distance(runs, s + 19, [1, 1, 1, 1, 1], modules: 5) < Self.maxGuardDistance,
              RunPattern.quantizedDistance(runs, s + 40, [1, 1, 1], modules: 3) < Self.maxGuardDistance else { return nil }
        let module = runs[s..<s + 43].reduce(0, +) / 67
        guard trailingQuietZone(runs, s + 43, module: module) else { return nil }
        // The digits as measured: EAN-8 has the fewest digits to fit by chance, and a second reading of each line inside
        // an EAN-13's thinned, blurred bars (the brighter copy of the blurred `ean13-1/30`) with the guards' spread taken
        // off read EAN-8 01118421 on four lines. Where they do not read and the guards show bars wider than their
        // spaces by a fifth of a module or more (ink spread, bars printed or exposed wider), with that spread taken off:
        // the 70 % nearest-neighbour copy of `ean8-1/1` shows bars of 4 and 7 px for one and two modules of 2.8.
        if let hit = digits8(runs, s, module: module, spread: 0) { return hit }
        let spread = Self.guardSpread(runs, s, s + 19..<s + 24, s + 40..<s + 43)
        guard spread >= module * Self.spreadTaken8 else { return nil }
        return digits8(runs, s, module: module, spread: spread)
    }

    /// The spread, in modules, over which an EAN-8 whose digits do not read as measured is read with it taken off: bars
    /// wider than their spaces only, by twice what EAN-13 takes off (`spreadTaken`).
    static let spreadTaken8 = 0.2

    /// The digits of `decode8`'s symbol at `s`, its guards tested, read with `spread` taken off.
    private func digits8(_ runs: [Double], _ s: Int, module: Double, spread: Double) -> RowHit? {
        var digits: [Int] = []
        // The left half holds odd (L) digits only: one that fits an even (G) pattern better is not EAN-8's, as when the
        // line runs through a symbol upside down (the right half's R digits read backwards are G patterns, some within
        // `maxDigitDistance` of an L pattern: `ean8-1/6` turned 180° read 85116887).
        var previous = Self.startGuardModule(runs, s)
        for k in 0..<4 {
            guard let (d, e) = digit(runs, s + 3 + 4 * k, allowEven: true, module: &previous, symbolModule: module, spread: spread,
                                     startsWithBar: false), !e else { return nil }
            digits.append(d)
        }
        for k in 0..<4 {
            guard let (d, _) = digit(runs, s + 24 + 4 * k, allowEven: false, module: &previous, symbolModule: module, spread: spread,
                                     startsWithBar: true) else { return nil }
            digits.append(d)
        }
        guard EANUPCTables.checkDigit(Array(digits.dropLast())) == digits.last else { return nil }
        let text = digits.map(String.init).joined()
        return RowHit(symbology: .ean8, text: text, bytes: Array(text.utf8), firstRun: s, lastRun: s + 42)
    }

    private func decodeE(_ runs: [Double], _ s: Int) -> RowHit? {
        guard s + 33 < runs.count else { return nil }
        // The end guard and the quiet zones before the digits, as in `decode13`.
        let guardDistance = RunPattern.distance(runs, s + 27, [1, 1, 1, 1, 1, 1], modules: 6)
        guard guardDistance < Self.maxGuardDistance else { return nil }
        let total = runs[s..<s + 33].reduce(0, +)
        guard trailingQuietZone(runs, s + 33, module: total / 51), runs[s - 1] >= total / 51 * 5, runs[s + 33] >= total / 51 * 5 else { return nil }
        let spread = Self.guardSpread(runs, s, s + 27..<s + 33)
        return Self.readingSpread(spread, module: total / 51) { spread in digitsE(runs, s, guardDistance: guardDistance, spread: spread) }
    }

    /// The digits of `decodeE`'s symbol at `s`, its guards tested, read with `spread` taken off.
    private func digitsE(_ runs: [Double], _ s: Int, guardDistance: Double, spread: Double) -> RowHit? {
        var digits: [Int] = []
        var parity: [Bool] = []
        var error = 0.0
        // Without a middle guard, the start guard's module bounds the digits (`digitWithDistance`).
        let guardModule = Self.startGuardModule(runs, s)
        var previous = guardModule
        for k in 0..<6 {
            guard let (d, e, distance) = digitWithDistance(runs, s + 3 + 4 * k, allowEven: true, module: &previous, symbolModule: guardModule,
                                                           spread: spread, startsWithBar: false)
            else { return nil }
            digits.append(d); parity.append(e); error += distance
        }
        for numberSystem in 0...1 {
            for check in 0..<10 {
                let expected = EANUPCTables.upcEParity[check].map { numberSystem == 0 ? $0 : !$0 }
                guard expected == parity else { continue }
                let upcA = EANUPCTables.expandUPCE(numberSystem: numberSystem, digits)
                guard EANUPCTables.checkDigit(upcA) == check else { return nil }
                let text = ([numberSystem] + digits + [check]).map(String.init).joined()
                return RowHit(symbology: .upcE, text: text, bytes: Array(text.utf8), firstRun: s, lastRun: s + 32, error: error / 6 + guardDistance)
            }
        }
        return nil
    }
}
