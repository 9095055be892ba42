@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// `DataBarExpandedStackedReader.fragmentMayStart`, the first tests of `DataBarExpandedDecoder.fragment` made once for
/// both colourings: wherever `fragment` finds pairs, plain or swapped, it lets the place through.
@Suite struct DataBarExpandedStackedFragmentTests {
    /// A symbol's runs, light first (the left guard's space on the quiet zone), in modules.
    static func symbolRuns(_ text: String) throws -> [Double] {
        var runs: [Double] = [10], dark = false
        for module in try DataBarExpandedEncoder.encode(text).modules {
            if module != dark { runs.append(0); dark = module }
            runs[runs.count - 1] += 1
        }
        if dark { runs.append(10) } else { runs[runs.count - 1] += 10 }
        return runs
    }

    /// Lines where fragments read: whole symbols forwards and backwards, a first pair with its finder turned (as a swapped
    /// pair shows it) after a guard, each scaled by a module of 1.5 to 4 pixels with some widths jittered; and lines of
    /// random runs (texture).
    static func lines() throws -> [[Double]] {
        var random = SeededGenerator(seed: 24724)
        var lines: [[Double]] = []
        for text in ["(01)98898765432106(3103)001750", "(01)00012345678905(10)ABC123", "(01)90614141000015(3202)000150"] {
            let runs = try symbolRuns(text)
            // Guard space and bar, the first character (runs 2–9), its finder (runs 10–14) turned, the second character.
            let swapped = [10, 1] + runs[2...9] + runs[10...14].reversed() + runs[15...22] + [1, 10]
            for _ in 0..<30 {
                let module = Double.random(in: 1.5...4, using: &random)
                for line in [runs, runs.reversed(), swapped] {
                    let jitter = Int.random(in: 0..<3, using: &random) == 0 ? 0.2 : 0.02
                    lines.append(line.map { $0 * module * Double.random(in: (1 - jitter)...(1 + jitter), using: &random) })
                }
            }
        }
        for _ in 0..<300 {
            let count = Int.random(in: 1...120, using: &random)
            lines.append((0..<count).map { _ in Double(Int.random(in: 1...9, using: &random)) * Double.random(in: 0.8...1.2, using: &random) })
        }
        return lines
    }

    @Test func everyPlaceAFragmentReadsPasses() throws {
        var read = (plain: 0, swapped: 0), places = 0, passed = 0
        for runs in try Self.lines() {
            var g = 1
            while g + 12 < runs.count {
                let may = runs.withUnsafeBufferPointer { DataBarExpandedStackedReader.fragmentMayStart($0, guardBar: g) }
                for swapped in [false, true] where DataBarExpandedDecoder.fragment(runs, guardBar: g, firstSwapped: swapped) != nil {
                    #expect(swapped ? may.swapped : may.plain, "\(runs) \(g) \(swapped)")
                    if swapped { read.swapped += 1 } else { read.plain += 1 }
                }
                places += 1
                passed += may.plain || may.swapped ? 1 : 0
                g += 2
            }
        }
        // Both colourings read, and most places of the random lines are turned away.
        #expect(read.plain > 50 && read.swapped > 50, "\(read) \(places) \(passed)")
        #expect(passed * 2 < places)
    }
}
