import Synchronization

/// The remainder of a received word divided by the generator polynomial, for fields of 256 elements (bytes).
///
/// The generator's roots are the points the syndromes evaluate the word at, so the word and its remainder have the same
/// syndromes (word = quotient · generator + remainder, and the generator is zero there), and a word is clean exactly when
/// its remainder is zero. The division takes one row of a table per data word (each byte times the generator's
/// coefficients, XORed in sixteen bytes at a time), and the syndromes are then evaluated on `checkCount` words instead
/// of the whole block: a failing 48×48 Data Matrix block (242 words, 68 check words) took 16 456 terms for its
/// syndromes, nearly half of a failed correction; the division and the remainder's syndromes take about a third of that.
struct ReedSolomonRemainder: Sendable {
    let checkCount: Int
    /// Row f (stride `rowStride`) holds f · g_k for the generator's coefficients below its leading one, x^(checkCount−1)
    /// first; the row's tail past `checkCount` is zero.
    private let products: [UInt8]
    private let rowStride: Int

    /// The tables made so far, by field polynomial, generator base and check count: each once per process.
    private static let made = Mutex<[Key: ReedSolomonRemainder]>([:])
    private struct Key: Hashable { let polynomial: Int, generatorBase: Int, checkCount: Int }

    /// The table for `field` and `checkCount` (nil unless the field has 256 elements), made once per process.
    static func of(_ field: GaloisField, checkCount: Int) -> ReedSolomonRemainder? {
        guard field.size == 256, checkCount > 0 else { return nil }
        let key = Key(polynomial: field.polynomial, generatorBase: field.generatorBase, checkCount: checkCount)
        if let known = made.withLock({ $0[key] }) { return known }
        let table = ReedSolomonRemainder(field: field, checkCount: checkCount)
        made.withLock { $0[key] = table }
        return table
    }

    init(field: GaloisField, checkCount: Int) {
        precondition(field.size == 256, "ReedSolomonRemainder holds bytes: GF(\(field.size)) does not fit")
        self.checkCount = checkCount
        let g = field.generator(degree: checkCount)
        rowStride = (checkCount + 15) / 16 * 16
        var products = [UInt8](repeating: 0, count: 256 * rowStride)
        for f in 1..<256 {
            for k in 0..<checkCount { products[f * rowStride + k] = UInt8(truncatingIfNeeded: field.multiply(f, g[k + 1])) }
        }
        self.products = products
    }

    /// The remainder of `words` (each below 256, highest power first, more of them than `checkCount`) divided by the
    /// generator: `checkCount` words, x^(checkCount−1) first.
    func remainder(_ words: UnsafeBufferPointer<Int>) -> [Int] {
        let n = words.count, m = checkCount
        precondition(n > m, "\(n) words for \(m) check words")
        // Long division in place: the leading word of what is left, times the generator, is XORed into the words after
        // it; the buffer is padded so that every row is XORed sixteen bytes at a time.
        let padded = n + rowStride
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: padded)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0, count: padded)
        for j in 0..<n { buffer[j] = UInt8(truncatingIfNeeded: words[j]) }
        products.withUnsafeBufferPointer { table in
            let rows = UnsafeRawPointer(table.baseAddress!)
            for j in 0..<(n - m) {
                let f = Int(buffer[j])
                guard f != 0 else { continue }
                let row = rows + f * rowStride
                let target = UnsafeMutableRawPointer(buffer + j + 1)
                var offset = 0
                while offset < rowStride {
                    let sum = target.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                        ^ row.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                    target.storeBytes(of: sum, toByteOffset: offset, as: SIMD16<UInt8>.self)
                    offset &+= 16
                }
            }
        }
        return (0..<m).map { Int(buffer[n - m + $0]) }
    }
}
