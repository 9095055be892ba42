/// Finds and decodes Data Matrix ECC 200 symbols.
public struct DataMatrixReader: SymbologyReader {
    public let symbologies: Set<Symbology> = [.dataMatrix]
    public init() {}

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        guard options.symbologies.contains(.dataMatrix) else { return [] }
        var symbols: [DecodedSymbol] = []
        for candidate in DataMatrixDetector.candidates(frame, effort: options.effort) {
            // A symbol seen mirrored (through glass, or printed on the back of a label) only when the usual reading fails.
            let located = [false, true].lazy.map { DataMatrixDetector.locate(frame, hullAndRect: candidate, mirrored: $0) }
                .map { $0.compactMap { l in
                    // The module-relative threshold first, then the binary image at the module centres.
                    ((try? DataMatrixSymbolDecoder.decode(l.grid))
                        ?? (try? DataMatrixSymbolDecoder.decode(ModuleSampler.sampleBinary(frame, transform: l.transform, width: l.size.columns,
                                                                                              height: l.size.rows)))).map { (l, $0) }
                } }
                .first { !$0.isEmpty } ?? []
            for (located, result) in located {
                let w = Double(located.size.columns), h = Double(located.size.rows)
                let corners = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].map(located.transform.apply)
                let center = corners.reduce(Point(0, 0), +) * 0.25
                if symbols.contains(where: { $0.text == result.text && ($0.corners.reduce(Point(0, 0), +) * 0.25).distance(to: center) < 4 }) { continue }
                symbols.append(DecodedSymbol(symbology: .dataMatrix, text: result.text, bytes: result.bytes, corners: corners,
                                             isGoodRead: true, isGS1: result.isGS1, correctedErrors: result.correctedErrors))
                break
            }
        }
        return symbols
    }
}
