@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

@Suite struct DataMatrixRegionSamplingTests {
    /// A 32×32 symbol (four 14×14 data regions) at 4 px a module whose right half is shifted 3 px down, three quarters
    /// of a module (a label bowed or creased between its regions): through the transform of its true outline the right
    /// regions' modules are read a row off, too many errors to correct; each region fitted to its own border reads it.
    @Test func eachRegionIsFittedToItsOwnBorder() throws {
        let text = "REGION BY REGION 0123456789 ABCDEFGHIJ 9876543210 KLMNOPQRST"
        let matrix = try DataMatrixEncoder.encode(text)
        #expect(matrix.width == 32 && matrix.height == 32)
        let module = 4, quiet = 2
        let drawn = SymbolRenderer.render(matrix, moduleSize: module, quietZone: quiet)
        var pixels = drawn.pixels
        let half = (quiet + 16) * module
        for y in 0..<drawn.height {
            for x in half..<drawn.width {
                pixels[y * drawn.stride + x] = y >= 3 ? drawn.pixels[(y - 3) * drawn.stride + x] : 255
            }
        }
        let frame = PreparedFrame(try GrayImage(width: drawn.width, height: drawn.height, stride: drawn.stride, pixels: pixels), binarize: true)
        let o = Double(quiet * module), side = Double(32 * module)
        let t = try #require(PerspectiveTransform(rectangleWidth: 32, height: 32,
                                                  to: [Point(o, o), Point(o + side, o), Point(o + side, o + side), Point(o, o + side)]))
        let size = try #require(DataMatrixSize.with(rows: 32, columns: 32))
        let placement = DataMatrixPlacement.Bits.of(size)
        let whole = ModuleSampler.sample(frame, transform: t, width: 32, height: 32)
        #expect((try? DataMatrixSymbolDecoder.decode(whole, placement: placement)) == nil)
        let grid = try #require(DataMatrixRegionSampling.sample(frame, transform: t, size: size))
        #expect(try DataMatrixSymbolDecoder.decode(grid, placement: placement).text == text)
    }

    /// A symbol of one data region has no inner borders to fit: nothing is sampled.
    @Test func oneRegionIsNotResampled() throws {
        let frame = PreparedFrame(SymbolRenderer.render(try DataMatrixEncoder.encode("ONE"), moduleSize: 4, quietZone: 2), binarize: true)
        let t = try #require(PerspectiveTransform(rectangleWidth: 10, height: 10, to: [Point(8, 8), Point(48, 8), Point(48, 48), Point(8, 48)]))
        let size = try #require(DataMatrixSize.with(rows: 10, columns: 10))
        #expect(DataMatrixRegionSampling.sample(frame, transform: t, size: size) == nil)
    }
}
