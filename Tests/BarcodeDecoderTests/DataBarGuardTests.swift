@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// GS1 DataBar Omnidirectional's guards (ISO/IEC 24724:2011): a one-module space and a one-module bar at each end, and no
/// quiet zone. A dark mark printed three modules before a guard (the `crowded` copies of `rss14-1`, thirtieth session)
/// hid the symbol while the decoder asked four modules of light there; it asks two (`leastSpaceBeforeGuard`).
@Suite struct DataBarGuardTests {
    static let text = "0100012345678905"
    static let module = 3.0

    /// The symbol's runs in pixels, light first: 10 modules of light, a mark 2 modules wide, `gap` modules of light, the
    /// left guard's space, the elements, the right guard's space, `gap` modules, another mark and 10 modules of light.
    static func runs(gap: Double) throws -> [Double] {
        let modules = try DataBarEncoder.encode(text).modules
        var widths: [Double] = []
        var last: Bool?
        for dark in modules {
            if dark == last { widths[widths.count - 1] += 1 } else { widths.append(1); last = dark }
        }
        widths[0] += gap
        widths[widths.count - 1] += gap
        return ([10, 2] + widths + [2, 10]).map { $0 * module }
    }

    static func texts(_ runs: [Double]) -> [String] {
        DataBarDecoder().decode(runs, options: DecoderOptions(symbologies: [.dataBar])).map(\.text)
    }

    /// (The light after the right guard is not tested: a symbol upside down is read on the line's runs reversed.)
    @Test func readsWithAMarkAModuleAndAHalfBeforeTheGuard() throws {
        #expect(Self.texts(try Self.runs(gap: 1.5)) == [Self.text])
    }

    @Test func refusesAMarkAgainstTheGuardsSpace() throws {
        #expect(Self.texts(try Self.runs(gap: 0.5)).isEmpty)
    }

    /// The search's pre-test before the 45 elements are added up: wherever the finders fit on the in-order sums, it must
    /// pass, or a symbol would be skipped. Finder runs drawn so that their widths spread across both limits (12.5 and
    /// 17.5 modules).
    @Test func findersMayFitWhereverTheyFit() {
        var random = SeededGenerator(seed: 30)
        var fit = 0, refusedCheaply = 0
        for _ in 0..<20_000 {
            var runs = (0..<47).map { _ in Double.random(in: 1...3, using: &random) }
            for k in 10...14 { runs[k] = Double.random(in: 1.5...5.5, using: &random) }
            for k in 31...35 { runs[k] = Double.random(in: 1.5...5.5, using: &random) }
            let module = runs[1...45].reduce(0, +) / 95
            let fits = DataBarDecoder.findersFit(runs, guardBar: 1, module: module)
            let mayFit = RunSpanSums.with(runs) { DataBarDecoder.findersMayFit(runs, guardBar: 1, sums: $0) }
            if fits {
                fit += 1
                #expect(mayFit, "\(runs)")
            } else if !mayFit {
                refusedCheaply += 1
            }
        }
        #expect(fit > 1000)
        #expect(refusedCheaply > 1000)
    }
}
