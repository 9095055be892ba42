import BarcodeDecoder
import RigCore
#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Renders camera-like frames with symbols placed in a scene, seeded so the same seed gives the same frame.
public struct FrameSynthesizer: Sendable {
    public var width: Int
    public var height: Int
    public var seed: UInt64

    /// A 1280×720 (or `width`×`height`) synthesizer.
    public init(width: Int = 1280, height: Int = 720, seed: UInt64) {
        self.width = width
        self.height = height
        self.seed = seed
    }

    /// The frame with `placements` drawn on a textured background, then `degradations` applied.
    public func render(_ placements: [SymbolPlacement], degradations: Degradations = .none) -> GrayImage {
        var random = SeededGenerator(seed: seed, stream: "frame")
        var plane = [Double](repeating: 0, count: width * height)
        let base = Double.random(in: 170...215, using: &random)
        let fx = Double.random(in: 0.002...0.01, using: &random), fy = Double.random(in: 0.002...0.01, using: &random)
        for y in 0..<height {
            for x in 0..<width {
                plane[y * width + x] = base + 12 * sin(Double(x) * fx + 1.3) * cos(Double(y) * fy)
            }
        }
        let low = 255 * (1 - degradations.contrast) * 0.6
        for placement in placements { draw(placement, into: &plane, ink: low, paper: 250) }
        if degradations.unevenLight > 0 {
            let angle = Double.random(in: 0..<(2 * .pi), using: &random)
            let (c, s) = (cos(angle), sin(angle))
            let diag = Double(width + height) / 2
            for y in 0..<height {
                for x in 0..<width {
                    let t = (Double(x - width / 2) * c + Double(y - height / 2) * s) / diag
                    plane[y * width + x] *= 1 - degradations.unevenLight * (0.5 + t)
                }
            }
        }
        if degradations.glare > 0 {
            let gx = Double.random(in: 0...Double(width), using: &random), gy = Double.random(in: 0...Double(height), using: &random)
            let r = Double(min(width, height)) * Double.random(in: 0.1...0.25, using: &random)
            for y in 0..<height {
                for x in 0..<width {
                    let d2 = (Double(x) - gx) * (Double(x) - gx) + (Double(y) - gy) * (Double(y) - gy)
                    let g = degradations.glare * exp(-d2 / (2 * r * r))
                    plane[y * width + x] += (255 - plane[y * width + x]) * g * 0.8
                }
            }
        }
        if degradations.blur > 0 { plane = Self.gaussianBlur(plane, width: width, height: height, sigma: degradations.blur) }
        if degradations.noise > 0 {
            for i in plane.indices {
                let u1 = max(1e-12, Double.random(in: 0..<1, using: &random)), u2 = Double.random(in: 0..<1, using: &random)
                plane[i] += degradations.noise * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            }
        }
        var image = GrayImage(width: width, height: height)
        for i in plane.indices { image.pixels[i] = UInt8(max(0, min(255, plane[i].rounded()))) }
        if let quality = degradations.jpegQuality { image = JPEGArtefacts.apply(image, quality: quality) }
        return image
    }

    private func draw(_ placement: SymbolPlacement, into plane: inout [Double], ink: Double, paper: Double) {
        let quad = placement.quad
        let sw = Double(placement.symbol.width), sh = Double(placement.symbol.height)
        guard let inverse = PerspectiveTransform(from: quad, to: [Point(0, 0), Point(sw, 0), Point(sw, sh), Point(0, sh)]) else { return }
        let x0 = max(0, Int(quad.map(\.x).min()!) - 1), x1 = min(width - 1, Int(quad.map(\.x).max()!) + 1)
        let y0 = max(0, Int(quad.map(\.y).min()!) - 1), y1 = min(height - 1, Int(quad.map(\.y).max()!) + 1)
        guard x0 <= x1, y0 <= y1 else { return }
        let symbol = placement.symbol
        for y in y0...y1 {
            for x in x0...x1 {
                var sum = 0.0, inside = 0
                for (ox, oy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                    let p = inverse.apply(Point(Double(x) + ox, Double(y) + oy))
                    guard p.x >= 0, p.y >= 0, p.x < sw, p.y < sh else { continue }
                    sum += Double(symbol[Int(p.x), Int(p.y)]) / 255
                    inside += 1
                }
                guard inside > 0 else { continue }
                let value = ink + (paper - ink) * sum / Double(inside)
                let i = y * width + x
                plane[i] = plane[i] * Double(4 - inside) / 4 + value * Double(inside) / 4
            }
        }
    }

    static func gaussianBlur(_ plane: [Double], width: Int, height: Int, sigma: Double) -> [Double] {
        let r = max(1, Int((sigma * 3).rounded(.up)))
        var kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var tmp = plane
        for y in 0..<height {
            for x in 0..<width {
                var s = 0.0
                for k in -r...r { s += plane[y * width + min(width - 1, max(0, x + k))] * kernel[k + r] }
                tmp[y * width + x] = s
            }
        }
        var out = tmp
        for y in 0..<height {
            for x in 0..<width {
                var s = 0.0
                for k in -r...r { s += tmp[min(height - 1, max(0, y + k)) * width + x] * kernel[k + r] }
                out[y * width + x] = s
            }
        }
        return out
    }
}
