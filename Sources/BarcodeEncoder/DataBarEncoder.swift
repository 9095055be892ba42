import BarcodeDecoder

/// Encodes GS1 DataBar Omnidirectional (ISO/IEC 24724): a GTIN-14 in 96 modules with two finders carrying the check.
public enum DataBarEncoder {
    /// `text` as DataBar Omnidirectional: a GTIN of 13 digits (the check digit is added) or 14 digits (verified), alone, after
    /// the AI `01` or `(01)`.
    public static func encode(_ text: String) throws(EncoderError) -> LinearPattern {
        var digits = text.filter { $0 != "(" && $0 != ")" }
        if digits.count == 16 && digits.hasPrefix("01") { digits.removeFirst(2) }
        for (i, c) in digits.enumerated() where !c.isASCII || !c.isNumber {
            throw .unencodableCharacter(.dataBar, c, position: i)
        }
        guard digits.count == 13 || digits.count == 14 else { throw .invalidLength(.dataBar, got: digits.count, allowed: "13 or 14 digits") }
        let body = String(digits.prefix(13))
        let check = DataBarCharacter.gtinCheckDigit(body)
        if digits.count == 14, let given = digits.last?.wholeNumberValue, given != check {
            throw .wrongCheckDigit(.dataBar, expected: check, got: given)
        }
        let value = Int(body)!
        let left = value / 4_537_077, right = value % 4_537_077
        let (c1, c2, c3, c4) = (left / 1597, left % 1597, right / 1597, right % 1597)
        let w1 = DataBarCharacter.outerCounts(c1), w2 = DataBarCharacter.innerCounts(c2)
        let w3 = DataBarCharacter.outerCounts(c3), w4 = DataBarCharacter.innerCounts(c4)
        let checksum = (DataBarCharacter.checksum(w1) + 4 * DataBarCharacter.checksum(w2)
            + 16 * (DataBarCharacter.checksum(w3) + 4 * DataBarCharacter.checksum(w4))) % 79
        var finders = (0, 0)
        search: for l in 0..<9 {
            for r in 0..<9 where DataBarCharacter.checkValue(leftFinder: l, rightFinder: r) == checksum {
                finders = (l, r)
                break search
            }
        }
        var widths = [1, 1]
        widths += w1
        widths += DataBarCharacter.finders[finders.0]
        widths += w2.reversed()
        widths += w4
        widths += DataBarCharacter.finders[finders.1].reversed()
        widths += w3.reversed()
        widths += [1, 1]
        var pattern = LinearPattern(symbology: .dataBar, modules: [], quietZone: 4)
        pattern.append(widths: widths, startingWithBar: false)
        return pattern
    }

    /// `text` as DataBar Stacked (rows 5 and 7 modules tall, one separator row) or Stacked Omnidirectional (rows 33 tall,
    /// three separator rows): the one-row symbol cut in two, each half closed by a one-module guard bar and space.
    ///
    /// The separator rows are simplified: the complement of the row above with four light modules at each end (the standard
    /// also breaks long runs over the finders); readers do not read them.
    public static func encodeStacked(_ text: String, omnidirectional: Bool = false) throws(EncoderError) -> BitMatrix {
        let modules = try encode(text).modules
        let top = Array(modules[..<48]) + [true, false], bottom = [true, false] + Array(modules[48...])
        let separator = top.enumerated().map { i, dark in i >= 4 && i < 46 && !dark }
        let checker = (0..<50).map { i in i >= 5 && i < 45 && i % 2 == 1 }
        let rows: [[Bool]] = omnidirectional
            ? Array(repeating: top, count: 33) + [separator, checker, separator] + Array(repeating: bottom, count: 33)
            : Array(repeating: top, count: 5) + [separator] + Array(repeating: bottom, count: 7)
        var matrix = BitMatrix(width: 50, height: rows.count)
        for (y, row) in rows.enumerated() { for (x, dark) in row.enumerated() where dark { matrix[x, y] = true } }
        return matrix
    }
}
