import BarcodeDecoder
import Testing

@Suite struct QRFormatDecodingTests {
    /// The nearest format code worked out code by code, as `decodeFormat` did before its codes were tabulated.
    static func nearestFormat(_ candidates: [Int]) -> (QRErrorCorrectionLevel, Int)? {
        var best = (distance: 99, level: QRErrorCorrectionLevel.l, mask: 0)
        for level in QRErrorCorrectionLevel.allCases {
            for mask in 0..<8 {
                let code = QRFormatInformation.formatBits(level, mask: mask)
                for c in candidates {
                    let d = (code ^ c).nonzeroBitCount
                    if d < best.distance { best = (d, level, mask) }
                }
            }
        }
        return best.distance <= 3 ? (best.level, best.mask) : nil
    }

    /// The nearest version code worked out code by code.
    static func nearestVersion(_ candidates: [Int]) -> Int? {
        var best = (distance: 99, version: 0)
        for v in 7...40 {
            let code = QRFormatInformation.versionBits(v)
            for c in candidates {
                let d = (code ^ c).nonzeroBitCount
                if d < best.distance { best = (d, v) }
            }
        }
        return best.distance <= 3 ? best.version : nil
    }

    /// Every 15-bit reading, alone and paired with another, decodes to what the code-by-code search finds (ties go to the
    /// first code in the same order).
    @Test func formatMatchesTheCodeByCodeSearch() {
        for bits in 0..<(1 << 15) {
            let pair = [bits, (bits &* 7919) & 0x7FFF]
            for candidates in [[bits], pair] {
                let found = QRFormatInformation.decodeFormat(candidates), expected = Self.nearestFormat(candidates)
                #expect(found?.0 == expected?.0 && found?.1 == expected?.1, "\(candidates)")
            }
        }
    }

    /// Version readings near every version code (and others) decode to what the code-by-code search finds.
    @Test func versionMatchesTheCodeByCodeSearch() {
        var readings: [Int] = []
        for v in 7...40 {
            let code = QRFormatInformation.versionBits(v)
            readings.append(code)
            for bit in 0..<18 { readings.append(code ^ 1 << bit); readings.append(code ^ 1 << bit ^ 1 << ((bit + 5) % 18)) }
        }
        readings += stride(from: 0, to: 1 << 18, by: 97).map { $0 }
        for bits in readings {
            let pair = [bits, (bits &* 7919) & 0x3FFFF]
            for candidates in [[bits], pair] {
                #expect(QRFormatInformation.decodeVersion(candidates) == Self.nearestVersion(candidates), "\(candidates)")
            }
        }
    }
}
