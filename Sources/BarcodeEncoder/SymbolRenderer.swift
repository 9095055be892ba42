import BarcodeDecoder

/// Draws symbols upright into images, black on white with their quiet zones.
public enum SymbolRenderer {
    /// A linear symbol, `moduleWidth` pixels per module and `height` pixels tall.
    public static func render(_ pattern: LinearPattern, moduleWidth: Int = 2, height: Int = 60, margin: Int? = nil) -> GrayImage {
        let quiet = margin ?? pattern.quietZone * moduleWidth
        var image = GrayImage(width: pattern.modules.count * moduleWidth + 2 * quiet, height: height + 2 * max(4, moduleWidth * 2))
        let top = max(4, moduleWidth * 2)
        for (m, bar) in pattern.modules.enumerated() where bar {
            for y in top..<(top + height) {
                for x in 0..<moduleWidth { image[quiet + m * moduleWidth + x, y] = 0 }
            }
        }
        return image
    }

    /// A 2D symbol, `moduleSize` pixels per module, with a quiet zone of `quietZone` modules.
    public static func render(_ matrix: BitMatrix, moduleSize: Int = 4, quietZone: Int = 4) -> GrayImage {
        let side = moduleSize * quietZone
        var image = GrayImage(width: matrix.width * moduleSize + 2 * side, height: matrix.height * moduleSize + 2 * side)
        for my in 0..<matrix.height {
            for mx in 0..<matrix.width where matrix[mx, my] {
                for y in 0..<moduleSize {
                    for x in 0..<moduleSize { image[side + mx * moduleSize + x, side + my * moduleSize + y] = 0 }
                }
            }
        }
        return image
    }
}
