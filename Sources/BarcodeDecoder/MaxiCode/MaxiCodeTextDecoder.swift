/// The message of a MaxiCode symbol from its data codewords: the code sets with their shifts, latches and locks, Numeric
/// Shift, ECIs, and for modes 2 and 3 the structured carrier message (postal code, country, class of service) of the
/// primary message.
enum MaxiCodeTextDecoder {
    struct Result {
        var mode: Int
        var bytes: [UInt8]
        var text: String
    }

    /// `data` is the primary message's 10 codewords followed by the secondary message's data codewords.
    static func decode(_ data: [Int]) -> Result? {
        let mode = data[0] & 0x0F
        switch mode {
        case 2, 3:
            guard let carrier = structuredCarrier(data, mode: mode), let message = message(Array(data[10...])) else { return nil }
            // A message in the ANSI MH10.8.3 format ("[)>" RS "01" GS "yy") takes the carrier fields after its header.
            let header: [UInt8] = Array("[)>\u{1E}01\u{1D}".utf8)
            var bytes = message.bytes, text = message.text
            let fields = Array(carrier.utf8)
            if bytes.starts(with: header) && bytes.count >= 9 {
                bytes.insert(contentsOf: fields, at: 9)
                let index = text.index(text.startIndex, offsetBy: 9, limitedBy: text.endIndex) ?? text.endIndex
                text.insert(contentsOf: carrier, at: index)
            } else {
                bytes.insert(contentsOf: fields, at: 0)
                text = carrier + text
            }
            return Result(mode: mode, bytes: bytes, text: text)
        case 4, 5, 6:
            guard let message = message(Array(data[1..<10]) + Array(data[10...])) else { return nil }
            return Result(mode: mode, bytes: message.bytes, text: message.text)
        default:
            return nil
        }
    }

    /// Bits of the primary message (1-based, most significant first) as a number.
    static func field(_ data: [Int], _ bits: [Int]) -> Int {
        bits.reduce(0) { value, bit in value << 1 | (data[(bit - 1) / 6] >> (5 - (bit - 1) % 6) & 1) }
    }

    /// "postal code GS country GS class GS" of a structured carrier message.
    static func structuredCarrier(_ data: [Int], mode: Int) -> String? {
        let country = field(data, [53, 54, 43, 44, 45, 46, 47, 48, 37, 38])
        let service = field(data, [55, 56, 57, 58, 59, 60, 49, 50, 51, 52])
        var postcode: String
        if mode == 2 {
            let length = field(data, [39, 40, 41, 42, 31, 32])
            let value = field(data, [33, 34, 35, 36, 25, 26, 27, 28, 29, 30, 19, 20, 21, 22, 23, 24, 13, 14, 15, 16, 17, 18, 7, 8, 9, 10, 11, 12, 1, 2])
            guard length <= 9 else { return nil }
            postcode = String(value)
            guard postcode.count <= max(length, 1) else { return nil }
            postcode = String(repeating: "0", count: max(0, length - postcode.count)) + postcode
        } else {
            let characters = [[39, 40, 41, 42, 31, 32], [33, 34, 35, 36, 25, 26], [27, 28, 29, 30, 19, 20], [21, 22, 23, 24, 13, 14],
                              [15, 16, 17, 18, 7, 8], [9, 10, 11, 12, 1, 2]]
            var bytes: [UInt8] = []
            for bits in characters {
                guard case .byte(let b) = MaxiCodeSet.a.meaning(field(data, bits)) else { return nil }
                bytes.append(b)
            }
            postcode = String(decoding: bytes, as: UTF8.self)
            while postcode.hasSuffix(" ") { postcode.removeLast() }
        }
        let pad3 = { (n: Int) in String(repeating: "0", count: max(0, 3 - String(n).count)) + String(n) }
        return postcode + "\u{1D}" + pad3(country) + "\u{1D}" + pad3(service) + "\u{1D}"
    }

    /// The characters of a run of message codewords.
    static func message(_ codewords: [Int]) -> (bytes: [UInt8], text: String)? {
        var current = MaxiCodeSet.a
        var shift: (set: MaxiCodeSet, count: Int)?
        var bytes: [UInt8] = []
        var stretches: [(eci: Int?, bytes: [UInt8])] = [(nil, [])]
        func append(_ data: [UInt8]) {
            bytes += data
            stretches[stretches.count - 1].bytes += data
        }
        var i = 0
        while i < codewords.count {
            let code = codewords[i]
            i += 1
            let set = shift?.set ?? current
            if let s = shift { shift = s.count > 1 ? (s.set, s.count - 1) : nil }
            switch set.meaning(code) {
            case .byte(let b): append([b])
            case .pad: break
            case .shift(let target, let count): shift = (target, count)
            case .latch(let target): current = target
            case .lock(let target): current = target
            case .numericShift:
                guard i + 5 <= codewords.count else { return nil }
                let value = codewords[i..<(i + 5)].reduce(0) { $0 << 6 | $1 }
                i += 5
                guard value <= 999_999_999 else { return nil }
                let digits = String(value)
                append(Array((String(repeating: "0", count: 9 - digits.count) + digits).utf8))
            case .eci:
                guard i < codewords.count else { return nil }
                let first = codewords[i]
                let (extra, valueBits): (Int, Int) = first & 0x20 == 0 ? (0, first & 0x1F) : first & 0x10 == 0 ? (1, first & 0x0F)
                    : first & 0x08 == 0 ? (2, first & 0x07) : (3, first & 0x03)
                guard i + 1 + extra <= codewords.count else { return nil }
                let eci = codewords[(i + 1)..<(i + 1 + extra)].reduce(valueBits) { $0 << 6 | $1 }
                i += 1 + extra
                stretches.append((eci, []))
            }
        }
        return (bytes, stretches.map { CharacterSetECI.text($0.bytes, eci: $0.eci ?? 3) }.joined())
    }
}
