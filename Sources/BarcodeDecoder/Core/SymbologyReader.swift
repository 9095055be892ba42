/// A reader for one family of symbologies; the decoder runs each reader whose symbologies are enabled.
///
/// New symbologies (Aztec, MaxiCode, …) join by conforming and being listed in `BarcodeDecoder.readers`.
public protocol SymbologyReader: Sendable {
    /// The symbologies this reader can return.
    var symbologies: Set<Symbology> { get }
    /// The symbols found in `frame`, only of symbologies in `options.symbologies`.
    func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol]
}
