@testable import BarcodeDecoder
import Testing

/// EAN/UPC digits in perspective: a digit's width is checked against the digit before it as well as the symbol's mean
/// module (`EANUPCDecoder.digitWithDistance`).
@Suite struct EANPerspectiveTests {
    /// The runs of the EAN-13 `text` (dark runs first after a light quiet zone of 40, and one after), each module `module`
    /// px wide at the start and shrinking evenly to `farEnd` times that at the end: a label turned away from the camera.
    static func ean13(_ text: String, module: Double, farEnd: Double) -> [Double] {
        let modules = EAN13Modules.of(text)
        var runs: [Double] = [40], at = 0
        for count in modules {
            // The run's modules at the scale of its middle.
            let middle = Double(at) + Double(count) / 2
            runs.append(Double(count) * module * (1 - (1 - farEnd) * middle / 95))
            at += count
        }
        return runs + [40]
    }

    static let options = DecoderOptions(symbologies: [.ean13])

    /// At the far end of `4045787034318` turned away from the camera the modules are 0.4 as wide as at the start (the
    /// last digit 0.63 of the mean module): off the mean by more than 30 % (which until the twenty-sixth session ended
    /// the read), within 30 % of the digit before.
    @Test func aSymbolInPerspectiveReads() {
        for farEnd in [1.0, 0.7, 0.5, 0.4] {
            let hits = EANUPCDecoder().decode(Self.ean13("4045787034318", module: 3, farEnd: farEnd), options: Self.options)
            #expect(hits.map(\.text) == ["4045787034318"], "far end \(farEnd)")
        }
    }

    /// A digit stretched far off both its neighbour and the mean is not a digit.
    @Test func aDigitFarOffItsNeighbourAndTheMeanIsNot() {
        var runs = Self.ean13("4045787034318", module: 3, farEnd: 1)
        // The right half's second digit (runs 37…40, after the quiet zone, the start guard, six digits, the middle guard
        // and one digit) 1.6 times as wide.
        for k in 37...40 { runs[k] *= 1.6 }
        #expect(EANUPCDecoder().decode(runs, options: Self.options).isEmpty)
    }

    /// On a crumpled label neighbouring digits may differ by more than 30 % while each is near the mean: still read.
    @Test func aDigitNearTheMeanReadsWhateverItsNeighbour() {
        var runs = Self.ean13("4045787034318", module: 3, farEnd: 1)
        // The right half's first digit 0.8 times as wide and its second 1.2 times: 1.5 times apart.
        for k in 33...36 { runs[k] *= 0.8 }
        for k in 37...40 { runs[k] *= 1.2 }
        #expect(EANUPCDecoder().decode(runs, options: Self.options).map(\.text) == ["4045787034318"])
    }
}
