/// A finite field GF(2ᵐ) (m ≤ 12) built on a primitive polynomial, with log and antilog tables; elements are the integers
/// 0 ..< 2ᵐ.
public struct GaloisField: Sendable {
    /// The field of QR Code: x⁸ + x⁴ + x³ + x² + 1, generator roots from α⁰.
    public static let qr = GaloisField(polynomial: 0x11D, generatorBase: 0)
    /// The field of Data Matrix ECC 200: x⁸ + x⁵ + x³ + x² + 1, generator roots from α¹.
    public static let dataMatrix = GaloisField(polynomial: 0x12D, generatorBase: 1)
    /// Aztec's mode message: GF(16), x⁴ + x + 1, roots from α¹.
    public static let aztecModeMessage = GaloisField(polynomial: 0x13, generatorBase: 1)
    /// Aztec's data words of 6 bits (1–2 layers): x⁶ + x + 1.
    public static let aztec6 = GaloisField(polynomial: 0x43, generatorBase: 1)
    /// Aztec's data words of 8 bits (3–8 layers): Data Matrix's field.
    public static let aztec8 = GaloisField(polynomial: 0x12D, generatorBase: 1)
    /// Aztec's data words of 10 bits (9–22 layers): x¹⁰ + x³ + 1.
    public static let aztec10 = GaloisField(polynomial: 0x409, generatorBase: 1)
    /// Aztec's data words of 12 bits (23–32 layers): x¹² + x⁶ + x⁵ + x³ + 1.
    public static let aztec12 = GaloisField(polynomial: 0x1069, generatorBase: 1)

    public let polynomial: Int
    /// The power of α of the generator polynomial's first root.
    public let generatorBase: Int
    /// The number of elements, 2ᵐ.
    public let size: Int
    let exp: [Int]
    let log: [Int]

    public init(polynomial: Int, generatorBase: Int) {
        self.polynomial = polynomial
        self.generatorBase = generatorBase
        let degree = Int.bitWidth - 1 - polynomial.leadingZeroBitCount
        precondition(degree >= 2 && degree <= 12, "GF(2^\(degree)) is not supported")
        let size = 1 << degree
        self.size = size
        var exp = [Int](repeating: 0, count: 2 * size)
        var log = [Int](repeating: 0, count: size)
        var x = 1
        for i in 0..<(size - 1) {
            exp[i] = x
            log[x] = i
            x <<= 1
            if x & size != 0 { x ^= polynomial }
        }
        for i in (size - 1)..<(2 * size) { exp[i] = exp[i - (size - 1)] }
        self.exp = exp
        self.log = log
    }

    @inline(__always) public func multiply(_ a: Int, _ b: Int) -> Int {
        a == 0 || b == 0 ? 0 : exp[log[a] + log[b]]
    }
    /// αⁿ for any integer n.
    @inline(__always) public func power(_ n: Int) -> Int {
        let order = size - 1
        return exp[((n % order) + order) % order]
    }
    /// The multiplicative inverse of a non-zero element.
    @inline(__always) public func inverse(_ a: Int) -> Int { exp[size - 1 - log[a]] }
    @inline(__always) func logarithm(_ a: Int) -> Int { log[a] }

    /// The generator polynomial of degree `degree`, highest coefficient first.
    public func generator(degree: Int) -> [Int] {
        var g = [1]
        for i in 0..<degree {
            let root = power(generatorBase + i)
            var next = [Int](repeating: 0, count: g.count + 1)
            for (j, c) in g.enumerated() {
                next[j] ^= c
                next[j + 1] ^= multiply(c, root)
            }
            g = next
        }
        return g
    }
}
