/// Where everything of an Aztec symbol lies (ISO/IEC 24778): the size for a number of layers, the word size, and the
/// module of each bit of the data layers.
///
/// Coordinates are the symbol's modules, (0, 0) top-left. The data layers are read from the outermost inwards, each as four
/// strips two modules wide running round the symbol anticlockwise from its top-left (down the left side, along the bottom,
/// up the right side, back along the top); each pair of bits lies across the strip, outer module first. Full-range symbols
/// have a reference grid on every 16th row and column counted from the centre, which the layers skip.
public struct AztecLayout: Sendable, Equatable {
    /// Compact symbols (1–4 layers) have a 9×9-module bull's-eye; full-range ones (1–32 layers) 13×13 and a reference grid.
    public let isCompact: Bool
    public let layers: Int

    public init?(compact: Bool, layers: Int) {
        guard layers >= 1, layers <= (compact ? 4 : 32) else { return nil }
        isCompact = compact
        self.layers = layers
    }

    /// The size without the reference grid.
    var baseSize: Int { (isCompact ? 11 : 14) + 4 * layers }
    /// Modules across (and down).
    public var size: Int { isCompact ? baseSize : baseSize + 1 + 2 * ((baseSize / 2 - 1) / 15) }
    /// The radius of the mode-message ring around the centre (5 compact, 7 full-range).
    public var modeRingRadius: Int { isCompact ? 5 : 7 }
    /// Bits in the data layers.
    public var totalBits: Int { ((isCompact ? 88 : 112) + 16 * layers) * layers }
    /// Bits per word: 6 for up to 2 layers, 8 up to 8, 10 up to 22, else 12.
    public var wordSize: Int { layers <= 2 ? 6 : layers <= 8 ? 8 : layers <= 22 ? 10 : 12 }
    /// Words the layers hold; the `totalBits % wordSize` bits left over come first (outermost) and are unused.
    public var wordCount: Int { totalBits / wordSize }
    /// The most data words the mode message can announce (64 compact, 2048 full-range), and no more than the layers hold.
    public var maximumDataWords: Int { min(isCompact ? 64 : 2048, wordCount - 1) }
    /// The field of the data words' Reed–Solomon code.
    public var field: GaloisField {
        switch wordSize {
        case 6: .aztec6
        case 8: .aztec8
        case 10: .aztec10
        default: .aztec12
        }
    }

    /// The symbol coordinate of a base (grid-free) coordinate: full-range symbols skip a row/column every 15 from the centre.
    func mapped(_ base: Int) -> Int {
        guard !isCompact else { return base }
        let center = size / 2, baseCenter = baseSize / 2
        if base < baseCenter {
            let i = baseCenter - 1 - base
            return center - (i + i / 15) - 1
        }
        let i = base - baseCenter
        return center + i + i / 15 + 1
    }

    /// The module (x, y) of every bit of the data layers, in reading order (the leftover bits first).
    public func bitPositions() -> [(x: Int, y: Int)] {
        var positions: [(x: Int, y: Int)] = []
        positions.reserveCapacity(totalBits)
        let base = baseSize
        for i in 0..<layers {
            let run = (layers - i) * 4 + (isCompact ? 9 : 12)
            let low = 2 * i, high = base - 1 - 2 * i
            // Down the left side, along the bottom, up the right side, along the top; outer module of each pair first.
            for j in 0..<run { for k in 0..<2 { positions.append((mapped(low + k), mapped(low + j))) } }
            for j in 0..<run { for k in 0..<2 { positions.append((mapped(low + j), mapped(high - k))) } }
            for j in 0..<run { for k in 0..<2 { positions.append((mapped(high - k), mapped(high - j))) } }
            for j in 0..<run { for k in 0..<2 { positions.append((mapped(high - j), mapped(low + k))) } }
        }
        return positions
    }

    /// Whether (x, y) lies on the reference grid (full-range symbols: every 16th row or column from the centre).
    public func isReferenceGrid(x: Int, y: Int) -> Bool {
        guard !isCompact else { return false }
        let c = size / 2
        return (x - c) % 16 == 0 || (y - c) % 16 == 0
    }

    /// The module of each mode-message bit (28 compact, 40 full-range), clockwise from the top-left: along the top, down
    /// the right side, back along the bottom, up the left side; the corners carry the orientation marks and, full-range,
    /// each side's middle module is the reference grid.
    public func modeMessagePositions() -> [(x: Int, y: Int)] {
        Self.modeMessagePositions(center: size / 2, compact: isCompact)
    }

    /// The mode-message modules around a centre module at (`c`, `c`).
    static func modeMessagePositions(center c: Int, compact: Bool) -> [(x: Int, y: Int)] {
        let r = compact ? 5 : 7
        let offsets: [Int] = compact ? Array(-3...3) : [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5]
        var top: [(x: Int, y: Int)] = [], right: [(x: Int, y: Int)] = [], bottom: [(x: Int, y: Int)] = [], left: [(x: Int, y: Int)] = []
        for o in offsets {
            top.append((c + o, c - r))
            right.append((c + r, c + o))
            bottom.append((c - o, c + r))
            left.append((c - r, c - o))
        }
        return top + right + bottom + left
    }

    /// The orientation marks: for each corner of the mode ring, clockwise from the top-left, the module before the corner
    /// (clockwise), the corner and the module after, with whether each is dark. Top-left all dark, top-right the corner
    /// and the one below, bottom-right the one above the corner, bottom-left none.
    public func orientationMarks() -> [(x: Int, y: Int, dark: Bool)] {
        Self.orientationMarks(center: size / 2, radius: modeRingRadius)
    }

    static func orientationMarks(center c: Int, radius r: Int) -> [(x: Int, y: Int, dark: Bool)] {
        let corners = [(c - r, c - r), (c + r, c - r), (c + r, c + r), (c - r, c + r)]
        let before = [(0, 1), (-1, 0), (0, -1), (1, 0)], after = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        let pattern: [[Bool]] = [[true, true, true], [false, true, true], [true, false, false], [false, false, false]]
        var marks: [(x: Int, y: Int, dark: Bool)] = []
        for i in 0..<4 {
            let (x, y) = corners[i]
            marks.append((x + before[i].0, y + before[i].1, pattern[i][0]))
            marks.append((x, y, pattern[i][1]))
            marks.append((x + after[i].0, y + after[i].1, pattern[i][2]))
        }
        return marks
    }

    /// How many of the 12 orientation-mark modules of `grid` (centre module at (`center`, `center`)) are as they should be.
    static func orientationMatches(_ grid: BitMatrix, center: Int, radius: Int) -> Int {
        orientationMarks(center: center, radius: radius).filter { grid[$0.x, $0.y] == $0.dark }.count
    }
}
