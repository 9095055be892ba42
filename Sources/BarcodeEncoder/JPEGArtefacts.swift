import BarcodeDecoder
#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Blocking and ringing as a JPEG encoder at a given quality leaves them: 8×8 DCT, quantization with the standard luminance table, inverse DCT.
public enum JPEGArtefacts {
    /// The luminance quantization table of ITU-T T.81 Annex K, at quality 50.
    static let luminance: [Double] = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]

    public static func apply(_ image: GrayImage, quality: Int) -> GrayImage {
        let q = max(1, min(100, quality))
        let scale = q < 50 ? 5000.0 / Double(q) : 200 - 2 * Double(q)
        let table = luminance.map { max(1, min(255, (($0 * scale + 50) / 100).rounded(.down))) }
        var cosines = [Double](repeating: 0, count: 64)
        for x in 0..<8 { for u in 0..<8 { cosines[x * 8 + u] = cos(Double(2 * x + 1) * Double(u) * .pi / 16) } }
        var out = image.packed()
        var block = [Double](repeating: 0, count: 64), coefficients = [Double](repeating: 0, count: 64)
        for by in stride(from: 0, to: image.height, by: 8) {
            for bx in stride(from: 0, to: image.width, by: 8) {
                for y in 0..<8 {
                    for x in 0..<8 {
                        block[y * 8 + x] = Double(out[min(image.width - 1, bx + x), min(image.height - 1, by + y)]) - 128
                    }
                }
                for v in 0..<8 {
                    for u in 0..<8 {
                        var s = 0.0
                        for y in 0..<8 { for x in 0..<8 { s += block[y * 8 + x] * cosines[x * 8 + u] * cosines[y * 8 + v] } }
                        let c = (u == 0 ? 1 / 2.0.squareRoot() : 1) * (v == 0 ? 1 / 2.0.squareRoot() : 1) / 4
                        coefficients[v * 8 + u] = (s * c / table[v * 8 + u]).rounded() * table[v * 8 + u]
                    }
                }
                for y in 0..<8 where by + y < image.height {
                    for x in 0..<8 where bx + x < image.width {
                        var s = 0.0
                        for v in 0..<8 {
                            for u in 0..<8 {
                                let c = (u == 0 ? 1 / 2.0.squareRoot() : 1) * (v == 0 ? 1 / 2.0.squareRoot() : 1)
                                s += c * coefficients[v * 8 + u] * cosines[x * 8 + u] * cosines[y * 8 + v]
                            }
                        }
                        out[bx + x, by + y] = UInt8(max(0, min(255, (s / 4 + 128).rounded())))
                    }
                }
            }
        }
        return out
    }
}
