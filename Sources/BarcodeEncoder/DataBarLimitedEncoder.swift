import BarcodeDecoder

/// Encodes GS1 DataBar Limited (ISO/IEC 24724): a GTIN-14 whose indicator digit is 0 or 1, in 74 modules.
public enum DataBarLimitedEncoder {
    /// `text` as DataBar Limited: a GTIN of 13 digits (the check digit is added) or 14 (verified), alone, after `01` or `(01)`.
    public static func encode(_ text: String) throws(EncoderError) -> LinearPattern {
        var digits = text.filter { $0 != "(" && $0 != ")" }
        if digits.count == 16 && digits.hasPrefix("01") { digits.removeFirst(2) }
        for (i, c) in digits.enumerated() where !c.isASCII || !c.isNumber {
            throw .unencodableCharacter(.dataBarLimited, c, position: i)
        }
        guard digits.count == 13 || digits.count == 14 else { throw .invalidLength(.dataBarLimited, got: digits.count, allowed: "13 or 14 digits") }
        guard digits.first == "0" || digits.first == "1" else {
            throw .unencodableCharacter(.dataBarLimited, digits.first!, position: 0)
        }
        let body = String(digits.prefix(13))
        let checkDigit = DataBarCharacter.gtinCheckDigit(body)
        if digits.count == 14, let given = digits.last?.wholeNumberValue, given != checkDigit {
            throw .wrongCheckDigit(.dataBarLimited, expected: checkDigit, got: given)
        }
        let value = Int(body)!
        let left = DataBarLimitedCharacters.counts(value / 2_013_571), right = DataBarLimitedCharacters.counts(value % 2_013_571)
        let check = DataBarLimitedCharacters.checkPatterns[DataBarLimitedCharacters.check(left: left, right: right)]
        var pattern = LinearPattern(symbology: .dataBarLimited, modules: [], quietZone: 4)
        pattern.append(widths: [1, 1] + left + check + right + [1, 1], startingWithBar: false)
        return pattern
    }
}
