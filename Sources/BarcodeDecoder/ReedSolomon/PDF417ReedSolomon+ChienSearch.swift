extension PDF417ReedSolomon {
    /// The codeword positions i (0 ..< `n`, rising) where the locator `lambda` (coefficients lowest first) vanishes at
    /// X⁻¹ = 3^(i−(n−1)): the Chien search over the positions, X⁻¹ taken from each position to the next by one
    /// multiplication by 3.
    ///
    /// Four positions at a time: each position's Horner evaluation is a chain of multiply and reduce, each step waiting
    /// on the one before (about twelve cycles a step), and four independent chains keep the processor busy where one
    /// would wait, as `syndromes` does. Each position's X⁻¹ is the same product as taken one at a time (each the one
    /// before times 3, reduced), and its value the same sum, so the same positions (`PDF417ChienSearchTests` compares
    /// with the search a position at a time). The search was about two fifths of `correct`'s time on `pdf417-3/10` (its
    /// first pass's lines fail to correct): best of 400 from 0.192 to 0.190 ms, the same instructions within 0.2 %.
    static func locatorRoots(_ lambda: [Int], count n: Int) -> [Int] {
        var positions: [Int] = []
        var xInverse = power(-(n - 1))
        lambda.withUnsafeBufferPointer { coefficients in
            let last = coefficients.count - 1
            var i = 0
            while i &+ 4 <= n {
                let x0 = xInverse, x1 = reduce(x0 &* 3), x2 = reduce(x1 &* 3), x3 = reduce(x2 &* 3)
                var v0 = 0, v1 = 0, v2 = 0, v3 = 0
                var d = last
                while d >= 0 {
                    let c = coefficients[d]
                    v0 = reduce(v0 &* x0 &+ c); v1 = reduce(v1 &* x1 &+ c)
                    v2 = reduce(v2 &* x2 &+ c); v3 = reduce(v3 &* x3 &+ c)
                    d &-= 1
                }
                if v0 == 0 { positions.append(i) }
                if v1 == 0 { positions.append(i &+ 1) }
                if v2 == 0 { positions.append(i &+ 2) }
                if v3 == 0 { positions.append(i &+ 3) }
                xInverse = reduce(x3 &* 3)
                i &+= 4
            }
            while i < n {
                var v = 0
                var d = last
                while d >= 0 { v = reduce(v &* xInverse &+ coefficients[d]); d &-= 1 }
                if v == 0 { positions.append(i) }
                xInverse = reduce(xInverse &* 3)
                i &+= 1
            }
        }
        return positions
    }
}
