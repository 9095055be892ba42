/// The EAN/UPC digit patterns and parity tables (ISO/IEC 15420).
public enum EANUPCTables {
    /// Module widths (space, bar, space, bar) of the odd-parity (L) digits 0–9; R digits have the same widths starting with a bar.
    public static let odd: [[Int]] = [
        [3, 2, 1, 1], [2, 2, 2, 1], [2, 1, 2, 2], [1, 4, 1, 1], [1, 1, 3, 2],
        [1, 2, 3, 1], [1, 1, 1, 4], [1, 3, 1, 2], [1, 2, 1, 3], [3, 1, 1, 2],
    ]
    /// Even-parity (G) digits: the L widths reversed.
    public static let even: [[Int]] = odd.map { Array($0.reversed()) }
    /// For each EAN-13 leading digit, which of the six left digits use even parity.
    public static let leadingDigitParity: [[Bool]] = [
        "LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL",
    ].map { $0.map { $0 == "G" } }
    /// For UPC-E number system 0 and each check digit, which of the six digits use even parity (number system 1 inverts it).
    public static let upcEParity: [[Bool]] = [
        "EEEOOO", "EEOEOO", "EEOOEO", "EEOOOE", "EOEEOO", "EOOEEO", "EOOOEE", "EOEOEO", "EOEOOE", "EOOEOE",
    ].map { $0.map { $0 == "E" } }

    /// The GTIN check digit for `digits` (without the check digit).
    public static func checkDigit(_ digits: [Int]) -> Int {
        var sum = 0
        for (i, d) in digits.reversed().enumerated() { sum += i % 2 == 0 ? d * 3 : d }
        return (10 - sum % 10) % 10
    }

    /// The UPC-A digits (11, without check) a UPC-E number system and six digits stand for.
    public static func expandUPCE(numberSystem: Int, _ d: [Int]) -> [Int] {
        let body: [Int]
        switch d[5] {
        case 0, 1, 2: body = [d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
        case 3: body = [d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
        case 4: body = [d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
        default: body = [d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
        }
        return [numberSystem] + body
    }
}
