/// Finds and decodes Aztec symbols: the bull's-eye, the orientation marks and mode message on the ring around it, then
/// the data layers sampled through the perspective the bull's-eye shows.
public struct AztecReader: SymbologyReader {
    public let symbologies: Set<Symbology> = [.aztec]
    public init() {}

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        guard options.symbologies.contains(.aztec) else { return [] }
        var symbols: [DecodedSymbol] = []
        for candidate in AztecBullsEye.candidates(frame, step: Self.rowStep(effort: options.effort)).prefix(40) {
            guard !frame.isKnown(candidate.center, among: [.aztec]),
                  !symbols.contains(where: { LinearReader.contains($0.corners, candidate.center) }),
                  let ring = AztecBullsEye.ringCorners(frame, candidate),
                  let symbol = Self.decode(frame, ring: ring) else { continue }
            symbols.append(symbol)
        }
        return symbols
    }

    /// The bull's-eye search reads every `rowStep`th row of the binary image.
    static func rowStep(effort: Int) -> Int { effort >= 3 ? 1 : effort == 2 ? 2 : 3 }

    /// The symbol around a bull's-eye whose ring-3 corners (clockwise on screen) are `ring`.
    static func decode(_ frame: PreparedFrame, ring: [Point]) -> DecodedSymbol? {
        // The ring is small: its perspective is mostly noise, which grows over the layers. The parallelogram that fits it
        // best first; the ring as seen where that does not read (a strongly tilted symbol).
        decode(frame, ring: parallelogram(ring), compact: true) ?? decode(frame, ring: parallelogram(ring), compact: false)
            ?? decode(frame, ring: ring, compact: true) ?? decode(frame, ring: ring, compact: false)
    }

    /// The parallelogram with the same centre and mean sides as the quadrilateral `q`.
    static func parallelogram(_ q: [Point]) -> [Point] {
        let center = q.reduce(Point(0, 0), +) * 0.25
        let across = ((q[1] - q[0]) + (q[2] - q[3])) * 0.25, down = ((q[3] - q[0]) + (q[2] - q[1])) * 0.25
        return [center - across - down, center + across - down, center + across + down, center - across + down]
    }

    /// The compact or full-range symbol around the ring, in whichever of the eight orientations its marks show.
    static func decode(_ frame: PreparedFrame, ring: [Point], compact: Bool) -> DecodedSymbol? {
        let radius = compact ? 5 : 7
        // The mode ring and everything inside it, in the frame's own turn of the symbol.
        let core = 2 * radius + 1
        guard let transform = Self.transform(ring, gridCenter: radius) else { return nil }
        let sampled = ModuleSampler.sample(frame, transform: transform, width: core, height: core)
        for orientation in AztecOrientation.all {
            let grid = orientation.apply(sampled)
            guard AztecLayout.orientationMatches(grid, center: radius, radius: radius) >= 11,
                  let message = AztecModeMessage(bits: AztecLayout.modeMessagePositions(center: radius, compact: compact).map { grid[$0.x, $0.y] },
                                                 compact: compact),
                  let layout = AztecLayout(compact: compact, layers: message.layers),
                  let initial = Self.transform(ring, gridCenter: layout.size / 2) else { continue }
            let anchors = zip(Self.ringGridCorners(gridCenter: layout.size / 2), ring).map { (grid: $0, image: $1) }
            let full = AztecGridRefiner.refine(frame, layout: layout, transform: initial, anchors: anchors)
            // The grid as the bull's-eye (and reference grid) place it, then fitted to the clearest samples.
            var decoded: (AztecSymbolDecoder.Result, PerspectiveTransform)?
            for attempt in 0..<2 where decoded == nil {
                let t = attempt == 0 ? full : AztecGridFit.sharpened(frame, size: layout.size, transform: full)
                let grids = [ModuleSampler.sample(frame, transform: t, width: layout.size, height: layout.size),
                             ModuleSampler.sampleBinary(frame, transform: t, width: layout.size, height: layout.size)]
                decoded = grids.lazy.compactMap { AztecSymbolDecoder.decode(orientation.apply($0), layout: layout, message: message) }
                    .first.map { ($0, t) }
            }
            guard let (data, transform) = decoded else { continue }
            let n = Double(layout.size)
            let corners = orientation.symbolCorners(size: n).map(transform.apply)
            return DecodedSymbol(symbology: .aztec, text: data.text, bytes: data.bytes, corners: corners, isGoodRead: true,
                                 isGS1: data.isGS1, correctedErrors: data.correctedWords)
        }
        return nil
    }

    /// The transform from a grid whose centre module is (`gridCenter`, `gridCenter`) to the image, fixed by the corners of
    /// the middle of ring 3 (3 modules each way from the centre module's centre).
    static func transform(_ ring: [Point], gridCenter c: Int) -> PerspectiveTransform? {
        PerspectiveTransform(from: ringGridCorners(gridCenter: c), to: ring)
    }

    /// The corners of the middle of ring 3 in grid coordinates.
    static func ringGridCorners(gridCenter c: Int) -> [Point] {
        let m = Double(c) + 0.5
        return [Point(m - 3, m - 3), Point(m + 3, m - 3), Point(m + 3, m + 3), Point(m - 3, m + 3)]
    }
}

/// One of the eight ways a square symbol can lie: turned by quarter turns, and possibly mirrored.
struct AztecOrientation {
    /// Quarter turns clockwise that bring the sampled grid upright (after mirroring).
    let turns: Int
    let mirrored: Bool

    static let all = [false, true].flatMap { m in (0..<4).map { AztecOrientation(turns: $0, mirrored: m) } }

    /// The sampled grid brought upright.
    func apply(_ grid: BitMatrix) -> BitMatrix {
        var g = mirrored ? grid.transposed() : grid
        for _ in 0..<turns { g = Self.turnedClockwise(g) }
        return g
    }

    /// Where the upright symbol's corners (top-left first, clockwise) lie in the sampled grid's coordinates.
    func symbolCorners(size n: Double) -> [Point] {
        // Undo the turns (anticlockwise) and the mirror on each corner of the upright symbol.
        var corners = [Point(0, 0), Point(n, 0), Point(n, n), Point(0, n)]
        for _ in 0..<turns { corners = corners.map { Point($0.y, n - $0.x) } }
        if mirrored { corners = corners.map { Point($0.y, $0.x) } }
        return corners
    }

    static func turnedClockwise(_ grid: BitMatrix) -> BitMatrix {
        var out = BitMatrix(width: grid.height, height: grid.width)
        for y in 0..<grid.height {
            for x in 0..<grid.width where grid[x, y] { out[grid.height - 1 - y, x] = true }
        }
        return out
    }
}
