@testable import BarcodeBench
import Testing

/// The benchmark's one-run check against a reference engine (`BenchVerdict`).
@Suite struct BenchVerdictTests {
    func row(_ name: String, images: Int = 10, read: Int = 10, falseReads: Int = 0, median: Double = 1, p95: Double = 2) -> BenchRow {
        BenchRow(symbology: name, images: images, read: read, falseReads: falseReads, medianMilliseconds: median, p95Milliseconds: p95)
    }

    @Test func equalFiguresAreMet() {
        let rows = [row("qr"), row("all")]
        #expect(BenchVerdict.shortfalls(rows, against: rows).isEmpty)
        #expect(BenchVerdict.line(rows, against: rows, engine: "rigkit", reference: "zxing-cpp") == "rigkit against zxing-cpp: met on every symbology")
    }

    @Test func eachShortfallIsNamedInRowOrder() {
        let rows = [row("qr", read: 9, median: 1.5), row("upcE", falseReads: 2, p95: 2.5), row("all")]
        let reference = [row("upcE"), row("qr"), row("all")]
        #expect(BenchVerdict.shortfalls(rows, against: reference) == [
            "qr: read 90.0% < 100.0%", "qr: median 1.50 > 1.00 ms", "upcE: 2 false reads", "upcE: p95 2.50 > 2.00 ms",
        ])
    }

    @Test func aSymbologyWithoutTextsOrWithoutAReferenceRowIsNotComparedThere() {
        // No-code frames have no images with a text (read rate 0 for both); a symbology only one engine lists is skipped.
        let rows = [row("falsepositives", images: 0, read: 0), row("aztec", read: 0)]
        let reference = [row("falsepositives", images: 0, read: 0)]
        #expect(BenchVerdict.shortfalls(rows, against: reference).isEmpty)
        #expect(BenchVerdict.shortfalls([row("falsepositives", images: 0, read: 0, median: 3)], against: reference)
            == ["falsepositives: median 3.00 > 1.00 ms"])
    }

    @Test func fasterAndBetterIsMet() {
        #expect(BenchVerdict.shortfalls([row("ean13", median: 0.5, p95: 1)], against: [row("ean13", read: 9)]).isEmpty)
    }
}
