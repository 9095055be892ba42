import BarcodeDecoder

/// What one engine returned for one image.
public struct BenchOutcome: Sendable {
    public var entry: BenchCorpus.Entry
    /// The decoded texts (any symbology).
    public var texts: [String]
    public var milliseconds: Double
    /// Set when the engine could not process the image at all.
    public var failure: String?

    public init(entry: BenchCorpus.Entry, texts: [String], milliseconds: Double, failure: String? = nil) {
        self.entry = entry
        self.texts = texts
        self.milliseconds = milliseconds
        self.failure = failure
    }

    /// Whether the expected text was among the results.
    public var isRead: Bool { !entry.expected.isEmpty && texts.contains { BenchText.same($0, entry.expected, entry.symbology) } }
    /// Results that are not the expected text.
    public var falseReads: Int { texts.filter { !BenchText.same($0, entry.expected, entry.symbology) }.count }
}

/// Comparison of decoded and expected texts across engines' conventions.
public enum BenchText {
    /// Equal, or equal once each engine's conventions are set aside (Codabar start/stop characters, GS1 separators).
    public static func same(_ decoded: String, _ expected: String, _ symbology: Symbology?) -> Bool {
        if decoded == expected { return true }
        guard !expected.isEmpty else { return false }
        if symbology == .upcA || symbology == .upcE || symbology == .ean13 {
            if let a = gtin13(decoded), let b = gtin13(expected) { return a == b }
            return false
        }
        if symbology == .codabar {
            let strip: (String) -> String = { s in
                var t = Substring(s)
                if let f = t.first, "ABCDabcd".contains(f) { t = t.dropFirst() }
                if let l = t.last, "ABCDabcd".contains(l) { t = t.dropLast() }
                return String(t)
            }
            return strip(decoded) == strip(expected)
        }
        return false
    }

    /// A GTIN as 13 digits: UPC-A gets a leading 0, UPC-E (8 digits) is expanded to UPC-A first.
    static func gtin13(_ text: String) -> String? {
        let digits = text.compactMap { $0.wholeNumberValue }
        guard digits.count == text.count else { return nil }
        switch digits.count {
        case 13: return text
        case 12: return "0" + text
        case 8:
            guard digits[0] <= 1 else { return nil }
            let expanded = EANUPCTables.expandUPCE(numberSystem: digits[0], Array(digits[1...6])) + [digits[7]]
            return "0" + expanded.map(String.init).joined()
        default: return nil
        }
    }
}

/// Per-symbology figures for one engine.
public struct BenchRow: Sendable {
    public var symbology: String
    public var images: Int
    public var read: Int
    public var falseReads: Int
    public var medianMilliseconds: Double
    public var p95Milliseconds: Double
    public var readRate: Double { images == 0 ? 0 : Double(read) / Double(images) }

    /// Rows per expected symbology, then an "all" row.
    public static func rows(_ outcomes: [BenchOutcome]) -> [BenchRow] {
        var groups: [String: [BenchOutcome]] = [:]
        for o in outcomes { groups[o.entry.symbology == nil ? o.entry.symbologyName : o.entry.symbology!.rawValue, default: []].append(o) }
        var out = groups.keys.sorted().map { row($0, groups[$0]!) }
        out.append(row("all", outcomes))
        return out
    }

    static func row(_ name: String, _ outcomes: [BenchOutcome]) -> BenchRow {
        let times = outcomes.map(\.milliseconds).sorted()
        let withText = outcomes.filter { !$0.entry.expected.isEmpty }
        return BenchRow(symbology: name, images: withText.count, read: withText.filter(\.isRead).count,
                        falseReads: outcomes.map(\.falseReads).reduce(0, +),
                        medianMilliseconds: percentile(times, 0.5), p95Milliseconds: percentile(times, 0.95))
    }

    /// The `q` quantile of sorted `values` (nearest rank).
    public static func percentile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let rank = Int((q * Double(values.count)).rounded(.up)) - 1
        return values[max(0, min(values.count - 1, rank))]
    }
}
