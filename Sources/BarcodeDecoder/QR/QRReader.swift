/// Finds and decodes QR Code symbols.
public struct QRReader: SymbologyReader {
    public let symbologies: Set<Symbology> = [.qr]
    public init() {}
    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] { [] }
}
