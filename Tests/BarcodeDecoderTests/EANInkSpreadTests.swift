@testable import BarcodeDecoder
import Testing

/// EAN/UPC digits read with the guards' spread taken off (`EANUPCDecoder.guardSpread`, `readingSpread`): bars drawn or
/// blurred wider (or narrower) than the spaces by the same amount at every edge.
@Suite struct EANInkSpreadTests {
    /// The runs of the EAN-13 `text` at `module` px (a light quiet zone of 40 first and last), every bar `spread` px
    /// wider than its modules and every space as much narrower; `noise[k]` is added to run k of the symbol (0: the start
    /// guard's first bar).
    static func ean13(_ text: String, module: Double, spread: Double, noise: [Int: Double] = [:]) -> [Double] {
        let modules = EAN13Modules.of(text)
        // Runs alternate from a bar: even runs are bars.
        let runs = modules.enumerated().map { k, count in
            Double(count) * module + (k % 2 == 0 ? spread : -spread) + (noise[k] ?? 0)
        }
        return [40] + runs + [40]
    }

    static let options = DecoderOptions(symbologies: [.ean13])
    static let text = "5025121072311"

    /// The spread is measured on the guards alone: half the difference of their mean bar and mean space.
    @Test func theGuardsGiveTheSpread() {
        for spread in [-0.9, -0.3, 0, 0.45, 1.0] {
            let runs = Self.ean13(Self.text, module: 3, spread: spread)
            let measured = EANUPCDecoder.guardSpread(runs, 1, 28..<33, 57..<60)
            #expect(abs(measured - spread) < 1e-9, "spread \(spread): \(measured)")
        }
    }

    /// Bars a quarter of a module wider than their modules (spaces as much narrower), and one digit's runs a further 0.4
    /// module off the same way: as measured the digit is 0.37 from its pattern (over the 0.28 a digit may be), with the
    /// spread taken off 0.23. Reads only with it taken off, and so for bars as much thinner.
    @Test func aSpreadSymbolWithANoisyDigitReads() {
        for spread in [0.75, -0.75] {
            // The third digit of the left half (runs 11…14 of the symbol, from a space) 0.4 module further off.
            let n = spread > 0 ? 1.2 : -1.2
            let runs = Self.ean13(Self.text, module: 3, spread: spread, noise: [11: -n, 12: n, 13: -n, 14: n])
            #expect(EANUPCDecoder().decode(runs, options: Self.options).map(\.text) == [Self.text], "spread \(spread)")
        }
    }

    /// A spread under a tenth of a module is not taken off; one from a tenth to 0.15 is, and where the digits then fail
    /// they are read as measured; a larger one only taken off.
    @Test func readingSpreadTakesOffOnlyASpreadOfATenthOfAModule() {
        var tried: [Double] = []
        let read = { (spread: Double) -> Int? in tried.append(spread); return nil }
        _ = EANUPCDecoder.readingSpread(0.29, module: 3, read)
        #expect(tried == [0])
        tried = []
        _ = EANUPCDecoder.readingSpread(-0.4, module: 3, read)
        #expect(tried == [-0.4, 0])
        tried = []
        _ = EANUPCDecoder.readingSpread(-0.6, module: 3, read)
        #expect(tried == [-0.6])
        tried = []
        _ = EANUPCDecoder.readingSpread(0.9, module: 3, read)
        #expect(tried == [0.9])
        tried = []
        #expect(EANUPCDecoder.readingSpread(0.6, module: 3, { tried.append($0); return $0 == 0.6 ? 7 : nil }) == 7)
        #expect(tried == [0.6])
    }

    /// Guards whose one-module runs came out narrower than the digits' elements say (their bars 0.14 module thinner,
    /// the digits' not), with one digit's runs 0.43 module off the way the spread taken off pushes them further (0.33 from
    /// its pattern so, 0.25 as measured): read as measured.
    @Test func aGuardOnlySpreadFallsBackToTheMeasuredWidths() {
        var runs = Self.ean13(Self.text, module: 3, spread: 0, noise: [11: -1.3, 12: 1.3, 13: -1.3, 14: 1.3])
        // The guards' bars (runs 0, 2, 28, 30, 56, 58 of the symbol) 0.42 px thinner, their spaces 0.42 px wider.
        for k in [0, 2, 28, 30, 56, 58] { runs[k + 1] -= 0.42 }
        for k in [1, 27, 29, 31, 57] { runs[k + 1] += 0.42 }
        #expect(EANUPCDecoder().decode(runs, options: Self.options).map(\.text) == [Self.text])
    }
}
