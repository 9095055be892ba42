/// A frame with what the readers need computed once: the image and, for 2D readers, its binarization.
public struct PreparedFrame: Sendable {
    public let image: GrayImage
    /// The local-mean window half-size.
    public let radius: Int
    /// The binarized image; empty when no 2D symbology is enabled.
    public let binary: BitMatrix
    /// How `binary` was made.
    public let binarization: Binarization
    /// With the local-mean binarization, what makes that of the frame's photographic negative (`negative()`) without
    /// summing its windows again.
    let negativeLimits: LocalBinarizer.NegativeBlockLimits?
    /// Symbols already found in this frame (on a smaller pyramid layer, in frame coordinates): readers skip the areas they
    /// cover and do not make their second, costlier looks for a symbology already found.
    public var known: [DecodedSymbol] = []
    /// Whether the linear reader makes its second, costlier looks when the first finds nothing (closer scan lines,
    /// whole-frame sweeps). On only for the pyramid's smallest layer (the whole image when it has no pyramid).
    public var makesLinearSecondLooks = true
    /// Whether this is a pyramid's reduced copy of the frame: the linear reader's striped regions get only their own angle
    /// there, the full-size layer looking at the others.
    public var isReducedCopy = false
    /// The scan lines the row readers share: working buffers and the pixel rows read so far (`pixelRow`, `scanLine`).
    let scanLines = FrameScanLines()
    /// The binary image's row runs the QR finder and bull's-eye searches share (`binaryRows`).
    let binaryRowRuns = BinaryRowRuns()
    /// The striped regions the linear and stacked DataBar readers share (`barRegions`).
    let stripedRegions = FrameBarRegions()
    /// On a pyramid's smallest layer, what the linear reader's plain scan lines read at the first look, for the second-look
    /// pass over this frame (`RecordedLineReadings`); nil elsewhere.
    var linearLines: RecordedLineReadings? = nil

    /// The runs of pixel row `y` (`LinearReader.sample` along it through the pixel centres), made once per frame; a row
    /// that cannot give `FrameScanLines.fewestRuns` runs is one run.
    func pixelRow(_ y: Int) -> RunRow { scanLines.row(y, of: self) }

    /// The striped regions the linear reader scans at `effort` (`BarRegionFinder`), found once per frame.
    func barRegions(effort: Int) -> [BarRegionFinder.Region] {
        stripedRegions.regions(of: self, blockSize: BarRegionFinder.blockSize(effort: effort), minimumBlocks: effort == 1 ? 3 : 2)
    }

    /// The runs of every `step`th row of the binary image from row `step / 2` (`BitMatrix.runs(ofRow:into:)`'s), made once
    /// per frame.
    func binaryRows(step: Int) -> BinaryRowRunTable { binaryRowRuns.rows(step: step, of: binary) }

    /// The runs along a line (`LinearReader.sample`) in the frame's shared buffers; a line that cannot give
    /// `FrameScanLines.fewestRuns` runs is one run.
    func scanLine(origin: Point, direction: Point, length: Double) -> RunRow {
        scanLines.line(of: self, origin: origin, direction: direction, length: length)
    }

    /// Whether `p` lies inside a known symbol of one of `symbologies`.
    func isKnown(_ p: Point, among symbologies: Set<Symbology>) -> Bool {
        known.contains { symbologies.contains($0.symbology) && LinearReader.contains($0.corners, p) }
    }

    /// How a frame's binary image is made.
    public enum Binarization: Sendable {
        /// None: only linear symbologies are read.
        case none
        /// Against the mean of a window scaled to the image (`LocalBinarizer`).
        case localMean
        /// Against 8×8-block thresholds smoothed over 40×40 pixels (`HybridBinarizer`).
        case hybrid
    }

    public init(_ image: GrayImage, binarization: Binarization) {
        self.image = image
        self.binarization = binarization
        radius = LocalBinarizer.radius(width: image.width, height: image.height)
        switch binarization {
        case .none: (binary, negativeLimits) = (BitMatrix(width: 0, height: 0), nil)
        case .localMean: (binary, negativeLimits) = LocalBinarizer.binarize(image, radius: radius, keepingNegative: true)
        case .hybrid: (binary, negativeLimits) = (HybridBinarizer.binarize(image), nil)
        }
    }

    private init(image: GrayImage, binary: BitMatrix) {
        self.image = image
        radius = LocalBinarizer.radius(width: image.width, height: image.height)
        self.binary = binary
        binarization = .localMean
        negativeLimits = nil
    }

    /// The local-mean binarization of the image: the frame's own when it was made that way (the first look's, when a 2D
    /// reader runs), else made now. For the row readers that read binarized lines without the 2D readers' second looks
    /// (MicroPDF417's first pass, the linear reader's binarized look).
    func localMeanBinary() -> BitMatrix {
        binarization == .localMean ? binary : LocalBinarizer.binarize(image, radius: radius)
    }

    /// The frame's photographic negative with its local-mean binarization (the look for light-on-dark symbols): the same
    /// as `PreparedFrame(image.inverted(), binarization: .localMean)`, its cells made from the limits this frame's own
    /// binarization kept when it has them.
    func negative() -> PreparedFrame {
        let inverted = image.inverted()
        guard let negativeLimits else { return PreparedFrame(inverted, binarization: .localMean) }
        return PreparedFrame(image: inverted, binary: negativeLimits.binarize(inverted))
    }

    public init(_ image: GrayImage, binarize: Bool) {
        self.init(image, binarization: binarize ? .localMean : .none)
    }

    /// The bilinearly interpolated gray value at (`x`, `y`); white outside the image.
    @inlinable
    public func gray(_ x: Double, _ y: Double) -> Double {
        image.pixels.withUnsafeBufferPointer { pixels in
            Self.bilinear(pixels, width: image.width, height: image.height, stride: image.stride, x, y)
        }
    }

    /// The bilinearly interpolated value at (`x`, `y`) of `pixels` laid out as `GrayImage` lays them out; 255 outside. For
    /// loops that sample many points (scan lines, module grids) on the pixel buffer directly.
    @inlinable
    static func bilinear(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, _ x: Double, _ y: Double) -> Double {
        let fx = x - 0.5, fy = y - 0.5
        guard fx >= 0, fy >= 0, fx < Double(width - 1), fy < Double(height - 1) else {
            // Compared before converting: a point from a degenerate transform may be huge or not a number.
            guard x >= 0, y >= 0, x < Double(width), y < Double(height) else { return 255 }
            return Double(pixels[Int(y) * stride + Int(x)])
        }
        return interior(pixels.baseAddress!, stride: stride, fx, fy)
    }

    /// `bilinear` at (`fx` + 0.5, `fy` + 0.5) for a point inside the pixel centres (0 ≤ fx < width − 1, 0 ≤ fy <
    /// height − 1, which the caller has checked): its four pixels read without further tests.
    @inline(__always) @usableFromInline
    static func interior(_ pixels: UnsafePointer<UInt8>, stride: Int, _ fx: Double, _ fy: Double) -> Double {
        let ix = Int(fx), iy = Int(fy)
        let ax = fx - Double(ix), ay = fy - Double(iy)
        let pixel = pixels + (iy &* stride &+ ix)
        let top = Double(pixel[0]) * (1 - ax) + Double(pixel[1]) * ax
        let bottom = Double(pixel[stride]) * (1 - ax) + Double(pixel[stride &+ 1]) * ax
        return top * (1 - ay) + bottom * ay
    }

    /// Each byte's value as a `Double` (the same value `Double(byte)` gives): the table `interior(_:stride:_:_:values:)`
    /// reads, two plain loads a pixel where converting the four bytes costs several shuffles.
    static let pixelValues: [Double] = (0..<256).map(Double.init)

    /// `interior` with each pixel's value read from `values` (`pixelValues`, so the result is the same to the bit): a
    /// table read is cheaper than converting the bytes, for the module sampler's, the scan lines' and the PDF417 lines'
    /// many points. Each coordinate's whole part and fraction come from `wholeAndFraction`, not `Int(Double)`, whose
    /// tests for a value out of range or not finite were a third of a scan line's instructions a sample (every caller
    /// has checked 0 ≤ fx < width − 1 and 0 ≤ fy < height − 1, far inside its domain).
    @inline(__always) @usableFromInline
    static func interior(_ pixels: UnsafePointer<UInt8>, stride: Int, _ fx: Double, _ fy: Double, values: UnsafePointer<Double>) -> Double {
        let (ix, ax) = wholeAndFraction(fx), (iy, ay) = wholeAndFraction(fy)
        let pixel = pixels + (iy &* stride &+ ix)
        let top = values[Int(pixel[0])] * (1 - ax) + values[Int(pixel[1])] * ax
        let bottom = values[Int(pixel[stride])] * (1 - ax) + values[Int(pixel[stride &+ 1])] * ax
        return top * (1 - ay) + bottom * ay
    }

    /// `interior(_:stride:_:_:values:)` at two points at once, one in each lane (each 0 ≤ fx < width − 1, 0 ≤ fy < height
    /// − 1): each lane's operations are the scalar's, in the same order (IEEE arithmetic lane by lane, nothing fused), so
    /// each value is the same to the bit. The coordinates' whole parts, fractions and interpolation cost one instruction
    /// for the two; only the pixel addresses and the table reads stay one a point (`GrayImage.interiorLine`,
    /// `ModuleSampler.sample`).
    @inline(__always)
    static func interior(_ pixels: UnsafePointer<UInt8>, stride: Int, _ fx: SIMD2<Double>, _ fy: SIMD2<Double>, values: UnsafePointer<Double>) -> SIMD2<Double> {
        let (ix, ax) = wholeAndFraction(fx), (iy, ay) = wholeAndFraction(fy)
        let p0 = pixels + (Int(truncatingIfNeeded: iy[0]) &* stride &+ Int(truncatingIfNeeded: ix[0]))
        let p1 = pixels + (Int(truncatingIfNeeded: iy[1]) &* stride &+ Int(truncatingIfNeeded: ix[1]))
        let topLeft = SIMD2(values[Int(p0[0])], values[Int(p1[0])])
        let topRight = SIMD2(values[Int(p0[1])], values[Int(p1[1])])
        let bottomLeft = SIMD2(values[Int(p0[stride])], values[Int(p1[stride])])
        let bottomRight = SIMD2(values[Int(p0[stride &+ 1])], values[Int(p1[stride &+ 1])])
        let top = topLeft * (1 - ax) + topRight * ax
        let bottom = bottomLeft * (1 - ax) + bottomRight * ax
        return top * (1 - ay) + bottom * ay
    }

    /// 1.5 · 2⁵²: added to a value in [0, 2⁵¹), the sum lies where doubles are the whole numbers, so it is rounded to the
    /// nearest of them, which its low bits hold.
    private static let roundingShift = 0x1.8p52

    /// `(Int(x), x − Double(Int(x)))` for 0 ≤ `x` < 2⁵¹, without a branch. `x + 1.5 · 2⁵²` is `1.5 · 2⁵² + n`, n the whole
    /// number nearest `x`, exactly; so `n` is its bit pattern less that of 1.5 · 2⁵², and `d = x − n` is exact (a multiple
    /// of `x`'s last place, at most ½ in size), and +0 where `x` is whole (never −0: x − x is +0). Where `d` is negative,
    /// `n` is one above the whole part, and `d + 1` is the fraction `x − (n − 1)`, a number the doubles hold, so the sum is
    /// exact; elsewhere `d + 0` is `d`. The sign bit of `d` chooses, as −1 or 0.
    @inline(__always)
    static func wholeAndFraction(_ x: Double) -> (Int, Double) {
        let shifted = x + roundingShift
        let nearest = Int(truncatingIfNeeded: shifted.bitPattern &- roundingShift.bitPattern)
        let d = x - (shifted - roundingShift)
        let below = Int(truncatingIfNeeded: Int64(bitPattern: d.bitPattern) >> 63)
        return (nearest &+ below, d + Double(bitPattern: UInt64(truncatingIfNeeded: below) & (1.0).bitPattern))
    }

    /// `wholeAndFraction` of each lane of `x` (each 0 ≤ x < 2⁵¹): the same operations lane by lane, so the same results
    /// to the bit (`bilinearLine`'s two samples at once). The whole parts come as `Int64`s.
    @inline(__always)
    static func wholeAndFraction(_ x: SIMD2<Double>) -> (SIMD2<Int64>, SIMD2<Double>) {
        let shifted = x + roundingShift
        let nearest = unsafeBitCast(shifted, to: SIMD2<Int64>.self) &- Int64(bitPattern: roundingShift.bitPattern)
        let d = x - (shifted - roundingShift)
        let below = unsafeBitCast(d, to: SIMD2<Int64>.self) &>> 63
        let one = unsafeBitCast(SIMD2<Double>(repeating: 1), to: SIMD2<Int64>.self)
        return (nearest &+ below, d + unsafeBitCast(below & one, to: SIMD2<Double>.self))
    }
}
