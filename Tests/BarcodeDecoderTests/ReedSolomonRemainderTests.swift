@testable import BarcodeDecoder
import RigCore
import Testing

/// `ReedSolomonRemainder` against its definitions: the remainder of schoolbook polynomial division by the generator, and
/// syndromes equal to those of the whole word.
@Suite struct ReedSolomonRemainderTests {
    /// The remainder of `words` divided by `field`'s generator of degree `checkCount`, one coefficient at a time.
    static func schoolbookRemainder(_ words: [Int], field: GaloisField, checkCount: Int) -> [Int] {
        let g = field.generator(degree: checkCount)
        var r = words
        for j in 0..<(words.count - checkCount) where r[j] != 0 {
            let f = r[j]
            for k in 0...checkCount { r[j + k] ^= field.multiply(f, g[k]) }
        }
        return Array(r.suffix(checkCount))
    }

    @Test(arguments: [GaloisField.qr, .dataMatrix], [1, 5, 7, 16, 17, 28, 68])
    func remainderIsTheSchoolbookRemainderAndKeepsTheSyndromes(field: GaloisField, checkCount: Int) throws {
        var random = SeededGenerator(seed: UInt64(field.polynomial * 100 + checkCount), stream: "rs-remainder")
        let division = try #require(ReedSolomonRemainder.of(field, checkCount: checkCount))
        let rs = ReedSolomon(field: field)
        for length in [checkCount + 1, checkCount + 2, checkCount + 15, checkCount + 16, checkCount + 17, 255] where length <= 255 {
            // Noise, and words with runs of zeros (rows the division skips).
            for zeros in [0, 3] {
                let words = (0..<length).map { _ in Int.random(in: 0...zeros, using: &random) == 0 ? Int.random(in: 0...255, using: &random) : 0 }
                let remainder = words.withUnsafeBufferPointer { division.remainder($0) }
                #expect(remainder == Self.schoolbookRemainder(words, field: field, checkCount: checkCount), "length \(length)")
                let whole = words.withUnsafeBufferPointer { rs.syndromes(of: $0, checkCount: checkCount) }
                let fromRemainder = remainder.withUnsafeBufferPointer { rs.syndromes(of: $0, checkCount: checkCount) }
                #expect(whole == fromRemainder, "length \(length)")
            }
        }
    }

    /// A codeword (data and its check words) divides with no remainder; damaging one word leaves one.
    @Test(arguments: [GaloisField.qr, .dataMatrix])
    func aCodewordLeavesNoRemainder(field: GaloisField) throws {
        var random = SeededGenerator(seed: 5, stream: "rs-remainder-clean")
        let division = try #require(ReedSolomonRemainder.of(field, checkCount: 12))
        let data = (0..<30).map { _ in UInt8.random(in: 0...255, using: &random) }
        var word = (data + ReedSolomon(field: field).checkCodewords(for: data, count: 12)).map(Int.init)
        #expect(word.withUnsafeBufferPointer { division.remainder($0) }.allSatisfy { $0 == 0 })
        word[7] ^= 0x5A
        #expect(word.withUnsafeBufferPointer { division.remainder($0) }.contains { $0 != 0 })
    }

    @Test func fieldsOfOtherSizesHaveNoTable() {
        #expect(ReedSolomonRemainder.of(.aztec6, checkCount: 5) == nil)
        #expect(ReedSolomonRemainder.of(.aztec10, checkCount: 5) == nil)
    }
}
