import BarcodeDecoder

/// Encodes Interleaved 2 of 5 from an even number of digits, wide elements `ratio` times narrow.
public enum ITFEncoder {
    static let patterns = ["nnwwn", "wnnnw", "nwnnw", "wwnnn", "nnwnw", "wnwnn", "nwwnn", "nnnww", "wnnwn", "nwnwn"]

    public static func encode(_ text: String, ratio: Int = 3) throws(EncoderError) -> LinearPattern {
        var digits: [Int] = []
        for (i, c) in text.enumerated() {
            guard c.isASCII, let d = c.wholeNumberValue else { throw .unencodableCharacter(.interleaved2of5, c, position: i) }
            digits.append(d)
        }
        guard !digits.isEmpty, digits.count % 2 == 0 else {
            throw .invalidLength(.interleaved2of5, got: digits.count, allowed: "an even number of digits")
        }
        var p = LinearPattern(symbology: .interleaved2of5, modules: [], quietZone: 10)
        p.append(widths: [1, 1, 1, 1])
        for k in stride(from: 0, to: digits.count, by: 2) {
            let a = Array(patterns[digits[k]]), b = Array(patterns[digits[k + 1]])
            var widths: [Int] = []
            for e in 0..<5 { widths += [a[e] == "w" ? ratio : 1, b[e] == "w" ? ratio : 1] }
            p.append(widths: widths)
        }
        p.append(widths: [ratio, 1, 1])
        return p
    }
}
