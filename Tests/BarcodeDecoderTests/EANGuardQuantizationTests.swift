@testable import BarcodeDecoder
import Testing

/// EAN/UPC end guards measured on the pixel grid: each of their runs may be half a pixel off for nothing
/// (`RunPattern.quantizedDistance`).
@Suite struct EANGuardQuantizationTests {
    /// The runs of the EAN-8 `digits` at `module` px a module, between quiet zones of 40 px, light first and last, with
    /// the end guard's three runs `endGuard`.
    static func ean8(_ digits: [Int], module: Double, endGuard: [Double]) -> [Double] {
        var runs: [Double] = [40, module, module, module]
        for d in digits[0..<4] { runs += EANUPCTables.odd[d].map { Double($0) * module } }
        runs += [module, module, module, module, module]
        for d in digits[4..<8] { runs += EANUPCTables.odd[d].map { Double($0) * module } }
        return runs + endGuard + [40]
    }

    static let digits = [8, 0, 6, 7, 4, 3, 1, 3]
    static let options = DecoderOptions(symbologies: [.ean8])

    /// `ean8-1/5` (3.7 px a module) ends 3, 5, 2 px on a pixel row: 0.33 from the guard's pattern, over the 0.3 allowed,
    /// until the half pixel each run's edges' rounding gives was allowed for.
    @Test func anEndGuardAPixelOffInTwoRunsEndsTheSymbol() {
        for endGuard in [[3.0, 5, 2], [2, 5, 3], [4, 3, 4], [3.7, 3.7, 3.7]] {
            let hits = EANUPCDecoder().decode(Self.ean8(Self.digits, module: 3.7, endGuard: endGuard), options: Self.options)
            #expect(hits.map(\.text) == ["80674313"], "end guard \(endGuard)")
        }
    }

    /// An end guard off by more than its edges' rounding is not one.
    @Test func anEndGuardOffByMoreIsNot() {
        for endGuard in [[2.0, 7, 2], [3, 7, 1.5], [6, 2, 2]] {
            let hits = EANUPCDecoder().decode(Self.ean8(Self.digits, module: 3.7, endGuard: endGuard), options: Self.options)
            #expect(hits.isEmpty, "end guard \(endGuard)")
        }
    }

    /// The quantized distance is the plain one with each run's error lessened by half a pixel, never below 0.
    @Test func theQuantizedDistanceIsThePlainOneLessHalfAPixelARun() {
        let runs: [Double] = [9, 3, 5, 2, 9]
        #expect(abs(RunPattern.distance(runs, 1, [1, 1, 1], modules: 3) - 10.0 / 3 / 10) < 1e-12)
        #expect(abs(RunPattern.quantizedDistance(runs, 1, [1, 1, 1], modules: 3) - 2.0 / 10) < 1e-12)
        #expect(RunPattern.quantizedDistance([9, 4, 4.2, 3.8, 9], 1, [1, 1, 1], modules: 3) == 0)
    }
}
