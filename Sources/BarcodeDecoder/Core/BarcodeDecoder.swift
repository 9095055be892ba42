/// Finds and decodes the enabled barcode symbologies in grayscale frames.
///
/// Pure: no I/O, no clocks, no shared state; one decoder may be used from many tasks at once.
public struct BarcodeDecoder: Sendable {
    public var options: DecoderOptions
    /// The readers, each run when one of its symbologies is enabled.
    public let readers: [any SymbologyReader]

    public init(options: DecoderOptions = DecoderOptions()) {
        self.options = options
        readers = [LinearReader(), QRReader(), DataMatrixReader()]
    }

    /// Every enabled symbol found in `image`.
    public func decode(_ image: GrayImage) -> [DecodedSymbol] {
        let active = readers.filter { !$0.symbologies.isDisjoint(with: options.symbologies) }
        guard !active.isEmpty else { return [] }
        let needsBinary = options.symbologies.contains { !$0.isLinear }
        let frame = PreparedFrame(image, binarize: needsBinary)
        return active.flatMap { $0.read(frame, options: options) }
    }
}
