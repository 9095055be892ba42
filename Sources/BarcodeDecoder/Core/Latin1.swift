/// Text from ISO 8859-1 bytes, the default character set of the linear symbologies.
enum Latin1 {
    /// Each byte is the code point of its value: under 0x80 its own UTF-8, else the two bytes 0xC2/0xC3 and
    /// 0x80 | its low six bits. The UTF-8 is made in one pass and decoded once (appending a scalar at a time to a
    /// `String.UnicodeScalarView` cost about a hundred instructions a character: a large QR symbol's text was a tenth
    /// of its read).
    static func string(_ bytes: [UInt8]) -> String {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return String(decoding: bytes, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(2 * bytes.count)
        for b in bytes {
            if b < 0x80 {
                utf8.append(b)
            } else {
                utf8.append(0xC0 | b >> 6)
                utf8.append(0x80 | b & 0x3F)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
