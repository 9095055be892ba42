/// A set of symbologies as one bit each: membership is a mask test.
///
/// `Set<Symbology>.contains` hashes the symbology's String raw value; the linear decoders ask several times per scan line
/// which symbologies are searched, and that hashing cost about 3 % of a frame that reads nothing (`ean13-1/36`).
struct SymbologySet: OptionSet, Sendable, Hashable {
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    init(_ symbology: Symbology) { rawValue = 1 << symbology.bitIndex }

    init<S: Sequence>(_ symbologies: S) where S.Element == Symbology {
        var raw: UInt32 = 0
        for symbology in symbologies { raw |= 1 << symbology.bitIndex }
        rawValue = raw
    }

    @inline(__always) func contains(_ symbology: Symbology) -> Bool { rawValue & (1 << symbology.bitIndex) != 0 }
}

extension Symbology {
    /// The symbology's bit in a `SymbologySet`: its position among the cases.
    var bitIndex: UInt32 {
        switch self {
        case .ean13: 0
        case .ean8: 1
        case .upcA: 2
        case .upcE: 3
        case .code128: 4
        case .code39: 5
        case .interleaved2of5: 6
        case .codabar: 7
        case .code93: 8
        case .code25: 9
        case .matrix2of5: 10
        case .qr: 11
        case .dataMatrix: 12
        case .pdf417: 13
        case .dataBar: 14
        case .dataBarExpanded: 15
        case .dataBarLimited: 16
        case .aztec: 17
        case .maxiCode: 18
        case .microPDF417: 19
        }
    }
}
