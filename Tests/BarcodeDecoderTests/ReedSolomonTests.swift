import BarcodeDecoder
import RigCore
import Testing

@Suite struct ReedSolomonTests {
    /// The worked example of ISO/IEC 18004 Annex I: "01234567" in a 1-M symbol.
    @Test func qrCheckCodewordsMatchTheStandardExample() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let check = ReedSolomon(field: .qr).checkCodewords(for: data, count: 10)
        #expect(check == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    /// The worked example of ISO/IEC 16022 Annex O: "123456" in a 10×10 symbol.
    @Test func dataMatrixCheckCodewordsMatchTheStandardExample() {
        let check = ReedSolomon(field: .dataMatrix).checkCodewords(for: [142, 164, 186], count: 5)
        #expect(check == [114, 25, 5, 88, 102])
    }

    @Test(arguments: [GaloisField.qr, .dataMatrix], [0, 1, 5, 10])
    func correctsUpToHalfTheCheckCodewords(field: GaloisField, errors: Int) throws {
        var random = SeededGenerator(seed: UInt64(errors * 7 + field.polynomial))
        let rs = ReedSolomon(field: field)
        for _ in 0..<20 {
            let data = (0..<40).map { _ in UInt8.random(in: 0...255, using: &random) }
            let message = data + rs.checkCodewords(for: data, count: 20)
            var damaged = message
            for position in Array(0..<message.count).shuffled(using: &random).prefix(errors) {
                damaged[position] ^= UInt8.random(in: 1...255, using: &random)
            }
            let corrected = try rs.correct(&damaged, checkCount: 20)
            #expect(corrected == errors)
            #expect(damaged == message)
        }
    }

    @Test(arguments: [GaloisField.qr, .dataMatrix])
    func tooManyErrorsAreReportedNotMiscorrectedSilently(field: GaloisField) {
        var random = SeededGenerator(seed: 99)
        let rs = ReedSolomon(field: field)
        var detected = 0
        for _ in 0..<50 {
            let data = (0..<30).map { _ in UInt8.random(in: 0...255, using: &random) }
            let message = data + rs.checkCodewords(for: data, count: 10)
            var damaged = message
            for position in Array(0..<message.count).shuffled(using: &random).prefix(8) {
                damaged[position] ^= UInt8.random(in: 1...255, using: &random)
            }
            do {
                try rs.correct(&damaged, checkCount: 10)
                #expect(damaged != message)
            } catch {
                detected += 1
            }
        }
        #expect(detected >= 45)
    }

    /// Words are field elements; one outside the field is refused, not looked up in the tables.
    @Test func aWordOutsideTheFieldIsRefused() {
        let rs = ReedSolomon(field: .aztec6)
        var words = [1, 2, 3, 64, 5, 6, 7, 8]
        #expect(throws: ReedSolomonError.self) { try rs.correct(words: &words, checkCount: 4) }
        var negative = [1, 2, -1, 4, 5, 6]
        #expect(throws: ReedSolomonError.self) { try rs.correct(words: &negative, checkCount: 2) }
    }
}
