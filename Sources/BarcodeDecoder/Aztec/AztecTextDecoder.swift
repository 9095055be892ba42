/// Turns the data bits of an Aztec symbol (after Reed–Solomon and unstuffing) into bytes and text: the character modes,
/// their latches and shifts, Binary Shift, FNC1 and ECIs.
enum AztecTextDecoder {
    struct Result {
        var bytes: [UInt8]
        var text: String
        /// FNC1 as the first character: GS1 data.
        var isGS1: Bool
    }

    /// The decoded data, or nil when the bits end inside a code or name a reserved flag.
    static func decode(_ bits: [Bool]) -> Result? {
        var reader = BitCursor(bits)
        var latched = AztecMode.upper
        var shifted: AztecMode?
        var bytes: [UInt8] = []
        var stretches: [(eci: Int?, bytes: [UInt8])] = [(nil, [])]
        var isGS1 = false
        func append(_ data: [UInt8]) {
            bytes += data
            stretches[stretches.count - 1].bytes += data
        }
        while true {
            let mode = shifted ?? latched
            shifted = nil
            // Trailing padding: the last, partial word is filled with ones, and no code sequence ends in ones alone (a
            // Binary Shift needs its length, a shift its character).
            if reader.restIsOnes { break }
            guard let code = reader.read(mode.codeBits) else { return nil }
            switch mode.meaning(code) {
            case .text(let data):
                append(data)
            case .latch(let next):
                latched = next
            case .shift(let next):
                shifted = next
            case .binaryShift:
                guard var length = reader.read(5) else { return nil }
                if length == 0 {
                    guard let long = reader.read(11) else { return nil }
                    length = long + 31
                }
                for _ in 0..<length {
                    guard let byte = reader.read(8) else { return nil }
                    append([UInt8(byte)])
                }
            case .flag:
                guard let n = reader.read(3) else { return nil }
                switch n {
                case 0:
                    if bytes.isEmpty { isGS1 = true } else { append([0x1D]) }
                case 1...6:
                    var eci = 0
                    for _ in 0..<n {
                        guard let digit = reader.read(4), (2...11).contains(digit) else { return nil }
                        eci = eci * 10 + digit - 2
                    }
                    stretches.append((eci, []))
                default:
                    return nil
                }
            }
        }
        let text = stretches.map { CharacterSetECI.text($0.bytes, eci: $0.eci) }.joined()
        return Result(bytes: bytes, text: text, isGS1: isGS1)
    }

    /// Reads big-endian bit fields.
    struct BitCursor {
        let bits: [Bool]
        var position = 0
        init(_ bits: [Bool]) { self.bits = bits }

        /// Whether every bit left is a one (or none is left).
        var restIsOnes: Bool { !bits[position...].contains(false) }

        /// The next `count` bits as a number, or nil when fewer remain.
        mutating func read(_ count: Int) -> Int? {
            guard position + count <= bits.count else { return nil }
            var value = 0
            for i in position..<(position + count) { value = value << 1 | (bits[i] ? 1 : 0) }
            position += count
            return value
        }
    }
}
