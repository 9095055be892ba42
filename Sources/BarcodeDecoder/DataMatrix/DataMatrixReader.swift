/// Finds and decodes Data Matrix ECC 200 symbols.
public struct DataMatrixReader: SymbologyReader {
    public let symbologies: Set<Symbology> = [.dataMatrix]
    public init() {}

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        guard options.symbologies.contains(.dataMatrix) else { return [] }
        var symbols: [DecodedSymbol] = []
        // Made once: built for each component it was a set allocated and freed per candidate.
        let dataMatrixOnly: Set<Symbology> = [.dataMatrix]
        for component in DataMatrixDetector.components(frame, effort: options.effort) {
            // A component whose middle lies in a symbol read here is part of it (its L, or a clump of its data modules):
            // it could only read that symbol again.
            let middle = Point(Double(component.minX + component.maxX + 1) / 2, Double(component.minY + component.maxY + 1) / 2)
            if symbols.contains(where: { LinearReader.contains($0.corners, middle) }) { continue }
            guard let candidate = DataMatrixDetector.candidate(component) else { continue }
            if !frame.known.isEmpty, frame.isKnown(candidate.meanPoint, among: dataMatrixOnly) { continue }
            // Each located symbol is decoded as soon as it is fitted, and the first one read (and not read before) ends
            // the candidate: the other corners and quads are not fitted at all.
            var sawL = false, decodedAny = false
            let searches = DataMatrixCornerSearches()
            let visit = { (frame: borrowing PreparedFrame, located: DataMatrixDetector.Located) -> Bool in
                guard let (located, result) = Self.decode(frame, located) else { return false }
                decodedAny = true
                let w = Double(located.size.columns), h = Double(located.size.rows)
                let corners = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].map(located.transform.apply)
                let center = corners.reduce(Point(0, 0), +) * 0.25
                if symbols.contains(where: { $0.text == result.text && ($0.corners.reduce(Point(0, 0), +) * 0.25).distance(to: center) < 4 }) {
                    return false
                }
                symbols.append(DecodedSymbol(symbology: .dataMatrix, text: result.text, bytes: result.bytes, corners: corners,
                                             isGoodRead: true, isGS1: result.isGS1, correctedErrors: result.correctedErrors))
                return true
            }
            DataMatrixDetector.locate(frame, candidate: candidate, sawL: &sawL, searches: searches, visit: visit)
            // A symbol seen mirrored (through glass, or printed on the back of a label) only when the usual reading fails
            // on a candidate that has an L.
            if !decodedAny, sawL {
                DataMatrixDetector.locate(frame, candidate: candidate, mirrored: true, sawL: &sawL, searches: searches, visit: visit)
            }
        }
        return symbols
    }

    /// The located symbol decoded: the module-relative threshold first, then the binary image at the module centres,
    /// then, for a symbol of up to 64×64 modules whose timing fit but whose data did not, each end of the L moved by half
    /// a module in turn (a corner placed a fraction of a module off shears the far modules of large symbols past their
    /// neighbours).
    ///
    /// Only the L's two ends are nudged. They are where the component's rectangle (or hull) ends along the L's sides,
    /// which blur, a bowed label or perspective move. The L's own corner is where its two solid sides meet, which bound
    /// the component on both sides, so it sits within a pixel of the rectangle's corner; and the free corner was searched
    /// for the best timing fit over thirds of a module (`DataMatrixDetector.fit`), so its half-module neighbours are
    /// places that search found fitting no better. Nudging those two cost half of the nudges' samplings and corrections
    /// and read nothing in the dev corpus or the test photos.
    static func decode(_ frame: PreparedFrame, _ l: DataMatrixDetector.Located) -> (DataMatrixDetector.Located, DataMatrixSymbolDecoder.Result)? {
        let placement = DataMatrixPlacement.Bits.of(l.size)
        if let result = try? DataMatrixSymbolDecoder.decode(l.grid, placement: placement) { return (l, result) }
        if l.gridOnly { return nil }
        let columns = l.size.columns, rows = l.size.rows
        if let result = try? DataMatrixSymbolDecoder.decode(ModuleSampler.sampleBinary(frame, transform: l.transform, width: columns, height: rows),
                                                            placement: placement) {
            return (l, result)
        }
        // Up to 64×64 modules: beyond, 32 resamplings cost more than they find.
        guard columns * rows <= 64 * 64 else { return nil }
        let unit = [Point(0, 0), Point(Double(columns), 0), Point(Double(columns), Double(rows)), Point(0, Double(rows))]
        // The unit square's corners are top-left, top-right, bottom-right and bottom-left: the L's ends are the first and
        // the third.
        for corner in [0, 2] {
            for (dx, dy) in [(-0.5, 0.0), (0.5, 0), (0, -0.5), (0, 0.5), (-0.5, -0.5), (0.5, 0.5), (-0.5, 0.5), (0.5, -0.5)] {
                var moved = unit
                moved[corner] = moved[corner] + Point(dx, dy)
                guard let transform = PerspectiveTransform(rectangleWidth: Double(columns), height: Double(rows), to: moved.map(l.transform.apply))
                else { continue }
                let grid = ModuleSampler.sample(frame, transform: transform, width: columns, height: rows)
                if let result = try? DataMatrixSymbolDecoder.decode(grid, placement: placement) {
                    return (DataMatrixDetector.Located(grid: grid, transform: transform, size: l.size), result)
                }
            }
        }
        // Last, a symbol of several data regions through one transform per region (`DataMatrixRegionSampling`).
        if let grid = DataMatrixRegionSampling.sample(frame, transform: l.transform, size: l.size),
           let result = try? DataMatrixSymbolDecoder.decode(grid, placement: placement) {
            return (DataMatrixDetector.Located(grid: grid, transform: l.transform, size: l.size), result)
        }
        return nil
    }
}
