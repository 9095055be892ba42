/// GS1 element strings (AIs and their data, U+001D after variable-length fields): a check of their form, and the form
/// readers print for people, AIs in parentheses.
public enum GS1ElementString {
    /// The total length (AI and data) of the AIs whose length is predefined, by their first two digits (GS1 General
    /// Specifications, the table of predefined-length element strings); their data are digits.
    static let predefinedLengths: [String: Int] = [
        "00": 20, "01": 16, "02": 16, "03": 16, "04": 18, "11": 8, "12": 8, "13": 8, "14": 8, "15": 8, "16": 8, "17": 8,
        "18": 8, "19": 8, "20": 4, "31": 10, "32": 10, "33": 10, "34": 10, "35": 10, "36": 10, "41": 16,
    ]

    /// The first two digits of the AIs GS1 has assigned (AIs are 2–4 digits; these two say which family).
    static let assignedPrefixes: Set<String> = Set(predefinedLengths.keys).union([
        "10", "21", "22", "23", "24", "25", "30", "37", "39", "40", "42", "43", "70", "71", "72", "80", "81", "82",
        "90", "91", "92", "93", "94", "95", "96", "97", "98", "99",
    ])

    /// How many digits an AI has, by its first two (GS1 General Specifications: the AIs that share their first two digits
    /// have the same length); 2 for the families not listed.
    static let aiDigits: [String: Int] = [
        "23": 3, "24": 3, "25": 3, "40": 3, "41": 3, "42": 3, "71": 3,
        "31": 4, "32": 4, "33": 4, "34": 4, "35": 4, "36": 4, "39": 4, "43": 4, "70": 4, "72": 4, "80": 4, "81": 4, "82": 4,
    ]

    /// The element string as readers print it for people, each AI in parentheses and no separators:
    /// `0109501101020917` U+001D `10ABC` is `(01)09501101020917(10)ABC`. Nil when `text` is not well formed
    /// (`isWellFormed`) or a field is not longer than its AI.
    public static func humanReadable(_ text: String) -> String? {
        guard isWellFormed(text) else { return nil }
        let chars = Array(text.unicodeScalars)
        var out = ""
        var i = 0
        while i < chars.count {
            let prefix = String(String.UnicodeScalarView(chars[i..<(i + 2)]))
            let end: Int
            if let length = predefinedLengths[prefix] {
                end = i + length
            } else {
                var j = i + 2
                while j < chars.count && chars[j] != "\u{1D}" { j += 1 }
                end = j
            }
            let digits = aiDigits[prefix] ?? 2
            guard end > i + digits, chars[i..<(i + digits)].allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            out += "(" + String(String.UnicodeScalarView(chars[i..<(i + digits)])) + ")"
            out += String(String.UnicodeScalarView(chars[(i + digits)..<end]))
            i = end
            if i < chars.count && chars[i] == "\u{1D}" { i += 1 }
        }
        return out
    }

    /// Whether `text` splits into fields that each begin with an assigned AI's first two digits, fields of predefined length
    /// are complete and all digits, and other fields are non-empty and end at U+001D or the end.
    public static func isWellFormed(_ text: String) -> Bool {
        let chars = Array(text.unicodeScalars)
        var i = 0
        guard !chars.isEmpty else { return false }
        while i < chars.count {
            guard i + 2 <= chars.count, chars[i].properties.numericType != nil, chars[i + 1].properties.numericType != nil,
                  chars[i].isASCII, chars[i + 1].isASCII else { return false }
            let prefix = String(String.UnicodeScalarView(chars[i..<(i + 2)]))
            guard assignedPrefixes.contains(prefix) else { return false }
            if let length = predefinedLengths[prefix] {
                guard i + length <= chars.count, chars[i..<(i + length)].allSatisfy({ $0.isASCII && ("0"..."9").contains($0) }) else { return false }
                i += length
                if i < chars.count && chars[i] == "\u{1D}" { i += 1 }
            } else {
                var j = i + 2
                while j < chars.count && chars[j] != "\u{1D}" { j += 1 }
                guard j > i + 2 else { return false }
                i = j + 1
            }
        }
        return true
    }
}
