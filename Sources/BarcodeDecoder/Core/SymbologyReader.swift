/// A reader for one family of symbologies; the decoder runs each reader whose symbologies are enabled.
///
/// New symbologies (Aztec, MaxiCode, …) join by conforming and being listed in `BarcodeDecoder.readers`.
public protocol SymbologyReader: Sendable {
    /// The symbologies this reader can return.
    var symbologies: Set<Symbology> { get }
    /// The symbols found in `frame`, only of symbologies in `options.symbologies`.
    func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol]
    /// Whether the reader looks at the frame's binary image (the 2D readers): the frame is binarized for it, and it gets
    /// the second looks on other binarizations. A reader of the gray image alone gets neither (they would show it
    /// nothing new).
    var usesBinaryImage: Bool { get }
    /// Whether the reader has costlier second looks of its own for when its first finds nothing (made where `PreparedFrame
    /// .makesLinearSecondLooks`): on an image pyramid the decoder calls it alone once more on the smallest layer for them.
    var hasSecondLooks: Bool { get }
}

extension SymbologyReader {
    public var usesBinaryImage: Bool { symbologies.contains { !$0.isLinear } }
    public var hasSecondLooks: Bool { false }
}
