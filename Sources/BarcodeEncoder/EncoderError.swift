import BarcodeDecoder

/// Why a symbol could not be encoded.
public enum EncoderError: Error, Equatable, CustomStringConvertible {
    /// The symbology cannot hold this character (symbology, the character, its position).
    case unencodableCharacter(Symbology, Character, position: Int)
    /// The data has the wrong length for the symbology (what was given, what is allowed).
    case invalidLength(Symbology, got: Int, allowed: String)
    /// A given check digit does not match the data (expected, given).
    case wrongCheckDigit(Symbology, expected: Int, got: Int)
    /// The data does not fit in the largest symbol (symbology, bytes or characters of data).
    case dataTooLong(Symbology, count: Int)
    /// There is no encoder for this symbology yet.
    case unsupported(Symbology)

    public var description: String {
        switch self {
        case let .unencodableCharacter(s, c, position): "\(s) cannot encode \(c.debugDescription) at position \(position)"
        case let .invalidLength(s, got, allowed): "\(s) data has length \(got); allowed: \(allowed)"
        case let .wrongCheckDigit(s, expected, got): "\(s) check digit is \(got), expected \(expected)"
        case let .dataTooLong(s, count): "\(count) characters do not fit in the largest \(s) symbol"
        case let .unsupported(s): "no encoder for \(s)"
        }
    }
}
