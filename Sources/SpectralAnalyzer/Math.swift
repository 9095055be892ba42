#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `base` raised to an integer power.
func pow(_ base: Double, _ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= base }
    return exponent < 0 ? 1 / result : result
}

/// Elementary functions from the C library, named so the rest of the target stays platform-neutral.
enum CMath {
    static func exp(_ x: Double) -> Double { libmExp(x) }
    static func log(_ x: Double) -> Double { libmLog(x) }
    static func lgamma(_ x: Double) -> Double { libmLgamma(x) }
    static func erfc(_ x: Double) -> Double { libmErfc(x) }
    static func power(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }
}

private func libmExp(_ x: Double) -> Double { exp(x) }
private func libmLog(_ x: Double) -> Double { log(x) }
private func libmErfc(_ x: Double) -> Double { erfc(x) }
private func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func libmLgamma(_ x: Double) -> Double {
    #if canImport(Glibc) || canImport(Musl)
    var sign: Int32 = 0
    return lgamma_r(x, &sign)
    #else
    return lgamma(x)
    #endif
}
