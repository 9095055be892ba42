/// The finite field GF(256) built on a primitive polynomial, with log and antilog tables.
public struct GaloisField: Sendable {
    /// The field of QR Code: x⁸ + x⁴ + x³ + x² + 1, generator roots from α⁰.
    public static let qr = GaloisField(polynomial: 0x11D, generatorBase: 0)
    /// The field of Data Matrix ECC 200: x⁸ + x⁵ + x³ + x² + 1, generator roots from α¹.
    public static let dataMatrix = GaloisField(polynomial: 0x12D, generatorBase: 1)

    public let polynomial: Int
    /// The power of α of the generator polynomial's first root.
    public let generatorBase: Int
    let exp: [UInt8]
    let log: [Int]

    public init(polynomial: Int, generatorBase: Int) {
        self.polynomial = polynomial
        self.generatorBase = generatorBase
        var exp = [UInt8](repeating: 0, count: 512)
        var log = [Int](repeating: 0, count: 256)
        var x = 1
        for i in 0..<255 {
            exp[i] = UInt8(x)
            log[x] = i
            x <<= 1
            if x & 0x100 != 0 { x ^= polynomial }
        }
        for i in 255..<512 { exp[i] = exp[i - 255] }
        self.exp = exp
        self.log = log
    }

    @inline(__always) public func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        a == 0 || b == 0 ? 0 : exp[log[Int(a)] + log[Int(b)]]
    }
    /// αⁿ for any integer n.
    @inline(__always) public func power(_ n: Int) -> UInt8 { exp[((n % 255) + 255) % 255] }
    /// The multiplicative inverse of a non-zero element.
    @inline(__always) public func inverse(_ a: UInt8) -> UInt8 { exp[255 - log[Int(a)]] }
    @inline(__always) func logarithm(_ a: UInt8) -> Int { log[Int(a)] }

    /// The generator polynomial of degree `degree`, highest coefficient first.
    public func generator(degree: Int) -> [UInt8] {
        var g: [UInt8] = [1]
        for i in 0..<degree {
            let root = power(generatorBase + i)
            var next = [UInt8](repeating: 0, count: g.count + 1)
            for (j, c) in g.enumerated() {
                next[j] ^= c
                next[j + 1] ^= multiply(c, root)
            }
            g = next
        }
        return g
    }
}
