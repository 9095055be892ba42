import BarcodeDecoder
import RigCore
import Testing

/// `ReedSolomon.correct` against a plain decoder written out here (syndromes by direct evaluation, Berlekamp–Massey with
/// fresh arrays, a Chien search trying every position, Forney): the same corrected words, error counts and failures on
/// seeded random words with 0 … t + 2 errors (t = half the check words), for several check counts and fields.
@Suite struct ReedSolomonReferenceTests {
    /// What the plain decoder returns: the corrected words and the count, or nil when it gives up.
    static func reference(_ received: [Int], checkCount: Int, field: GaloisField) -> ([Int], Int)? {
        let n = received.count
        var syndromes: [Int] = []
        for i in 0..<checkCount {
            let x = field.power(field.generatorBase + i)
            var s = 0
            for w in received { s = field.multiply(s, x) ^ w }
            syndromes.append(s)
        }
        if syndromes.allSatisfy({ $0 == 0 }) { return (received, 0) }
        var locator = [1], previous = [1]
        var length = 0, shift = 1, previousDiscrepancy = 1
        for k in 0..<checkCount {
            var delta = syndromes[k]
            for i in 1..<locator.count where i <= length && k - i >= 0 {
                delta ^= field.multiply(locator[i], syndromes[k - i])
            }
            if delta == 0 {
                shift += 1
                continue
            }
            let scale = field.multiply(delta, field.inverse(previousDiscrepancy))
            var updated = locator + [Int](repeating: 0, count: max(0, previous.count + shift - locator.count))
            for (i, c) in previous.enumerated() { updated[i + shift] ^= field.multiply(scale, c) }
            if 2 * length <= k {
                previous = locator
                length = k + 1 - length
                previousDiscrepancy = delta
                shift = 1
            } else {
                shift += 1
            }
            locator = updated
        }
        while locator.count > 1 && locator.last == 0 { locator.removeLast() }
        let errorCount = locator.count - 1
        guard errorCount > 0, 2 * errorCount <= checkCount else { return nil }
        func evaluate(_ polynomial: [Int], at x: Int) -> Int {
            polynomial.reversed().reduce(0) { field.multiply($0, x) ^ $1 }
        }
        let positions = (0..<n).filter { evaluate(locator, at: field.power(-$0)) == 0 }
        guard positions.count == errorCount else { return nil }
        var evaluator = [Int](repeating: 0, count: checkCount)
        for i in 0..<checkCount {
            for j in 0...i where j < locator.count { evaluator[i] ^= field.multiply(syndromes[i - j], locator[j]) }
        }
        let derivativeTerms = locator.indices.map { $0 % 2 == 1 ? locator[$0] : 0 }.dropFirst()
        var corrected = received
        for p in positions {
            let xInv = field.power(-p)
            let derivative = evaluate(Array(derivativeTerms), at: xInv)
            guard derivative != 0 else { return nil }
            let magnitude = field.multiply(
                field.multiply(evaluate(evaluator, at: xInv), field.inverse(derivative)), field.power(p * (1 - field.generatorBase)))
            corrected[n - 1 - p] ^= magnitude
        }
        return (corrected, errorCount)
    }

    @Test(arguments: [GaloisField.dataMatrix, .qr, .aztec6, .aztecModeMessage], [2, 5, 7, 10, 12, 18, 20, 28, 36, 62, 68])
    func correctionMatchesThePlainDecoder(field: GaloisField, checkCount: Int) {
        let maxLength = field.size - 1
        guard checkCount + 1 < maxLength else { return }
        var random = SeededGenerator(seed: UInt64(field.polynomial * 1000 + checkCount))
        let rs = ReedSolomon(field: field)
        var outcomes = (corrected: 0, refused: 0)
        for trial in 0..<60 {
            let n = Int.random(in: (checkCount + 1)...min(maxLength, checkCount + 190), using: &random)
            let data = (0..<(n - checkCount)).map { _ in Int.random(in: 0..<field.size, using: &random) }
            let message = data + rs.checkWords(for: data, count: checkCount)
            var received = message
            let errors = trial % (checkCount / 2 + 3)
            for position in Array(0..<n).shuffled(using: &random).prefix(errors) {
                received[position] ^= Int.random(in: 1..<field.size, using: &random)
            }
            let expected = Self.reference(received, checkCount: checkCount, field: field)
            // The word API and, for bytes, the codeword API.
            var words = received
            let count = try? rs.correct(words: &words, checkCount: checkCount)
            #expect(count == expected?.1)
            if let expected { #expect(words == expected.0) }
            if field.size == 256 {
                var bytes = received.map { UInt8($0) }
                let byteCount = try? rs.correct(&bytes, checkCount: checkCount)
                #expect(byteCount == expected?.1)
                if let expected { #expect(bytes.map(Int.init) == expected.0) }
            }
            if expected == nil { outcomes.refused += 1 } else { outcomes.corrected += 1 }
        }
        // Both outcomes are exercised for every check count.
        #expect(outcomes.corrected > 0 && outcomes.refused > 0)
    }
}
