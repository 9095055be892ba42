import BarcodeDecoder

/// Draws a MaxiCode module grid as printed: hexagons standing on a point (rows √3/2 apart, odd rows half a module to the
/// right) and the bull's-eye's three dark rings, antialiased by 4 × 4 samples a pixel.
public enum MaxiCodeRenderer {
    /// The symbol at `moduleWidth` pixels a module with `quietZone` modules of white around it.
    public static func render(_ grid: BitMatrix, moduleWidth: Double = 6, quietZone: Double = 1) -> GrayImage {
        let width = Int(((30 + 2 * quietZone) * moduleWidth).rounded(.up))
        let height = Int(((MaxiCodeSymbolGeometry.height + 2 * quietZone) * moduleWidth).rounded(.up))
        var image = GrayImage(width: width, height: height)
        let samples = 4
        for py in 0..<height {
            for px in 0..<width {
                var dark = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let x = (Double(px) + (Double(sx) + 0.5) / Double(samples)) / moduleWidth - quietZone
                        let y = (Double(py) + (Double(sy) + 0.5) / Double(samples)) / moduleWidth - quietZone
                        if MaxiCodeSymbolGeometry.isDark(grid, x: x, y: y) { dark += 1 }
                    }
                }
                image[px, py] = UInt8(255 - 255 * dark / (samples * samples))
            }
        }
        return image
    }
}
