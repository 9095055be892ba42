@testable import BarcodeDecoder

/// Symbols drawn through a keystone for the perspective tests (`QRSidePerspectiveTests`, `DataMatrixLPerspectiveTests`):
/// the right edge 70 % as tall as the left, as a camera turned about the vertical axis sees it.
enum KeystoneDrawing {
    /// Where a symbol's corners (top-left, top-right, bottom-right, bottom-left) lie in a 240 × 240 image.
    static let corners = [Point(20, 20), Point(220, 50), Point(220, 190), Point(20, 220)]

    /// A 240 × 240 image of a symbol `modules` a side through `corners`: each pixel whose centre maps back to module
    /// (u, v) of the symbol is dark where `isDark(u, v)`.
    static func drawn(modules: Double, isDark: (Int, Int) -> Bool) -> BitMatrix {
        let toModules = PerspectiveTransform(from: corners, to: [Point(0, 0), Point(modules, 0), Point(modules, modules), Point(0, modules)])!
        var bits = BitMatrix(width: 240, height: 240)
        for y in 0..<240 {
            for x in 0..<240 {
                let m = toModules.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard m.x >= 0, m.y >= 0, m.x < modules, m.y < modules else { continue }
                bits[x, y] = isDark(Int(m.x), Int(m.y))
            }
        }
        return bits
    }
}
