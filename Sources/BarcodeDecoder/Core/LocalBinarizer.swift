/// Binarizes a grayscale image against the mean of a window around each pixel, so uneven light and glare gradients do not matter.
public enum LocalBinarizer {
    /// The window half-size used for an image of this size: large against a module, small against a light gradient.
    public static func radius(width: Int, height: Int) -> Int {
        max(12, min(60, min(width, height) / 8))
    }

    /// Dark cells where a pixel is darker than its neighbourhood mean by more than the noise margin.
    public static func binarize(_ image: GrayImage, integral: IntegralImage, radius: Int) -> BitMatrix {
        var out = BitMatrix(width: image.width, height: image.height)
        let w = image.width
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                let row = y * image.stride
                for x in 0..<w {
                    let mean = integral.mean(x: x, y: y, radius: radius)
                    if Int(px[row + x]) < mean - 2 - mean / 32 { out.cells[y * w + x] = 1 }
                }
            }
        }
        return out
    }
}
