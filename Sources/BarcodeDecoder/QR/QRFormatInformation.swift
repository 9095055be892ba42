/// QR format information (level and mask, BCH(15,5)) and version information (BCH(18,6)).
public enum QRFormatInformation {
    /// The 15 format bits for `level` and `mask`, masked with 0x5412.
    public static func formatBits(_ level: QRErrorCorrectionLevel, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        return (data << 10 | bchRemainder(data << 10, generator: 0x537, degree: 10)) ^ 0x5412
    }

    /// The 18 version bits for versions 7–40.
    public static func versionBits(_ version: Int) -> Int {
        version << 12 | bchRemainder(version << 12, generator: 0x1F25, degree: 12)
    }

    static func bchRemainder(_ value: Int, generator: Int, degree: Int) -> Int {
        var v = value
        let top = generator.bitWidth - generator.leadingZeroBitCount - 1
        for bit in stride(from: v.bitWidth - v.leadingZeroBitCount - 1, through: degree, by: -1) where v >> bit & 1 == 1 {
            v ^= generator << (bit - top)
        }
        return v
    }

    /// Every level's and mask's format bits, levels in `allCases` order and masks 0–7 within each: computed once, as
    /// every QR look (several per finder triple, on frames without a code too) decodes format information, and working
    /// out the 32 codes' remainders each time was most of that.
    static let formatCodes: [(level: QRErrorCorrectionLevel, mask: Int, code: Int)] = QRErrorCorrectionLevel.allCases.flatMap { level in
        (0..<8).map { mask in (level, mask, formatBits(level, mask: mask)) }
    }

    /// Versions 7–40's version bits, in order (index 0 is version 7), computed once (see `formatCodes`).
    static let versionCodes: [Int] = (7...40).map(versionBits)

    /// The level and mask whose format bits are nearest `bits` (at most 3 bits apart), trying each candidate reading.
    public static func decodeFormat(_ candidates: [Int]) -> (QRErrorCorrectionLevel, Int)? {
        var best = (distance: 99, level: QRErrorCorrectionLevel.l, mask: 0)
        for (level, mask, code) in formatCodes {
            for c in candidates {
                let d = (code ^ c).nonzeroBitCount
                if d < best.distance { best = (d, level, mask) }
            }
        }
        return best.distance <= 3 ? (best.level, best.mask) : nil
    }

    /// The version whose version bits are nearest a candidate reading (at most 3 bits apart).
    public static func decodeVersion(_ candidates: [Int]) -> Int? {
        var best = (distance: 99, version: 0)
        for (index, code) in versionCodes.enumerated() {
            let v = 7 + index
            for c in candidates {
                let d = (code ^ c).nonzeroBitCount
                if d < best.distance { best = (d, v) }
            }
        }
        return best.distance <= 3 ? best.version : nil
    }

    /// Cell positions of format bit i (0 = least significant) in the copy around the top-left finder.
    public static func formatPositionsA(_ i: Int) -> (Int, Int) {
        if i < 6 { return (8, i) }
        if i < 8 { return (8, i + 1) }
        if i == 8 { return (7, 8) }
        return (14 - i, 8)
    }

    /// Cell positions of format bit i in the copy split between the other two finders.
    public static func formatPositionsB(_ i: Int, dimension n: Int) -> (Int, Int) {
        i < 8 ? (n - 1 - i, 8) : (8, n - 15 + i)
    }
}
