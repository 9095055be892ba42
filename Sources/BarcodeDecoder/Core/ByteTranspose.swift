/// Mirroring a grid of bytes about its main diagonal (rows become columns), eight rows and eight columns at a time.
///
/// Each 8×8 block is read as eight 64-bit words, transposed inside the words (its 4×4 quarters swapped, then the 2×2
/// pieces of each quarter, then the single bytes of each piece: three rounds of masked swaps) and written as eight words:
/// about 2.3 instructions a byte, where a byte at a time through pointers cost about 11 (`GrayImage.transposed`, the gray
/// copy MicroPDF417 reads a quarter-turned symbol on, 3.3 M instructions of a 640×480 frame without a code).
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

    /// One 8×8 block: byte k of word i (row i's byte k, little-endian loads) goes to byte i of word k.
    @inline(__always)
    private static func transposeBlock(_ source: UnsafePointer<UInt8>, sourceStride: Int,
                                       into target: UnsafeMutablePointer<UInt8>, targetStride: Int) {
        let raw = UnsafeRawPointer(source)
        var r0 = raw.loadUnaligned(as: UInt64.self).littleEndian
        var r1 = raw.loadUnaligned(fromByteOffset: sourceStride, as: UInt64.self).littleEndian
        var r2 = raw.loadUnaligned(fromByteOffset: 2 &* sourceStride, as: UInt64.self).littleEndian
        var r3 = raw.loadUnaligned(fromByteOffset: 3 &* sourceStride, as: UInt64.self).littleEndian
        var r4 = raw.loadUnaligned(fromByteOffset: 4 &* sourceStride, as: UInt64.self).littleEndian
        var r5 = raw.loadUnaligned(fromByteOffset: 5 &* sourceStride, as: UInt64.self).littleEndian
        var r6 = raw.loadUnaligned(fromByteOffset: 6 &* sourceStride, as: UInt64.self).littleEndian
        var r7 = raw.loadUnaligned(fromByteOffset: 7 &* sourceStride, as: UInt64.self).littleEndian
        /// Swaps the bytes `mask` selects in `b` with those `shift` bits higher in `a`.
        @inline(__always) func swap(_ a: inout UInt64, _ b: inout UInt64, _ shift: UInt64, _ mask: UInt64) {
            let t = ((a >> shift) ^ b) & mask
            a ^= t << shift
            b ^= t
        }
        // Rows 0–3's right halves with rows 4–7's left halves.
        let quarter: UInt64 = 0x0000_0000_FFFF_FFFF
        swap(&r0, &r4, 32, quarter); swap(&r1, &r5, 32, quarter); swap(&r2, &r6, 32, quarter); swap(&r3, &r7, 32, quarter)
        let piece: UInt64 = 0x0000_FFFF_0000_FFFF
        swap(&r0, &r2, 16, piece); swap(&r1, &r3, 16, piece); swap(&r4, &r6, 16, piece); swap(&r5, &r7, 16, piece)
        let single: UInt64 = 0x00FF_00FF_00FF_00FF
        swap(&r0, &r1, 8, single); swap(&r2, &r3, 8, single); swap(&r4, &r5, 8, single); swap(&r6, &r7, 8, single)
        let out = UnsafeMutableRawPointer(target)
        out.storeBytes(of: r0.littleEndian, as: UInt64.self)
        out.storeBytes(of: r1.littleEndian, toByteOffset: targetStride, as: UInt64.self)
        out.storeBytes(of: r2.littleEndian, toByteOffset: 2 &* targetStride, as: UInt64.self)
        out.storeBytes(of: r3.littleEndian, toByteOffset: 3 &* targetStride, as: UInt64.self)
        out.storeBytes(of: r4.littleEndian, toByteOffset: 4 &* targetStride, as: UInt64.self)
        out.storeBytes(of: r5.littleEndian, toByteOffset: 5 &* targetStride, as: UInt64.self)
        out.storeBytes(of: r6.littleEndian, toByteOffset: 6 &* targetStride, as: UInt64.self)
        out.storeBytes(of: r7.littleEndian, toByteOffset: 7 &* targetStride, as: UInt64.self)
    }
}
