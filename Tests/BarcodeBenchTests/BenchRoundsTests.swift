@testable import BarcodeBench
import BarcodeDecoder
import Testing

/// The benchmark's rounds over one corpus (`BenchRounds`): each image's least time, the first round's texts.
@Suite struct BenchRoundsTests {
    func outcome(_ path: String, _ milliseconds: Double, texts: [String] = ["A"], failure: String? = nil) -> BenchOutcome {
        BenchOutcome(entry: BenchCorpus.Entry(path: path, symbology: .qr, expected: "A"), texts: texts, milliseconds: milliseconds, failure: failure)
    }

    @Test func eachImageTakesItsLeastTimeOverTheRounds() {
        let first = [outcome("a", 0.30), outcome("b", 0.20), outcome("c", 0.50)]
        let second = [outcome("a", 0.22), outcome("b", 0.25), outcome("c", 0.50)]
        let third = [outcome("a", 0.40), outcome("b", 0.21), outcome("c", 0.45)]
        let merged = BenchRounds.fastest([first, second, third])
        #expect(merged.map(\.entry.path) == ["a", "b", "c"])
        #expect(merged.map(\.milliseconds) == [0.22, 0.20, 0.45])
    }

    @Test func theTextsAreTheFirstRounds() {
        let merged = BenchRounds.fastest([[outcome("a", 0.3, texts: ["A"])], [outcome("a", 0.1, texts: ["B", "A"])]])
        #expect(merged.first?.texts == ["A"])
        #expect(merged.first?.milliseconds == 0.1)
    }

    @Test func oneRoundIsItself() {
        let only = [outcome("a", 0.3), outcome("b", 0.7)]
        #expect(BenchRounds.fastest([only]).map(\.milliseconds) == [0.3, 0.7])
        #expect(BenchRounds.fastest([]).isEmpty)
    }

    @Test func imagesAreMatchedByPathAndAMissingOneKeepsItsTime() {
        // The second round lacks "b" (an engine that could not read it that time) and lists the others in another order.
        let merged = BenchRounds.fastest([[outcome("a", 0.3), outcome("b", 0.7), outcome("c", 0.2)],
                                          [outcome("c", 0.1), outcome("a", 0.4)]])
        #expect(merged.map(\.entry.path) == ["a", "b", "c"])
        #expect(merged.map(\.milliseconds) == [0.3, 0.7, 0.1])
    }

    @Test func aFailedDecodeLendsNoTime() {
        let merged = BenchRounds.fastest([[outcome("a", 0.3)], [outcome("a", 0, failure: "unreadable")]])
        #expect(merged.first?.milliseconds == 0.3)
    }
}
