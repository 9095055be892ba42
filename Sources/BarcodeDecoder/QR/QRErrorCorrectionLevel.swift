/// A QR Code error-correction level: roughly 7, 15, 25 or 30 % of codewords recoverable.
public enum QRErrorCorrectionLevel: Int, Sendable, CaseIterable, Hashable {
    case l, m, q, h

    /// The two bits the format information uses for this level.
    public var formatBits: Int {
        switch self {
        case .l: 1
        case .m: 0
        case .q: 3
        case .h: 2
        }
    }

    public init?(formatBits: Int) {
        guard let level = Self.allCases.first(where: { $0.formatBits == formatBits }) else { return nil }
        self = level
    }
}
