@testable import BarcodeDecoder
import Testing

/// The linear reader's edge readings: one gradient a line, read at the standard floor and, on the sweeps, at a fainter one.
@Suite struct LineEdgesTests {
    /// Pixel row 75 of `upce-3/09` (zxing-cpp's black-box samples, Apache-2.0; the whole image is in Corpus/decoder-real):
    /// a UPC-E ("04965802") blurred on a curved can, bars about 140, spaces about 165, filling most of the row.
    static let blurredRow: [Double] = [
        202, 204, 205, 206, 206, 208, 215, 221, 222, 222, 222, 222, 221, 218, 214, 211, 209, 209, 206, 199, 191, 186, 184, 181,
        180, 179, 179, 178, 177, 174, 174, 173, 173, 172, 172, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171,
        164, 151, 151, 166, 167, 156, 149, 155, 162, 165, 165, 163, 155, 145, 145, 149, 147, 143, 141, 151, 161, 159, 150, 151,
        161, 167, 167, 167, 161, 147, 148, 162, 164, 151, 144, 145, 143, 143, 143, 143, 159, 166, 161, 142, 149, 164, 164, 151,
        142, 140, 140, 140, 140, 140, 140, 141, 150, 165, 165, 150, 141, 138, 144, 155, 162, 166, 166, 166, 165, 161, 154, 144,
        142, 159, 171, 166, 166, 167, 167, 165, 155, 137, 147, 164, 167, 165, 159, 144, 140, 149, 162, 166, 165, 163, 163, 161,
        151, 138, 135, 135, 135, 161, 169, 150, 136, 148, 163, 158, 141, 136, 151, 165, 163, 142, 135, 151, 157, 147, 135, 143,
        154, 164, 166, 166, 166, 166, 166, 166, 166, 166, 166, 166, 166, 166, 166, 162, 149, 136, 143, 162, 159, 140, 133, 141,
        133, 141, 157, 166, 163, 163, 163, 163, 148, 137, 134, 136, 133, 155, 163, 154, 137, 143, 152, 158, 144, 135, 144, 165,
        149, 143, 136, 134, 137, 145, 157, 164, 163, 157, 149, 142, 136, 136, 138, 147, 158, 158, 159, 159, 159, 159, 161, 161,
    ]

    static func upcETexts(_ runs: RunRow?) -> [String] {
        guard let runs else { return [] }
        return EANUPCDecoder().decode(runs.widths, options: DecoderOptions(symbologies: [.upcE])).map(\.text)
    }

    @Test func theFaintFloorReadsABlurredSymbolWhoseNarrowEdgesTheStandardFloorDrops() throws {
        let buffers = ScanLineBuffers()
        buffers.reserve(Self.blurredRow.count + 2, radius: 24)
        try Self.blurredRow.withUnsafeBufferPointer { g in
            let range = LinearReader.range(g)
            let fewest = EANUPCDecoder().fewestRuns(options: DecoderOptions(symbologies: [.upcE]))
            var gradient = try #require(LinearReader.lineGradient(g, step: 1, buffers: buffers, fewest: fewest))
            let standard = LinearReader.standardEdgeFloor(noise: gradient.noise, range: range)
            let faint = LinearReader.faintEdgeFloor(noise: gradient.noise, range: range)
            #expect(faint < standard, "noise \(gradient.noise), range \(range)")
            #expect(Self.upcETexts(LinearReader.edgeRuns(&gradient, floor: standard, buffers: buffers, fewest: fewest)) == [])
            #expect(Self.upcETexts(LinearReader.edgeRuns(&gradient, floor: faint, buffers: buffers, fewest: fewest)) == ["04965802"])
        }
    }

    @Test func readingsAtBothFloorsShareTheGradientInEitherOrder() throws {
        // The faint reading first, then the standard one from the same gradient: the standard runs are those of a line read
        // on its own (`edgeRuns(_:step:range:buffers:fewest:)`), so sharing the gradient changes no reading.
        let buffers = ScanLineBuffers()
        buffers.reserve(Self.blurredRow.count + 2, radius: 24)
        try Self.blurredRow.withUnsafeBufferPointer { g in
            let range = LinearReader.range(g)
            let alone = LinearReader.edgeRuns(g, step: 1, range: range, buffers: buffers)
            var gradient = try #require(LinearReader.lineGradient(g, step: 1, buffers: buffers))
            _ = LinearReader.edgeRuns(&gradient, floor: LinearReader.faintEdgeFloor(noise: gradient.noise, range: range), buffers: buffers)
            let shared = try #require(LinearReader.edgeRuns(&gradient, floor: LinearReader.standardEdgeFloor(noise: gradient.noise, range: range),
                                                            buffers: buffers))
            #expect(shared.widths == alone.widths && shared.starts == alone.starts)
        }
    }

    @Test func theFaintFloorIsNeverAboveTheStandardOneAndEqualOnlyAtTheLeastEdge() {
        for noise in stride(from: 0.0, through: 40, by: 0.5) {
            for range in stride(from: 0.0, through: 255, by: 5) {
                let standard = LinearReader.standardEdgeFloor(noise: noise, range: range)
                let faint = LinearReader.faintEdgeFloor(noise: noise, range: range)
                #expect(faint <= standard)
                if faint == standard { #expect(standard == LinearReader.leastEdge) }
            }
        }
    }
}
