import CoreFoundation
import Foundation

/// Text from bytes in the character set an ECI designator names; without one, the character set is guessed.
public enum CharacterSetECI {
    /// The string encoding an ECI assignment number stands for, when Foundation knows it.
    public static func encoding(eci: Int) -> String.Encoding? {
        switch eci {
        case 0, 2: .ascii
        case 1, 3: .isoLatin1
        case 4: .isoLatin2
        case 20: .shiftJIS
        case 21: .windowsCP1250
        case 22: .windowsCP1251
        case 23: .windowsCP1252
        case 25: .utf16BigEndian
        case 26: .utf8
        case 27, 170: .ascii
        case 5: foundation(.isoLatin3)
        case 6: foundation(.isoLatin4)
        case 8: foundation(.isoLatinArabic)
        case 9: foundation(.isoLatinGreek)
        case 10: foundation(.isoLatinHebrew)
        case 11: foundation(.isoLatin5)
        case 12: foundation(.isoLatin6)
        case 13: foundation(.isoLatinThai)
        case 15: foundation(.isoLatin7)
        case 16: foundation(.isoLatin8)
        case 17: foundation(.isoLatin9)
        case 18: foundation(.isoLatin10)
        case 24: foundation(.windowsArabic)
        case 28: foundation(.big5)
        case 29: foundation(.GB_18030_2000)
        case 30: foundation(.EUC_KR)
        default: nil
        }
    }

    /// The `String.Encoding` of a Core Foundation character set.
    static func foundation(_ encoding: CFStringEncodings) -> String.Encoding {
        String.Encoding(rawValue: UInt(CFStringConvertEncodingToNSStringEncoding(CFStringEncoding(encoding.rawValue))))
    }

    /// `bytes` as text: in the ECI's character set when given, else guessed (see `guess`).
    public static func text(_ bytes: [UInt8], eci: Int?) -> String {
        if let eci {
            if eci == 7 { return isoCyrillic(bytes) }
            if let encoding = encoding(eci: eci), let s = String(data: Data(bytes), encoding: encoding) { return s }
        }
        return guess(bytes)
    }

    /// Bytes without a declared character set, as most readers take them: UTF-8 when they are valid UTF-8; Shift_JIS when
    /// they are valid Shift_JIS with a run of at least two double-byte characters or three half-width katakana (the usual
    /// content of Japanese symbols, and rare in Latin-1 text); otherwise ISO 8859-1.
    public static func guess(_ bytes: [UInt8]) -> String {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return Latin1.string(bytes) }
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        if ShiftJISShape(bytes).looksJapanese, let s = String(data: Data(bytes), encoding: .shiftJIS) { return s }
        return Latin1.string(bytes)
    }

    /// ISO 8859-5 (Latin/Cyrillic, ECI 7).
    static func isoCyrillic(_ bytes: [UInt8]) -> String {
        var s = String.UnicodeScalarView()
        for b in bytes {
            let scalar: UInt32 = switch b {
            case 0..<0xA1, 0xAD: UInt32(b)
            case 0xF0: 0x2116
            case 0xFD: 0xA7
            default: UInt32(b) - 0xA0 + 0x400
            }
            s.append(Unicode.Scalar(scalar)!)
        }
        return String(s)
    }
}

/// How a byte string parses as Shift_JIS: whether it is valid and its longest runs of double-byte and katakana characters.
struct ShiftJISShape {
    var isValid = true
    var longestDoubleByteRun = 0
    var longestKatakanaRun = 0

    init(_ bytes: [UInt8]) {
        var i = 0, doubleRun = 0, kanaRun = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                doubleRun = 0; kanaRun = 0; i += 1
            } else if (0xA1...0xDF).contains(b) {
                kanaRun += 1; doubleRun = 0; i += 1
            } else if (0x81...0x9F).contains(b) || (0xE0...0xEF).contains(b) {
                guard i + 1 < bytes.count, (0x40...0xFC).contains(bytes[i + 1]), bytes[i + 1] != 0x7F else { isValid = false; return }
                doubleRun += 1; kanaRun = 0; i += 2
            } else {
                isValid = false; return
            }
            longestDoubleByteRun = max(longestDoubleByteRun, doubleRun)
            longestKatakanaRun = max(longestKatakanaRun, kanaRun)
        }
    }

    var looksJapanese: Bool { isValid && (longestDoubleByteRun >= 2 || longestKatakanaRun >= 3) }
}
