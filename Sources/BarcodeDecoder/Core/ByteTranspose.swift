/// Mirroring a grid of bytes about its main diagonal (rows become columns), eight rows and eight columns at a time.
///
/// Each 8×8 block is read as eight rows of eight bytes, interleaved in vectors (bytes, then pairs, then fours of bytes)
/// and written as eight rows: under one instruction a byte, where a byte at a time through pointers cost about 11
/// (`GrayImage.transposed`, the gray copy MicroPDF417 reads a quarter-turned symbol on, 3.3 M instructions of a 640×480
/// frame without a code).
enum ByteTranspose {
    /// Writes byte (x, y) of `source` (`width` × `height`, rows `sourceStride` bytes apart) to (y, x) of `target` (rows
    /// `targetStride` bytes apart, at least `height` bytes each, `width` rows).
    static func transpose(_ source: UnsafePointer<UInt8>, sourceStride: Int, width: Int, height: Int,
                          into target: UnsafeMutablePointer<UInt8>, targetStride: Int) {
        let fullWidth = width & ~7, fullHeight = height & ~7
        // In tiles of 64×64 bytes: the 64 source rows and 64 target rows a tile touches stay in the L1 cache while its
        // blocks are moved (whole rows of blocks at a time wrote 640 target rows apart on a 640-pixel-wide image, and missed
        // on most stores).
        let tile = 64
        var tileY = 0
        while tileY < fullHeight {
            let tileYEnd = Swift.min(fullHeight, tileY &+ tile)
            var tileX = 0
            while tileX < fullWidth {
                let tileXEnd = Swift.min(fullWidth, tileX &+ tile)
                var y0 = tileY
                while y0 < tileYEnd {
                    var x0 = tileX
                    while x0 < tileXEnd {
                        transposeBlock(source + (y0 &* sourceStride &+ x0), sourceStride: sourceStride,
                                       into: target + (x0 &* targetStride &+ y0), targetStride: targetStride)
                        x0 &+= 8
                    }
                    y0 &+= 8
                }
                tileX = tileXEnd
            }
            tileY = tileYEnd
        }
        // The columns right of the whole blocks, then the rows below them, a byte at a time.
        for y in 0..<fullHeight {
            let row = source + y &* sourceStride
            for x in fullWidth..<width { target[x &* targetStride &+ y] = row[x] }
        }
        for y in fullHeight..<height {
            let row = source + y &* sourceStride
            for x in 0..<width { target[x &* targetStride &+ y] = row[x] }
        }
    }

    /// One 8×8 block: byte k of row i goes to byte i of row k. The rows are loaded eight bytes each and interleaved in
    /// three rounds, each of which the compiler makes one SSE2 unpack per pair of vectors: bytes of rows 2j and 2j + 1,
    /// then pairs of those, then fours, so that each 16-byte vector holds two target rows. About 46 instructions a block;
    /// the same three rounds as masked swaps inside 64-bit words took 138 (a sixth of the histogram look's instructions
    /// on a 432 × 251 photo).
    @inline(__always)
    private static func transposeBlock(_ source: UnsafePointer<UInt8>, sourceStride: Int,
                                       into target: UnsafeMutablePointer<UInt8>, targetStride: Int) {
        let raw = UnsafeRawPointer(source)
        func row(_ i: Int) -> SIMD16<UInt8> {
            SIMD16(lowHalf: raw.loadUnaligned(fromByteOffset: i &* sourceStride, as: SIMD8<UInt8>.self), highHalf: .zero)
        }
        /// The first eight bytes of `a` and `b`, alternately.
        @inline(__always) func bytes(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD8<UInt16> {
            unsafeBitCast(SIMD16(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3], a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7]),
                          to: SIMD8<UInt16>.self)
        }
        /// The first (`high`: last) four pairs of bytes of `a` and `b`, alternately.
        @inline(__always) func pairs(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, high: Bool) -> SIMD4<UInt32> {
            let k = high ? 4 : 0
            return unsafeBitCast(SIMD8(a[k], b[k], a[k + 1], b[k + 1], a[k + 2], b[k + 2], a[k + 3], b[k + 3]), to: SIMD4<UInt32>.self)
        }
        /// The first (`high`: last) two fours of bytes of `a` and `b`, alternately: two target rows.
        @inline(__always) func fours(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, high: Bool) -> SIMD2<UInt64> {
            let k = high ? 2 : 0
            return unsafeBitCast(SIMD4(a[k], b[k], a[k + 1], b[k + 1]), to: SIMD2<UInt64>.self)
        }
        let p0 = bytes(row(0), row(1)), p1 = bytes(row(2), row(3)), p2 = bytes(row(4), row(5)), p3 = bytes(row(6), row(7))
        let q0 = pairs(p0, p1, high: false), q1 = pairs(p0, p1, high: true)
        let q2 = pairs(p2, p3, high: false), q3 = pairs(p2, p3, high: true)
        let out = UnsafeMutableRawPointer(target)
        /// Target rows 2k and 2k + 1.
        @inline(__always) func store(_ rows: SIMD2<UInt64>, _ k: Int) {
            out.storeBytes(of: rows[0], toByteOffset: (2 &* k) &* targetStride, as: UInt64.self)
            out.storeBytes(of: rows[1], toByteOffset: (2 &* k &+ 1) &* targetStride, as: UInt64.self)
        }
        store(fours(q0, q2, high: false), 0)
        store(fours(q0, q2, high: true), 1)
        store(fours(q1, q3, high: false), 2)
        store(fours(q1, q3, high: true), 3)
    }
}
