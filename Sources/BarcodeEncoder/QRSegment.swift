import BarcodeDecoder
import Foundation

/// One segment of QR data, in the mode that encodes it.
public enum QRSegment: Sendable, Equatable {
    case numeric(String)
    case alphanumeric(String)
    case byte([UInt8])
    /// Kanji characters, each in the Shift JIS double-byte ranges.
    case kanji(String)
    /// Extended Channel Interpretation: the character set of the byte segments that follow (26 = UTF-8).
    case eci(Int)

    static let alphanumericSet = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")

    /// The single segment that encodes `text` most compactly: numeric, alphanumeric, Kanji or UTF-8 bytes.
    public static func automatic(_ text: String) -> [QRSegment] {
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) { return [.numeric(text)] }
        if !text.isEmpty, text.allSatisfy({ alphanumericSet.contains($0) }) { return [.alphanumeric(text)] }
        if !text.isEmpty, isKanji(text) { return [.kanji(text)] }
        return [.byte(Array(text.utf8))]
    }

    /// Whether every character of `text` is a double-byte Shift JIS character QR Kanji mode can hold.
    public static func isKanji(_ text: String) -> Bool {
        for c in text {
            guard let data = String(c).data(using: .shiftJIS), data.count == 2 else { return false }
            let code = Int(data[data.startIndex]) << 8 | Int(data[data.startIndex + 1])
            guard (0x8140...0x9FFC).contains(code) || (0xE040...0xEBBF).contains(code) else { return false }
        }
        return true
    }

    func bitLength(_ version: QRVersion) -> Int {
        switch self {
        case .numeric(let s): 4 + version.characterCountBits(.numeric) + s.count / 3 * 10 + [0, 4, 7][s.count % 3]
        case .alphanumeric(let s): 4 + version.characterCountBits(.alphanumeric) + s.count / 2 * 11 + (s.count % 2) * 6
        case .byte(let b): 4 + version.characterCountBits(.byte) + b.count * 8
        case .kanji(let s): 4 + version.characterCountBits(.kanji) + s.count * 13
        case .eci(let v): 4 + (v < 128 ? 8 : v < 16384 ? 16 : 24)
        }
    }

    var characterCount: Int {
        switch self {
        case .numeric(let s), .alphanumeric(let s), .kanji(let s): s.count
        case .byte(let b): b.count
        case .eci: 0
        }
    }

    func write(_ w: inout BitWriter, _ version: QRVersion) throws(EncoderError) {
        switch self {
        case .numeric(let s):
            let digits = try s.enumerated().map { (i, c) throws(EncoderError) -> Int in
                guard c.isASCII, let d = c.wholeNumberValue else { throw .unencodableCharacter(.qr, c, position: i) }
                return d
            }
            w.append(QRMode.numeric.rawValue, 4)
            w.append(digits.count, version.characterCountBits(.numeric))
            var k = 0
            while k < digits.count {
                let n = min(3, digits.count - k)
                let v = digits[k..<k + n].reduce(0) { $0 * 10 + $1 }
                w.append(v, [0, 4, 7, 10][n])
                k += n
            }
        case .alphanumeric(let s):
            let table = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
            let values = try s.enumerated().map { (i, c) throws(EncoderError) -> Int in
                guard let v = table.firstIndex(of: c) else { throw .unencodableCharacter(.qr, c, position: i) }
                return v
            }
            w.append(QRMode.alphanumeric.rawValue, 4)
            w.append(values.count, version.characterCountBits(.alphanumeric))
            var k = 0
            while k + 1 < values.count { w.append(values[k] * 45 + values[k + 1], 11); k += 2 }
            if k < values.count { w.append(values[k], 6) }
        case .byte(let b):
            w.append(QRMode.byte.rawValue, 4)
            w.append(b.count, version.characterCountBits(.byte))
            for byte in b { w.append(Int(byte), 8) }
        case .kanji(let s):
            w.append(QRMode.kanji.rawValue, 4)
            w.append(s.count, version.characterCountBits(.kanji))
            for (i, c) in s.enumerated() {
                guard let data = String(c).data(using: .shiftJIS), data.count == 2 else { throw .unencodableCharacter(.qr, c, position: i) }
                var code = Int(data[data.startIndex]) << 8 | Int(data[data.startIndex + 1])
                code -= code <= 0x9FFC ? 0x8140 : 0xC140
                w.append((code >> 8) * 0xC0 + (code & 0xFF), 13)
            }
        case .eci(let v):
            w.append(QRMode.eci.rawValue, 4)
            if v < 128 { w.append(v, 8) } else if v < 16384 { w.append(0x8000 | v, 16) } else { w.append(0xC00000 | v, 24) }
        }
    }
}
