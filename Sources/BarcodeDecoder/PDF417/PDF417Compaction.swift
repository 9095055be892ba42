/// The PDF417 compaction modes (ISO/IEC 15438, 5.4): data codewords to bytes, with ECIs and the Macro PDF417 control block.
public enum PDF417Compaction {
    /// Mode latches and function codewords.
    static let textLatch = 900, byteLatch = 901, numericLatch = 902, byteShift = 913, byteLatch6 = 924
    static let eciCharacterSet = 927, eciGeneral = 926, eciUser = 925
    static let macroBegin = 928, macroOptional = 923, macroTerminator = 922, readerInitialisation = 921

    /// The decoded data.
    struct Result {
        var bytes: [UInt8] = []
        /// Where each ECI designator starts its character set: (byte offset, ECI), in order.
        var eciChanges: [(offset: Int, eci: Int)] = []
        var macro: MacroPDF417?
        var readerInitialisation = false

        /// The bytes as text, each stretch in its ECI's character set (guessed before the first ECI).
        var text: String {
            var text = ""
            var start = 0, eci: Int?
            for change in eciChanges + [(offset: bytes.count, eci: -1)] {
                if change.offset > start { text += CharacterSetECI.text(Array(bytes[start..<change.offset]), eci: eci) }
                start = max(start, change.offset)
                eci = change.eci
            }
            return text
        }
    }

    enum Failure: Error { case malformed }

    /// Text compaction sub-modes.
    enum SubMode { case alpha, lower, mixed, punctuation }

    static let mixedCharacters: [UInt8] = Array("0123456789&\r\t,:#-.$/+%*=^".utf8)
    static let punctuationCharacters: [UInt8] = Array(";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'".utf8)

    /// Decodes the data codewords after the symbol length descriptor.
    static func decode(_ codewords: ArraySlice<Int>) throws(Failure) -> Result {
        var result = Result()
        var i = codewords.startIndex
        let end = codewords.endIndex
        var mode = textLatch
        var textState = TextState()
        while i < end {
            let cw = codewords[i]
            if cw < 900 {
                switch mode {
                case textLatch:
                    textState.run(values: [cw / 30, cw % 30], into: &result.bytes)
                    i += 1
                case numericLatch:
                    i = try numeric(codewords, from: i, into: &result.bytes)
                default:
                    i = bytes(codewords, from: i, sixPerFive: mode == byteLatch6, into: &result.bytes)
                }
                continue
            }
            i += 1
            // A shift left pending at a function codeword was padding: it shifts nothing after it.
            textState.shift = nil
            switch cw {
            case textLatch:
                mode = textLatch
                textState = TextState()
            case byteLatch, byteLatch6, numericLatch:
                mode = cw
            case byteShift:
                guard i < end else { throw .malformed }
                result.bytes.append(UInt8(truncatingIfNeeded: codewords[i]))
                i += 1
            case eciCharacterSet, eciUser:
                guard i < end else { throw .malformed }
                let eci = cw == eciUser ? 810_900 + codewords[i] : codewords[i]
                result.eciChanges.append((result.bytes.count, eci))
                i += 1
            case eciGeneral:
                guard i + 1 < end else { throw .malformed }
                result.eciChanges.append((result.bytes.count, 900 + codewords[i] * 900 + codewords[i + 1]))
                i += 2
            case readerInitialisation:
                result.readerInitialisation = true
            case macroBegin:
                let (macro, next) = try macroControlBlock(codewords, from: i)
                result.macro = macro
                i = next
            case macroTerminator, macroOptional:
                // Outside a control block these mark its end; nothing follows that is data.
                i = end
            default:
                throw .malformed
            }
        }
        return result
    }

    /// The text compaction state carried across codewords: sub-mode, and a pending one-character shift.
    struct TextState {
        var subMode = SubMode.alpha
        var shift: SubMode?

        mutating func run(values: [Int], into bytes: inout [UInt8]) {
            for v in values {
                let current = shift ?? subMode
                let wasShift = shift != nil
                shift = nil
                switch current {
                case .alpha:
                    if v < 26 { bytes.append(UInt8(65 + v)) } else if v == 26 { bytes.append(32) }
                    else if v == 27 { subMode = .lower } else if v == 28 { subMode = .mixed } else { shift = .punctuation }
                case .lower:
                    if v < 26 { bytes.append(UInt8(97 + v)) } else if v == 26 { bytes.append(32) }
                    else if v == 27 { shift = .alpha } else if v == 28 { subMode = .mixed } else { shift = .punctuation }
                case .mixed:
                    if v < 25 { bytes.append(mixedCharacters[v]) } else if v == 25 { subMode = .punctuation }
                    else if v == 26 { bytes.append(32) } else if v == 27 { subMode = .lower } else if v == 28 { subMode = .alpha }
                    else { shift = .punctuation }
                case .punctuation:
                    if v < 29 { bytes.append(punctuationCharacters[v]) } else if !wasShift { subMode = .alpha }
                }
            }
        }
    }

    /// Byte compaction from `start` to the next codeword ≥ 900: groups of 5 codewords carry 6 bytes (base 900). With
    /// latch 901 the bytes after the last whole group of 6 are one codeword each, so 5 codewords that end the byte data
    /// (a latch or the end follows, not an ECI) are 5 bytes.
    static func bytes(_ codewords: ArraySlice<Int>, from start: Int, sixPerFive: Bool, into bytes: inout [UInt8]) -> Int {
        var end = start
        while end < codewords.endIndex && codewords[end] < 900 { end += 1 }
        let count = end - start
        let continues = end < codewords.endIndex && [eciCharacterSet, eciGeneral, eciUser].contains(codewords[end])
        var groups = count / 5
        if !sixPerFive && !continues && count % 5 == 0 && groups > 0 { groups -= 1 }
        var i = start
        for _ in 0..<groups {
            var value: UInt64 = 0
            for j in 0..<5 { value = value * 900 + UInt64(codewords[i + j]) }
            for shift in stride(from: 40, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
            i += 5
        }
        while i < end { bytes.append(UInt8(truncatingIfNeeded: codewords[i])); i += 1 }
        return end
    }

    /// Numeric compaction from `start` to the next latch: groups of up to 15 codewords, base 900, each a decimal number
    /// with a leading 1.
    static func numeric(_ codewords: ArraySlice<Int>, from start: Int, into bytes: inout [UInt8]) throws(Failure) -> Int {
        var i = start
        while i < codewords.endIndex && codewords[i] < 900 {
            let groupEnd = min(i + 15, codewords.endIndex)
            var group: [Int] = []
            while i < groupEnd && codewords[i] < 900 { group.append(codewords[i]); i += 1 }
            let digits = decimalDigits(base900: group)
            guard digits.first == 1 else { throw .malformed }
            bytes += digits.dropFirst().map { UInt8(48 + $0) }
        }
        return i
    }

    /// The decimal digits of a base-900 number (most significant codeword first).
    static func decimalDigits(base900: [Int]) -> [Int] {
        // Little-endian base 10⁹ limbs.
        var limbs: [UInt64] = [0]
        for cw in base900 {
            var carry = UInt64(cw)
            for j in limbs.indices {
                let v = limbs[j] * 900 + carry
                limbs[j] = v % 1_000_000_000
                carry = v / 1_000_000_000
            }
            while carry > 0 { limbs.append(carry % 1_000_000_000); carry /= 1_000_000_000 }
        }
        var text = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let s = String(limb)
            text += String(repeating: "0", count: 9 - s.count) + s
        }
        return text.utf8.map { Int($0) - 48 }
    }

    /// The Macro PDF417 control block after codeword 928: segment index, file ID, optional fields, terminator.
    static func macroControlBlock(_ codewords: ArraySlice<Int>, from start: Int) throws(Failure) -> (MacroPDF417, Int) {
        var i = start
        guard i + 2 <= codewords.endIndex else { throw .malformed }
        let indexDigits = decimalDigits(base900: [codewords[i], codewords[i + 1]])
        guard indexDigits.first == 1 else { throw .malformed }
        var macro = MacroPDF417(segmentIndex: indexDigits.dropFirst().reduce(0) { $0 * 10 + $1 })
        i += 2
        var fileID: [Int] = []
        while i < codewords.endIndex && codewords[i] != macroOptional && codewords[i] != macroTerminator {
            fileID.append(codewords[i]); i += 1
        }
        macro.fileID = fileID.map(threeDigits).joined()
        while i < codewords.endIndex {
            let cw = codewords[i]
            i += 1
            if cw == macroTerminator { macro.isLastSegment = true; continue }
            guard cw == macroOptional, i < codewords.endIndex else { continue }
            let field = codewords[i]
            i += 1
            var body: [Int] = []
            while i < codewords.endIndex && codewords[i] != macroOptional && codewords[i] != macroTerminator { body.append(codewords[i]); i += 1 }
            switch field {
            case 0, 3, 4:
                var bytes: [UInt8] = []
                var state = TextState()
                for cw in body where cw < 900 { state.run(values: [cw / 30, cw % 30], into: &bytes) }
                let text = Latin1.string(bytes)
                if field == 0 { macro.fileName = text } else if field == 3 { macro.sender = text } else { macro.addressee = text }
            case 1, 2, 5, 6:
                var digits: [UInt8] = []
                let payload = body.first == numericLatch ? Array(body.dropFirst()) : body
                _ = try? numeric(ArraySlice(payload), from: 0, into: &digits)
                let number = Int(Latin1.string(digits)) ?? 0
                switch field {
                case 1: macro.segmentCount = number
                case 2: macro.timeStamp = number
                case 5: macro.fileSize = number
                default: macro.checksum = number
                }
            default:
                break
            }
        }
        return (macro, i)
    }
}

/// A file ID codeword as three digits.
private func threeDigits(_ value: Int) -> String {
    let s = String(value)
    return String(repeating: "0", count: max(0, 3 - s.count)) + s
}

/// The Macro PDF417 control block of one symbol of a file split across several (ISO/IEC 15438, annex H).
public struct MacroPDF417: Sendable, Equatable {
    /// This symbol's index in the file, from 0.
    public var segmentIndex: Int
    /// The file ID shared by all symbols of the file (its codewords, three digits each).
    public var fileID: String = ""
    /// Whether this is the file's last symbol.
    public var isLastSegment = false
    public var segmentCount: Int?
    public var fileName: String?
    public var timeStamp: Int?
    public var sender: String?
    public var addressee: String?
    public var fileSize: Int?
    public var checksum: Int?
}
