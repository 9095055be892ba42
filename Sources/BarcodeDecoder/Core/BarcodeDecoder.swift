/// Finds and decodes the enabled barcode symbologies in grayscale frames.
///
/// Pure: no I/O, no clocks, no shared state; one decoder may be used from many tasks at once.
public struct BarcodeDecoder: Sendable {
    public var options: DecoderOptions
    /// The readers, each run when one of its symbologies is enabled.
    public let readers: [any SymbologyReader]

    /// Images whose larger side exceeds this are also read on copies a third the size (an image pyramid).
    public static let pyramidThreshold = 500

    public init(options: DecoderOptions = DecoderOptions()) {
        self.options = options
        readers = [QRReader(), DataMatrixReader(), PDF417Reader(), MicroPDF417Reader(), AztecReader(), MaxiCodeReader(),
                   DataBarExpandedStackedReader(), LinearReader(), DataBarStackedReader()]
    }

    /// Every enabled symbol found in `image`.
    ///
    /// A large image is read on a pyramid of copies, each a third the size of the one before while the larger side is over
    /// `pyramidThreshold` pixels, smallest first: averaging 3×3 pixels removes sensor noise and JPEG blocking, and a
    /// symbol too blurred or noisy at full size often reads on a small copy. Every layer is read; a larger layer skips the
    /// areas smaller ones read. The linear reader's costly second looks (closer lines, whole-frame sweeps) run on the
    /// smallest layer only, where they are cheap and the averaging helps blurred bars, and only when no layer's first look
    /// read a linear symbol (a symbol sharp at full size costs no second looks on a blurred copy); the 2D second looks (block
    /// thresholds, the negative) on every layer while no 2D symbol is found, as a small light-on-dark symbol may not
    /// survive the downscale. At effort 1 the search stops at the first layer that yields symbols (fast, but a second,
    /// smaller symbol may be missed). Corners are scaled back to `image`; a symbol found on two layers is kept once.
    public func decode(_ image: GrayImage) -> [DecodedSymbol] {
        guard readers.contains(where: { !$0.symbologies.isDisjoint(with: options.symbologies) }) else { return [] }
        var layers: [(image: GrayImage, scale: Double)] = [(image, 1)]
        // A copy keeps at least 48 px on its shorter side: a thinner strip (a wide label cropped close) holds too few rows
        // for the looks, and its symbol reads at full size.
        while max(layers.last!.image.width, layers.last!.image.height) > Self.pyramidThreshold,
              min(layers.last!.image.width, layers.last!.image.height) >= 3 * 48 {
            let last = layers.last!
            layers.append((last.image.downscaled(by: 3), last.scale * 3))
        }
        var found: [DecodedSymbol] = []
        func add(_ symbols: [DecodedSymbol], scale: Double) {
            for symbol in symbols {
                var s = symbol
                s.corners = s.corners.map { $0 * scale }
                if !found.contains(where: { Self.isSameSymbol($0, s) }) { found.append(s) }
            }
        }
        func known(at scale: Double) -> [DecodedSymbol] {
            found.map { f in var k = f; k.corners = k.corners.map { $0 * (1 / scale) }; return k }
        }
        let makesLinearSecondLooks = layers.count > 1 && options.effort >= 2 && options.symbologies.contains(where: { $0.isLinear })
        // The smallest layer's frame as its first look prepared it, for the linear second looks below: its binarization,
        // striped regions and the lines the linear reader read there are theirs too.
        var smallestFrame: PreparedFrame? = nil
        for layer in layers.reversed() {
            if options.effort == 1 && !found.isEmpty { break }
            var frame = preparedFrame(layer.image, options: options)
            if makesLinearSecondLooks && smallestFrame == nil {
                frame.linearLines = RecordedLineReadings()
                smallestFrame = frame
            }
            // A single layer makes its own second looks; on a pyramid they wait until every layer has had its first look.
            add(decodeLayer(frame, options: options, known: known(at: layer.scale), linearSecondLooks: layers.count == 1,
                            reducedCopy: layer.scale > 1),
                scale: layer.scale)
        }
        // The linear second looks, on the smallest layer, when no layer read a linear symbol at first look.
        if makesLinearSecondLooks, !found.contains(where: { $0.symbology.isLinear }), var frame = smallestFrame {
            var linear = options
            linear.symbologies = options.symbologies.filter { $0.isLinear }
            let smallest = layers.last!
            // Lines are read as the first look read them only where the options read them alike (not where Interleaved 2 of
            // 5 becomes the only symbology searched, and its shortest read shorter).
            if !RecordedLineReadings.readAlike(options, linear) { frame.linearLines = nil }
            // Only the readers that make second looks (the others would read the layer exactly as they did), the regions
            // at the angles either side of their own too.
            add(decodeLayer(frame, options: linear, known: known(at: smallest.scale), linearSecondLooks: true,
                            onlySecondLooks: true), scale: smallest.scale)
        }
        // A small frame (a symbol of a few pixels per module cropped to its quiet zone) where nothing was found is read
        // again enlarged (`enlargement`): its modules are too small for the finder and L searches.
        if found.isEmpty, Self.isReadEnlarged(width: image.width, height: image.height), options.symbologies.contains(where: { !$0.isLinear }) {
            var twoD = options
            twoD.symbologies = options.symbologies.filter { !$0.isLinear }
            let factor = Self.enlargement
            let enlarged = image.enlarged(by: factor)
            found = decodeLayer(preparedFrame(enlarged, options: twoD), options: twoD).map { s in
                var s = s
                s.corners = s.corners.map { $0 * (1 / Double(factor)) }
                return s
            }
        }
        return found
    }

    /// How many times a small frame that read nothing is enlarged for its second read (`isReadEnlarged`). Twice, not three
    /// times: on 288 degraded zint renders of QR and Data Matrix (1.6–4 px a module) the twice-enlarged copies read
    /// QR 117 and Data Matrix 118 against 111 and 117 three times enlarged, at under half the pixels.
    static let enlargement = 2

    /// Whether a frame of this size where nothing was found is read again enlarged (`enlargement`, for the 2D symbologies).
    ///
    /// A frame whose sides are both under a third of `pyramidThreshold` (166 px): its enlarged copy is smaller than a
    /// frame read whole, and a symbol cropped that close holds its modules in a few pixels each (QR at 1.6 px a module
    /// turned 20°, in frames of 99–108 px, reads only enlarged). A frame under `smallFrameLimit` on its shorter side
    /// too, up to `pyramidThreshold` on its longer: there the local-mean window (an eighth of the shorter side) has
    /// stopped shrinking with the frame, at its 12-pixel floor. Not a longer strip (a line-scan frame), whose enlarged
    /// copy would cost more than the frame is worth.
    static func isReadEnlarged(width: Int, height: Int) -> Bool {
        let shorter = min(width, height), longer = max(width, height)
        return longer < pyramidThreshold / 3 || (shorter < smallFrameLimit && longer <= pyramidThreshold)
    }

    /// See `isReadEnlarged(width:height:)`.
    static let smallFrameLimit = 96

    /// The symbols in one image, without the pyramid; 2D reads with degenerate outlines are dropped.
    ///
    /// `frame` is `image` prepared for `options` (`preparedFrame`), or, for the linear second looks (`onlySecondLooks`), the
    /// smallest layer's frame as its first look prepared it: the linear reader reads only its image, its regions and its
    /// local-mean binarization, which are the same whichever way the frame was made.
    func decodeLayer(_ frame: PreparedFrame, options: DecoderOptions, known: [DecodedSymbol] = [], linearSecondLooks: Bool = true,
                     reducedCopy: Bool = false, onlySecondLooks: Bool = false) -> [DecodedSymbol] {
        let image = frame.image
        let active = readers.filter { !$0.symbologies.isDisjoint(with: options.symbologies) && (!onlySecondLooks || $0.hasSecondLooks) }
        let needsBinary = active.contains { $0.usesBinaryImage }
        var frame = frame
        frame.known = known
        frame.makesLinearSecondLooks = linearSecondLooks
        frame.isReducedCopy = reducedCopy
        // Readers run in turn, each seeing what the ones before it found as known (so the linear reader makes no costly
        // second looks on a frame where a stacked DataBar symbol was already read, and leaves alone the stripes of the
        // symbols the 2D readers, which run first, read).
        var symbols: [DecodedSymbol] = []
        for reader in active {
            // A symbol two readers read (a one-row DataBar Expanded symbol: the stacked reader and the linear reader) once.
            let found = reader.read(frame, options: options).filter { s in
                (s.symbology.isLinear || Self.hasArea(s)) && !symbols.contains { Self.isSameSymbol($0, s) }
            }
            symbols += found
            frame.known += found
        }
        let found2D = (symbols + known).contains { !$0.symbology.isLinear }
        guard needsBinary && options.effort >= 2 && !found2D else { return symbols }
        // No 2D symbol yet: the other binarization (block thresholds hold small symbols under glare and in shadow where
        // the wide mean does not), then the negative for light-on-dark symbols (laser-marked metal, inverted printing).
        var twoD = options
        twoD.symbologies = options.symbologies.filter { !$0.isLinear }
        let readers2D = active.filter { $0.usesBinaryImage && !$0.symbologies.isDisjoint(with: twoD.symbologies) }
        for look in 0..<2 {
            // Each look's frame made only when its turn comes: the negative's binarization is not paid for when the block
            // thresholds read a symbol.
            let second = look == 0 ? PreparedFrame(image, binarization: .hybrid) : frame.negative()
            // Block thresholds that give the very cells the local mean gave (a clean black-on-white image) would be read
            // as the first look was: the 2D readers see the same image and cells, look up only their own symbologies
            // among the known symbols (none here), and read nothing else off the frame, so they find what the first
            // look found, no 2D symbol.
            if look == 0, second.binary == frame.binary { continue }
            let found = readers2D.flatMap { $0.read(second, options: twoD) }.filter { Self.hasArea($0) }
            if !found.isEmpty { return symbols + found }
        }
        return symbols
    }

    /// `image` prepared for the readers `options` enables: binarized by the local mean when one of them reads the binary image.
    func preparedFrame(_ image: GrayImage, options: DecoderOptions) -> PreparedFrame {
        let needsBinary = readers.contains { !$0.symbologies.isDisjoint(with: options.symbologies) && $0.usesBinaryImage }
        return PreparedFrame(image, binarization: needsBinary ? .localMean : .none)
    }

    /// Whether `b` is `a` read again: the same symbology and text, its centre nearer to `a`'s than `a`'s diagonal.
    static func isSameSymbol(_ a: DecodedSymbol, _ b: DecodedSymbol) -> Bool {
        guard a.symbology == b.symbology, a.text == b.text, a.corners.count >= 3, b.corners.count >= 3 else { return false }
        let centerA = a.corners.reduce(Point(0, 0), +) * (1 / Double(a.corners.count))
        let centerB = b.corners.reduce(Point(0, 0), +) * (1 / Double(b.corners.count))
        return centerA.distance(to: centerB) < a.corners[0].distance(to: a.corners[2])
    }

    /// Whether a 2D symbol's outline encloses a real area: at least a tenth of the square on its longest side (a hundredth
    /// for PDF417 and MicroPDF417, whose symbols may be 60 and 12 times as wide as tall), so corners that collapse onto a
    /// line (a read through a degenerate transform) do not count.
    static func hasArea(_ symbol: DecodedSymbol) -> Bool {
        hasArea(symbol.corners, ratio: symbol.symbology == .pdf417 || symbol.symbology == .microPDF417 ? 0.01 : 0.1)
    }

    static func hasArea(_ corners: [Point], ratio: Double = 0.1) -> Bool {
        guard corners.count >= 3 else { return false }
        var area = 0.0, longest = 0.0
        for i in corners.indices {
            let a = corners[i], b = corners[(i + 1) % corners.count]
            area += a.x * b.y - b.x * a.y
            longest = max(longest, a.distance(to: b))
        }
        return longest > 0 && abs(area) / 2 >= longest * longest * ratio
    }
}

extension GrayImage {
    /// The photographic negative.
    ///
    /// Written straight from this image's rows: inverting `packed()` in place first copied every pixel (a packed image's
    /// copy shares its buffer until written), 300 KB for each 640×480 frame's negative look.
    public func inverted() -> GrayImage {
        GrayImage(width: width, height: height) { out in
            pixels.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    let row = src.baseAddress! + y * stride, line = out.baseAddress! + y * width
                    for x in 0..<width { line[x] = 255 &- row[x] }
                }
            }
        }
    }

    /// The image shrunk by an integer `factor`, each pixel the mean of a `factor`×`factor` block (rounded half up; edge
    /// pixels dropped); both sides must be at least `factor`.
    ///
    /// A block row's `factor` pixel rows are added column by column first (a plain loop over whole rows, which the
    /// compiler vectorizes; 16-bit sums, as a column holds at most 64 · 255), then each output pixel takes `factor` of
    /// those column sums. The mean is a multiplication by the block area's reciprocal, rounded up to 32 bits, and a shift:
    /// exact while every sum (at most 256·area) times the area stays under 2³², so `factor` is at most 64.
    public func downscaled(by factor: Int) -> GrayImage {
        precondition(factor >= 1 && factor <= 64 && width >= factor && height >= factor, "downscaled(by: \(factor)) of a \(width)×\(height) image")
        let w = width / factor, h = height / factor
        let area = factor * factor
        let reciprocal = UInt64((1 << 32) / area + 1)
        let used = w * factor
        let columns = UnsafeMutablePointer<UInt16>.allocate(capacity: used)
        defer { columns.deallocate() }
        // Every pixel is written below, row by row: the image is not filled first.
        return GrayImage(width: w, height: h) { dst in
            pixels.withUnsafeBufferPointer { src in
                let half = UInt32(area / 2)
                for y in 0..<h {
                    let first = src.baseAddress! + y * factor * stride
                    for x in 0..<used { columns[x] = UInt16(first[x]) }
                    for dy in 1..<factor {
                        let row = first + dy * stride
                        for x in 0..<used { columns[x] &+= UInt16(row[x]) }
                    }
                    let line = dst.baseAddress! + y * w
                    func mean(_ sum: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: (UInt64(sum) &* reciprocal) >> 32) }
                    if factor == 3 {
                        // The pyramid's factor, written out: three column sums a pixel without an inner loop.
                        for x in 0..<w {
                            let i = 3 &* x
                            line[x] = mean(half &+ UInt32(columns[i]) &+ UInt32(columns[i &+ 1]) &+ UInt32(columns[i &+ 2]))
                        }
                    } else {
                        var i = 0
                        for x in 0..<w {
                            var sum = half
                            for _ in 0..<factor { sum &+= UInt32(columns[i]); i &+= 1 }
                            line[x] = mean(sum)
                        }
                    }
                }
            }
        }
    }
}
