import BarcodeDecoder

/// Encodes MaxiCode symbols (ISO/IEC 16023): modes 4 (standard), 5 (enhanced error correction) and 6 (reader
/// programming) carry a message; modes 2 and 3 a structured carrier message (numeric or alphanumeric postal code, country,
/// class of service) in the primary message and the rest in the secondary.
public enum MaxiCodeEncoder {
    /// The 30 × 33 module grid (row r, column c at `[c, r]`) for `bytes` in mode 4, 5 or 6.
    public static func encode(_ bytes: [UInt8], mode: Int = 4, eci: Int? = nil) throws(EncoderError) -> BitMatrix {
        guard [4, 5, 6].contains(mode) else { throw .invalidLength(.maxiCode, got: mode, allowed: "mode 4, 5 or 6 (2 and 3: encodeCarrier)") }
        let message = MaxiCodeTextEncoder.codewords(bytes, eci: eci)
        let secondaryCount = MaxiCodeCodewords.secondaryDataCount(mode: mode)
        guard message.count <= 9 + secondaryCount else { throw .dataTooLong(.maxiCode, count: bytes.count) }
        let padded = message + [Int](repeating: 33, count: 9 + secondaryCount - message.count)
        return draw(MaxiCodeCodewords.withCheckCodewords(primary: [mode] + padded[0..<9], secondary: Array(padded[9...])))
    }

    /// The grid for `text`: ISO 8859-1 when every character has a byte there, else UTF-8 under ECI 26.
    public static func encode(_ text: String, mode: Int = 4) throws(EncoderError) -> BitMatrix {
        if let latin1 = text.data(using: .isoLatin1) { return try encode(Array(latin1), mode: mode) }
        return try encode(Array(text.utf8), mode: mode, eci: 26)
    }

    /// A structured carrier message: mode 2 for a numeric postal code of up to 9 digits, mode 3 for up to 6 characters of
    /// code set A; the country and class of service are numbers up to 999; `message` fills the secondary message.
    public static func encodeCarrier(postcode: String, country: Int, service: Int, message: String) throws(EncoderError) -> BitMatrix {
        let numeric = !postcode.isEmpty && postcode.count <= 9 && postcode.allSatisfy { $0.isASCII && $0.isNumber }
        guard (0...999).contains(country), (0...999).contains(service) else { throw .invalidLength(.maxiCode, got: max(country, service), allowed: "country and class 0–999") }
        var bits = [Bool](repeating: false, count: 60)
        func set(_ positions: [Int], _ value: Int) {
            for (i, p) in positions.enumerated() { bits[p - 1] = value >> (positions.count - 1 - i) & 1 == 1 }
        }
        let mode = numeric ? 2 : 3
        set([3, 4, 5, 6], mode)
        set([53, 54, 43, 44, 45, 46, 47, 48, 37, 38], country)
        set([55, 56, 57, 58, 59, 60, 49, 50, 51, 52], service)
        if numeric {
            set([39, 40, 41, 42, 31, 32], postcode.count)
            set([33, 34, 35, 36, 25, 26, 27, 28, 29, 30, 19, 20, 21, 22, 23, 24, 13, 14, 15, 16, 17, 18, 7, 8, 9, 10, 11, 12, 1, 2], Int(postcode)!)
        } else {
            let characters = Array(postcode.utf8) + [UInt8](repeating: 0x20, count: max(0, 6 - postcode.utf8.count))
            guard characters.count == 6 else { throw .invalidLength(.maxiCode, got: postcode.count, allowed: "a postal code of up to 9 digits or 6 characters") }
            let places = [[39, 40, 41, 42, 31, 32], [33, 34, 35, 36, 25, 26], [27, 28, 29, 30, 19, 20], [21, 22, 23, 24, 13, 14],
                          [15, 16, 17, 18, 7, 8], [9, 10, 11, 12, 1, 2]]
            for (i, c) in characters.enumerated() {
                guard let code = MaxiCodeSet.a.code(of: c) else { throw .unencodableCharacter(.maxiCode, Character(UnicodeScalar(c)), position: i) }
                set(places[i], code)
            }
        }
        let primary = (0..<10).map { k in (0..<6).reduce(0) { $0 << 1 | (bits[6 * k + $1] ? 1 : 0) } }
        let data = MaxiCodeTextEncoder.codewords(message.data(using: .isoLatin1).map { Array($0) } ?? Array(message.utf8), eci: nil)
        guard data.count <= 84 else { throw .dataTooLong(.maxiCode, count: message.count) }
        return draw(MaxiCodeCodewords.withCheckCodewords(primary: primary, secondary: data + [Int](repeating: 33, count: 84 - data.count)))
    }

    /// The grid of 144 codewords: every bit in its module, the orientation modules and the two unused dark ones.
    static func draw(_ codewords: [Int]) -> BitMatrix {
        var grid = BitMatrix(width: MaxiCodeLayout.columns, height: MaxiCodeLayout.rows)
        for (bit, place) in MaxiCodeLayout.moduleOfBit.enumerated() where place.row >= 0 {
            if codewords[bit / 6] >> (5 - bit % 6) & 1 == 1 { grid[place.column, place.row] = true }
        }
        for m in MaxiCodeLayout.darkOrientationModules + MaxiCodeLayout.darkUnusedModules { grid[m.column, m.row] = true }
        return grid
    }
}
