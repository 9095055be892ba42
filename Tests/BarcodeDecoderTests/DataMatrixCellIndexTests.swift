@testable import BarcodeDecoder
import RigCore
import Testing

@Suite struct DataMatrixCellIndexTests {
    /// The timing sample's cell index made in vector arithmetic is `Int(p.y) * width + Int(p.x)`: at whole coordinates,
    /// just under and over them, at halves (where rounding to the nearest goes either way) and at random places.
    @Test func cellIndexIsTruncatingConversion() {
        var random = SeededGenerator(seed: 11)
        for width in [1, 7, 640, 4096] {
            let height = 3 * width
            var points: [SIMD2<Double>] = []
            for _ in 0..<2000 {
                points.append(SIMD2(Double.random(in: 0..<Double(width), using: &random), Double.random(in: 0..<Double(height), using: &random)))
            }
            for k in 0..<min(width, 40) {
                let whole = Double(k)
                for x in [whole, whole.nextUp, (whole + 1).nextDown, whole + 0.5, (whole + 0.5).nextDown, (whole + 0.5).nextUp] where x < Double(width) {
                    points.append(SIMD2(x, Double(height - 1 - k) + 0.5))
                    points.append(SIMD2(Double(width - 1) - Double(k) / 2, x))
                }
            }
            points.append(SIMD2(0, 0))
            points.append(SIMD2(Double(width).nextDown, Double(height).nextDown))
            for p in points {
                #expect(DataMatrixDetector.cellIndex(p, width: width) == Int(p.y) * width + Int(p.x), "\(p) in width \(width)")
            }
        }
    }
}
