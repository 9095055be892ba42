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
    /// The Chien search's terms: row (k−1)·32 + h·16 + v (256 bytes each) holds (v·16ʰ)·α^(−k·p) for positions p below
    /// 256, for locator degrees k up to `checkCount / 2` (a longer locator is refused before its roots are sought). A
    /// coefficient λ_k's term at every position is then the XOR of two rows, one for its low nibble and one for its high
    /// nibble (multiplication by a field element is linear over the bits of the other factor).
    private let chienRows: [UInt8]
    /// a·b at a·256 + b for every pair of bytes, shared by the tables of one field.
    let fieldProducts: [UInt8]
    /// The product tables made so far, by field polynomial.
    private static let madeProducts = Mutex<[Int: [UInt8]]>([:])

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
        if let known = Self.madeProducts.withLock({ $0[field.polynomial] }) {
            fieldProducts = known
        } else {
            // Row a is α^(log a + log b) for b ≥ 1: the antilogs from log a on, in the order of the logarithms of b.
            var table = [UInt8](repeating: 0, count: 256 * 256)
            let logs = (1..<256).map { field.logarithm($0) }
            for a in 1..<256 {
                let row = field.exp[field.logarithm(a)...].prefix(256)
                table.withUnsafeMutableBufferPointer { table in
                    row.withUnsafeBufferPointer { row in
                        for b in 1..<256 { table[a << 8 | b] = UInt8(truncatingIfNeeded: row[logs[b - 1]]) }
                    }
                }
            }
            Self.madeProducts.withLock { $0[field.polynomial] = table }
            fieldProducts = table
        }
        let g = field.generator(degree: checkCount)
        rowStride = (checkCount + 15) / 16 * 16
        var products = [UInt8](repeating: 0, count: 256 * rowStride)
        // Each product read from the field's product table (a·256 + b), made first: `field.multiply` per product was
        // a third of the instructions a reader spends when it first meets a check count (144×144 Data Matrix: 62).
        let fieldProducts = self.fieldProducts
        for f in 1..<256 {
            for k in 0..<checkCount { products[f * rowStride + k] = fieldProducts[f << 8 | g[k + 1]] }
        }
        self.products = products
        let degrees = checkCount / 2, order = field.size - 1
        var chienRows = [UInt8](repeating: 0, count: degrees * 32 * 256)
        let bitLogs = (0..<8).map { field.logarithm(1 << $0) }
        chienRows.withUnsafeMutableBufferPointer { rows in
            let table = UnsafeMutableRawPointer(rows.baseAddress!)
            for k in stride(from: 1, through: degrees, by: 1) {
                let base = (k - 1) * 32
                // The rows of the eight single bits (1, 2, 4, 8 in either nibble) first: α^(log bit − k·p).
                for h in 0..<2 {
                    for b in 0..<4 {
                        let row = (base + h * 16 + (1 << b)) * 256
                        var logX = 0
                        for p in 0..<256 {
                            rows[row + p] = UInt8(truncatingIfNeeded: field.exp[bitLogs[4 * h + b] + logX])
                            logX -= k % order
                            if logX < 0 { logX += order }
                        }
                    }
                }
                // Every other nibble's row is the XOR of its lowest bit's row and the row of the rest.
                for h in 0..<2 {
                    for v in 1..<16 where v & (v - 1) != 0 {
                        let row = table + (base + h * 16 + v) * 256
                        let rest = table + (base + h * 16 + (v & (v - 1))) * 256
                        let bit = table + (base + h * 16 + (v & -v)) * 256
                        for offset in stride(from: 0, to: 256, by: 16) {
                            let sum = rest.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                                ^ bit.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                            row.storeBytes(of: sum, toByteOffset: offset, as: SIMD16<UInt8>.self)
                        }
                    }
                }
            }
        }
        self.chienRows = chienRows
    }

    /// The positions p below `n` (counted from the word's end, ascending) where the error locator Λ (lowest coefficient
    /// first, each below 256, of degree at most `checkCount / 2`) has a root at α^(−p): Λ evaluated at every position
    /// sixteen at a time, each coefficient XORing two table rows in.
    func locatorRoots(_ locator: [Int], below n: Int) -> [Int] {
        precondition(locator.count - 1 <= checkCount / 2 && n <= 256, "locator of degree \(locator.count - 1), \(n) positions")
        let chunks = (n + 15) / 16
        var positions: [Int] = []
        withUnsafeTemporaryAllocation(of: SIMD16<UInt8>.self, capacity: 16) { values in
            let constant = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: locator[0]))
            for q in 0..<chunks { values[q] = constant }
            chienRows.withUnsafeBufferPointer { table in
                let rows = UnsafeRawPointer(table.baseAddress!)
                locator.withUnsafeBufferPointer { locator in
                    for k in 1..<locator.count {
                        let c = locator[k]
                        guard c != 0 else { continue }
                        let low = rows + ((k - 1) * 32 + (c & 15)) * 256
                        let high = rows + ((k - 1) * 32 + 16 + (c >> 4)) * 256
                        for q in 0..<chunks {
                            values[q] ^= low.loadUnaligned(fromByteOffset: q * 16, as: SIMD16<UInt8>.self)
                                ^ high.loadUnaligned(fromByteOffset: q * 16, as: SIMD16<UInt8>.self)
                        }
                    }
                }
            }
            for q in 0..<chunks {
                let zero = values[q] .== SIMD16<UInt8>(repeating: 0)
                guard any(zero) else { continue }
                for lane in 0..<16 where zero[lane] && q * 16 + lane < n { positions.append(q * 16 + lane) }
            }
        }
        return positions
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
