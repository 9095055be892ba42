/// Decodes the bit stream of a QR symbol's data codewords into bytes and text, segment by segment.
enum QRSegmentDecoder {
    static let alphanumeric = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

    struct Result {
        var text: String
        var bytes: [UInt8]
        var isGS1: Bool
    }

    static func decode(_ data: [UInt8], version: QRVersion) throws(QRDecodeError) -> Result {
        var reader = BitReader(data)
        var text = ""
        var allBytes: [UInt8] = []
        var pending: [UInt8] = []
        var eci: Int? = nil
        var gs1 = false
        func flush() {
            guard !pending.isEmpty else { return }
            text += CharacterSetECI.text(pending, eci: eci)
            pending.removeAll()
        }
        while reader.remaining >= 4 {
            guard let indicator = reader.read(4) else { break }
            guard let mode = QRMode(rawValue: indicator) else { throw .badSegment("unknown mode indicator \(indicator)") }
            switch mode {
            case .terminator:
                flush()
                return Result(text: text, bytes: allBytes, isGS1: gs1)
            case .fnc1First:
                gs1 = true
            case .fnc1Second:
                guard reader.read(8) != nil else { throw .badSegment("truncated FNC1 application indicator") }
            case .structuredAppend:
                guard reader.read(16) != nil else { throw .badSegment("truncated structured append header") }
            case .eci:
                flush()
                guard let first = reader.read(8) else { throw .badSegment("truncated ECI") }
                if first & 0x80 == 0 {
                    eci = first
                } else if first & 0xC0 == 0x80 {
                    guard let next = reader.read(8) else { throw .badSegment("truncated ECI") }
                    eci = (first & 0x3F) << 8 | next
                } else if first & 0xE0 == 0xC0 {
                    guard let next = reader.read(16) else { throw .badSegment("truncated ECI") }
                    eci = (first & 0x1F) << 16 | next
                } else {
                    throw .badSegment("invalid ECI designator")
                }
            case .numeric:
                guard var count = reader.read(version.characterCountBits(.numeric)) else { throw .badSegment("truncated count") }
                var bytes: [UInt8] = []
                while count >= 3 {
                    guard let v = reader.read(10), v < 1000 else { throw .badSegment("bad numeric triple") }
                    bytes.append(UInt8(48 + v / 100))
                    bytes.append(UInt8(48 + v / 10 % 10))
                    bytes.append(UInt8(48 + v % 10))
                    count -= 3
                }
                if count == 2 {
                    guard let v = reader.read(7), v < 100 else { throw .badSegment("bad numeric pair") }
                    bytes.append(UInt8(48 + v / 10))
                    bytes.append(UInt8(48 + v % 10))
                } else if count == 1 {
                    guard let v = reader.read(4), v < 10 else { throw .badSegment("bad numeric digit") }
                    bytes.append(UInt8(48 + v))
                }
                flush()
                text += Latin1.string(bytes)
                allBytes += bytes
            case .alphanumeric:
                guard var count = reader.read(version.characterCountBits(.alphanumeric)) else { throw .badSegment("truncated count") }
                var bytes: [UInt8] = []
                while count >= 2 {
                    guard let v = reader.read(11), v < 45 * 45 else { throw .badSegment("bad alphanumeric pair") }
                    bytes.append(alphanumeric[v / 45])
                    bytes.append(alphanumeric[v % 45])
                    count -= 2
                }
                if count == 1 {
                    guard let v = reader.read(6), v < 45 else { throw .badSegment("bad alphanumeric character") }
                    bytes.append(alphanumeric[v])
                }
                if gs1 {
                    var out: [UInt8] = []
                    var k = 0
                    while k < bytes.count {
                        if bytes[k] == 0x25 {
                            if k + 1 < bytes.count, bytes[k + 1] == 0x25 { out.append(0x25); k += 2 } else { out.append(0x1D); k += 1 }
                        } else { out.append(bytes[k]); k += 1 }
                    }
                    bytes = out
                }
                flush()
                text += Latin1.string(bytes)
                allBytes += bytes
            case .byte:
                guard let count = reader.read(version.characterCountBits(.byte)) else { throw .badSegment("truncated count") }
                for _ in 0..<count {
                    guard let v = reader.read(8) else { throw .badSegment("byte segment runs past the data") }
                    pending.append(UInt8(v))
                    allBytes.append(UInt8(v))
                }
            case .kanji:
                guard let count = reader.read(version.characterCountBits(.kanji)) else { throw .badSegment("truncated count") }
                var sjis: [UInt8] = []
                for _ in 0..<count {
                    guard let v = reader.read(13) else { throw .badSegment("kanji segment runs past the data") }
                    var code = (v / 0xC0) << 8 | (v % 0xC0)
                    code += code < 0x1F00 ? 0x8140 : 0xC140
                    sjis += [UInt8(code >> 8), UInt8(code & 0xFF)]
                }
                flush()
                text += CharacterSetECI.text(sjis, eci: 20)
                allBytes += sjis
            }
        }
        flush()
        return Result(text: text, bytes: allBytes, isGS1: gs1)
    }
}

/// Why a sampled QR symbol could not be decoded.
public enum QRDecodeError: Error, Equatable, CustomStringConvertible {
    /// Neither copy of the format information is within 3 bits of a valid code.
    case unreadableFormat
    /// The version information does not match the symbol's size.
    case unreadableVersion
    /// A block had more codeword errors than it can correct (block index).
    case uncorrectable(block: Int)
    /// The data bits do not form valid segments (what is wrong).
    case badSegment(String)
    /// The sampled grid has a size no QR version has.
    case badDimension(Int)

    public var description: String {
        switch self {
        case .unreadableFormat: "format information unreadable"
        case .unreadableVersion: "version information unreadable"
        case .uncorrectable(let block): "too many errors in block \(block)"
        case .badSegment(let what): "bad data segment: \(what)"
        case .badDimension(let n): "no QR version is \(n) modules wide"
        }
    }
}
