@testable import BarcodeDecoder
import RigCore
import Testing

/// `PDF417Codeword.from(elementWidths:at:total:)`, MicroPDF417's codeword read without arrays, against the module counts
/// and the codeword it stands for.
@Suite struct PDF417CodewordElementWidthsTests {
    @Test func readsAsModuleCountsThenModuleWidths() {
        var random = SeededGenerator(seed: 929)
        var read = 0
        for trial in 0..<30_000 {
            // Real codewords a few pixels a module with blur-like noise (most read, some nudged), whole numbers of pixels
            // (elements tie for a nudge) or anything (most fail), some widths below half a module.
            let widths: [Double]
            switch trial % 3 {
            case 0:
                let value = Int.random(in: 0..<929, using: &random), cluster = [0, 3, 6][trial % 9 / 3]
                let module = Double.random(in: 1...4, using: &random)
                widths = PDF417Codeword.moduleWidths(value: value, cluster: cluster).map {
                    max(0, Double($0) * module + Double.random(in: -0.7...0.7, using: &random) * module)
                }
            case 1: widths = (0..<8).map { _ in Double(Int.random(in: 1...6, using: &random)) }
            default: widths = (0..<8).map { _ in Double.random(in: 0...9, using: &random) }
            }
            // Two runs before and one after, as on a line.
            let runs = [3.0, 1.5] + widths + [2.0]
            var total = 0.0
            for w in widths { total += w }
            let expected = DataBarDecoder.moduleCounts(widths, modules: 17).flatMap { PDF417Codeword.from(moduleWidths: $0) }
            let actual = runs.withUnsafeBufferPointer { PDF417Codeword.from(elementWidths: $0, at: 2, total: total) }
            #expect(actual == expected, "\(widths)")
            if expected != nil { read += 1 }
        }
        #expect(read > 5_000, "\(read) read")
    }
}
