/// Finds and decodes QR Code symbols: finder patterns, alignment, perspective sampling, then `QRSymbolDecoder`.
public struct QRReader: SymbologyReader {
    public let symbologies: Set<Symbology> = [.qr]
    public init() {}

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        guard options.symbologies.contains(.qr) else { return [] }
        var finders = QRFinderPatternFinder.find(frame.binary, effort: options.effort)
        if finders.count > 40 { finders = Array(finders.sorted { $0.count > $1.count }.prefix(40)) }
        var used = Set<Int>()
        var symbols: [DecodedSymbol] = []
        let deltas = options.effort >= 2 ? [0, -4, 4] : [0]
        var attempts = 0
        let maxAttempts = options.effort * 30
        for triple in QRDetector.triples(finders) {
            if used.contains(triple.0) || used.contains(triple.1) || used.contains(triple.2) { continue }
            attempts += 1
            if attempts > maxAttempts { break }
            for delta in deltas {
                guard let located = QRDetector.locate(frame, finders, triple, dimensionDelta: delta),
                      let result = try? QRSymbolDecoder.decode(located.grid) else { continue }
                let n = Double(located.dimension)
                let corners = [Point(0, 0), Point(n, 0), Point(n, n), Point(0, n)].map(located.transform.apply)
                symbols.append(DecodedSymbol(symbology: .qr, text: result.text, bytes: result.bytes, corners: corners,
                                             isGoodRead: true, isGS1: result.isGS1, correctedErrors: result.correctedErrors))
                used.formUnion([triple.0, triple.1, triple.2])
                break
            }
        }
        return symbols
    }
}
