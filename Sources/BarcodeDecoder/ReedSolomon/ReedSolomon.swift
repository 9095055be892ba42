/// Reed–Solomon error correction over a `GaloisField`: codewords are data followed by check codewords.
public struct ReedSolomon: Sendable {
    public let field: GaloisField

    public init(field: GaloisField) { self.field = field }

    /// The `count` check codewords for `data` (bytes, for fields of 256 elements).
    public func checkCodewords(for data: [UInt8], count: Int) -> [UInt8] {
        checkWords(for: data.map(Int.init), count: count).map { UInt8(truncatingIfNeeded: $0) }
    }

    /// The `count` check words for `data`, each an element of the field.
    public func checkWords(for data: [Int], count: Int) -> [Int] {
        let g = field.generator(degree: count)
        var remainder = [Int](repeating: 0, count: count)
        for word in data {
            let factor = word ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            if factor != 0 {
                for i in 0..<count { remainder[i] ^= field.multiply(g[i + 1], factor) }
            }
        }
        return remainder
    }

    /// Corrects `codewords` (data then `checkCount` check codewords) in place and returns how many were wrong.
    ///
    /// Throws `ReedSolomonError.uncorrectable` when there are more errors than the check codewords can repair.
    @discardableResult
    public func correct(_ codewords: inout [UInt8], checkCount: Int, erasures: [Int] = []) throws(ReedSolomonError) -> Int {
        var words = codewords.map(Int.init)
        let count = try correct(words: &words, checkCount: checkCount)
        if count > 0 { codewords = words.map { UInt8(truncatingIfNeeded: $0) } }
        return count
    }

    /// Corrects `codewords` (data then `checkCount` check words, each an element of the field) in place and returns how
    /// many were wrong; throws `ReedSolomonError.uncorrectable` beyond what the check words can repair.
    @discardableResult
    public func correct(words codewords: inout [Int], checkCount: Int) throws(ReedSolomonError) -> Int {
        let n = codewords.count
        guard checkCount > 0, n > checkCount, n < field.size else { throw .uncorrectable(errors: nil) }
        // The loops below index the field's tables unchecked: a word outside the field is refused here.
        guard codewords.allSatisfy({ $0 >= 0 && $0 < field.size }) else { throw .uncorrectable(errors: nil) }
        // A field of bytes divides the word by the generator first (`ReedSolomonRemainder`): the remainder has the word's
        // syndromes and is zero exactly when the word is clean.
        let syndromes: [Int]
        let division = ReedSolomonRemainder.of(field, checkCount: checkCount)
        if let division {
            let remainder = codewords.withUnsafeBufferPointer { division.remainder($0) }
            if remainder.allSatisfy({ $0 == 0 }) { return 0 }
            syndromes = remainder.withUnsafeBufferPointer { self.syndromes(of: $0, checkCount: checkCount) }
        } else {
            syndromes = codewords.withUnsafeBufferPointer { self.syndromes(of: $0, checkCount: checkCount) }
        }
        if syndromes.allSatisfy({ $0 == 0 }) { return 0 }
        let order = field.size - 1
        // Berlekamp–Massey, its products from a table of every pair's product for a field of bytes.
        let locator = if let division {
            division.fieldProducts.withUnsafeBufferPointer {
                Self.errorLocator(syndromes, checkCount: checkCount, times: ByteProducts(table: $0.baseAddress!, field: field))
            }
        } else {
            Self.errorLocator(syndromes, checkCount: checkCount, times: LogProducts(field: field))
        }
        let errorCount = locator.count - 1
        guard errorCount > 0, 2 * errorCount <= checkCount else { throw .uncorrectable(errors: errorCount) }
        // Chien search: position p (from the end) is in error when Λ(α^-p) = Σ λ_k·α^(-kp) = 0. A field of bytes sums
        // the terms from `ReedSolomonRemainder`'s tables, sixteen positions at a time.
        var positions: [Int] = []
        if let division {
            positions = division.locatorRoots(locator, below: n)
        } else {
            // Each term's logarithm steps down by k from one position to the next, so a term costs one antilog and a
            // subtraction a position (the same field elements as evaluating Λ by Horner's rule, which chained a logarithm
            // and an antilog per coefficient).
            var termLogs: [Int] = [], termSteps: [Int] = []
            for k in 1..<locator.count where locator[k] != 0 {
                termLogs.append(field.logarithm(locator[k]))
                termSteps.append(k % order)
            }
            let constant = locator[0]
            field.exp.withUnsafeBufferPointer { exp in
                termSteps.withUnsafeBufferPointer { steps in
                    termLogs.withUnsafeMutableBufferPointer { logs in
                        for p in 0..<n {
                            var value = constant
                            for t in 0..<logs.count {
                                value ^= exp[logs[t]]
                                let next = logs[t] - steps[t]
                                logs[t] = next < 0 ? next + order : next
                            }
                            if value == 0 { positions.append(p) }
                        }
                    }
                }
            }
        }
        guard positions.count == errorCount else { throw .uncorrectable(errors: errorCount) }
        // Forney: error values from the evaluator Ω = S·Λ mod x^checkCount.
        var evaluator = [Int](repeating: 0, count: checkCount)
        for i in 0..<checkCount {
            for j in 0...i where j < locator.count { evaluator[i] ^= field.multiply(syndromes[i - j], locator[j]) }
        }
        for p in positions {
            let xInv = field.power(-p)
            var omega = 0
            for c in evaluator.reversed() { omega = field.multiply(omega, xInv) ^ c }
            var derivative = 0
            var xPower = 1
            let xInvSquared = field.multiply(xInv, xInv)
            for i in stride(from: 1, to: locator.count, by: 2) {
                derivative ^= field.multiply(locator[i], xPower)
                xPower = field.multiply(xPower, xInvSquared)
            }
            guard derivative != 0 else { throw .uncorrectable(errors: errorCount) }
            // X^(1-b) · Ω(X⁻¹) / Λ'(X⁻¹), with X = α^p.
            var magnitude = field.multiply(omega, field.inverse(derivative))
            magnitude = field.multiply(magnitude, field.power(p * (1 - field.generatorBase)))
            codewords[n - 1 - p] ^= magnitude
        }
        return errorCount
    }

    /// Berlekamp–Massey: the error locator polynomial of `syndromes`, lowest coefficient first, without trailing zeros.
    @inline(__always)
    static func errorLocator<Times: FieldProducts>(_ syndromes: [Int], checkCount: Int, times: Times) -> [Int] {
        // The locator, lowest coefficient first, its first `locatorCount` coefficients
        // held. Three buffers take turns as the locator, the previous locator and the next one: most grids a reader
        // tries are noise that runs all `checkCount` steps, and a fresh array a step was half of a failed correction's
        // instructions. (A locator never holds more than k + 2 coefficients after step k: the previous one held at most
        // k0 + 1 at its step k0, and is shifted by k − k0.)
        let room = checkCount + 2
        var locator = [Int](repeating: 0, count: room), previous = locator, updated = locator
        locator[0] = 1
        previous[0] = 1
        var locatorCount = 1, previousCount = 1
        var length = 0
        var shift = 1
        var previousDiscrepancy = 1
        for k in 0..<checkCount {
            var delta = syndromes[k]
            for i in 1...max(1, length) where i < locatorCount && k - i >= 0 {
                delta ^= times(locator[i], syndromes[k - i])
            }
            if delta == 0 {
                shift += 1
                continue
            }
            let scale = times(delta, times.inverse(previousDiscrepancy))
            // The locator, padded with zeros to the shifted previous one's length, less scale × the shifted previous one.
            let updatedCount = max(locatorCount, previousCount + shift)
            for i in 0..<updatedCount { updated[i] = i < locatorCount ? locator[i] : 0 }
            for i in 0..<previousCount { updated[i + shift] ^= times(scale, previous[i]) }
            if 2 * length <= k {
                // The locator becomes the previous one, and the old previous one's buffer the room for the next.
                (previous, locator, updated) = (locator, updated, previous)
                (previousCount, locatorCount) = (locatorCount, updatedCount)
                length = k + 1 - length
                previousDiscrepancy = delta
                shift = 1
            } else {
                (locator, updated) = (updated, locator)
                locatorCount = updatedCount
                shift += 1
            }
        }
        while locatorCount > 1 && locator[locatorCount - 1] == 0 { locatorCount -= 1 }
        locator.removeLast(locator.count - locatorCount)
        return locator
    }

    /// Syndrome i of `words` (the highest power first): Σ w_j·X^(count−1−j) with X = α^(generatorBase+i), for i below
    /// `checkCount`.
    ///
    /// Every grid a reader tries is corrected, most of them noise: the syndromes and the Chien search are the hot loops,
    /// so they read the log and antilog tables without bounds checks and multiply by a fixed element through its logarithm.
    func syndromes(of words: UnsafeBufferPointer<Int>, checkCount: Int) -> [Int] {
        let n = words.count
        var syndromes = [Int](repeating: 0, count: checkCount)
        let order = field.size - 1
        field.exp.withUnsafeBufferPointer { exp in
            field.log.withUnsafeBufferPointer { log in
                // Summed term by term: each term is one antilog of log w_j + (n-1-j)·log X, independent of the others,
                // where Horner's rule would chain two dependent table reads per word. The words' logarithms are read once
                // for all syndromes (-1: zero).
                let logs = words.map { $0 == 0 ? -1 : log[$0] }
                logs.withUnsafeBufferPointer { logs in
                    for i in 0..<checkCount {
                        let logX = ((field.generatorBase + i) % order + order) % order
                        var power = logX * ((n - 1) % order) % order
                        var s = 0
                        for logC in logs {
                            if logC >= 0 { s ^= exp[logC + power] }
                            power -= logX
                            if power < 0 { power += order }
                        }
                        syndromes[i] = s
                    }
                }
            }
        }
        return syndromes
    }
}

/// Products of field elements, for Berlekamp–Massey.
protocol FieldProducts {
    func callAsFunction(_ a: Int, _ b: Int) -> Int
    func inverse(_ a: Int) -> Int
}

/// Products through the field's log and antilog tables.
struct LogProducts: FieldProducts {
    let field: GaloisField
    @inline(__always) func callAsFunction(_ a: Int, _ b: Int) -> Int { field.multiply(a, b) }
    @inline(__always) func inverse(_ a: Int) -> Int { field.inverse(a) }
}

/// Products of bytes read from a table of 256 × 256 (`ReedSolomonRemainder.fieldProducts`): one read, no test for zero.
struct ByteProducts: FieldProducts {
    let table: UnsafePointer<UInt8>
    @inline(__always) func callAsFunction(_ a: Int, _ b: Int) -> Int { Int(table[a &<< 8 | b]) }
    let field: GaloisField
    @inline(__always) func inverse(_ a: Int) -> Int { field.inverse(a) }
}

/// Why Reed–Solomon correction failed.
public enum ReedSolomonError: Error, Equatable, CustomStringConvertible {
    /// More codewords are wrong than the check codewords can repair (the estimated number, if known).
    case uncorrectable(errors: Int?)

    public var description: String {
        switch self {
        case .uncorrectable(let errors): "too many codeword errors to correct" + (errors.map { " (at least \($0))" } ?? "")
        }
    }
}
