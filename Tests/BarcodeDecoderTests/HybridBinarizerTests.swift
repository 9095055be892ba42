@testable import BarcodeDecoder
import RigCore
import Testing

/// The block-threshold binarization of frames where no 2D symbol was read, against its definition pixel by pixel.
@Suite struct HybridBinarizerTests {
    /// Each 8×8 block's mean, or where it is flat (range under 24) half its darkest pixel or its neighbours' carried
    /// threshold; each pixel dark where it is at most the mean of the 5×5 blocks' thresholds around its block.
    static func plain(_ image: GrayImage) -> BitMatrix {
        let w = image.width, h = image.height, block = 8
        let bw = (w + block - 1) / block, bh = (h + block - 1) / block
        var thresholds = [Int](repeating: 0, count: bw * bh)
        for by in 0..<bh {
            for bx in 0..<bw {
                var lo = 255, hi = 0, sum = 0, n = 0
                for y in (by * block)..<min(h, by * block + block) {
                    for x in (bx * block)..<min(w, bx * block + block) {
                        let v = Int(image[x, y])
                        sum += v; n += 1; lo = min(lo, v); hi = max(hi, v)
                    }
                }
                var t = sum / n
                if hi - lo < 24 {
                    t = lo / 2
                    if bx > 0 && by > 0 {
                        let neighbours = (thresholds[(by - 1) * bw + bx] + 2 * thresholds[by * bw + bx - 1] + thresholds[(by - 1) * bw + bx - 1]) / 4
                        if lo < neighbours { t = neighbours }
                    }
                }
                thresholds[by * bw + bx] = t
            }
        }
        var out = BitMatrix(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let bx = x / block, by = y / block
                var sum = 0, n = 0
                for ny in max(0, by - 2)...min(bh - 1, by + 2) {
                    for nx in max(0, bx - 2)...min(bw - 1, bx + 2) { sum += thresholds[ny * bw + nx]; n += 1 }
                }
                out[x, y] = Int(image[x, y]) <= sum / n
            }
        }
        return out
    }

    /// Modules, flat light and flat dark areas (where thresholds are carried over) and noise, at sizes that are and are
    /// not whole blocks.
    static func scene(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        return (0..<(width * height)).map { i -> UInt8 in
            let x = i % width, y = i / width
            let value: Int
            switch (x / 23 + y / 17) % 3 {
            case 0: value = (x / 5 + y / 3) % 2 == 0 ? 40 : 200
            case 1: value = 230
            default: value = 20
            }
            let noise = (x + y) % 4 == 0 ? Int.random(in: -8...8, using: &random) : 0
            return UInt8(max(0, min(255, value + noise)))
        }
    }

    @Test(arguments: [(1, 1), (3, 2), (8, 8), (9, 130), (130, 5), (61, 47), (200, 120), (97, 301)])
    func blocksMatchTheirDefinition(_ width: Int, _ height: Int) throws {
        let image = try GrayImage(width: width, height: height, pixels: Self.scene(width: width, height: height,
                                                                                      seed: UInt64(width * 1000 + height)))
        #expect(HybridBinarizer.binarize(image) == Self.plain(image))
    }

    @Test func aPaddedImageIsReadByItsRows() throws {
        // Rows 24 bytes apart holding 19 pixels each: the padding must not count.
        let pixels = Self.scene(width: 24, height: 21, seed: 5)
        let padded = try GrayImage(width: 19, height: 21, stride: 24, pixels: pixels)
        #expect(HybridBinarizer.binarize(padded) == Self.plain(padded))
        #expect(HybridBinarizer.binarize(padded) == HybridBinarizer.binarize(padded.packed()))
    }
}
