import BarcodeDecoder

/// Encodes GS1 DataBar Expanded (ISO/IEC 24724), one row: a GS1 element string in general-purpose data (method 00, or
/// method 1 when it begins with AI 01), numeric / alphanumeric / ISO/IEC 646 modes chosen greedily.
public enum DataBarExpandedEncoder {
    /// `text` as DataBar Expanded: an element string with AIs in parentheses (`(01)09501101020917(10)ABC`), or plain
    /// with U+001D after each variable-length field that is not last.
    public static func encode(_ text: String) throws(EncoderError) -> LinearPattern {
        let data = plain(text)
        var bits: [Bool] = [false]  // linkage flag: no composite component
        var rest = Array(data.unicodeScalars)
        func append(_ value: Int, _ count: Int) { for i in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> i & 1 == 1) } }
        let startsWithGTIN = rest.count >= 16 && String(String.UnicodeScalarView(rest[0..<2])) == "01"
            && rest[2..<16].allSatisfy { ("0"..."9").contains($0) }
        var lengthSymbolAt = 0
        if startsWithGTIN {
            append(1, 1)
            lengthSymbolAt = bits.count
            append(0, 2)
            append(Int(rest[2].value) - 48, 4)
            for g in 0..<4 { append(Int(String(String.UnicodeScalarView(rest[(3 + 3 * g)..<(6 + 3 * g)])))!, 10) }
            rest.removeFirst(16)
            if rest.first == "\u{1D}" { rest.removeFirst() }
        } else {
            append(0, 2)
            lengthSymbolAt = bits.count
            append(0, 2)
        }
        let finalMode = try generalPurpose(rest, into: &bits)
        // Whole 12-bit characters, at least 3 besides the check character, padded with latches that read as nothing:
        // 0000 (numeric → alphanumeric) when numeric, then 00100 (alphanumeric ↔ ISO/IEC 646) over and over.
        let dataCharacters = max(3, (bits.count + 11) / 12)
        guard dataCharacters + 1 <= 22 else { throw .dataTooLong(.dataBarExpanded, count: data.count) }
        var padding: [Bool] = finalMode == .numeric ? [false, false, false, false] : []
        while padding.count < 12 * dataCharacters { padding += [false, false, true, false, false] }
        bits += padding.prefix(12 * dataCharacters - bits.count)
        let symbolCharacters = dataCharacters + 1
        bits[lengthSymbolAt] = symbolCharacters % 2 == 1
        bits[lengthSymbolAt + 1] = symbolCharacters > 14
        let values = (0..<dataCharacters).map { c in (0..<12).reduce(0) { $0 << 1 | (bits[c * 12 + $1] ? 1 : 0) } }
        let pairs = (symbolCharacters + 1) / 2
        let finders = DataBarExpandedCharacters.sequence(pairs: pairs)
        var counts = values.map(DataBarExpandedCharacters.counts)
        var checksum = 0
        for (i, c) in counts.enumerated() {
            let index = i + 1, pair = index / 2
            checksum += DataBarExpandedCharacters.checksum(c, weightRow: 4 * finders[pair] + (pair % 2 == 0 ? 0 : 2) + (index % 2 == 0 ? 0 : 1) - 1)
        }
        counts.insert(DataBarExpandedCharacters.counts(211 * (symbolCharacters - 4) + checksum % 211), at: 0)
        var widths = [1, 1]
        for pair in 0..<pairs {
            widths += counts[2 * pair]
            let finder = DataBarExpandedCharacters.finders[finders[pair]]
            widths += pair % 2 == 0 ? finder : finder.reversed()
            if 2 * pair + 1 < counts.count { widths += counts[2 * pair + 1].reversed() }
        }
        // The right guard: a one-module bar (after a one-module space when the last element was a bar).
        widths += widths.count % 2 == 0 ? [1] : [1, 1]
        var pattern = LinearPattern(symbology: .dataBarExpanded, modules: [], quietZone: 4)
        pattern.append(widths: widths, startingWithBar: false)
        return pattern
    }

    /// The element string with parentheses removed and U+001D after variable-length fields that are not last.
    static func plain(_ text: String) -> String {
        guard text.hasPrefix("(") else { return text }
        var out = ""
        var fields: [(ai: String, data: String)] = []
        var i = text.startIndex
        while i < text.endIndex, text[i] == "(" {
            guard let close = text[i...].firstIndex(of: ")") else { break }
            let ai = String(text[text.index(after: i)..<close])
            let dataEnd = text[close...].dropFirst().firstIndex(of: "(") ?? text.endIndex
            fields.append((ai, String(text[text.index(after: close)..<dataEnd])))
            i = dataEnd
        }
        for (k, field) in fields.enumerated() {
            out += field.ai + field.data
            if k < fields.count - 1 && DataBarExpandedCharacters.predefinedLength(ai: field.ai) == nil { out += "\u{1D}" }
        }
        return out
    }

    enum Mode { case numeric, alphanumeric, iso646 }

    /// General-purpose data: numeric pairs where two digits (or a digit and FNC1) follow, alphanumeric or ISO/IEC 646
    /// for the rest; numeric again after FNC1 and before four digits.
    static func generalPurpose(_ chars: [Unicode.Scalar], into bits: inout [Bool]) throws(EncoderError) -> Mode {
        func append(_ value: Int, _ count: Int) { for i in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> i & 1 == 1) } }
        func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
        func digitOrFNC1(_ c: Unicode.Scalar) -> Int? { isDigit(c) ? Int(c.value) - 48 : c == "\u{1D}" ? 10 : nil }
        let alphaPunctuation = Array("*,-./".unicodeScalars)
        let isoPunctuation = Array("!\"%&'()*+,-./:;<=>?_ ".unicodeScalars)
        func inAlpha(_ c: Unicode.Scalar) -> Bool { digitOrFNC1(c) != nil || ("A"..."Z").contains(c) || alphaPunctuation.contains(c) }
        func inISO(_ c: Unicode.Scalar) -> Bool { inAlpha(c) || ("a"..."z").contains(c) || isoPunctuation.contains(c) }
        var mode = Mode.numeric
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch mode {
            case .numeric:
                if let d1 = digitOrFNC1(c), d1 != 10 || i + 1 < chars.count {
                    let d2 = i + 1 < chars.count ? digitOrFNC1(chars[i + 1]) : 10
                    if let d2 {
                        append(11 * d1 + d2 + 8, 7)
                        i += 2
                        continue
                    }
                }
                append(0, 4)  // latch to alphanumeric
                mode = .alphanumeric
            case .alphanumeric, .iso646:
                if (i..<min(i + 4, chars.count)).allSatisfy({ isDigit(chars[$0]) }) && chars.count - i >= 2 {
                    append(0, 3)  // latch to numeric
                    mode = .numeric
                    continue
                }
                if let d = digitOrFNC1(c) {
                    append(d == 10 ? 15 : d + 5, 5)
                    if d == 10 { mode = .numeric }
                } else if mode == .alphanumeric && inAlpha(c) {
                    append(("A"..."Z").contains(c) ? Int(c.value) - 65 + 32 : 58 + alphaPunctuation.firstIndex(of: c)!, 6)
                } else if mode == .iso646 && inISO(c) {
                    if ("A"..."Z").contains(c) { append(Int(c.value) - 1, 7) }
                    else if ("a"..."z").contains(c) { append(Int(c.value) - 7, 7) }
                    else { append(232 + isoPunctuation.firstIndex(of: c)!, 8) }
                } else if inISO(c) {
                    append(0b00100, 5)  // latch alphanumeric ↔ ISO/IEC 646
                    mode = mode == .alphanumeric ? .iso646 : .alphanumeric
                    continue
                } else {
                    throw .unencodableCharacter(.dataBarExpanded, Character(c), position: i)
                }
                i += 1
            }
        }
        return mode
    }
}
