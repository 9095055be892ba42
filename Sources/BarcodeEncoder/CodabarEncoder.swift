import BarcodeDecoder

/// Encodes Codabar; the text must start and end with one of A–D, wide elements `ratio` times narrow.
public enum CodabarEncoder {
    static let alphabet = Array("0123456789-$:/.+ABCD")
    static let patterns: [Int] = [
        0x003, 0x006, 0x009, 0x060, 0x012, 0x042, 0x021, 0x024, 0x030, 0x048,
        0x00C, 0x018, 0x045, 0x051, 0x054, 0x015, 0x01A, 0x029, 0x00B, 0x00E,
    ]

    public static func encode(_ text: String, ratio: Int = 3) throws(EncoderError) -> LinearPattern {
        let chars = Array(text.uppercased())
        guard chars.count >= 3 else { throw .invalidLength(.codabar, got: chars.count, allowed: "start, 1 or more characters, stop") }
        var p = LinearPattern(symbology: .codabar, modules: [], quietZone: 10)
        for (k, c) in chars.enumerated() {
            guard let index = alphabet.firstIndex(of: c) else { throw .unencodableCharacter(.codabar, c, position: k) }
            let isEnd = k == 0 || k == chars.count - 1
            guard isEnd == (index >= 16) else { throw .unencodableCharacter(.codabar, c, position: k) }
            if k > 0 { p.modules.append(false) }
            p.append(widths: (0..<7).map { (patterns[index] >> (6 - $0)) & 1 == 1 ? ratio : 1 })
        }
        return p
    }
}
