import Foundation

/// Text from bytes in the character set an ECI designator names, with UTF-8 then ISO 8859-1 guessed when none is given.
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
        default: nil
        }
    }

    /// `bytes` as text: in the ECI's character set when given, else UTF-8 when valid, else ISO 8859-1.
    public static func text(_ bytes: [UInt8], eci: Int?) -> String {
        if let eci, let encoding = encoding(eci: eci), let s = String(data: Data(bytes), encoding: encoding) { return s }
        if eci == nil, let s = String(validating: bytes, as: UTF8.self) { return s }
        return Latin1.string(bytes)
    }
}
