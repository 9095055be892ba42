@testable import BarcodeDecoder
import Testing

@Suite struct BinaryRowRunsTests {
    /// A frame's shared binary row runs (`PreparedFrame.binaryRow`, the bull's-eye searches') are the row's runs, made
    /// once and handed out alike on every later call.
    @Test func aFramesBinaryRowsAreTheRowsRuns() throws {
        var random = LinearLineBoundsTests.Seeded(state: 15)
        let width = 37, height = 9
        let pixels = (0..<(width * height)).map { _ in UInt8(random.next(2) == 0 ? 30 : 220) }
        let frame = PreparedFrame(try GrayImage(width: width, height: height, pixels: pixels), binarization: .hybrid)
        var runs: [(start: Int, length: Int)] = []
        for y in 0..<height {
            frame.binary.runs(ofRow: y, into: &runs)
            for _ in 0..<2 {
                let shared = frame.binaryRow(y)
                #expect(shared.map(\.start) == runs.map(\.start) && shared.map(\.length) == runs.map(\.length), "row \(y)")
            }
        }
    }
}
