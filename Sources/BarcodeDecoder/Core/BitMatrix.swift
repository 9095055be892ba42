/// A rectangle of dark (true) and light (false) cells: a binarized image, or a 2D symbol's modules.
public struct BitMatrix: Sendable, Equatable {
    public let width: Int
    public let height: Int
    @usableFromInline var cells: [UInt8]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// A matrix whose every cell `fill` writes (row by row, `width` cells a row) into the uninitialized buffer it is
    /// given: a binarized image need not be zero-filled before it is written.
    init(width: Int, height: Int, fillingEveryCell fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = self.width * self.height
        cells = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(buffer)
            initialized = count
        }
    }

    /// Whether (`x`, `y`) is dark; false outside the matrix.
    @inlinable
    public subscript(x: Int, y: Int) -> Bool {
        get { x >= 0 && y >= 0 && x < width && y < height && cells[y * width + x] != 0 }
        set { if x >= 0 && y >= 0 && x < width && y < height { cells[y * width + x] = newValue ? 1 : 0 } }
    }

    /// Equal sizes and cells, the cells compared eight at a time: the comparison the compiler writes goes byte by byte,
    /// and the decoder's test whether the block thresholds gave the very cells the local mean gave ran through frames
    /// whose binarizations agree for many rows (a twentieth of a Data Matrix miss's time on `dm-2x2-b`).
    public static func == (a: BitMatrix, b: BitMatrix) -> Bool {
        guard a.width == b.width, a.height == b.height, a.cells.count == b.cells.count else { return false }
        return a.cells.withUnsafeBytes { x in
            b.cells.withUnsafeBytes { y in
                let count = x.count
                var i = 0
                while i &+ 8 <= count {
                    if x.loadUnaligned(fromByteOffset: i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
                    i &+= 8
                }
                while i < count {
                    if x[i] != y[i] { return false }
                    i &+= 1
                }
                return true
            }
        }
    }

    /// Flips (`x`, `y`).
    public mutating func flip(x: Int, y: Int) { self[x, y].toggle() }

    /// The matrix mirrored about its main diagonal (rows become columns).
    public func transposed() -> BitMatrix {
        var out = BitMatrix(width: height, height: width)
        for y in 0..<height {
            for x in 0..<width where cells[y * width + x] != 0 { out.cells[x * height + y] = 1 }
        }
        return out
    }

    /// The matrix as rows of `#` and `.`, for test messages.
    public var textRows: [String] {
        (0..<height).map { y in String((0..<width).map { self[$0, y] ? "#" : "." }) }
    }
}
