/// Finds and decodes Data Matrix ECC 200 symbols.
public struct DataMatrixReader: SymbologyReader {
    public let symbologies: Set<Symbology> = [.dataMatrix]
    public init() {}
    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] { [] }
}
