import Foundation

/// Reads the linear symbologies by sampling scan lines across the frame at several angles.
///
/// A symbol counts only when at least two scan lines read the same text, which keeps weak symbologies from false reads.
public struct LinearReader: SymbologyReader {
    public let symbologies: Set<Symbology> = [.ean13, .ean8, .upcA, .upcE, .code128, .code39, .interleaved2of5, .codabar, .dataBar, .dataBarExpanded, .dataBarLimited, .code93, .code25, .matrix2of5]
    let decoders: [any RowDecoder] = [EANUPCDecoder(), Code128Decoder(), Code39Decoder(), ITFDecoder(), CodabarDecoder(), DataBarDecoder(), DataBarExpandedDecoder(), DataBarLimitedDecoder(), Code93Decoder(), Code25Decoder()]

    public init() {}

    public var hasSecondLooks: Bool { true }

    /// Scan angles in degrees for an effort level.
    static func angles(effort: Int) -> [Double] {
        switch effort {
        case 1: stride(from: 0.0, to: 180, by: 30).map { $0 }
        case 2: stride(from: 0.0, to: 180, by: 15).map { $0 }
        default: stride(from: 0.0, to: 180, by: 7.5).map { $0 }
        }
    }

    /// Pixels between neighbouring scan lines for an effort level.
    static func spacing(effort: Int, width: Int, height: Int) -> Double {
        let base: Double = effort == 1 ? 10 : effort == 2 ? 5 : 3
        return max(base, Double(min(width, height)) / 120)
    }

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        let active = ActiveDecoders(decoders.filter { !$0.symbologies.isDisjoint(with: options.symbologies) }, options)
        guard !active.all.isEmpty else { return [] }
        var hits: [LineHit] = []
        let buffers = ScanLineBuffers()
        let w = Double(frame.image.width), h = Double(frame.image.height)
        // A frame one pixel thin (a line-scan camera) has no second line to agree with the first.
        let minimumLines = min(frame.image.width, frame.image.height) < 2 ? 1 : 2
        let vote = { (hits: [LineHit]) in Self.vote(hits, minimumLines: minimumLines) }
        // A cheap first look: a few pixel rows from the middle outwards (at least three on a thin frame), as most
        // symbols are held roughly level.
        let quickRows = PlainRowReadings()
        let quickLines = max(min(16, Int(h / 8)), min(3, Int(h)))
        // Room for every row at once: grown one row at a time, the record was rehashed four times a frame. (Only ever
        // looked up by row, so its capacity changes no order anything reads.)
        quickRows.rows.reserveCapacity(quickLines)
        sweep(frame, degrees: 0, lines: quickLines, group: 500, active, options, buffers: buffers,
              plainReadings: quickRows, into: &hits)
        let quickSpacing = Self.sweepSpacing(across: h, lines: quickLines)
        confirm(frame, rowsBeside: hits, spacing: quickSpacing, active, options, stopWhenRead: vote, buffers: buffers, plainReadings: quickRows,
                into: &hits)
        let quick = vote(hits)
        // A read's outline spans the rows that agree on it; its bars reach on towards the rows either side, which did
        // not read it. A region whose centre lies within a row spacing of it is those bars (`itf-1/13`: a symbol read on
        // rows 7 px apart, its region's centre 2 px below the outline, was crossed by 8 more lines).
        let quickOutlines = quick.map { Self.widenedAcross($0.corners, by: quickSpacing) }
        // Striped regions: scan each across its bars, at its own angle and a little either side; regions already read are
        // skipped. Only the largest: text, fences and textures make many small ones, and each costs lines.
        // A region must span two blocks across its bars: the shortest linear symbols are about 45 modules long, so one
        // shorter than two blocks (32 px) is text or texture even at one pixel per module.
        let regions = Array(Self.longEnough(frame.barRegions(effort: options.effort), effort: options.effort)
            .filter { region in !quickOutlines.contains { Self.contains($0, region.center) } && !frame.known.contains { Self.contains($0.corners, region.center) } }
            .sorted { $0.halfLength * $0.halfWidth > $1.halfLength * $1.halfWidth }.prefix(options.effort * 6))
        // Once a symbol is read (here or on a smaller layer), the remaining regions are mostly text and texture: a look at
        // their own angle still reads a second symbol that stands clear of them. Effort 2 crosses a region with 8 lines
        // (14 until the seventh session: on the real photos the extra 6 read nothing the later looks miss, and a frame
        // that reads nothing paid them at every angle of every region).
        let readBefore = !quick.isEmpty || frame.known.contains { $0.symbology.isLinear }
        // A region stops at the first angle that reads it; one that none reads is tried at the angle its bars show two lines
        // (the block gradients lean away from fine turned bars, `BarRegionSlant`).
        // The same once a region reads a symbol (a region inside it is skipped: its bars are that symbol's).
        let afterRead = options.effort == 2 ? (jitters: [0.0], lines: 8) : nil
        scanRegions(frame, regions, jitters: options.effort == 1 || (options.effort == 2 && (readBefore || frame.isReducedCopy)) ? [0] : [0, -0.06, 0.06],
                    lines: options.effort <= 2 ? 8 : 24, measuredSlant: true, active, options,
                    stopWhenRead: vote, afterRead: afterRead, buffers: buffers, into: &hits)
        // Second looks only on a layer that makes them and when no smaller layer read a linear symbol.
        let noSecondLooks = frame.known.contains { $0.symbology.isLinear } || !frame.makesLinearSecondLooks
        // The second looks, cheapest first, each only while nothing is read. First the binarized rows and columns: one
        // pass over the frame (shared with the 2D readers when they run) and cheap run lengths, which read a faint symbol
        // beside glare (and, on the real photos, some that only the closer look below read before, at a third of its
        // instructions: `upca-5/07` 45 → 19 M).
        if options.effort >= 2 && !noSecondLooks && vote(hits).isEmpty {
            binaryLines(frame, active, options, stopWhenRead: vote, buffers: buffers, into: &hits)
        }
        // The largest striped region once more along pixel lines sharpened over three pixels (`wideSharpenedLines`).
        if options.effort >= 2 && !noSecondLooks && vote(hits).isEmpty, let region = regions.first(where: { $0.halfLength >= 30 }) {
            wideSharpenedLines(frame, region, active, options, stopWhenRead: vote, buffers: buffers, into: &hits)
        }
        // Striped regions that read nothing get a closer look: more lines at more angles around theirs.
        if options.effort >= 2 && !regions.isEmpty && !noSecondLooks && vote(hits).isEmpty {
            // Only regions long enough to hold a symbol (a 60-pixel EAN-8 at one pixel per module): short ones are
            // text and texture, and the closer look costs many lines each.
            // The largest (effort 3: two), at angles from the region's outwards, ±0.05 rad (effort 3: ±0.1 rad, the lines
            // also read sharpened); a region stops at the first that reads. Each angle costs 16 lines of twice the samples,
            // and a frame that reads nothing pays them all. (On the real photos the angles at ±0.1 rad and the sharpened
            // lines at effort 2 read nothing the other looks miss, and cost a third of a missed frame's instructions.)
            // Then at the angle its bars show two lines (`BarRegionSlant`), as in the first look.
            let long = Array(regions.filter { $0.halfLength >= 30 }.prefix(options.effort - 1))
            let jitters = options.effort >= 3 ? [0, -0.05, 0.05, -0.1, 0.1] : [0, -0.05, 0.05]
            scanRegions(frame, long, jitters: jitters, lines: 16, step: 0.5, sharpen: options.effort >= 3, measuredSlant: true, active, options,
                        stopWhenRead: vote, buffers: buffers, into: &hits)
        }
        // Nothing read yet: denser rows across the whole frame, horizontal then vertical (low contrast or blur can hide a
        // symbol from the region finder).
        if options.effort >= 2 && !noSecondLooks && vote(hits).isEmpty {
            let most = options.effort >= 3 ? 64 : 24
            // A row the first look read already has its plain readings from there: only its sharpened reading is new. The
            // other lines make no plain readings (`scan`'s `plain`).
            sweep(frame, degrees: 0, lines: min(most, max(Int(h / 4), min(3, Int(h)))), group: 501, sharpen: true, plain: false, active, options,
                  buffers: buffers, plainReadings: quickRows, into: &hits)
            if vote(hits).isEmpty {
                sweep(frame, degrees: 90, lines: min(most, max(Int(w / 4), min(3, Int(w)))), group: 502, sharpen: true, plain: false, active, options,
                      buffers: buffers, into: &hits)
            }
        }
        // Last, still nothing read: pixel rows, then columns, each thresholded at its own histogram's valley after
        // sharpening (`HistogramLineThreshold`), for bars blurred along the line so that a narrow space stays a shallow
        // bump no other look's threshold splits (`ean13-1/37`). Only frames that read nothing else pay it.
        if options.effort >= 2 && !noSecondLooks && vote(hits).isEmpty {
            histogramLines(frame, active, options, stopWhenRead: vote, buffers: buffers, into: &hits)
        }
        // At effort 3, sweep the whole frame at fixed angles as well. (At effort 2 such a sweep of small frames with nothing
        // read cost up to 1,000 lines a frame and read nothing the looks above miss, on real photos or synthetic frames.)
        if options.effort >= 3 {
            let spacing = Self.spacing(effort: options.effort, width: frame.image.width, height: frame.image.height)
            for (angleIndex, degrees) in Self.angles(effort: options.effort).enumerated() {
                let a = degrees * .pi / 180
                let d = Point(cos(a), sin(a))
                let n = Point(-d.y, d.x)
                let center = Point(w / 2, h / 2)
                let halfDiagonal = (w * w + h * h).squareRoot() / 2
                var offset = -halfDiagonal + spacing / 2
                while offset < halfDiagonal {
                    if let (origin, length) = Self.clip(mid: center + n * offset, direction: d, width: w, height: h), length > 20 {
                        scan(frame, origin: origin, direction: d, length: length, group: angleIndex, normal: n, faintEdges: true, active, options,
                             buffers: buffers, into: &hits)
                    }
                    offset += spacing
                }
            }
        }
        return vote(hits)
    }

    /// The striped `regions` that span two of the region finder's blocks at `effort` across their bars (see `read`).
    static func longEnough(_ regions: [BarRegionFinder.Region], effort: Int) -> [BarRegionFinder.Region] {
        let blockSize = Double(BarRegionFinder.blockSize(effort: effort))
        return regions.filter { region in region.halfLength >= 1.25 * blockSize }
    }

    /// Fewer pixels than any linear symbol spans (the shortest are about 45 modules, at least 45 px even at a pixel per
    /// module): the two 16-pixel blocks the region finder asks for of a symbol's region.
    static let shortestSymbol = 32.0

    /// Scans `lines` pixel rows (0°) or columns (90°) from the middle of the frame outwards, spread over 90 % of it.
    ///
    /// With `plainReadings`, a pixel row (0°) read without `sharpen` records its plain readings there, and one read with
    /// `sharpen` that is recorded takes them from there (`scan`). Without `plain`, lines make no plain readings (`scan`).
    private func sweep(_ frame: PreparedFrame, degrees: Double, lines: Int, group: Int, sharpen: Bool = false, plain: Bool = true,
                       _ active: ActiveDecoders, _ options: DecoderOptions,
                       buffers: ScanLineBuffers, plainReadings: PlainRowReadings? = nil, into hits: inout [LineHit]) {
        guard lines > 0 else { return }
        let w = Double(frame.image.width), h = Double(frame.image.height)
        let spacing = Self.sweepSpacing(across: degrees == 0 ? h : w, lines: lines)
        let d = degrees == 0 ? Point(1, 0) : Point(0, 1), n = Point(-d.y, d.x)
        // A line that lies across symbols already read (by a reader before this one, or on a smaller layer) is skipped
        // unless enough of it lies clear of them to hold another symbol.
        let known = frame.known.map(\.corners)
        for k in 0..<lines {
            let offset = Double((k + 1) / 2) * spacing * (k % 2 == 0 ? 1 : -1)
            let mid = Point(w / 2, h / 2) + n * offset
            guard let (origin, length) = Self.clip(mid: Point(mid.x.rounded(.down) + 0.5, mid.y.rounded(.down) + 0.5), direction: d,
                                                   width: w, height: h), length > 20,
                  known.isEmpty || Self.longestStretch(origin: origin, direction: d, length: length, outside: known) >= Self.shortestSymbol else { continue }
            scan(frame, origin: origin, direction: d, length: length, group: group, normal: n, sharpen: sharpen, faintEdges: true, plain: plain, active, options,
                 buffers: buffers, plainReadings: degrees == 0 ? plainReadings : nil, into: &hits)
        }
    }

    /// Reads, for each text that one pixel row of `hits` read and no second row confirmed, the rows a quarter and half of
    /// the rows' `spacing` either side of that row, until the vote reads: the quick look's rows lie `spacing` apart, so a symbol
    /// whose bars span less than that, or whose other rows glare or a scratch spoils, is crossed by one row only, and
    /// waited for the second looks, which read the whole frame (`upce-3/08` and `upca-3/12` read their texts on one quick
    /// row each: 4.2 and 8.9 M instructions until a later look confirmed them).
    private func confirm(_ frame: PreparedFrame, rowsBeside hits: [LineHit], spacing: Double, _ active: ActiveDecoders, _ options: DecoderOptions,
                         stopWhenRead vote: ([LineHit]) -> [DecodedSymbol], buffers: ScanLineBuffers, plainReadings: PlainRowReadings,
                         into allHits: inout [LineHit]) {
        let read = vote(hits)
        let w = Double(frame.image.width), h = Double(frame.image.height)
        var rows: [Double] = []
        for hit in hits where !read.contains(where: { $0.symbology == hit.hit.symbology && $0.text == hit.hit.text }) && !rows.contains(hit.start.y) {
            rows.append(hit.start.y)
        }
        let d = Point(1, 0), n = Point(0, 1)
        for y in rows {
            for offset in [spacing / 4, -spacing / 4, spacing / 2, -spacing / 2] {
                let row = (y + offset).rounded(.down) + 0.5
                guard row > 0, row < h, let (origin, length) = Self.clip(mid: Point(w / 2, row), direction: d, width: w, height: h), length > 20
                else { continue }
                scan(frame, origin: origin, direction: d, length: length, group: 500, normal: n, sharpen: true, faintEdges: true, active, options,
                     buffers: buffers, plainReadings: plainReadings, into: &allHits)
                if !vote(allHits).isEmpty { break }
            }
        }
    }

    /// The distance between neighbouring lines of `sweep`: `lines` spread over 90 % of the frame's `extent` across them.
    static func sweepSpacing(across extent: Double, lines: Int) -> Double { extent * 0.9 / Double(max(1, lines)) }


    /// Whether `p` lies inside the convex quadrilateral `corners` (in order around it).
    static func contains(_ corners: [Point], _ p: Point) -> Bool {
        var sign = 0.0
        for i in 0..<corners.count {
            let a = corners[i], b = corners[(i + 1) % corners.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if sign == 0 { sign = cross } else if sign * cross < 0 { return false }
        }
        return true
    }

    /// The longest part of the line `origin + direction · t`, 0 ≤ t ≤ `length`, that lies outside every one of the convex
    /// `outlines`.
    static func longestStretch(origin: Point, direction d: Point, length: Double, outside outlines: [[Point]]) -> Double {
        // Where the line enters and leaves each outline: inside every edge's half-plane, each a bound on t.
        var covered: [(Double, Double)] = []
        for corners in outlines where corners.count >= 3 {
            var area = 0.0
            for i in corners.indices {
                let a = corners[i], b = corners[(i + 1) % corners.count]
                area += a.x * b.y - b.x * a.y
            }
            guard area != 0 else { continue }
            let orientation = area > 0 ? 1.0 : -1.0
            var t0 = 0.0, t1 = length
            for i in corners.indices {
                let a = corners[i], b = corners[(i + 1) % corners.count]
                // orientation · cross(b − a, origin + d·t − a) ≥ 0, i.e. c0 + c1·t ≥ 0.
                let c0 = orientation * ((b.x - a.x) * (origin.y - a.y) - (b.y - a.y) * (origin.x - a.x))
                let c1 = orientation * ((b.x - a.x) * d.y - (b.y - a.y) * d.x)
                if c1 > 0 { t0 = max(t0, -c0 / c1) } else if c1 < 0 { t1 = min(t1, -c0 / c1) } else if c0 < 0 { t1 = -1 }
            }
            if t1 > t0 { covered.append((t0, t1)) }
        }
        var longest = 0.0, reached = 0.0
        for (t0, t1) in covered.sorted(by: { $0.0 < $1.0 }) {
            longest = max(longest, t0 - reached)
            reached = max(reached, t1)
        }
        return max(longest, length - reached)
    }

    /// Scans each region across its bars at its angle plus each of `jitters` (radians), `lines` lines over its width.
    ///
    /// With `stopWhenRead`, a region's remaining angles are skipped once the lines it had so far vote a symbol. With
    /// `measuredSlant`, a region none of them read is scanned once more at the angle its bars show (`measuredDirection`).
    private func scanRegions(_ frame: PreparedFrame, _ regions: [BarRegionFinder.Region], jitters: [Double], lines: Int, step: Double = 1, sharpen: Bool = false,
                             measuredSlant: Bool = false,
                             _ active: ActiveDecoders, _ options: DecoderOptions, stopWhenRead vote: (([LineHit]) -> [DecodedSymbol])? = nil,
                             afterRead: (jitters: [Double], lines: Int)? = nil, buffers: ScanLineBuffers, into hits: inout [LineHit]) {
        let w = Double(frame.image.width), h = Double(frame.image.height)
        var (jitters, lines) = (jitters, lines)
        var read: [DecodedSymbol] = []
        for (index, region) in regions.enumerated() {
            if read.contains(where: { Self.contains($0.corners, region.center) }) { continue }
            let regionStart = hits.count
            // Lines at least 3 pixels apart (half as many as asked at most): a narrow region gains nothing from lines a pixel
            // or two apart, which see the same bars.
            let count = max(lines / 2, min(lines, Int(1.8 * region.halfWidth / 3)))
            var heldRuns = false
            let own = atan2(region.direction.y, region.direction.x)
            for j in 0...jitters.count {
                if let vote, hits.count > regionStart, !vote(Array(hits[regionStart...])).isEmpty { break }
                // No line at the region's own angle held as many runs as the decoders need: lines turned a few degrees
                // cross the same bars (their widths change by under 0.2 %) and hold no more.
                if j > 0 && !heldRuns { break }
                let base: Double
                if j < jitters.count {
                    base = own + jitters[j]
                } else {
                    // With `measuredSlant`, once more at the angle the region's bars show two lines (`measuredDirection`),
                    // unless an angle tried is within 0.03 rad of it.
                    guard measuredSlant, let measured = region.measuredDirection(in: frame.image) else { break }
                    let angle = atan2(measured.y, measured.x)
                    guard !jitters.contains(where: { abs(remainder(own + $0 - angle, 2 * .pi)) < 0.03 }) else { break }
                    base = angle
                }
                let d = Point(cos(base), sin(base)), n = Point(-d.y, d.x)
                let reach = region.halfLength * 1.6 + 60
                for k in 0..<count {
                    let offset = -region.halfWidth * 0.9 + 1.8 * region.halfWidth * (Double(k) + 0.5) / Double(count)
                    let mid = region.center + n * offset
                    guard let (origin, length) = Self.clip(mid: mid, direction: d, width: w, height: h) else { continue }
                    let a = mid - d * reach
                    let t0 = max(0, (a - origin).x * d.x + (a - origin).y * d.y)
                    let t1 = min(length, t0 + 2 * reach)
                    guard t1 - t0 > 20 else { continue }
                    if scan(frame, origin: origin + d * t0, direction: d, length: t1 - t0, group: 1000 + index * 100 + j, normal: n,
                            step: step, edges: (t0 == 0, t1 == length), sharpen: sharpen, active, options, buffers: buffers, into: &hits) {
                        heldRuns = true
                    }
                }
            }
            // With `afterRead`, once the lines so far read a symbol the remaining regions get its angles and lines.
            if let afterRead, let vote, hits.count > regionStart {
                read = vote(hits)
                if !read.isEmpty { (jitters, lines) = afterRead }
            }
        }
    }

    /// Samples one line, runs the decoders both ways, and keeps the better of conflicting reads. With `sharpen` (second
    /// looks), a line nothing else read is read once more sharpened; with `faintEdges` (the sweeps), its edges once more at
    /// the fainter floor before that. Whether any of its readings (but the faint edges) held as many runs as the decoders need.
    ///
    /// With `plainReadings` (pixel rows at whole-pixel steps, both ends at the border), a line read without `sharpen`
    /// records what its plain readings (thresholded or edges; half-pixel) read and whether they held enough runs, and a line
    /// read with `sharpen` that is recorded there (the same pixel row: the same gray values, so the same readings) takes
    /// them from the record and computes only its sharpened reading.
    ///
    /// Without `plain` (the dense sweeps, with `sharpen` and `faintEdges`), a line not so recorded makes no plain readings:
    /// only its edges at the fainter floor, then its sharpened reading. The dense sweeps come after the binarized look and
    /// before the histogram look, which read every pixel row and column at thresholds of their own (a local mean; the
    /// line's histogram valley after sharpening), and their plain readings read nothing on the probes that those and the
    /// sharpened reading do not, but the faint edges (`upce-3/09` in perspective; turned 90°, on a column), while they
    /// were a sixth of what a frame that reads nothing pays (`upca-5/27`, UPC-A: 2.0 of 12.8 M instructions; `upce-3/06`,
    /// UPC-E: 0.9 of 5.3 M).
    @discardableResult
    private func scan(_ frame: PreparedFrame, origin: Point, direction d: Point, length: Double, group: Int, normal n: Point,
                      step: Double = 1, edges: (start: Bool, end: Bool) = (true, true), sharpen: Bool = false, faintEdges: Bool = false,
                      plain: Bool = true, _ active: ActiveDecoders, _ options: DecoderOptions,
                      buffers: ScanLineBuffers, plainReadings: PlainRowReadings? = nil, into hits: inout [LineHit]) -> Bool {
        // A pixel row or column: its values and their sharpened values are known halves of whole numbers (`thresholdRuns`).
        let pixels = Self.readsPixels(origin: origin, direction: d, step: step)
        if sharpen, let recorded = plainReadings?.rows[origin.y], recorded.length == length {
            var lineHits = recorded.hits
            var heldRuns = recorded.heldRuns
            if lineHits.isEmpty {
                buffers.reserve(Int(length / min(step, 0.5)) + 2, radius: Int(24 / min(step, 0.5)))
                // A pixel row's sharpened reading reads its twice values only (`sharpenedReading`): its doubles are not written.
                let gray = UnsafeBufferPointer(start: buffers.gray, count: Self.grays(frame, origin: origin, direction: d, length: length, step: step,
                                                                                      into: buffers.gray, twice: pixels ? buffers.twice : nil,
                                                                                      doubles: !pixels))
                if sharpenedReading(gray, step: step, pixels: pixels, twiceReady: pixels, edges: edges, active, options, buffers: buffers,
                                    into: &lineHits) { heldRuns = true }
                if lineHits.isEmpty { lineHits = recorded.fineHits }
            }
            keep(lineHits, origin: origin, direction: d, group: group, normal: n, into: &hits)
            return heldRuns
        }
        // A plain line the first look on this frame read already (`RecordedLineReadings`): its readings as recorded, the
        // final ones being the half-pixel reading's where the plain readings read nothing (as below).
        let recordedLine = sharpen ? nil : frame.linearLines.map { _ in
            RecordedLineReadings.Line(originX: origin.x, originY: origin.y, directionX: d.x, directionY: d.y, length: length, step: step,
                                      startsAtBorder: edges.start, endsAtBorder: edges.end, faintEdges: faintEdges)
        }
        if let recordedLine, let reading = frame.linearLines?.reading(of: recordedLine) {
            plainReadings?.rows[origin.y] = reading
            keep(reading.hits.isEmpty ? reading.fineHits : reading.hits, origin: origin, direction: d, group: group, normal: n, into: &hits)
            return reading.heldRuns
        }
        if !plain {
            let fewest = active.fewestRuns
            buffers.reserve(Int(length / step) + 2, radius: Int(24 / step))
            // A pixel row or column's edge bound on twice its values (`lineGradient`'s `twice`), before its gradient: made
            // as the pixels are read. Its doubles are written only where its gradient is made (`lineGradient`'s
            // `unwrittenValues`): the sharpened reading reads the twice values alone (`sharpenedReading`), and the bound
            // refuses most lines (with the recorded rows' above: `upce-3/06`, UPC-E, 2.974 → 2.922 M instructions,
            // best-of-400 0.197 → 0.194 ms; `upca-5/19` 6.713 → 6.647 M).
            let twice: UnsafePointer<Int16>? = faintEdges && pixels ? UnsafePointer(buffers.twice) : nil
            let gray = UnsafeBufferPointer(start: buffers.gray, count: Self.grays(frame, origin: origin, direction: d, length: length, step: step,
                                                                                  into: buffers.gray, twice: twice == nil ? nil : buffers.twice,
                                                                                  doubles: twice == nil))
            var lineHits: [(hit: RowHit, a0: Double, a1: Double)] = []
            if faintEdges, var gradient = Self.lineGradient(gray, step: step, buffers: buffers, fewest: fewest, twice: twice, unwrittenValues: twice != nil),
               let faint = Self.edgeRuns(&gradient, floor: Self.faintEdgeFloor(noise: gradient.noise, range: twice.map { Self.range(twice: $0, count: gray.count) } ?? Self.range(gray)),
                                         buffers: buffers, fewest: fewest),
               faint.widths.count >= fewest {
                decode(faint, edges: edges, active, options, buffers: buffers, into: &lineHits)
            }
            let heldRuns = lineHits.isEmpty && sharpen && sharpenedReading(gray, step: step, pixels: pixels, twiceReady: twice != nil, edges: edges, active,
                                                                           options, buffers: buffers, into: &lineHits)
            keep(lineHits, origin: origin, direction: d, group: group, normal: n, into: &hits)
            return heldRuns
        }
        // Room for this line and for its second reading at half-pixel steps.
        let finest = min(step, 0.5)
        buffers.reserve(Int(length / finest) + 2, radius: Int(24 / finest))
        // A pixel line's twice its values made as its pixels are read, for the thresholding (`thresholdRuns`' `twiceReady`);
        // its doubles only where a reading falls back on them or its gradient is made (`unwrittenValues`): the quick look's
        // rows, read on every frame, `upca-1/16` (UPC-A) 0.751 → 0.736 M instructions, best-of-1000 0.0539 → 0.0527 ms;
        // `upce-3/06` 2.922 → 2.912 M.
        let gray = UnsafeBufferPointer(start: buffers.gray, count: Self.grays(frame, origin: origin, direction: d, length: length, step: step,
                                                                              into: buffers.gray, twice: pixels ? buffers.twice : nil,
                                                                              doubles: !pixels))
        let range = pixels ? Self.range(twice: buffers.twice, count: gray.count) : Self.range(gray)
        var lineHits: [(hit: RowHit, a0: Double, a1: Double)] = []
        // Midpoint thresholding first; where it reads nothing, the edges (gradient peaks), which survive blur that keeps
        // narrow bars and spaces from ever crossing the midpoint.
        // A line that cannot hold as many runs as the shortest symbology searched needs is not decoded, and its runs are
        // not found where a cheap bound shows it cannot (at whole-pixel steps the thresholded runs also serve the
        // half-pixel look below, from 40 runs).
        let fewest = active.fewestRuns
        let thresholded = Self.thresholdRuns(gray, step: step, range: range, buffers: buffers, fewest: step == 1 ? min(fewest, Self.fewestForFineLook) : fewest,
                                             knownHalves: pixels, twiceReady: pixels, unwrittenValues: pixels)
        var heldRuns = thresholded.widths.count >= fewest
        if heldRuns { decode(thresholded, edges: edges, active, options, buffers: buffers, into: &lineHits) }
        // The gray values were thresholded last: their whole numbers, where kept, are theirs.
        if lineHits.isEmpty,
           var gradient = Self.lineGradient(gray, step: step, buffers: buffers, fewest: fewest, twice: buffers.wholeValues(of: gray),
                                            unwrittenValues: pixels) {
            let floor = Self.standardEdgeFloor(noise: gradient.noise, range: range)
            if let edged = Self.edgeRuns(&gradient, floor: floor, buffers: buffers, fewest: fewest), edged.widths.count >= fewest {
                heldRuns = true
                decode(edged, edges: edges, active, options, buffers: buffers, into: &lineHits)
            }
            // A sweep's line once more at the fainter floor, for a blurred low-contrast symbol that fills the line. It does
            // not count as holding runs: only the region looks ask, and they do not read it (on the real photos it read
            // nothing there that the sweeps miss, and each line whose faint edges are many would turn a region's angles on).
            let faintFloor = Self.faintEdgeFloor(noise: gradient.noise, range: range)
            if lineHits.isEmpty && faintEdges && faintFloor < floor,
               let faint = Self.edgeRuns(&gradient, floor: faintFloor, buffers: buffers, fewest: fewest), faint.widths.count >= fewest {
                decode(faint, edges: edges, active, options, buffers: buffers, into: &lineHits)
            }
        }
        let plainHits = lineHits, plainHeldRuns = heldRuns
        // Blur that leaves a narrow space between two bars as a shallow bump within one dip: the line sharpened.
        if lineHits.isEmpty && sharpen {
            // `buffers.twice` still holds the pixels' twice values: the thresholding above and the edge readings only read them.
            if sharpenedReading(gray, step: step, pixels: pixels, twiceReady: pixels, edges: edges, active, options, buffers: buffers,
                                into: &lineHits) { heldRuns = true }
        }
        // Modules of about a pixel: the line once more at half-pixel steps, where midpoint thresholding of the
        // interpolated values places edges between pixels.
        var fineHits: [(hit: RowHit, a0: Double, a1: Double)] = []
        var fineHeldRuns = false
        if lineHits.isEmpty && step == 1 && thresholded.widths.count >= Self.fewestForFineLook && Self.medianRun(of: thresholded, isUnder: 2.5) {
            let fineCount = Self.grays(frame, origin: origin, direction: d, length: length, step: 0.5, into: buffers.second)
            let fineGray = UnsafeBufferPointer(start: buffers.second, count: fineCount)
            let fine = Self.thresholdRuns(fineGray, step: 0.5, range: Self.range(fineGray), buffers: buffers, fewest: fewest)
            if fine.widths.count >= fewest { fineHeldRuns = true; decode(fine, edges: edges, active, options, buffers: buffers, into: &fineHits) }
            heldRuns = heldRuns || fineHeldRuns
            lineHits = fineHits
        }
        if !sharpen && (plainReadings != nil || recordedLine != nil) {
            // Without `sharpen`, `heldRuns` is the plain or the half-pixel reading's, and `lineHits` the plain hits or, where
            // they are none, the half-pixel ones: the reading gives back both.
            let reading = PlainRowReadings.Reading(length: length, hits: plainHits, fineHits: fineHits, heldRuns: plainHeldRuns || fineHeldRuns)
            plainReadings?.rows[origin.y] = reading
            if let recordedLine { frame.linearLines?.record(reading, of: recordedLine) }
        }
        keep(lineHits, origin: origin, direction: d, group: group, normal: n, into: &hits)
        return heldRuns
    }

    /// The sharpened reading of `scan`: `gray` sharpened into `buffers.second`, thresholded and decoded where it holds the
    /// fewest runs. Whether it did. `pixels`: `gray` is a line that `readsPixels`; `twiceReady`: `buffers.twice` holds twice
    /// its values (`grays`' `twice`), from which twice the sharpened values are made (`sharpenedTwice`) for the
    /// thresholding, not from the sharpened doubles.
    private func sharpenedReading(_ gray: UnsafeBufferPointer<Double>, step: Double, pixels: Bool, twiceReady: Bool = false, edges: (start: Bool, end: Bool),
                                  _ active: ActiveDecoders, _ options: DecoderOptions, buffers: ScanLineBuffers,
                                  into lineHits: inout [(hit: RowHit, a0: Double, a1: Double)]) -> Bool {
        let fewest = active.fewestRuns
        let reach = max(1, Int((1 / step).rounded()))
        let sharp = UnsafeBufferPointer(start: buffers.second, count: gray.count)
        let ready = pixels && twiceReady && reach == 1
        // Where twice the sharpened values are made as whole numbers, the thresholding reads them and not the doubles,
        // which are made from them only where it falls back on them (`thresholdRuns`' `unwrittenValues`; never on a pixel
        // line, whose sharpened values lie within its bounds), and `gray` is not read. The doubles made every time were
        // 1.3 k instructions a line: `upce-3/06` (UPC-E, whose dense rows and columns are all so read) 3.040 → 2.974 M,
        // best-of-400 0.204 → 0.197 ms; `upca-5/19` 6.803 → 6.713 M.
        if !ready { Self.sharpened(gray, reach: reach, into: buffers.second) }
        if ready {
            // Made in the local minima's buffer (free until the thresholding's window extremes), then put in their place.
            let made = UnsafeMutableRawPointer(buffers.low).assumingMemoryBound(to: Int16.self)
            Self.sharpenedTwice(UnsafePointer(buffers.twice), count: gray.count, into: made)
            buffers.twice.update(from: made, count: gray.count)
        }
        let runs = Self.thresholdRuns(sharp, step: step, range: ready ? Self.range(twice: buffers.twice, count: sharp.count) : Self.range(sharp),
                                      buffers: buffers, fewest: fewest, knownHalves: pixels, twiceReady: ready, unwrittenValues: ready)
        guard runs.widths.count >= fewest else { return false }
        decode(runs, edges: edges, active, options, buffers: buffers, into: &lineHits)
        return true
    }

    /// The thresholded runs a line needs for its second reading at half-pixel steps.
    static let fewestForFineLook = 40

    /// The fewest runs any of `active` reads anything from (at least 20, the gate before decoders said their own).
    static func fewestRuns(_ active: [any RowDecoder], _ options: DecoderOptions) -> Int {
        max(20, active.reduce(Int.max) { min($0, $1.fewestRuns(options: options)) })
    }

    /// Adds one line's reads to `hits`, in frame coordinates; of two overlapping reads with different texts the one
    /// closer to the ideal patterns is kept.
    private func keep(_ lineHits: [(hit: RowHit, a0: Double, a1: Double)], origin: Point, direction d: Point, group: Int, normal n: Point,
                      into hits: inout [LineHit]) {
        for (index, h) in lineHits.enumerated() {
            let lo = min(h.a0, h.a1), hi = max(h.a0, h.a1)
            let beaten = lineHits.enumerated().contains { other in
                let olo = min(other.element.a0, other.element.a1), ohi = max(other.element.a0, other.element.a1)
                let overlap = min(hi, ohi) - max(lo, olo)
                return other.offset != index && other.element.hit.text != h.hit.text && overlap > (hi - lo) * 0.5
                    && (other.element.hit.error, other.offset) < (h.hit.error, index)
            }
            if !beaten {
                hits.append(LineHit(hit: h.hit, start: origin + d * h.a0, end: origin + d * h.a1, angle: group, normal: n))
            }
        }
    }

    /// The first second look: pixel rows, then columns, of the local-mean binarization (the 2D readers' own when the frame has
    /// one). Its threshold is the mean of a window around each pixel, not the midpoint of the line's local extremes under
    /// gates set by the line's contrast, so narrow elements beside glare or a dark edge, which those gates drop, keep
    /// their runs.
    private func binaryLines(_ frame: PreparedFrame, _ active: ActiveDecoders, _ options: DecoderOptions,
                             stopWhenRead vote: ([LineHit]) -> [DecodedSymbol], buffers: ScanLineBuffers,
                             into hits: inout [LineHit]) {
        let binary = frame.localMeanBinary()
        let lineRuns = BinaryLineRunBuffers(for: binary)
        let fewest = active.fewestRuns
        // A line's widths are its runs (one more than its colour changes) and at most a light run of no width at either
        // end: one whose changes cannot make the fewest widths is skipped before its runs are made. The changes of every
        // column are counted in one pass down the rows, once the rows have read nothing.
        var columnChanges: [Int32] = []
        // Columns are read down the matrix as they are (a transposed copy cost more than the columns read from it).
        pixelLines(frame, groups: (503, 504), active, options, stopWhenRead: vote, buffers: buffers, into: &hits) { rows, y, _ in
            if !rows && columnChanges.isEmpty { columnChanges = binary.colourChangesOfColumns() }
            let changes = rows ? binary.colourChanges(ofRow: y) : Int(columnChanges[y])
            guard changes + 3 >= fewest else { return nil }
            let row = lineRuns.runs(of: binary, line: y, isColumn: !rows)
            return row.widths.count >= fewest ? row : nil
        }
    }

    /// The last second look: pixel rows, then columns, each split into runs at its own histogram threshold after
    /// sharpening (`HistogramLineThreshold`).
    ///
    /// An EAN or UPC read whose runs average under `histogramShortestMeanRun` pixels is dropped (`pixelLines`).
    private func histogramLines(_ frame: PreparedFrame, _ active: ActiveDecoders, _ options: DecoderOptions,
                                stopWhenRead vote: ([LineHit]) -> [DecodedSymbol], buffers: ScanLineBuffers,
                                into hits: inout [LineHit]) {
        let image = frame.image
        let threshold = HistogramLineThreshold(longestLine: max(image.width, image.height))
        let fewest = active.fewestRuns
        // The columns from a transposed copy (`ByteTranspose`), made when the rows have read nothing: each column a row of
        // it, where gathering each pixel down the column at its stride cost as much as the histogram itself.
        var columns: UnsafeMutablePointer<UInt8>?
        defer { columns?.deallocate() }
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            pixelLines(frame, groups: (505, 506), shortestMeanRun: Self.histogramShortestMeanRun, active, options, stopWhenRead: vote,
                       buffers: buffers, into: &hits) { rows, y, lineLength in
                if rows { return threshold.runs(base + y * image.stride, count: lineLength, step: 1, minimumRuns: fewest) }
                if columns == nil {
                    let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: image.width * image.height)
                    ByteTranspose.transpose(base, sourceStride: image.stride, width: image.width, height: image.height, into: copy,
                                            targetStride: image.height)
                    columns = copy
                }
                return threshold.runs(columns! + y * image.height, count: lineLength, step: 1, minimumRuns: fewest)
            }
        }
    }

    /// The pixel rows (bars more upright than not) or columns across `region`, each sharpened against the pixels three
    /// away on either side and split at its own histogram threshold (`HistogramLineThreshold`, `reach` 3): blur over
    /// about a module of three pixels or more leaves a narrow element as a shallow bump that the one-pixel sharpening of
    /// the other looks does not lift across any threshold (`ean13-1/36`, read by neither zxing-cpp nor ZBar).
    ///
    /// A wider reach sharpens narrower modules into ringing: a read whose runs average under 1.5 × the reach (a module
    /// under about the reach, as symbols average 1.5–2 modules a run) is dropped (`ean13-3/03`, 1.7 px a module, read
    /// "3720264444200" on two rows, and the whole frame's rows so read a JPEG copy of `upce-3/05` as "04061201"). At most
    /// 48 lines, from the region's middle outwards, until the vote reads.
    private func wideSharpenedLines(_ frame: PreparedFrame, _ region: BarRegionFinder.Region, _ active: ActiveDecoders, _ options: DecoderOptions,
                                    stopWhenRead vote: ([LineHit]) -> [DecodedSymbol], buffers: ScanLineBuffers, into hits: inout [LineHit]) {
        let reach = 3
        let shortestMeanRun = 1.5 * Double(reach)
        let image = frame.image
        let d = region.direction
        let rows = abs(d.x) >= abs(d.y)
        let lines = rows ? image.height : image.width, lineLength = rows ? image.width : image.height
        // The region's extent across the lines: its half length and half width projected onto the line's normal.
        let extent = region.halfLength * (rows ? abs(d.y) : abs(d.x)) + region.halfWidth * (rows ? abs(d.x) : abs(d.y))
        let middle = rows ? region.center.y : region.center.x
        let first = max(0, Int((middle - extent).rounded(.down))), end = min(lines, Int((middle + extent).rounded(.up)) + 1)
        guard end > first else { return }
        let threshold = HistogramLineThreshold(longestLine: lineLength)
        let fewest = active.fewestRuns
        let direction = rows ? Point(1, 0) : Point(0, 1), normal = Point(-direction.y, direction.x)
        let known = frame.known.map(\.corners)
        let count = min(end - first, 48)
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for k in 0..<count {
                // The middle line first, then alternately either side of it.
                let slot = count / 2 + (k % 2 == 0 ? k / 2 : -(k + 1) / 2)
                let y = first + slot * (end - first) / count
                let origin = rows ? Point(0, Double(y) + 0.5) : Point(Double(y) + 0.5, 0)
                // Lines across known symbols are skipped, as the other pixel lines skip them.
                guard known.isEmpty || Self.longestStretch(origin: origin, direction: direction, length: Double(lineLength), outside: known) >= Self.shortestSymbol
                else { continue }
                guard let row = threshold.runs(base + (rows ? y * image.stride : y), count: lineLength, step: rows ? 1 : image.stride,
                                               minimumRuns: fewest, reach: reach) else { continue }
                var lineHits: [(hit: RowHit, a0: Double, a1: Double)] = []
                decode(row, edges: (true, true), active, options, buffers: buffers, into: &lineHits)
                lineHits.removeAll { Self.runsAverage($0, under: shortestMeanRun) }
                guard !lineHits.isEmpty else { continue }
                keep(lineHits, origin: origin, direction: direction, group: rows ? 507 : 508, normal: normal, into: &hits)
                if !vote(hits).isEmpty { return }
            }
        }
    }

    /// Whether a line's read spans its runs at under `pixels` each on average (a module too narrow for the look that
    /// read it: `wideSharpenedLines`, `histogramShortestMeanRun`).
    static func runsAverage(_ read: (hit: RowHit, a0: Double, a1: Double), under pixels: Double) -> Bool {
        abs(read.a1 - read.a0) < pixels * Double(read.hit.lastRun - read.hit.firstRun + 1)
    }

    /// The shortest mean run, in pixels, of an EAN or UPC read the histogram look keeps: a module of about a pixel (these
    /// symbols average 1.5–1.6 modules a run). Their digits are told apart by elements a module wider or narrower, under a
    /// check digit only, and at a pixel a module each pixel's rounding is a module: a frame scaled to 70 % without
    /// filtering, which drops whole columns, read EAN-13 `ean13-3/14` and `/36` (1.17 px a module) and UPC-E `upce-1/1`
    /// (1.2 px, on 61 rows) as other texts that pass their check digits, the histogram look alone. The next reads it
    /// makes are at 1.7 px a module; the one below, the 60 % copy of `ean13-3/03` at 1.0 px, is lost. Not the symbologies
    /// of narrow and wide elements (Code 39, Codabar, ITF) nor Code 128, whose low reads on this look (motion blur, 40 %
    /// copies) are right.
    static let histogramShortestMeanRun = 2.0

    /// Reads pixel rows, then columns (only while the rows read nothing), with the runs `runsOf(rows, index, length)`
    /// gives each line (nil: nothing to read). At most 240 lines each way, spread over the frame; lines across known
    /// symbols are skipped as the sweeps skip them. A line's EAN or UPC read whose runs average under `shortestMeanRun`
    /// pixels is dropped.
    private func pixelLines(_ frame: PreparedFrame, groups: (rows: Int, columns: Int), shortestMeanRun: Double = 0, _ active: ActiveDecoders, _ options: DecoderOptions,
                            stopWhenRead vote: ([LineHit]) -> [DecodedSymbol], buffers: ScanLineBuffers, into hits: inout [LineHit],
                            runsOf: (_ rows: Bool, _ index: Int, _ lineLength: Int) -> RunRow?) {
        let image = frame.image
        let known = frame.known.map(\.corners)
        for rows in [true, false] {
            if !rows && !vote(hits).isEmpty { break }
            let group = rows ? groups.rows : groups.columns
            let lines = rows ? image.height : image.width, lineLength = rows ? image.width : image.height
            let count = min(lines, 240)
            for k in 0..<count {
                // A frame of at most 240 lines has each read (k · lines / lines is k): the division's wait was at every line.
                let y = count == lines ? k : k * lines / count
                let origin = rows ? Point(0, Double(y) + 0.5) : Point(Double(y) + 0.5, 0)
                let d = rows ? Point(1, 0) : Point(0, 1), n = Point(-d.y, d.x)
                guard known.isEmpty || Self.longestStretch(origin: origin, direction: d, length: Double(lineLength), outside: known) >= Self.shortestSymbol
                else { continue }
                guard let row = runsOf(rows, y, lineLength) else { continue }
                var lineHits: [(hit: RowHit, a0: Double, a1: Double)] = []
                decode(row, edges: (true, true), active, options, buffers: buffers, into: &lineHits)
                if shortestMeanRun > 0 {
                    lineHits.removeAll { $0.hit.symbology.isEANOrUPC && Self.runsAverage($0, under: shortestMeanRun) }
                }
                keep(lineHits, origin: origin, direction: d, group: group, normal: n, into: &hits)
            }
        }
    }

    /// Runs every active decoder over `row` both ways; positions are along the line from its start. The widths decoded
    /// are filled into `buffers`' arrays.
    private func decode(_ row: RunRow, edges: (start: Bool, end: Bool), _ active: ActiveDecoders, _ options: DecoderOptions,
                        buffers: ScanLineBuffers, into lineHits: inout [(hit: RowHit, a0: Double, a1: Double)]) {
        let widths = row.widths, last = widths.count - 1
        guard last >= 0 else { return }
        // A symbol printed up to the image border has lost its quiet zone to the crop, not to clutter: where the line
        // ends at the border, the run there counts as a quiet zone whatever its width (positions keep the true widths).
        // The widths read from the other end too; where their runs begin is worked out only for a hit (`reversedStart`).
        buffers.setWidths(widths, quietStart: edges.start, quietEnd: edges.end)
        for pass in 0..<2 {
            let runs = pass == 0 ? buffers.forwardWidths : buffers.backwardWidths
            // Each active decoder called as its own type (`ActiveDecoders`), in `decoders`' order (`ActiveDecoders.order`):
            // through the protocol, each of the ten calls a pass at every line went through the existential's box and
            // witness table to a target the one call site changed at every call.
            func run<Decoder: RowDecoder>(_ decoder: Decoder?) {
                guard let decoder else { return }
                for hit in decoder.decode(runs, options: options) where options.searched.contains(hit.symbology) {
                    // Positions from the true widths: a border run counted as a quiet zone is 10⁶ wide in `runs`.
                    if pass == 0 {
                        lineHits.append((hit, row.starts[hit.firstRun], row.starts[hit.lastRun] + widths[hit.lastRun]))
                    } else {
                        let s0 = Self.reversedStart(widths, hit.firstRun)
                        let s1 = Self.reversedStart(widths, hit.lastRun) + widths[last - hit.lastRun]
                        lineHits.append((hit, row.total - s0, row.total - s1))
                    }
                }
            }
            run(active.eanUPC); run(active.code128); run(active.code39); run(active.itf); run(active.codabar)
            run(active.dataBar); run(active.dataBarExpanded); run(active.dataBarLimited); run(active.code93); run(active.code25)
        }
    }

    /// Where run `index` of `widths` read from the other end begins: the widths before it in that order summed one by one,
    /// as `RunRow.reversed` places its starts.
    static func reversedStart(_ widths: [Double], _ index: Int) -> Double {
        var position = 0.0
        for i in 0..<index { position += widths[widths.count - 1 - i] }
        return position
    }

    /// The part of the line through `mid` along `direction` inside the image: its start and length.
    static func clip(mid: Point, direction d: Point, width: Double, height: Double) -> (Point, Double)? {
        var t0 = -Double.infinity, t1 = Double.infinity
        for (p, v, limit) in [(mid.x, d.x, width), (mid.y, d.y, height)] {
            if abs(v) < 1e-9 {
                if p < 0 || p > limit { return nil }
            } else {
                var a = (0.5 - p) / v, b = (limit - 0.5 - p) / v
                if a > b { swap(&a, &b) }
                t0 = max(t0, a)
                t1 = min(t1, b)
            }
        }
        guard t1 > t0 else { return nil }
        return (mid + d * t0, t1 - t0)
    }

    /// Whether `grays` reads the line from `origin` along `d` at `step` as the pixels themselves (a pixel row or column
    /// through pixel centres, white outside the image): its values, and its values sharpened (`sharpened`, reach 1), are
    /// then halves of whole numbers, which the thresholding need not test (`SlidingExtremes.wholeExtremes`' `knownHalves`).
    static func readsPixels(origin: Point, direction d: Point, step: Double) -> Bool {
        step == 1 && (d.x == 0 || d.y == 0) && origin.x.rounded(.down) + 0.5 == origin.x && origin.y.rounded(.down) + 0.5 == origin.y
    }

    /// The gray values along the line, one every `step` pixels, into `g` (room for `Int(length / step) + 1`); their count.
    ///
    /// With `twice`, a line that `readsPixels` also writes twice each value there as a 16-bit whole number (what
    /// `SlidingExtremes.twiceOfHalves` makes of the values): from the bytes as they are read, where the thresholding and the
    /// faint edges' bound made them again from the doubles (four instructions a value, about a fifth of the pixel lines'
    /// window extremes' time: `upce-3/06`, UPC-E, 3.080 → 3.075 M instructions, best-of-400 0.2045 → 0.2023 ms). Without
    /// `doubles` such a line's values are left unwritten inside the image (the twice values alone), for a reading that
    /// works on the whole numbers and writes the doubles from them where it needs them (`halves(of:count:into:)`).
    static func grays(_ frame: PreparedFrame, origin: Point, direction d: Point, length: Double, step: Double = 1,
                      into g: UnsafeMutablePointer<Double>, twice: UnsafeMutablePointer<Int16>? = nil, doubles: Bool = true) -> Int {
        let count = Int(length / step) + 1
        let image = frame.image
        let width = image.width, height = image.height, stride = image.stride
        if Self.readsPixels(origin: origin, direction: d, step: step) {
            // Along a pixel row or column through pixel centres: the pixels themselves (a line's length keeps its index
            // arithmetic far from overflowing).
            let x0 = Int(origin.x), y0 = Int(origin.y), dx = Int(d.x), dy = Int(d.y)
            // The samples inside the image are one stretch of k (each coordinate moves by -1, 0 or 1 a step): found from
            // the ends inwards, they are read without a bounds test each.
            func isInside(_ k: Int) -> Bool {
                let x = x0 &+ dx &* k, y = y0 &+ dy &* k
                return x >= 0 && y >= 0 && x < width && y < height
            }
            var first = 0, end = count
            while first < end, !isInside(first) { g[first] = 255; twice?[first] = 510; first += 1 }
            while end > first, !isInside(end - 1) { end -= 1; g[end] = 255; twice?[end] = 510 }
            guard end > first else { return count }
            image.pixels.withUnsafeBufferPointer { pixels in
                let xStart: Int = x0 &+ dx &* first, yStart: Int = y0 &+ dy &* first
                let start = pixels.baseAddress! + (yStart &* stride &+ xStart), pitch: Int = dy &* stride &+ dx
                let out = g + first
                if let twice, !doubles {
                    let doubled = twice + first
                    if pitch == 1 {
                        for k in 0..<(end - first) { doubled[k] = Int16(start[k]) &<< 1 }
                    } else {
                        for k in 0..<(end - first) { doubled[k] = Int16(start[k &* pitch]) &<< 1 }
                    }
                } else if let twice {
                    let doubled = twice + first
                    if pitch == 1 {
                        for k in 0..<(end - first) { out[k] = Double(start[k]); doubled[k] = Int16(start[k]) &<< 1 }
                    } else {
                        for k in 0..<(end - first) {
                            let byte = start[k &* pitch]
                            out[k] = Double(byte)
                            doubled[k] = Int16(byte) &<< 1
                        }
                    }
                } else if pitch == 1 {
                    // A row read rightwards: consecutive bytes, in a loop the compiler vectorizes (the strided one
                    // converts a pixel at a time).
                    for k in 0..<(end - first) { out[k] = Double(start[k]) }
                } else {
                    for k in 0..<(end - first) { out[k] = Double(start[k &* pitch]) }
                }
            }
            return count
        }
        // `PreparedFrame.bilinear` on the pixels directly: this runs for every sample of every line. Inside the pixel
        // centres its interior reading with the bounds taken once, each pixel's value read from a table
        // (`PreparedFrame.pixelValues`: the same values, fewer instructions); a sample nearer the border takes the
        // function itself. Each coordinate is a monotone function of k, so the interior samples are one stretch of k,
        // found from the line's ends inwards: the samples between need no test of their own.
        let inner = (x: Double(width - 1), y: Double(height - 1))
        func point(_ k: Int) -> Point { origin + d * (Double(k) * step) }
        func isInterior(_ p: Point) -> Bool {
            let fx = p.x - 0.5, fy = p.y - 0.5
            return fx >= 0 && fy >= 0 && fx < inner.x && fy < inner.y
        }
        image.pixels.withUnsafeBufferPointer { pixels in
            func border(_ p: Point) -> Double { PreparedFrame.bilinear(pixels, width: width, height: height, stride: stride, p.x, p.y) }
            var first = 0, end = count
            while first < end, !isInterior(point(first)) { g[first] = border(point(first)); first += 1 }
            while end > first, !isInterior(point(end - 1)) { end -= 1; g[end] = border(point(end)) }
            // Two samples at a time (`GrayImage.interiorLine`: at `from` 0 each coordinate is `point(k)`'s, 0 + k · step
            // being k · step, so each sample is `PreparedFrame.interior`'s at `point(k)`, to the bit).
            GrayImage.interiorLine(pixels.baseAddress!, stride: stride, origin: origin, direction: d, from: 0, step: step,
                                   samples: first..<end, into: g)
        }
        return count
    }

    /// The line `g` sharpened, into `out`: each value twice itself less the mean of its neighbours `reach` samples either
    /// side, so a narrow space that blur left as a shallow bump between two bars crosses the midpoint again.
    ///
    /// The ends (within `reach` of either end) keep their values. The middle is one plain loop over pointers the reach
    /// apart, without the overflow tests of `k − reach` and `k + reach` at every sample, which kept the compiler from
    /// vectorizing it (16 instructions a sample, 4.5 now: the same expression, so the same values).
    static func sharpened(_ g: UnsafeBufferPointer<Double>, reach: Int, into out: UnsafeMutablePointer<Double>) {
        let n = g.count
        guard n > 2 * reach else {
            out.update(from: g.baseAddress!, count: n)
            return
        }
        let base = g.baseAddress!
        out.update(from: base, count: reach)
        (out + (n - reach)).update(from: base + (n - reach), count: reach)
        let left = base, middle = base + reach, right = base + 2 * reach, target = out + reach
        for i in 0..<(n - 2 * reach) { target[i] = 2 * middle[i] - (left[i] + right[i]) / 2 }
    }

    /// The values whose twice are `twice` (whole numbers, `count` of them), into `g`: each half of its twice, exactly.
    /// A pixel line's values and their sharpened values (`sharpened`) are such halves and never −0 (a difference of equal
    /// values is +0), so these are their doubles to the bit, made from the whole numbers where a reading that works on
    /// those has not written the doubles.
    static func halves(of twice: UnsafePointer<Int16>, count: Int, into g: UnsafeMutablePointer<Double>) {
        for k in 0..<count { g[k] = Double(Int32(twice[k])) * 0.5 }
    }

    /// Twice the values of a line of whole numbers sharpened at reach 1 (`sharpened`), from twice its values (`twice`, G,
    /// each even: a pixel line's, 0…510), into `out`: the sharpened value 2v − (l + r) / 2 is twice it 4v − (l + r), that
    /// is 2G − (L + R) / 2, a whole number (L + R is even), −510…1,020 for a pixel line; the two end values keep theirs.
    /// What `SlidingExtremes.twiceOfHalves` makes of the sharpened doubles, in 16-bit lanes eight to a vector register
    /// where the doubles' rounding took four instructions a value (the pixel lines' sharpened readings: `upce-3/06`, UPC-E,
    /// 3.075 → 3.062 M instructions; the clock within its noise).
    static func sharpenedTwice(_ twice: UnsafePointer<Int16>, count n: Int, into out: UnsafeMutablePointer<Int16>) {
        guard n > 2 else {
            out.update(from: twice, count: n)
            return
        }
        out[0] = twice[0]
        out[n - 1] = twice[n - 1]
        let left = twice, middle = twice + 1, right = twice + 2, target = out + 1
        for i in 0..<(n &- 2) { target[i] = middle[i] &* 2 &- (left[i] &+ right[i]) &>> 1 }
    }

    /// `range` of a line of halves of whole numbers from twice its values (`twice`, `count` of them): the largest less the
    /// smallest of the whole numbers, halved (exactly the values' range), eight to a vector register where the doubles went
    /// two (a pixel line's thresholding and sharpened reading each took one of the doubles: `upce-3/06`, UPC-E, 3.062 →
    /// 3.043 M instructions, best-of-400 0.2025 → 0.2014 ms).
    static func range(twice: UnsafePointer<Int16>, count: Int) -> Double {
        guard count > 0 else { return 0 }
        var low = twice[0], high = low
        for k in 0..<count {
            low = SlidingExtremes.smaller(low, twice[k])
            high = SlidingExtremes.larger(high, twice[k])
        }
        return Double(Int32(high) - Int32(low)) * 0.5
    }

    /// The largest of `values` less the smallest (0 when empty), in one pass.
    ///
    /// Eight values a step into four pairs of running extremes, two lanes each, joined at the end: the extremes of the
    /// same values in another order are the same values (never NaN, and equal ones alike: no gray value or sharpened
    /// value is −0). One running pair waited for each value's minimum and maximum before the next, and that chain was
    /// about half of `scan`'s time: `upce-3/06` 2.7 % faster on the clock without it.
    static func range(_ values: UnsafeBufferPointer<Double>) -> Double {
        guard let base = values.baseAddress, values.count > 0 else { return 0 }
        let n = values.count
        var low = base[0], high = low
        var k = 0
        if n >= 8 {
            @inline(__always) func load(_ i: Int) -> SIMD2<Double> { UnsafeRawPointer(base + i).loadUnaligned(as: SIMD2<Double>.self) }
            var (low0, low1, low2, low3) = (load(0), load(2), load(4), load(6))
            var (high0, high1, high2, high3) = (low0, low1, low2, low3)
            k = 8
            while k &+ 8 <= n {
                let a = load(k), b = load(k &+ 2), c = load(k &+ 4), d = load(k &+ 6)
                low0 = SlidingExtremes.smaller(low0, a); high0 = SlidingExtremes.larger(high0, a)
                low1 = SlidingExtremes.smaller(low1, b); high1 = SlidingExtremes.larger(high1, b)
                low2 = SlidingExtremes.smaller(low2, c); high2 = SlidingExtremes.larger(high2, c)
                low3 = SlidingExtremes.smaller(low3, d); high3 = SlidingExtremes.larger(high3, d)
                k &+= 8
            }
            let lows = SlidingExtremes.smaller(SlidingExtremes.smaller(low0, low1), SlidingExtremes.smaller(low2, low3))
            let highs = SlidingExtremes.larger(SlidingExtremes.larger(high0, high1), SlidingExtremes.larger(high2, high3))
            low = SlidingExtremes.smaller(lows[0], lows[1])
            high = SlidingExtremes.larger(highs[0], highs[1])
        }
        // The running extremes first, kept in their registers (`SlidingExtremes.widen`).
        while k < n {
            low = SlidingExtremes.smaller(low, base[k]); high = SlidingExtremes.larger(high, base[k])
            k &+= 1
        }
        return high - low
    }

    /// Samples the line at one-pixel steps and splits it into runs by midpoint thresholding.
    ///
    /// The threshold is the midpoint of the local minimum and maximum along the line; where the local contrast is below
    /// the line's noise level the previous colour holds, so wide bars and quiet zones stay whole. Works in `buffers`; a
    /// line that cannot give `fewest` runs gives one run (see `thresholdRuns`).
    static func sample(_ frame: PreparedFrame, origin: Point, direction d: Point, length: Double, step: Double = 1,
                       buffers: ScanLineBuffers, fewest: Int = 0) -> RunRow {
        buffers.reserve(Int(length / step) + 1, radius: Int(8 / step))
        let count = grays(frame, origin: origin, direction: d, length: length, step: step, into: buffers.gray)
        let gray = UnsafeBufferPointer(start: buffers.gray, count: count)
        return thresholdRuns(gray, step: step, range: range(gray), buffers: buffers, fewest: fewest,
                             knownHalves: readsPixels(origin: origin, direction: d, step: step))
    }

    /// The least local contrast (maximum less minimum within ±8 px) at which `thresholdRuns` lets the colour change.
    static let leastContrast = 20.0

    /// Runs from gray values by midpoint thresholding (see `sample`); `range` is `range(g)`. Works in `buffers` (reserved
    /// for `g.count` values), which must not hold `g`'s values.
    ///
    /// A line that cannot give `fewest` runs gives one run (the whole line) instead: before the noise level, the wide
    /// window and the thresholding itself, the colour changes are counted under the local gates alone (the window's
    /// contrast and the margin past its midpoint), which bounds their number.
    ///
    /// With `knownHalves` every value of `g` is known to be a half of a whole number under 8,192 in size (a line that
    /// `readsPixels`, or such a line sharpened), and is not tested for it; with `twiceReady` too, `buffers.twice` holds
    /// twice each value already (`grays`' `twice`).
    ///
    /// With `unwrittenValues` (and `knownHalves` and `twiceReady`), `g`'s values are not written yet: the whole numbers
    /// stand for them, and they are written from those (`halves(of:count:into:)`) only where the thresholding falls back on
    /// the doubles (whole numbers too large for its bounds).
    static func thresholdRuns(_ g: UnsafeBufferPointer<Double>, step: Double, range: Double, buffers: ScanLineBuffers, fewest: Int = 0,
                              knownHalves: Bool = false, twiceReady: Bool = false, unwrittenValues: Bool = false) -> RunRow {
        let count = g.count
        let narrow = Int(8 / step), wide = Int(80 / step)
        let localLow = buffers.low, localHigh = buffers.high
        // Pixel rows and columns (and their sharpened values) hold halves of whole numbers: their extremes on 16-bit
        // integers, the same values at a fraction of the instructions.
        let halves = SlidingExtremes.wholeExtremes(g.baseAddress!, count: count, radius: narrow, scratch: buffers.scratch, twice: buffers.twice,
                                                   knownHalves: knownHalves, twiceReady: knownHalves && twiceReady)
        if halves == nil {
            SlidingExtremes.compute(g.baseAddress!, count: count, radius: narrow, low: localLow, high: localHigh, scratch: buffers.scratch)
        }
        // Made only where returned: a line that gives its runs paid an allocation for it.
        func tooFew() -> RunRow { RunRow(widths: [Double(count) * step], starts: [0]) }
        // The bound on the whole numbers where the line is of halves and they allow it (the same answer), else on the doubles.
        let wholeBound = halves.flatMap { Self.boundsColourChanges($0) ? $0 : nil }
        if wholeBound == nil && unwrittenValues && count > 0 {
            Self.halves(of: buffers.twice, count: count, into: UnsafeMutablePointer(mutating: g.baseAddress!))
        }
        // Kept for the edge bound of the same line (`ScanLineBuffers.wholeValues(of:)`).
        buffers.wholeLine = wholeBound != nil ? (g.baseAddress!, count) : nil
        // The extremes as doubles (`computeOnHalves`'), where the bounds and the thresholding do not read the whole numbers.
        if let halves, wholeBound == nil { halves.writeExtremes(low: localLow, high: localHigh) }
        func mayChangeColour(_ minimumContrast: Double) -> Bool {
            if let wholeBound { return Self.mayChangeColour(halves: wholeBound, minimumContrast: minimumContrast, times: fewest - 2) }
            return Self.mayChangeColour(g, low: localLow, high: localHigh, minimumContrast: minimumContrast, times: fewest - 2)
        }
        // The bound first at the least contrast the thresholding ever takes, then (where that passes) at the line's own.
        if fewest > 2 && !mayChangeColour(Self.leastContrast) { return tooFew() }
        let minimumContrast = wholeBound.map { Self.minimumContrast(halves: $0, range: range) } ?? Self.minimumContrast(g, range: range)
        if fewest > 2 && minimumContrast > Self.leastContrast && !mayChangeColour(minimumContrast) { return tooFew() }
        // At most one run a sample and two more at the end: into the buffers, then arrays of the exact size.
        let widths = buffers.runWidths, starts = buffers.runStarts
        starts[0] = 0
        let widened = narrow >= 1 && wide > narrow
        let changes: Int
        if let wholeBound {
            // The wide window and the thresholding on the whole numbers too (the same changes): the wide extremes in the
            // doubles' buffers, the first pass's bits in the local minima's, which this path leaves unused.
            func whole(_ buffer: UnsafeMutablePointer<Double>) -> UnsafeMutablePointer<Int16> {
                UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: Int16.self)
            }
            var wideLow = wholeBound.low, wideHigh = wholeBound.high
            if widened {
                // The widening's scratch past the wide minima, in the rest of their buffer.
                SlidingExtremes.widen(low: wholeBound.low, high: wholeBound.high, count: count, narrow: narrow, to: wide,
                                      wideLow: whole(buffers.wideLow), wideHigh: whole(buffers.wideHigh),
                                      scratch: UnsafeMutableBufferPointer(start: whole(buffers.wideLow) + count, count: 4 * buffers.capacity - count))
                (wideLow, wideHigh) = (UnsafePointer(whole(buffers.wideLow)), UnsafePointer(whole(buffers.wideHigh)))
            }
            changes = MidpointColourChanges.find(halves: wholeBound, wideLow: wideLow, wideHigh: wideHigh, minimumContrast: minimumContrast,
                                                 events: UnsafeMutableRawPointer(localLow).assumingMemoryBound(to: UInt8.self), buffers: buffers)
        } else {
            var wideLow = localLow, wideHigh = localHigh
            if widened {
                (wideLow, wideHigh) = (buffers.wideLow, buffers.wideHigh)
                // The window extremes' scratch is free again (`find` takes it after).
                SlidingExtremes.widen(low: localLow, high: localHigh, count: count, narrow: narrow, to: wide, wideLow: wideLow, wideHigh: wideHigh,
                                      scratch: UnsafeMutableBufferPointer(start: buffers.scratch, count: SlidingExtremes.scratchCount(count, radius: narrow)))
            }
            changes = MidpointColourChanges.find(g, low: localLow, high: localHigh, wideLow: wideLow, wideHigh: wideHigh,
                                                 minimumContrast: minimumContrast, buffers: buffers)
        }
        var runs = changes, startCount = changes + 1
        widths[runs] = Double(count) - starts[changes]
        runs += 1
        // An odd number of changes leaves the line dark: a light run of no width closes it.
        if changes % 2 == 1 {
            starts[startCount] = Double(count)
            startCount += 1
            widths[runs] = 0
            runs += 1
        }
        if step != 1 {
            for i in 0..<runs { widths[i] *= step }
            for i in 0..<startCount { starts[i] *= step }
        }
        return RunRow(widths: Array(UnsafeBufferPointer(start: widths, count: runs)), starts: Array(UnsafeBufferPointer(start: starts, count: startCount)))
    }

    /// The least local contrast at which `thresholdRuns` lets the colour of `g` change (`range` is `range(g)`): six times
    /// the line's noise level (the median of its steps, `SlidingExtremes.median(count:_:)`), but at least `leastContrast`.
    /// On a line mostly covered by narrow bars every step is an edge and the median step is no noise level: the margin is
    /// capped at a quarter of the line's range.
    ///
    /// That is `max(leastContrast, min(6 · noise, range / 4))`, and the median is found only where it decides it (six
    /// times the noise grows with the median):
    /// - where a quarter of the range is no more than `leastContrast`, that is the answer whatever the noise;
    /// - where the median is at least the fewest quarters whose six times reach a quarter of the range
    ///   (`quartersReaching`), the answer is that quarter of the range;
    /// - where it is below the fewest quarters whose six times reach `leastContrast`, the answer is `leastContrast`.
    /// One count of the steps below each bound tells both (`SlidingExtremes.median(count:isAtLeastQuarters:_:_:)`), at
    /// about a quarter of the histogram's instructions. On the frames without a code nearly every line is of the second
    /// kind (textured lines step by more than their range's 24th at the median: `falsepositives-1/15`, 727 of 734 lines;
    /// `/10`, 613 of 689); only the others find the median, and count their steps twice.
    @inline(__always)
    static func minimumContrast(_ g: UnsafeBufferPointer<Double>, range: Double) -> Double {
        let capped = range * 0.25
        if capped <= Self.leastContrast { return Self.leastContrast }
        // The histogram's bins go up to 1,020 quarters (255): no median reaches 1,021.
        let reaching = min(Self.quartersReaching(capped) ?? 1021, 1021)
        let steps = max(0, g.count - 1)
        let atLeast = SlidingExtremes.median(count: steps, isAtLeastQuarters: Self.quietNoiseQuarters, reaching) { k in abs(g[k + 1] - g[k]) }
        // min(6 · noise, capped) is `capped` (or, where the two are equal, the same value).
        if atLeast.high { return max(Self.leastContrast, capped) }
        // 6 · noise < leastContrast.
        if !atLeast.low { return Self.leastContrast }
        let noise = SlidingExtremes.median(count: steps) { k in abs(g[k + 1] - g[k]) }
        return max(Self.leastContrast, min(noise * 6, capped))
    }

    /// `minimumContrast` of a line of halves of whole numbers, from twice its values (`halves.twice`, G, within
    /// ±`largestWholeBoundValue` halves: `boundsColourChanges`), eight steps to a vector register where the doubles
    /// went two, and the median, where it decides, by counts instead of the histogram.
    ///
    /// Step k is h / 2, h = |G[k + 1] − G[k]|, so its quarters (`SlidingExtremes.quarters`) are q = 2 · min(h, 510),
    /// and the expression `median(count:isAtLeastQuarters:_:_:)` compares with a bound b, q + 0.5, lies below it exactly
    /// where q < b. The median is the least q that more than half the steps are at most, found by halving the span
    /// between the two bounds, which it lies within where it decides.
    static func minimumContrast(halves: SlidingExtremes.Halves, range: Double) -> Double {
        let capped = range * 0.25
        if capped <= Self.leastContrast { return Self.leastContrast }
        let reaching = min(Self.quartersReaching(capped) ?? 1021, 1021)
        let steps = max(0, halves.count - 1), half = steps / 2
        // The median of no steps is 0: under `quietNoiseQuarters`.
        guard steps > 0 else { return Self.leastContrast }
        let g = halves.twice, raw = UnsafeRawPointer(g)
        // How many steps' quarters lie below `bound` (at most 1,021): eight steps to a vector, counted in its 16-bit
        // lanes over blocks short enough that no lane's count wraps; the last few steps one by one.
        @inline(__always) func quarters(_ step: SIMD8<Int16>) -> SIMD8<Int16> {
            pointwiseMin(pointwiseMax(step, SIMD8() &- step), SIMD8(repeating: 510)) &* 2
        }
        func below(_ bound: Int) -> Int {
            let limit = SIMD8<Int16>(repeating: Int16(bound))
            var total = 0, k = 0
            while k &+ 8 <= steps {
                var lanes = SIMD8<Int16>()
                let end = Swift.min(steps &- 8, k &+ 8 &* 32_000)
                while k <= end {
                    let step = raw.loadUnaligned(fromByteOffset: 2 &* k &+ 2, as: SIMD8<Int16>.self)
                        &- raw.loadUnaligned(fromByteOffset: 2 &* k, as: SIMD8<Int16>.self)
                    lanes &+= SIMD8<Int16>().replacing(with: 1, where: quarters(step) .< limit)
                    k &+= 8
                }
                total &+= Int(lanes.wrappedSum())
            }
            while k < steps {
                let step = g[k &+ 1] &- g[k]
                total &+= Swift.min(Swift.max(step, 0 &- step), 510) &* 2 < Int16(bound) ? 1 : 0
                k &+= 1
            }
            return total
        }
        // min(6 · noise, capped) is `capped` (or, where the two are equal, the same value).
        if below(reaching) <= half { return max(Self.leastContrast, capped) }
        // 6 · noise < leastContrast.
        if below(Self.quietNoiseQuarters) > half { return Self.leastContrast }
        // The median's quarters: the least m with more than half the steps at or under it (below m + 1). The two counts
        // above put it at `quietNoiseQuarters` or more and under `reaching`: the span is halved between m's that are not
        // it yet (`under`) and m's that hold it (`atOrOver`).
        var (under, atOrOver) = (Self.quietNoiseQuarters - 1, reaching - 1)
        while atOrOver - under > 1 {
            let middle = (under + atOrOver) / 2
            if below(middle + 1) > half { atOrOver = middle } else { under = middle }
        }
        let noise = Double(atOrOver) / 4
        return max(Self.leastContrast, min(noise * 6, capped))
    }

    /// The fewest quarters whose noise level, six times, reaches `leastContrast` (14: 3.5 · 6 = 21, where 13 gives 19.5):
    /// below it, `minimumContrast` is `leastContrast` whatever the range.
    static let quietNoiseQuarters = quartersReaching(leastContrast)!

    /// The fewest quarters m whose noise level, six times (`Double(m) / 4 * 6`, as `minimumContrast` computes it from the
    /// median), is at least `capped` (positive); nil where no count of quarters an `Int` holds gets there. The product
    /// grows with m, so every median of at least m quarters reaches `capped`, and none below it does. Found near the
    /// quotient and settled by the product itself, so rounding cannot move it.
    static func quartersReaching(_ capped: Double) -> Int? {
        guard capped > 0, capped < 1e12 else { return capped <= 0 ? 0 : nil }
        func reaches(_ m: Int) -> Bool { Double(m) / 4 * 6 >= capped }
        var m = Int(capped / 6 * 4)
        while m > 0 && reaches(m - 1) { m -= 1 }
        while !reaches(m) { m += 1 }
        return m
    }

    /// Whether midpoint thresholding of `g` (window extremes `low`, `high`) may change colour `times` times: a change to
    /// dark needs a sample below its window's midpoint by the margin, one to light a sample above it by the margin, both
    /// where the window's contrast is at least the line's `minimumContrast`. Taking every such sample of the other sign
    /// as a change counts at least as many changes as the thresholding can make (its gate on the wider window's contrast
    /// only drops samples), so a count short of `times` means it cannot.
    static func mayChangeColour(_ g: UnsafeBufferPointer<Double>, low: UnsafePointer<Double>, high: UnsafePointer<Double>, minimumContrast: Double,
                                times: Int) -> Bool {
        precondition(minimumContrast > 0, "a sample must not both darken and lighten")
        // The rule looks at the count only after a change: for `times` ≤ 0, the first change. Dark after a sample where it
        // darkens, or the line was dark and it does not lighten: a flip-flop that darkening samples set and lightening
        // ones clear (never both: the margin is positive where the contrast is at least `minimumContrast`), counted 64
        // samples at a time on `FlipFlopBits` as `mayChangeColour(halves:)` counts it. Four samples a step in vectors of
        // four, each lane's arithmetic the scalar rule's, their four event bytes narrowed and stored at once: one sample at
        // a time, each strong one took a chain of some 18 instructions through the colour before it (two a step cost more
        // in packing the masks to bytes than the loop that skipped weak samples).
        let n = g.count
        guard n > 0, let values = g.baseAddress else { return false }
        return FlipFlopBits.changesReach(max(times, 1), over: 0..<n, carry: 0) { start, m, e in
            @inline(__always) func event(_ k: Int) -> UInt8 {
                let lo = low[k], hi = high[k]
                let contrast = hi - lo
                let difference = values[k] - (hi + lo) / 2, margin = contrast * 0.05
                let strong: UInt8 = contrast >= minimumContrast ? 3 : 0
                return ((difference < -margin ? 1 : 0) | (difference >= margin ? 2 : 0)) & strong
            }
            var j = 0
            while j &+ 4 <= m {
                let k = start &+ j
                let lo = UnsafeRawPointer(low + k).loadUnaligned(as: SIMD4<Double>.self)
                let hi = UnsafeRawPointer(high + k).loadUnaligned(as: SIMD4<Double>.self)
                let v = UnsafeRawPointer(values + k).loadUnaligned(as: SIMD4<Double>.self)
                let contrast = hi - lo
                let difference = v - (hi + lo) / 2, margin = contrast * 0.05
                let strong = contrast .>= minimumContrast
                let darkens = SIMD4<UInt64>().replacing(with: 1, where: difference .< -margin .& strong)
                let lightens = SIMD4<UInt64>().replacing(with: 2, where: difference .>= margin .& strong)
                UnsafeMutableRawPointer(e + j).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: darkens | lightens), as: SIMD4<UInt8>.self)
                j &+= 4
            }
            while j < m {
                e[j] = event(start &+ j)
                j &+= 1
            }
        }
    }

    /// `mayChangeColour` on a line of halves of whole numbers, from the whole numbers `SlidingExtremes.computeOnHalves`
    /// left (`halves`: G, L and H, twice a value and its window's extremes), eight samples to a vector register where the
    /// doubles went two; the line's values must lie within ±`largestWholeBoundValue` halves (`boundsColourChanges`).
    ///
    /// The same tests, on whole numbers: the contrast is C / 2 (C = H − L), at least `minimumContrast` exactly where C is
    /// at least twice it rounded up; the difference from the midpoint is D / 4 (D = 2G − H − L, exact in doubles), and
    /// the margin `contrast * 0.05` is C / 40 rounded. Where 10D = ±C that product is C / 40 to the bit (0.05 as a double
    /// is a twentieth times 1 + 2⁻⁵⁴, which moves the quarter C / 40 by less than half a unit of its last place), and
    /// elsewhere D / 4 lies at least 1/40 from ±C / 40, far beyond the product's rounding. So a sample darkens exactly where 10D < −C, 20G < 9H + 11L, and lightens where
    /// 10D ≥ C, 20G ≥ 11H + 9L. The changes are counted 64 samples at a time on `FlipFlopBits`, as `mayHaveEdges` counts
    /// its peaks: the line's colour is a flip-flop that darkening samples set and lightening ones clear (never both,
    /// as the margin is positive), and the count only grows, so it reaches `times` exactly when it does at the end of
    /// some block. (On doubles, two to a register, the masks' packing to bytes cost more than the loop that skips weak
    /// samples: see the history.)
    static func mayChangeColour(halves: SlidingExtremes.Halves, minimumContrast: Double, times: Int) -> Bool {
        precondition(minimumContrast > 0, "a sample must not both darken and lighten")
        let n = halves.count, g = halves.twice, low = halves.low, high = halves.high
        // No C exceeds twice `largestWholeBoundValue`: above that no sample is strong and no change is made.
        let leastDoubledContrast = (2 * minimumContrast).rounded(.up)
        guard leastDoubledContrast <= Double(2 * Self.largestWholeBoundValue) else { return false }
        let leastC = Int16(leastDoubledContrast)
        return FlipFlopBits.changesReach(max(times, 1), over: 0..<n, carry: 0) { start, m, e in
            let gs = g + start, lows = low + start, highs = high + start
            // Bit 0 for a sample that darkens, bit 1 for one that lightens, in 16-bit words narrowed once.
            for j in 0..<m {
                let lo = lows[j], hi = highs[j], twenty = gs[j] &* 20
                let strong: Int16 = hi &- lo >= leastC ? 3 : 0
                let darkens: Int16 = twenty < hi &* 9 &+ lo &* 11 ? 1 : 0
                let lightens: Int16 = twenty >= hi &* 11 &+ lo &* 9 ? 2 : 0
                e[j] = UInt8(truncatingIfNeeded: (darkens | lightens) & strong)
            }
        }
    }

    /// The largest size, in halves, of a value `mayChangeColour(halves:minimumContrast:times:)` takes: 20 times twice it
    /// (and 9 plus 11 times) stays within an `Int16` (20 · 1,638 = 32,760). Gray values and their sharpened values
    /// (−255 … 510) lie well within.
    static let largestWholeBoundValue = 1_638

    /// Whether every value of the line `halves` holds lies within ±`largestWholeBoundValue` halves: its windows' least
    /// minimum and greatest maximum do (each value lies within its own window's extremes).
    static func boundsColourChanges(_ halves: SlidingExtremes.Halves) -> Bool {
        var least: Int16 = 0, most: Int16 = 0
        for k in 0..<halves.count {
            least = SlidingExtremes.smaller(least, halves.low[k])
            most = SlidingExtremes.larger(most, halves.high[k])
        }
        return least >= -Int16(largestWholeBoundValue) && most <= Int16(largestWholeBoundValue)
    }

    /// Whether the median width of the runs between the first and the last (the quiet zones left out; 0 when there are
    /// none) is under `limit`. That median is the width at index n / 2 of the n inner widths sorted (`quickMedian`'s), so
    /// it lies under `limit` exactly when more than n / 2 of them do (widths are never NaN). Counted without a branch: the
    /// median found by partitioning a copy of the widths took an allocation and branched at random on every width
    /// (`upca-5/27`, UPC-A: 2.2 thousand mispredicted branches a decode; `falsepositives-1/11`, every symbology: 6.7).
    static func medianRun(of row: RunRow, isUnder limit: Double) -> Bool {
        let inner = row.widths.count - 2
        guard inner > 0 else { return 0 < limit }
        return row.widths.withUnsafeBufferPointer { widths in
            var under = 0
            for k in 1...inner { under &+= widths[k] < limit ? 1 : 0 }
            return under > inner / 2
        }
    }

    /// The median of `values` (reordered in place).
    static func quickMedian(_ values: inout [Double]) -> Double {
        let mid = values.count / 2
        var lo = 0, hi = values.count - 1
        while lo < hi {
            let pivot = values[(lo + hi) / 2]
            var i = lo, j = hi
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j { values.swapAt(i, j); i += 1; j -= 1 }
            }
            if mid <= j { hi = j } else if mid >= i { lo = i } else { break }
        }
        return values[mid]
    }

    /// Groups line hits into symbols: the same symbology and text, close together, seen on at least `minimumLines` lines.
    static func vote(_ hits: [LineHit], minimumLines: Int = 2) -> [DecodedSymbol] {
        var groups: [[LineHit]] = []
        for hit in hits {
            let mid = (hit.start + hit.end) * 0.5
            let size = hit.start.distance(to: hit.end)
            if let index = groups.firstIndex(where: { g in
                g[0].hit.symbology == hit.hit.symbology && g[0].hit.text == hit.hit.text
                    && ((g[0].start + g[0].end) * 0.5).distance(to: mid) < max(size, g[0].start.distance(to: g[0].end))
            }) {
                groups[index].append(hit)
            } else {
                groups.append([hit])
            }
        }
        var symbols: [DecodedSymbol] = []
        for group in groups where group.count >= minimumLines {
            // Two different lines must agree: hits of one line met twice (passes that revisit it) are not a second row.
            let across = group[0].normal
            let offsets = group.map { hit in let m = (hit.start + hit.end) * 0.5; return m.x * across.x + m.y * across.y }
            guard minimumLines < 2 || offsets.max()! - offsets.min()! >= 1 else { continue }
            var perAngle: [Int: [LineHit]] = [:]
            for hit in group { perAngle[hit.angle, default: []].append(hit) }
            // The angle most lines read it at; of equal counts the lowest group, so the outline never depends on hashing order.
            let best = perAngle.min { ($1.value.count, $0.key) < ($0.value.count, $1.key) }!.value
            let d = (best[0].end - best[0].start) * (1 / max(1e-9, best[0].start.distance(to: best[0].end)))
            let n = Point(-d.y, d.x)
            let origin = best[0].start
            var minD = Double.infinity, maxD = -Double.infinity, minN = Double.infinity, maxN = -Double.infinity
            for hit in best {
                for p in [hit.start, hit.end] {
                    let v = p - origin
                    let pd = v.x * d.x + v.y * d.y, pn = v.x * n.x + v.y * n.y
                    minD = min(minD, pd); maxD = max(maxD, pd); minN = min(minN, pn); maxN = max(maxN, pn)
                }
            }
            func at(_ a: Double, _ b: Double) -> Point { origin + d * a + n * b }
            let corners = [at(minD, minN), at(maxD, minN), at(maxD, maxN), at(minD, maxN)]
            let first = group[0].hit
            symbols.append(DecodedSymbol(symbology: first.symbology, text: first.text, bytes: first.bytes, corners: corners,
                                         isGoodRead: true, isGS1: first.isGS1, correctedErrors: -group.count))
        }
        return Self.withoutNested(symbols).map { var s = $0; s.correctedErrors = 0; return s }
    }

    /// Drops a symbol overlapping another of its symbology (a part of a symbol read where blur merged or split bars, or
    /// a misread over the same bars); of two such, the one more lines read stays, except that a read whose text holds the
    /// other's (a partial read of a symbology without check digit) wins over it. Expects `correctedErrors` to hold the
    /// negated line count.
    ///
    /// Two reads overlap when one's outline, widened across its lines by a tenth of its length, holds the other's centre:
    /// the lines that read a symbol cover only part of its bars' height, and bars are at least about 15 % as tall as the
    /// symbol is long (ISO/IEC 15417's recommendation), so a read a few pixels above or below another lies across the
    /// same bars (`upce-3/11` as a JPEG at quality 25: 7 rows read the printed text, 2 adjacent rows 7 px above them a
    /// different text that also passes UPC-E's parity check).
    static func withoutNested(_ symbols: [DecodedSymbol]) -> [DecodedSymbol] {
        func center(_ s: DecodedSymbol) -> Point { s.corners.reduce(Point(0, 0), +) * 0.25 }
        let widened = symbols.map { widenedAcross($0.corners, by: 0.1 * $0.corners[0].distance(to: $0.corners[1])) }
        func overlap(_ a: Int, _ b: Int) -> Bool {
            symbols[a].symbology == symbols[b].symbology
                && (contains(widened[a], center(symbols[b])) || contains(widened[b], center(symbols[a])))
        }
        let ranked = symbols.indices.sorted { symbols[$0].correctedErrors < symbols[$1].correctedErrors }
        var kept: [Int] = []
        for s in ranked {
            if let i = kept.firstIndex(where: { overlap($0, s) && symbols[s].text.count > symbols[$0].text.count && symbols[s].text.contains(symbols[$0].text) }) {
                kept[i] = s
                continue
            }
            let nested = kept.contains { overlap($0, s) }
            if !nested { kept.append(s) }
        }
        return kept.map { symbols[$0] }
    }

    /// A read's outline (`vote`'s corners: the first two along the lines, the last two across from them) moved `margin`
    /// further out across its lines on either side (for pixel rows: up and down).
    static func widenedAcross(_ corners: [Point], by margin: Double) -> [Point] {
        guard corners.count == 4 else { return corners }
        let along = corners[1] - corners[0]
        let length = corners[0].distance(to: corners[1])
        guard length > 0 else { return corners }
        let n = Point(-along.y, along.x) * (1 / length)
        // Outwards: from the first edge away from the last two corners.
        let side = (corners[3] - corners[0]).x * n.x + (corners[3] - corners[0]).y * n.y >= 0 ? 1.0 : -1.0
        let shift = n * (side * margin)
        return [corners[0] - shift, corners[1] - shift, corners[2] + shift, corners[3] + shift]
    }
}

/// The row decoders one `LinearReader.read` runs (those of `LinearReader.decoders` that read a searched symbology), each
/// also held as its own type, and the fewest runs any of them reads from (`LinearReader.fewestRuns`), found once a read
/// instead of at every line.
///
/// `LinearReader.decode` calls them in `decoders`' order, which its hits keep (`keep` breaks ties by it): the fields and
/// `order` follow it.
struct ActiveDecoders {
    /// The active decoders, in `decoders`' order.
    let all: [any RowDecoder]
    let fewestRuns: Int
    let eanUPC: EANUPCDecoder?, code128: Code128Decoder?, code39: Code39Decoder?, itf: ITFDecoder?, codabar: CodabarDecoder?
    let dataBar: DataBarDecoder?, dataBarExpanded: DataBarExpandedDecoder?, dataBarLimited: DataBarLimitedDecoder?
    let code93: Code93Decoder?, code25: Code25Decoder?

    init(_ all: [any RowDecoder], _ options: DecoderOptions) {
        self.all = all
        fewestRuns = LinearReader.fewestRuns(all, options)
        func first<Decoder: RowDecoder>(_ type: Decoder.Type) -> Decoder? { all.lazy.compactMap { $0 as? Decoder }.first }
        (eanUPC, code128, code39, itf, codabar) = (first(EANUPCDecoder.self), first(Code128Decoder.self), first(Code39Decoder.self),
                                                   first(ITFDecoder.self), first(CodabarDecoder.self))
        (dataBar, dataBarExpanded, dataBarLimited) = (first(DataBarDecoder.self), first(DataBarExpandedDecoder.self),
                                                      first(DataBarLimitedDecoder.self))
        (code93, code25) = (first(Code93Decoder.self), first(Code25Decoder.self))
    }

    /// The decoders' types in the order `LinearReader.decode` calls them (`ActiveDecodersTests` checks that `decoders`
    /// has it).
    static let order: [any RowDecoder.Type] = [EANUPCDecoder.self, Code128Decoder.self, Code39Decoder.self, ITFDecoder.self,
                                                CodabarDecoder.self, DataBarDecoder.self, DataBarExpandedDecoder.self,
                                                DataBarLimitedDecoder.self, Code93Decoder.self, Code25Decoder.self]
}

/// A row hit placed in the image.
struct LineHit {
    var hit: RowHit
    var start: Point
    var end: Point
    var angle: Int
    var normal: Point
}

/// What the plain readings of pixel rows read (`LinearReader.scan`), by the row's place (its origin's y), for a later
/// look at the same rows that adds a sharpened reading: the row's gray values and so its plain readings are the same.
final class PlainRowReadings {
    struct Reading {
        /// The line's length, which with the row's y fixes its samples.
        var length: Double
        /// What the thresholded runs or, where they read nothing, the edges read.
        var hits: [(hit: RowHit, a0: Double, a1: Double)]
        /// What the half-pixel reading read (empty where it did not run or `hits` is not empty).
        var fineHits: [(hit: RowHit, a0: Double, a1: Double)]
        /// Whether any of them held the fewest runs.
        var heldRuns: Bool
    }

    var rows: [Double: Reading] = [:]
}
