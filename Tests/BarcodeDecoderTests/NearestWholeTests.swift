@testable import BarcodeDecoder
import RigCore
import Testing

/// `NearestWhole.of` against `Int(x.rounded())`, which it replaces in the module counts: halves, the values next to
/// them, and random values either side of zero.
@Suite struct NearestWholeTests {
    @Test func roundsAsTheLibraryDoes() {
        var values: [Double] = [0, 0.5, 1.5, 2.5, 17, 0x1p52, 0x1p52 + 1, 0x1p53 - 1, Double.leastNonzeroMagnitude]
        for whole in 0..<40 {
            let half = Double(whole) + 0.5
            values += [half, half.nextDown, half.nextUp, Double(whole).nextUp, Double(whole + 1).nextDown]
        }
        var random = SeededGenerator(seed: 2)
        for _ in 0..<20_000 { values.append(Double.random(in: -30...30, using: &random)) }
        values += [-0.5, -1.5, -0.49999999999999994, -2.5]
        for x in values {
            #expect(NearestWhole.of(x) == Int(x.rounded()), "\(x)")
        }
    }
}
