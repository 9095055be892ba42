@testable import BarcodeDecoder
import Testing

/// Code 128 symbols measured against the symbol before them: each 11 modules, within a quarter of its width.
@Suite struct Code128NeighbourWidthTests {
    /// The runs of Start B, `values`, their check symbol and the stop (quiet zones of 40 px, light first and last), each
    /// symbol's modules `module` px wide times its entry in `scales` (1 where missing).
    static func runs(_ values: [Int], module: Double, scales: [Double] = []) -> [Double] {
        var sum = Code128Tables.startB
        for (k, v) in values.enumerated() { sum += (k + 1) * v }
        let symbols = [Code128Tables.startB] + values + [sum % 103, Code128Tables.stop]
        var runs: [Double] = [40]
        for (k, value) in symbols.enumerated() {
            let scale = k < scales.count ? scales[k] : 1
            runs += Code128Tables.patterns[value].map { Double($0) * module * scale }
        }
        return runs + [40]
    }

    static let options = DecoderOptions(symbologies: [.code128])
    /// "RK" in code set B.
    static let rk = [50, 43]

    /// Symbols shrinking by 6 % each, as along a label turned away from the camera, read.
    @Test func symbolsShrinkingAlongTheLineRead() {
        let scales = (0..<5).map { 1 - 0.06 * Double($0) }
        let hits = Code128Decoder().decode(Self.runs(Self.rk, module: 3, scales: scales), options: Self.options)
        #expect(hits.map(\.text) == ["RK"])
    }

    /// A symbol half as wide again as the one before it is not one: merged runs of other bars can spell symbols of any
    /// widths, each matched in its own (")`" across a blurred UPC-A's bars, with every symbology enabled).
    @Test func aSymbolFarWiderThanTheOneBeforeEndsTheRead() {
        for scales in [[1, 1.5], [1, 1, 0.6], [1, 1, 1, 1.4]] {
            let hits = Code128Decoder().decode(Self.runs(Self.rk, module: 3, scales: scales), options: Self.options)
            #expect(hits.isEmpty, "scales \(scales)")
        }
    }
}
