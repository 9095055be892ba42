/// Vector helpers on plain arrays.
enum Vector {
    /// The dot product of two equal-length vectors.
    static func dot(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for index in a.indices { sum += a[index] * b[index] }
        return sum
    }

    /// The Euclidean norm.
    static func norm(_ a: [Double]) -> Double { dot(a, a).squareRoot() }

    /// The vector scaled by `factor`.
    static func scaled(_ a: [Double], by factor: Double) -> [Double] { a.map { $0 * factor } }

    /// The arithmetic mean, zero for an empty vector.
    static func mean(_ a: [Double]) -> Double { a.isEmpty ? 0 : a.reduce(0, +) / Double(a.count) }
}
