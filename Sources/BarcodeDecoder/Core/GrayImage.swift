/// An 8-bit grayscale image: `height` rows of `width` pixels, each row starting `stride` bytes after the previous one.
public struct GrayImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the start of the next (at least `width`).
    public let stride: Int
    /// The pixel bytes, row by row; 0 is black, 255 is white.
    public var pixels: [UInt8]

    /// Wraps `pixels`; throws when the sizes do not fit together.
    public init(width: Int, height: Int, stride: Int? = nil, pixels: [UInt8]) throws(ImageError) {
        let stride = stride ?? width
        guard width > 0, height > 0 else { throw .emptyImage(width: width, height: height) }
        guard stride >= width else { throw .strideTooSmall(stride: stride, width: width) }
        let (needed, overflow) = stride.multipliedReportingOverflow(by: height - 1)
        guard !overflow, needed.addingReportingOverflow(width).overflow == false, pixels.count >= needed + width else {
            throw .bufferTooSmall(count: pixels.count, width: width, height: height, stride: stride)
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
    }

    /// A blank image filled with `value`.
    public init(width: Int, height: Int, filledWith value: UInt8 = 255) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.stride = self.width
        self.pixels = [UInt8](repeating: value, count: self.width * self.height)
    }

    /// A packed image (`stride == width`) whose every pixel `fill` writes, row by row, into the uninitialized buffer it
    /// is handed (`width · height` bytes): for an image made from another (its negative, a reduced copy), without a
    /// fill or a copy of its pixels first.
    init(width: Int, height: Int, filling fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        precondition(width > 0 && height > 0, "a \(width)×\(height) image")
        self.width = width
        self.height = height
        self.stride = width
        let count = width * height
        self.pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            initialized = count
        }
    }

    /// The pixel at column `x`, row `y`; coordinates must be inside the image.
    @inlinable
    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue }
    }

    /// The image with rows packed (`stride == width`).
    public func packed() -> GrayImage {
        guard stride != width else { return self }
        var out = GrayImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { out.pixels[y * width + x] = pixels[y * stride + x] }
        }
        return out
    }
}

/// Why pixel bytes could not be taken as a grayscale image.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// Width or height is zero or negative.
    case emptyImage(width: Int, height: Int)
    /// Rows would overlap: the stride is less than the width.
    case strideTooSmall(stride: Int, width: Int)
    /// The buffer holds fewer bytes than `stride × (height − 1) + width`.
    case bufferTooSmall(count: Int, width: Int, height: Int, stride: Int)

    public var description: String {
        switch self {
        case let .emptyImage(width, height): "image is empty (\(width)×\(height))"
        case let .strideTooSmall(stride, width): "row stride \(stride) is less than the width \(width)"
        case let .bufferTooSmall(count, width, height, stride):
            "pixel buffer has \(count) bytes, too few for \(width)×\(height) with stride \(stride)"
        }
    }
}
