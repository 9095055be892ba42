import BarcodeDecoder

/// Where and how a rendered symbol sits in a synthesized frame.
public struct SymbolPlacement: Sendable {
    /// The upright symbol with its quiet zone (from `SymbolRenderer`).
    public var symbol: GrayImage
    /// The centre in frame pixels.
    public var center: Point
    /// Frame pixels per symbol-image pixel.
    public var scale: Double
    /// Rotation in degrees, clockwise on screen.
    public var rotation: Double
    /// Tilt: 0 is a flat view; 0.2 shrinks the far edge by 20 %.
    public var perspective: Double

    public init(symbol: GrayImage, center: Point, scale: Double = 1, rotation: Double = 0, perspective: Double = 0) {
        self.symbol = symbol
        self.center = center
        self.scale = scale
        self.rotation = rotation
        self.perspective = perspective
    }

    /// The symbol image's corners in the frame (top-left, top-right, bottom-right, bottom-left).
    public var quad: [Point] {
        let w = Double(symbol.width) * scale / 2, h = Double(symbol.height) * scale / 2
        let shrink = 1 - perspective
        let local = [Point(-w * shrink, -h), Point(w * shrink, -h), Point(w, h), Point(-w, h)]
        let a = rotation * .pi / 180
        let (c, s) = (cos(a), sin(a))
        return local.map { Point(center.x + $0.x * c - $0.y * s, center.y + $0.x * s + $0.y * c) }
    }
}

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
