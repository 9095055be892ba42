/// Finds and decodes QR Code symbols: finder patterns, alignment, perspective sampling, then `QRSymbolDecoder`.
public struct QRReader: SymbologyReader {
    public let symbologies: Set<Symbology> = [.qr]
    public init() {}

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        guard options.symbologies.contains(.qr) else { return [] }
        let step = QRFinderPatternFinder.rowStep(effort: options.effort)
        // The frame's shared row runs only when a later search reads the same rows: made for the QR search alone, the
        // table would cost more than the finder search's own scan of each row (one row's buffer, reused).
        let sharesRows = (options.symbologies.contains(.aztec) && AztecReader.rowStep(effort: options.effort) == step)
            || (options.symbologies.contains(.maxiCode) && MaxiCodeReader.rowStep(effort: options.effort) == step)
        var finders = QRFinderPatternFinder.find(frame.binary, effort: options.effort, rows: sharesRows ? frame.binaryRows(step: step) : nil)
            .filter { !frame.isKnown($0.center, among: [.qr]) }
        if finders.count > 40 { finders = Array(finders.sorted { $0.count > $1.count }.prefix(40)) }
        var used = Set<Int>()
        var symbols: [DecodedSymbol] = []
        let deltas = options.effort >= 2 ? [0, -4, 4, -8, 8, -12, 12] : [0]
        var attempts = 0
        let maxAttempts = options.effort * 8
        // Strong perspective moves the bottom-right alignment pattern far from where the three finders put it. Triples
        // that showed format information and their finders but whose pattern was not within 5 modules of that are looked at again,
        // searching within 10 modules, once every triple has had its ordinary look (so they cannot use up its budget)
        // and only when none read (a costly look, rarely needed).
        var farAlignment: [(Int, Int, Int, Double)] = []
        let candidates = QRDetector.candidateTriples(finders, widened: true)
        // The triples taken in order, kept for the perspective looks.
        var ordinary = QRTripleOrder(candidates.ordinary)
        var taken: [(Int, Int, Int, Double)] = []
        while let triple = ordinary.next() {
            taken.append(triple)
            if used.contains(triple.0) || used.contains(triple.1) || used.contains(triple.2) { continue }
            attempts += 1
            if attempts > maxAttempts { break }
            var alignment: Point?
            let look = read(frame, finders, triple, deltas: deltas, alignmentRadius: 5, alignment: &alignment, attempts: &attempts)
            guard let symbol = look.symbol else {
                if look.framed, alignment == nil { farAlignment.append(triple) }
                continue
            }
            symbols.append(symbol)
            used.formUnion([triple.0, triple.1, triple.2] + Self.finders(finders, inside: symbol))
        }
        attempts = 0
        for triple in farAlignment where symbols.isEmpty {
            if used.contains(triple.0) || used.contains(triple.1) || used.contains(triple.2) { continue }
            attempts += 1
            if attempts > maxAttempts { break }
            var alignment: Point?
            guard let symbol = read(frame, finders, triple, deltas: deltas, alignmentRadius: 10, alignment: &alignment, attempts: &attempts).symbol
            else { continue }
            symbols.append(symbol)
            used.formUnion([triple.0, triple.1, triple.2] + Self.finders(finders, inside: symbol))
        }
        // A symbol seen at a slant (a keystone) has finders of different sizes and a far corner off the parallelogram:
        // where nothing read, triples whose sides show perspective are framed again through it (`QRSidePerspective`),
        // among them triples whose finder sizes differ by up to twice (the far side's shrink along the side and across it).
        attempts = 0
        if symbols.isEmpty {
            // The ordinary triples (those already taken, then the rest) and the wider ones merged by score, the ordinary
            // first among equal scores: no heap of them all, as only the first few are examined.
            var wider = QRTripleOrder(candidates.wider)
            var nextOrdinary = taken.first ?? ordinary.next(), nextWider = wider.next()
            var takenIndex = 1
            func merged() -> (Int, Int, Int, Double)? {
                if let o = nextOrdinary, nextWider.map({ o.3 <= $0.3 }) ?? true {
                    if takenIndex < taken.count { nextOrdinary = taken[takenIndex]; takenIndex += 1 } else { nextOrdinary = ordinary.next() }
                    return o
                }
                defer { nextWider = wider.next() }
                return nextWider
            }
            var examined = 0, looks = 0
            while let triple = merged() {
                examined += 1
                if examined > maxAttempts || looks >= Self.perspectiveLooks { break }
                let tl = finders[triple.0], tr = finders[triple.1], bl = finders[triple.2]
                guard let perspective = QRSidePerspective(frame.binary, tl: tl, tr: tr, bl: bl), perspective.isNoticeable,
                      perspective.isSquare, perspective.crossWidthsAgree(frame.binary, tl: tl, tr: tr, bl: bl) else { continue }
                looks += 1
                var alignment: Point?
                guard let symbol = read(frame, finders, triple, deltas: deltas, alignmentRadius: 5, perspective: perspective,
                                        alignment: &alignment, attempts: &attempts).symbol else { continue }
                symbols.append(symbol)
                break
            }
        }
        // Two finders without their third (`QRMissingFinder`): where nothing read, the strongest pairs frame a third where
        // a square symbol puts it, each a triple looked at as any other.
        if symbols.isEmpty {
            attempts = 0
            pairs: for (a, b) in QRMissingFinder.pairs(finders, limit: Self.missingFinderPairs) {
                let module = (finders[a].moduleSize + finders[b].moduleSize) / 2
                let pa = finders[a].center, pb = finders[b].center
                // The whole finder (3.5 modules about its centre) must lie on the image.
                let margin = 3.5 * module
                // The symbol's axes: along the pair for a side, at 45° to it for the diagonal (the last two guesses).
                let along = (pb - pa) * (1 / max(1e-9, pa.distance(to: pb)))
                let diagonal = Point(along.x - along.y, along.x + along.y) * (1 / 2.0.squareRoot())
                for (index, guess) in QRMissingFinder.thirdCenters(pa, pb).enumerated() {
                    guard guess.x >= margin, guess.y >= margin, guess.x <= Double(frame.image.width) - margin,
                          guess.y <= Double(frame.image.height) - margin else { continue }
                    let axis = index < 4 ? along : diagonal
                    let dx = axis * module, dy = Point(-axis.y, axis.x) * module
                    guard let center = QRMissingFinder.located(frame, near: guess, dx: dx, dy: dy, module: module) else { continue }
                    let withThird = finders + [QRFinderPattern(center: center, moduleSize: module, count: 0)]
                    let (i, j, k) = (a, b, finders.count)
                    let (triple, fits) = QRDetector.shape(withThird, i, j, k, withThird[i], withThird[j], withThird[k],
                                                          dij: withThird[i].center.distance(to: withThird[j].center),
                                                          dik: withThird[i].center.distance(to: withThird[k].center),
                                                          djk: withThird[j].center.distance(to: withThird[k].center))
                    guard fits != 0 else { continue }
                    attempts += 1
                    if attempts > maxAttempts { break pairs }
                    var alignment: Point?
                    guard let symbol = read(frame, withThird, triple, deltas: deltas, alignmentRadius: 5, alignment: &alignment,
                                            attempts: &attempts).symbol else { continue }
                    symbols.append(symbol)
                    break pairs
                }
            }
        }
        return symbols
    }

    /// The pairs of finders a frame with no symbol read frames a third finder for (`QRMissingFinder`).
    static let missingFinderPairs = 2

    /// The triples with perspective a frame with no symbol read looks at.
    static let perspectiveLooks = 3

    /// The agreement (`QRFunctionPatterns.finderAgreement(_:)`) a size needs for its full look.
    static let minimumFinderAgreement = 0.7

    /// The indices of the finder candidates inside `symbol` (its own three among them). A large symbol's data holds
    /// finder-like blocks; once it is read, triples using them can frame no other symbol (symbols do not overlap), and
    /// trying each with every size estimate cost more than reading the symbol.
    static func finders(_ finders: [QRFinderPattern], inside symbol: DecodedSymbol) -> [Int] {
        finders.indices.filter { LinearReader.contains(symbol.corners, finders[$0].center) }
    }

    /// The symbol a finder triple frames, trying the size estimate and its neighbours (`deltas`), and whether any size
    /// showed readable format information and the finders (so had a full look); `alignment` is the bottom-right alignment pattern once found (searched within
    /// `alignmentRadius` modules).
    private func read(_ frame: PreparedFrame, _ finders: [QRFinderPattern], _ triple: (Int, Int, Int, Double), deltas: [Int],
                      alignmentRadius: Double, perspective: QRSidePerspective? = nil, alignment: inout Point?,
                      attempts: inout Int) -> (symbol: DecodedSymbol?, framed: Bool) {
        // The size deltas tried, in a short array (at most the seven deltas and a few version corrections): a set hashed
        // each delta and grew its storage, about 5 k instructions a look.
        var tried: [Int] = []
        var formatSeen = false, framed = false
        var queue = deltas
        while !queue.isEmpty {
            let delta = queue.removeFirst()
            guard !tried.contains(delta) else { continue }
            tried.append(delta)
            // A cheap affine sampling first: format information sits beside the finders whatever the size estimate,
            // and a triple whose format information no size makes readable is not a symbol.
            var none: Point?
            guard let quick = QRDetector.locate(frame, finders, triple, dimensionDelta: delta, useAlignment: false,
                                                   perspective: perspective, knownAlignment: &none) else { continue }
            // Read only until some size shows it: the triple's looks ask no more of it.
            if !formatSeen, QRSymbolDecoder.formatInformation(quick.grid) != nil { formatSeen = true }
            if tried.count >= 3 && !formatSeen { break }
            // Nor is a size at which the three finders and their separators do not sample as finders: the full look
            // (alignment search, the whole grid sampled and decoded four ways) is most of a frame's QR cost, and on
            // frames without a code three finder-like blobs often show format information by chance (any 15 bits are
            // within 3 of a format code more than half the time). A size turned away counts against the frame's budget as
            // its full look would have, so no more triples are looked at than without the check.
            guard formatSeen else { continue }
            guard QRFunctionPatterns.finderAgreement(quick.grid) >= Self.minimumFinderAgreement else { attempts += 1; continue }
            framed = true
            guard let framing = QRDetector.frame(frame, finders, triple, dimensionDelta: delta, alignmentRadius: alignmentRadius,
                                                 perspective: perspective, knownAlignment: &alignment) else { continue }
            // The far look adds nothing where it finds no alignment pattern either: it would sample as the ordinary look did.
            if alignmentRadius > 5, alignment == nil { return (nil, framed) }
            let n = framing.dimension
            // Two samplings of the grid: the binary image at each module's centre (a read per module), and the gray image
            // thresholded against each module's neighbours (bilinear reads, then the neighbourhood extremes: several times
            // the work, and a tenth of a small clean symbol's read). The gray one is made only when needed: for the version
            // information of large symbols, and when the binary one does not decode.
            var grayGrid: BitMatrix?
            func gray() -> BitMatrix {
                if let grid = grayGrid { return grid }
                let grid = ModuleSampler.sample(frame, transform: framing.transform, width: n, height: n)
                grayGrid = grid
                return grid
            }
            if n >= QRReader.smallestWithVersionInformation, let version = Self.versionInformation(gray()), version.dimension != n {
                queue.insert(delta + version.dimension - n, at: 0)
            }
            attempts += 1
            // A mirrored symbol samples as its own transpose (the finders turn the other way). Every grid has the same
            // data positions. Where the gray grid is there already, it goes first (the module-relative threshold keeps
            // blurred light modules among dark ones light), then the binary one; otherwise the binary grid first, then the
            // gray one, and the binary grid's transpose last.
            var placement: QRSymbolDecoder.Placement?
            func decode(_ grid: BitMatrix) -> QRSymbolDecoder.Result? { try? QRSymbolDecoder.decode(grid, placement: &placement) }
            func binary() -> BitMatrix { ModuleSampler.sampleBinary(frame, transform: framing.transform, width: n, height: n) }
            var result: QRSymbolDecoder.Result?
            if grayGrid != nil {
                result = decode(gray()) ?? decode(gray().transposed())
                if result == nil { let b = binary(); result = decode(b) ?? decode(b.transposed()) }
            } else {
                let b = binary()
                result = decode(b) ?? decode(gray()) ?? decode(gray().transposed()) ?? decode(b.transposed())
            }
            var decoded = result.map { ($0, framing.transform) }
            // A transform fitted to every alignment pattern, at any size that had its full look (before the eighteenth
            // session only at the first two sizes tried: a symbol on curved paper turned 30° framed at its third,
            // `qrcode-3/21`–`23` through make_transformed_corpus.py's tilted-30 copies, and read only so). Its grid is read
            // transposed as well, for a mirrored symbol: the alignment centres lie alike on both axes, so the fit is the same
            // (until the twenty-eighth session only as sampled: the mirrored copies of `qrcode-3/22` and `/23` went unread).
            // Then one transform per cell of the alignment grid, for a symbol on a curved surface (`QRPiecewiseSampling`).
            if decoded == nil, let refined = QRDetector.refined(frame, framing) {
                decoded = (decode(refined.grid) ?? decode(refined.grid.transposed())).map { ($0, refined.transform) }
                if decoded == nil, let grid = QRPiecewiseSampling.grid(frame, framing, fitted: refined.transform) {
                    decoded = (decode(grid) ?? decode(grid.transposed())).map { ($0, refined.transform) }
                }
            }
            guard let (result, transform) = decoded else { continue }
            let side = Double(n)
            let corners = [Point(0, 0), Point(side, 0), Point(side, side), Point(0, side)].map(transform.apply)
            return (DecodedSymbol(symbology: .qr, text: result.text, bytes: result.bytes, corners: corners,
                                  isGoodRead: true, isGS1: result.isGS1, correctedErrors: result.correctedErrors), framed)
        }
        return (nil, framed)
    }


    /// Symbols from version 7 (45 modules a side) carry version information.
    static let smallestWithVersionInformation = 45

    /// The version the sampled grid's version-information blocks name, read next to the finders whatever the grid's size.
    static func versionInformation(_ grid: BitMatrix) -> QRVersion? {
        let n = grid.width
        guard n >= smallestWithVersionInformation else { return nil }
        var v1 = 0, v2 = 0
        for i in 0..<18 {
            let a = n - 11 + i % 3, b = i / 3
            if grid[a, b] { v1 |= 1 << i }
            if grid[b, a] { v2 |= 1 << i }
        }
        return QRFormatInformation.decodeVersion([v1, v2]).flatMap { QRVersion($0) }
    }
}
