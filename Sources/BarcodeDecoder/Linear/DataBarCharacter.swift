/// The data characters of GS1 DataBar Omnidirectional (ISO/IEC 24724): a value ↔ the module widths of its four odd
/// and four even elements, by the standard's combinatorial numbering ("RSS value") within each character group.
public enum DataBarCharacter {
    /// One group of character values: how many modules the odd and the even elements span, their widest element, how
    /// many even (outer characters) or odd (inner characters) combinations there are, and the group's first value.
    struct Group {
        var first: Int
        var oddModules: Int
        var oddWidest: Int
        var subsetCount: Int
    }

    /// Outer characters (16 modules, values 0…2840): value = first + vOdd·tEven + vEven.
    static let outerGroups = [
        Group(first: 0, oddModules: 12, oddWidest: 8, subsetCount: 1),
        Group(first: 161, oddModules: 10, oddWidest: 6, subsetCount: 10),
        Group(first: 961, oddModules: 8, oddWidest: 4, subsetCount: 34),
        Group(first: 2015, oddModules: 6, oddWidest: 3, subsetCount: 70),
        Group(first: 2715, oddModules: 4, oddWidest: 1, subsetCount: 126),
    ]
    /// Inner characters (15 modules, values 0…1596): value = first + vEven·tOdd + vOdd.
    static let innerGroups = [
        Group(first: 0, oddModules: 5, oddWidest: 2, subsetCount: 4),
        Group(first: 336, oddModules: 7, oddWidest: 4, subsetCount: 20),
        Group(first: 1036, oddModules: 9, oddWidest: 6, subsetCount: 48),
        Group(first: 1516, oddModules: 11, oddWidest: 8, subsetCount: 81),
    ]

    static func combinations(_ n: Int, _ r: Int) -> Int {
        guard r >= 0, n >= r else { return r == 0 && n >= 0 ? 1 : 0 }
        var result = 1
        let r = min(r, n - r)
        if r == 0 { return 1 }
        for i in 0..<r { result = result * (n - i) / (i + 1) }
        return result
    }

    /// How many width sequences have element `bar` exactly `width` wide, given `n` modules left for elements `bar`…,
    /// none wider than `maxWidth` (with `noNarrow`, when no element so far is narrow, those with no narrow element at all
    /// are not counted).
    private static func countBefore(width: Int, n: Int, elements: Int, index bar: Int, maxWidth: Int, noNarrow: Bool, noNarrowYet: Bool) -> Int {
        var subtotal = combinations(n - width - 1, elements - bar - 2)
        if noNarrow && noNarrowYet && n - width - (elements - bar - 1) >= elements - bar - 1 {
            subtotal -= combinations(n - width - (elements - bar), elements - bar - 2)
        }
        if elements - bar - 1 > 1 {
            var less = 0
            var widest = n - width - (elements - bar - 2)
            while widest > maxWidth {
                less += combinations(n - width - widest - 1, elements - bar - 3)
                widest -= 1
            }
            subtotal -= less * (elements - 1 - bar)
        } else if n - width > maxWidth {
            subtotal -= 1
        }
        return subtotal
    }

    /// The number of `widths` among all sequences of its length and sum, none wider than `maxWidth`.
    static func value(of widths: [Int], maxWidth: Int, noNarrow: Bool) -> Int {
        var n = widths.reduce(0, +)
        let elements = widths.count
        var value = 0
        var noNarrowYet = true
        for bar in 0..<(elements - 1) {
            var width = 1
            while width < widths[bar] {
                value += countBefore(width: width, n: n, elements: elements, index: bar, maxWidth: maxWidth, noNarrow: noNarrow,
                                     noNarrowYet: noNarrowYet && width > 1)
                width += 1
            }
            if widths[bar] == 1 { noNarrowYet = false }
            n -= width
        }
        return value
    }

    /// The widths of the `value`-th sequence of `elements` widths summing to `modules`, none wider than `maxWidth`.
    static func widths(of value: Int, modules: Int, elements: Int, maxWidth: Int, noNarrow: Bool) -> [Int] {
        var widths = [Int](repeating: 0, count: elements)
        var n = modules
        var remaining = value
        var noNarrowYet = true
        for bar in 0..<(elements - 1) {
            var width = 1
            while true {
                let count = countBefore(width: width, n: n, elements: elements, index: bar, maxWidth: maxWidth, noNarrow: noNarrow,
                                        noNarrowYet: noNarrowYet && width > 1)
                if remaining < count { break }
                remaining -= count
                width += 1
            }
            if width == 1 { noNarrowYet = false }
            widths[bar] = width
            n -= width
        }
        widths[elements - 1] = n
        return widths
    }

    /// The nine finder patterns: element widths from the outer character towards the inner one.
    public static let finders: [[Int]] = [
        [3, 8, 2, 1, 1], [3, 5, 5, 1, 1], [3, 3, 7, 1, 1], [3, 1, 9, 1, 1], [2, 7, 4, 1, 1],
        [2, 5, 6, 1, 1], [2, 3, 8, 1, 1], [1, 5, 7, 1, 1], [1, 3, 9, 1, 1],
    ]

    /// The check value the two finders stand for (9·left + right, skipping the two pairs that are not used).
    public static func checkValue(leftFinder: Int, rightFinder: Int) -> Int {
        var target = 9 * leftFinder + rightFinder
        if target > 72 { target -= 1 }
        if target > 8 { target -= 1 }
        return target
    }

    /// A character's share of the modulo-79 check: its odd (even-indexed) and even counts weighted by powers of 9, the
    /// even ones three times.
    public static func checksum(_ counts: [Int]) -> Int {
        var o = 0, e = 0
        for i in stride(from: 3, through: 0, by: -1) {
            o = o * 9 + counts[2 * i]
            e = e * 9 + counts[2 * i + 1]
        }
        return o + 3 * e
    }

    static func interleave(_ odd: [Int], _ even: [Int]) -> [Int] { (0..<4).flatMap { [odd[$0], even[$0]] } }

    /// The module counts of outer character `value` (0…2840), from the symbol's end towards the finder.
    public static func outerCounts(_ value: Int) -> [Int] {
        let group = outerGroups.last { $0.first <= value }!
        let v = value - group.first
        let odd = widths(of: v / group.subsetCount, modules: group.oddModules, elements: 4, maxWidth: group.oddWidest, noNarrow: false)
        let even = widths(of: v % group.subsetCount, modules: 16 - group.oddModules, elements: 4, maxWidth: 9 - group.oddWidest, noNarrow: true)
        return interleave(odd, even)
    }

    /// The module counts of inner character `value` (0…1596), from the symbol's middle towards the finder.
    public static func innerCounts(_ value: Int) -> [Int] {
        let group = innerGroups.last { $0.first <= value }!
        let v = value - group.first
        let odd = widths(of: v % group.subsetCount, modules: group.oddModules, elements: 4, maxWidth: group.oddWidest, noNarrow: true)
        let even = widths(of: v / group.subsetCount, modules: 15 - group.oddModules, elements: 4, maxWidth: 9 - group.oddWidest, noNarrow: false)
        return interleave(odd, even)
    }

    /// The GS1 check digit of a 13-digit GTIN body (weights 3, 1, … from the right).
    public static func gtinCheckDigit(_ digits: String) -> Int {
        var sum = 0
        for (i, c) in digits.reversed().enumerated() { sum += (c.wholeNumberValue ?? 0) * (i % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }
}
