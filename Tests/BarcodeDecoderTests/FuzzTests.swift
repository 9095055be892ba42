import BarcodeDecoder
import BarcodeEncoder
import Testing

/// Random and hostile input must never crash or hang a decoder; these tests pass by finishing.
@Suite struct FuzzTests {
    @Test func randomPixelBuffersOfOddSizes() throws {
        var random = SplitMix(seed: 2026)
        let decoder = BarcodeDecoder(options: DecoderOptions(effort: 3))
        for (w, h) in [(1, 1), (2, 3), (7, 1), (1, 9), (33, 17), (64, 64), (3, 200), (200, 3)] {
            let stride = w + Int(random.next() % 5)
            let pixels = (0..<(stride * h)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let image = try GrayImage(width: w, height: h, stride: stride, pixels: pixels)
            #expect(decoder.decode(image).allSatisfy { !$0.text.isEmpty || !$0.bytes.isEmpty || $0.symbology == .qr || $0.symbology == .dataMatrix })
        }
    }

    @Test func damagedRealSymbolsNeverCrash() throws {
        var random = SplitMix(seed: 7)
        let sources: [GrayImage] = [
            SymbolRenderer.render(try QREncoder.encode("FUZZ QR 1234567890", level: .l), moduleSize: 3),
            SymbolRenderer.render(try DataMatrixEncoder.encode("FUZZ DATA MATRIX"), moduleSize: 3, quietZone: 2),
            try SymbolEncoder.image(.code128, "FUZZ 128", moduleSize: 2),
            try SymbolEncoder.image(.ean13, "5901234123457", moduleSize: 2),
        ]
        let decoder = BarcodeDecoder()
        for source in sources {
            for _ in 0..<25 {
                var image = source
                let flips = Int(random.next() % 400)
                for _ in 0..<flips {
                    let i = Int(random.next() % UInt64(image.pixels.count))
                    image.pixels[i] = UInt8(truncatingIfNeeded: random.next())
                }
                _ = decoder.decode(image)
            }
        }
    }

    @Test func randomGridsAndCodewords() {
        var random = SplitMix(seed: 99)
        for dimension in [21, 25, 45, 57, 177, 20, 0] {
            for _ in 0..<10 {
                var grid = BitMatrix(width: dimension, height: dimension)
                for y in 0..<dimension { for x in 0..<dimension where random.next() & 1 == 1 { grid[x, y] = true } }
                _ = try? QRSymbolDecoder.decode(grid)
            }
        }
        for size in DataMatrixSize.all {
            for _ in 0..<5 {
                var grid = BitMatrix(width: size.columns, height: size.rows)
                for y in 0..<size.rows { for x in 0..<size.columns where random.next() & 1 == 1 { grid[x, y] = true } }
                _ = try? DataMatrixSymbolDecoder.decode(grid)
            }
        }
    }

    @Test func badBuffersAreRejectedWithTheReason() {
        #expect(throws: ImageError.emptyImage(width: 0, height: 5)) { try GrayImage(width: 0, height: 5, pixels: []) }
        #expect(throws: ImageError.strideTooSmall(stride: 3, width: 4)) { try GrayImage(width: 4, height: 2, stride: 3, pixels: [UInt8](repeating: 0, count: 8)) }
        #expect(throws: ImageError.bufferTooSmall(count: 7, width: 4, height: 2, stride: 4)) { try GrayImage(width: 4, height: 2, pixels: [UInt8](repeating: 0, count: 7)) }
        #expect(throws: ImageError.self) { try GrayImage(width: Int.max, height: 3, pixels: []) }
    }
}
