/// Reed–Solomon error correction of PDF417 over the prime field GF(929) with generator 3 (ISO/IEC 15438, 5.7):
/// codewords are values 0…928, data followed by 2^(level+1) check codewords; the code's roots are 3¹…3ᵏ.
public enum PDF417ReedSolomon {
    static let modulus = 929

    /// 3ⁿ mod 929 for n in 0..<928, and the discrete logarithm of each non-zero element.
    static let tables: (exp: [Int], log: [Int]) = {
        var exp = [Int](repeating: 0, count: 928), log = [Int](repeating: 0, count: 929)
        var x = 1
        for i in 0..<928 {
            exp[i] = x
            log[x] = i
            x = x * 3 % 929
        }
        return (exp, log)
    }()

    @inline(__always) static func multiply(_ a: Int, _ b: Int) -> Int { reduce(a * b) }

    /// `a` mod 929 for 0 ≤ `a` < 2²⁰ (a product of two field elements plus one) by a multiply and a shift instead of a
    /// division: ⌈2⁴⁰/929⌉ overshoots 2⁴⁰/929 by less than 1, so for such `a` the quotient's error stays under
    /// 2⁻²⁰ < 1/929 and never crosses an integer. Syndromes and the Chien search of a level-8 symbol take hundreds of
    /// thousands of these.
    @inline(__always) static func reduce(_ a: Int) -> Int {
        a - ((a &* reciprocal) >> 40) &* modulus
    }

    static let reciprocal = ((1 << 40) + modulus - 1) / modulus
    @inline(__always) static func power(_ n: Int) -> Int { tables.exp[((n % 928) + 928) % 928] }
    @inline(__always) static func inverse(_ a: Int) -> Int { tables.exp[(928 - tables.log[a]) % 928] }

    /// The check codewords of error-correction level `level` (0…8) for `data`, to follow it in the symbol.
    public static func checkCodewords(for data: [Int], level: Int) -> [Int] {
        checkCodewords(for: data, count: 1 << (level + 1))
    }

    /// `k` check codewords for `data` (MicroPDF417's sizes have their own counts).
    public static func checkCodewords(for data: [Int], count k: Int) -> [Int] {
        // The generator ∏(x − 3ʲ), j = 1…k, highest coefficient (1) first.
        var g = [1]
        for j in 1...k {
            let root = power(j)
            var next = [Int](repeating: 0, count: g.count + 1)
            for (i, c) in g.enumerated() {
                next[i] = (next[i] + c) % modulus
                next[i + 1] = (next[i + 1] + modulus - multiply(c, root)) % modulus
            }
            g = next
        }
        var remainder = [Int](repeating: 0, count: k)
        for value in data {
            let factor = (value + remainder[0]) % modulus
            remainder.removeFirst()
            remainder.append(0)
            for i in 0..<k { remainder[i] = (remainder[i] + modulus - multiply(g[i + 1], factor)) % modulus }
        }
        // data·xᵏ + check must be a multiple of g: the check codewords are the negated remainder.
        return remainder.map { (modulus - $0) % modulus }
    }

    /// Corrects `codewords` (data then `checkCount` check codewords) in place and returns how many were repaired.
    ///
    /// `erasures` are indices of codewords known to be unreadable. Succeeds only when 2·errors + erasures ≤ checkCount and,
    /// for 8 or more check codewords, 2 are left over, so a wrong correction is unlikely; the result's syndromes are
    /// verified to be zero.
    @discardableResult
    public static func correct(_ codewords: inout [Int], checkCount k: Int, erasures: [Int] = []) throws(ReedSolomonError) -> Int {
        let n = codewords.count
        guard k >= 2, n > k, n <= 928 else { throw .uncorrectable(errors: nil) }
        let syndromes = Self.syndromes(codewords, count: k)  // syndromes[j-1] = C(3ʲ)
        if syndromes.allSatisfy({ $0 == 0 }) { return 0 }
        // Each erased position once, in order.
        var erased: [Int] = []
        for i in erasures.sorted() where i >= 0 && i < n && erased.last != i { erased.append(i) }
        guard erased.count <= k else { throw .uncorrectable(errors: erased.count) }
        // Locator of codeword i is X = 3^(n−1−i).
        func locator(_ i: Int) -> Int { power(n - 1 - i) }
        // The polynomials live in buffers of k + 2 coefficients, lowest first, zero past their length (each Berlekamp–Massey
        // step lengthens them by one at most, from e + 1 to k + 1): no arrays made per step, and a remainder taken per
        // sum rather than per term.
        let capacity = k + 2
        var lambda = [Int](repeating: 0, count: capacity), b = lambda, scratch = lambda
        // Erasure locator Γ(x) = ∏(1 − X x).
        lambda[0] = 1
        var lambdaCount = 1
        for i in erased {
            let x = locator(i)
            for d in stride(from: lambdaCount, through: 1, by: -1) {
                let v = lambda[d] - multiply(lambda[d - 1], x)
                lambda[d] = v < 0 ? v + modulus : v
            }
            lambdaCount += 1
        }
        // Berlekamp–Massey started from the erasure locator. B(x) is kept as x^shift times the coefficients in `b`.
        for d in 0..<lambdaCount { b[d] = lambda[d] }
        var bCount = lambdaCount, shift = 0
        var l = erased.count
        let e = erased.count
        if e < k {
            for r in (e + 1)...k {
                var sum = 0
                for i in 0..<min(lambdaCount, r) { sum &+= lambda[i] &* syndromes[r - i - 1] }
                let delta = sum % modulus
                // B(x) · x, as in every step.
                shift += 1
                if delta == 0 { continue }
                let lengthens = 2 * l <= r + e - 1
                if lengthens {
                    // The next B is this Λ / Δ.
                    let inv = inverse(delta)
                    for d in 0..<lambdaCount { scratch[d] = multiply(lambda[d], inv) }
                }
                // Λ(x) − Δ · B(x).
                for d in 0..<bCount {
                    let v = lambda[d + shift] - multiply(delta, b[d])
                    lambda[d + shift] = v < 0 ? v + modulus : v
                }
                let newCount = max(lambdaCount, shift + bCount)
                if lengthens {
                    l = r + e - l
                    swap(&b, &scratch)
                    bCount = lambdaCount
                    shift = 0
                }
                lambdaCount = newCount
            }
        }
        lambda.removeLast(capacity - lambdaCount)
        while lambda.count > 1 && lambda.last == 0 { lambda.removeLast() }
        let degree = lambda.count - 1
        let errorCount = degree - e
        let reserve = k >= 8 ? 2 : 0
        guard degree >= 1, 2 * max(0, errorCount) + e + reserve <= k else { throw .uncorrectable(errors: degree) }
        // Chien search over the codeword positions (`locatorRoots`).
        let positions = locatorRoots(lambda, count: n)
        guard positions.count == degree else { throw .uncorrectable(errors: degree) }
        // Ω(x) = S(x)Λ(x) mod xᵏ, S(x) = Σ S_{j+1} xʲ.
        var omega = [Int](repeating: 0, count: k)
        for i in 0..<k {
            var s = 0
            for d in 0...min(i, degree) { s &+= lambda[d] &* syndromes[i - d] }
            omega[i] = s % modulus
        }
        // Forney (first root 3¹): Y = −Ω(X⁻¹) / Λ′(X⁻¹).
        for i in positions {
            let xInverse = inverse(locator(i))
            var om = 0
            for c in omega.reversed() { om = reduce(om &* xInverse &+ c) }
            var derivative = 0
            for d in stride(from: degree, through: 1, by: -1) {
                derivative = reduce(derivative &* xInverse &+ multiply(d % modulus, lambda[d]))
            }
            guard derivative != 0 else { throw .uncorrectable(errors: degree) }
            let y = (modulus - multiply(om, inverse(derivative))) % modulus
            codewords[i] = (codewords[i] + modulus - y) % modulus
        }
        guard Self.syndromes(codewords, count: k).allSatisfy({ $0 == 0 }) else { throw .uncorrectable(errors: degree) }
        return degree
    }

    /// C(3ʲ) for j = 1…`count` by Horner's rule over `codewords` (values 0…928), four at a time: four independent chains
    /// of multiply and reduce keep the processor busy where one would wait on each step's result.
    static func syndromes(_ codewords: [Int], count k: Int) -> [Int] {
        var out = [Int](repeating: 0, count: k)
        codewords.withUnsafeBufferPointer { cw in
            var j = 1
            while j <= k {
                let x0 = power(j), x1 = power(j + 1), x2 = power(j + 2), x3 = power(j + 3)
                var s0 = 0, s1 = 0, s2 = 0, s3 = 0
                for c in cw {
                    s0 = reduce(s0 &* x0 &+ c); s1 = reduce(s1 &* x1 &+ c)
                    s2 = reduce(s2 &* x2 &+ c); s3 = reduce(s3 &* x3 &+ c)
                }
                for (offset, value) in [s0, s1, s2, s3].enumerated() where j + offset <= k { out[j + offset - 1] = value }
                j += 4
            }
        }
        return out
    }
}
