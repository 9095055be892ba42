/// The characters of GS1 DataBar Expanded (ISO/IEC 24724): 17 modules, values 0…4095 in five groups, finder patterns
/// A–F and their sequences, and the check weights.
public enum DataBarExpandedCharacters {
    /// Finder patterns A–F, element widths from the left character towards the right one (for an unswapped pair).
    public static let finders: [[Int]] = [[1, 8, 4, 1, 1], [3, 6, 4, 1, 1], [3, 4, 6, 1, 1], [3, 2, 8, 1, 1], [2, 6, 5, 1, 1], [2, 2, 9, 1, 1]]
    /// The finder sequence for each number of pairs (2…11).
    static let sequences: [[Int]] = [
        [0, 0], [0, 1, 1], [0, 2, 1, 3], [0, 4, 1, 3, 2], [0, 4, 1, 3, 3, 5], [0, 4, 1, 3, 4, 5, 5],
        [0, 0, 1, 1, 2, 2, 3, 3], [0, 0, 1, 1, 2, 2, 3, 4, 4], [0, 0, 1, 1, 2, 2, 3, 4, 5, 5], [0, 0, 1, 1, 2, 3, 3, 4, 4, 5, 5],
    ]
    /// Per group: the widest odd element, how many even combinations there are, the group's first value.
    static let widest = [7, 5, 4, 3, 1]
    static let evenSubsets = [4, 20, 52, 104, 204]
    static let groupFirst = [0, 348, 1388, 2948, 3988]

    /// The check weights: row r, element j weighs 3^(8r + j) mod 211.
    static let weights: [[Int]] = (0..<23).map { r in
        (0..<8).map { j in
            var w = 1
            for _ in 0..<(8 * r + j) { w = w * 3 % 211 }
            return w
        }
    }

    /// The finders of a symbol of `pairs` pairs (2…11).
    public static func sequence(pairs: Int) -> [Int] { sequences[min(max(pairs, 2), 11) - 2] }

    /// A character's value from its 8 module counts (running from its outer end towards its pair's finder), if valid.
    public static func value(_ counts: [Int]) -> Int? {
        let odd = [counts[0], counts[2], counts[4], counts[6]], even = [counts[1], counts[3], counts[5], counts[7]]
        let oddSum = odd.reduce(0, +)
        guard oddSum % 2 == 0, oddSum >= 4, oddSum <= 12 else { return nil }
        let group = (13 - oddSum) / 2
        let oddWidest = widest[group]
        guard odd.allSatisfy({ $0 <= oddWidest }), even.allSatisfy({ $0 <= 9 - oddWidest }) else { return nil }
        let vOdd = DataBarCharacter.value(of: odd, maxWidth: oddWidest, noNarrow: true)
        let vEven = DataBarCharacter.value(of: even, maxWidth: 9 - oddWidest, noNarrow: false)
        return vOdd * evenSubsets[group] + vEven + groupFirst[group]
    }

    /// The module counts of `value` (0…4191), from its outer end towards its pair's finder.
    public static func counts(_ value: Int) -> [Int] {
        let group = groupFirst.lastIndex { $0 <= value }!
        let v = value - groupFirst[group]
        let oddModules = 12 - 2 * group
        let odd = DataBarCharacter.widths(of: v / evenSubsets[group], modules: oddModules, elements: 4, maxWidth: widest[group], noNarrow: true)
        let even = DataBarCharacter.widths(of: v % evenSubsets[group], modules: 17 - oddModules, elements: 4, maxWidth: 9 - widest[group], noNarrow: false)
        return DataBarCharacter.interleave(odd, even)
    }

    /// A character's share of the modulo-211 check at weight row `weightRow`.
    public static func checksum(_ counts: [Int], weightRow: Int) -> Int {
        var sum = 0
        for j in 0..<8 { sum += counts[j] * weights[weightRow][j] }
        return sum
    }

    /// The total length (AI and data) of an AI whose length GS1 predefines, by its first two digits.
    public static func predefinedLength(ai: String) -> Int? { GS1ElementString.predefinedLengths[String(ai.prefix(2))] }
}
